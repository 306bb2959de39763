//go:build !wasm

package server

import (
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"
)

// The loader (static/app.js) steps through the default view's frames
// before the app runs. It knows no rule of the page: which addresses show a
// frame, how a parameter is spelled, what a key or a button does and what
// address the app writes all come from LoaderRules, which the server
// writes into app.js, computed here from the Go that the app runs.

// LoaderRules is what the loader reads an address and answers keys with.
type LoaderRules struct {
	// Params are the parameters the page owns (state.PageParams): the
	// loader writes them afresh and keeps every other one.
	Params []string `json:"params"`
	// Groups read the address: each group's parameters are read together
	// (their values decide each other), and set some of the state's fields,
	// or say the address shows no frame.
	Groups []ParamGroup `json:"groups"`
	// Defaults are the state's fields before any parameter is read, and
	// Fields their order in a state's id (the values joined by "/").
	Defaults map[string]any `json:"defaults"`
	Fields   []string       `json:"fields"`
	// States are every state with a frame, by id.
	States map[string]FrameState `json:"states"`
	// Keys and Buttons name the command of a key (KeyboardEvent.key) and of
	// a control (its data-testid); TextFields are the elements where keys
	// are input.
	Keys       map[string]string `json:"keys"`
	Buttons    map[string]string `json:"buttons"`
	TextFields []string          `json:"textFields"`
}

// ParamGroup reads some parameters together. The loader takes each
// parameter's first value; a value not among its Spellings reads as Other,
// an absent parameter as null. Sets maps the JSON array of those, in
// Params' order, to the fields they set, or to null where the state shows
// no frame.
type ParamGroup struct {
	Params    []string                  `json:"params"`
	Spellings map[string][]string       `json:"spellings"`
	Other     string                    `json:"other"`
	Sets      map[string]map[string]any `json:"sets"`
}

// FrameState is one state the frames hold.
type FrameState struct {
	Frame string      `json:"frame"` // the <template data-frame> that draws it
	File  string      `json:"file"`  // the key of its frames file in the loader's list
	Query [][2]string `json:"query"` // the page's parameters for it, as the app writes them
	// Next is the state each command leads to (state.Settings.Do).
	Next map[string]string `json:"next"`
}

// other stands for a value no parameter accepts. No spelling holds "*".
const other = "*"

// frameFields are the fields of a state the frames tell apart.
var frameFields = []string{"lang", "embed", "step", "fencing"}

// frameOf returns the fields of the state s shows, or false when the
// frames do not hold it (state.Settings.HasFrame).
func frameOf(s state.Settings) (map[string]any, bool) {
	if !s.HasFrame() {
		return nil, false
	}
	return map[string]any{"lang": string(s.Lang), "embed": s.Embed, "step": s.Step, "fencing": s.Fencing()}, true
}

// stateID is a state's id: its fields' values, in frameFields' order,
// joined by "/" (as the loader joins them).
func stateID(fields map[string]any) string {
	id := ""
	for i, f := range frameFields {
		if i > 0 {
			id += "/"
		}
		switch v := fields[f].(type) {
		case string:
			id += v
		case bool:
			id += strconv.FormatBool(v)
		case int:
			id += strconv.Itoa(v)
		}
	}
	return id
}

// FrameID names the frame of settings that have one: the value of its
// template's data-frame.
func FrameID(s state.Settings) string {
	return strconv.Itoa(s.Step) + "/" + state.OnOff(s.Fencing())
}

// framesKey is the key of the frames file that holds s in the loader's
// list (see frameFiles).
func framesKey(s state.Settings) string {
	if s.Embed {
		return string(s.Lang) + "-embed"
	}
	return string(s.Lang)
}

// NewLoaderRules computes the loader's rules from ParseSettings, Query and
// Do.
func NewLoaderRules(runs *state.Runs) LoaderRules {
	sc := core.GCPause()
	var ids []string
	for _, s := range runs.Scenarios() {
		ids = append(ids, s.ID)
	}
	var strategies []string
	for _, st := range core.Strategies() {
		strategies = append(strategies, string(st))
	}
	var views, langs, steps []string
	for _, v := range state.Views {
		views = append(views, string(v))
	}
	for _, l := range state.Langs {
		langs = append(langs, string(l))
	}
	for i := 1; i <= sc.Frames(); i++ {
		steps = append(steps, strconv.Itoa(i))
	}
	// The values each parameter might take, from its domain; ParseSettings
	// decides which it accepts.
	candidates := map[string][]string{
		state.ParamScenario: ids,
		state.ParamView:     views,
		state.ParamStrategy: strategies,
		state.ParamFencing:  {"on", "off"},
		state.ParamVersus:   strategies,
		state.ParamStep:     steps,
		state.ParamEmbed:    {"1", "true", "0", "false"},
		state.ParamLang:     langs,
	}
	// Each group's parameters, and the fields it decides.
	groups := []struct {
		params []string
		fields []string
	}{
		{[]string{state.ParamScenario, state.ParamView}, nil},
		{[]string{state.ParamStrategy, state.ParamFencing}, []string{"fencing"}},
		{[]string{state.ParamVersus}, nil},
		{[]string{state.ParamStep}, []string{"step"}},
		{[]string{state.ParamEmbed}, []string{"embed"}},
		{[]string{state.ParamLang}, []string{"lang"}},
	}
	defaults, _ := frameOf(state.Defaults())
	rules := LoaderRules{
		Params:     state.PageParams,
		Defaults:   defaults,
		Fields:     frameFields,
		States:     map[string]FrameState{},
		Keys:       map[string]string{},
		Buttons:    map[string]string{},
		TextFields: ui.TextFields,
	}
	for _, g := range groups {
		pg := ParamGroup{Params: g.params, Spellings: map[string][]string{}, Other: other, Sets: map[string]map[string]any{}}
		for _, p := range g.params {
			for _, v := range candidates[p] {
				if _, bad := state.ParseSettings(runs, url.Values{p: {v}}); len(bad) == 0 {
					pg.Spellings[p] = append(pg.Spellings[p], v)
				}
			}
		}
		// Every combination of absent, each spelling and another value.
		var walk func(i int, q url.Values, key []any)
		walk = func(i int, q url.Values, key []any) {
			if i == len(g.params) {
				k, _ := json.Marshal(key)
				s, _ := state.ParseSettings(runs, q)
				fields, ok := frameOf(s)
				if !ok {
					pg.Sets[string(k)] = nil
					return
				}
				sets := map[string]any{}
				for _, f := range g.fields {
					sets[f] = fields[f]
				}
				pg.Sets[string(k)] = sets
				return
			}
			p := g.params[i]
			walk(i+1, q, append(key, nil))
			for _, v := range append(slices.Clone(pg.Spellings[p]), other) {
				next := url.Values{}
				for k, vs := range q {
					next[k] = vs
				}
				next.Set(p, v)
				walk(i+1, next, append(key, v))
			}
		}
		walk(0, url.Values{}, nil)
		rules.Groups = append(rules.Groups, pg)
	}
	for _, l := range state.Langs {
		for _, embed := range []bool{false, true} {
			for _, fencing := range []bool{true, false} {
				for step := 1; step <= sc.Frames(); step++ {
					s := state.Settings{Scenario: sc.ID, Strategy: core.Lease.WithFencing(fencing), Step: step,
						Lang: l, View: state.ViewDemo, Embed: embed}
					fields, _ := frameOf(s)
					fs := FrameState{Frame: FrameID(s), File: framesKey(s), Next: map[string]string{}}
					q := s.Query(nil)
					for _, k := range slices.Sorted(maps.Keys(q)) {
						for _, v := range q[k] {
							fs.Query = append(fs.Query, [2]string{k, v})
						}
					}
					for _, cmd := range state.Commands {
						next, _ := frameOf(s.Do(runs, cmd))
						fs.Next[cmd.String()] = stateID(next)
					}
					rules.States[stateID(fields)] = fs
				}
			}
		}
	}
	for key, cmd := range state.KeyCommands {
		rules.Keys[key] = cmd.String()
	}
	for id, cmd := range ui.CommandButtons {
		rules.Buttons[id] = cmd.String()
	}
	return rules
}
