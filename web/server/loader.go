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

// The loader (static/loader) steps through a run's frames before the app
// runs. It knows no rule of the page: which addresses show a frame, how a
// parameter is spelled, what a key or a button does and what address the
// app writes all come from Go. LoaderRules, which the server writes into
// app.js, read an address; each run's frames file carries its own states
// (RunStates): the address the app writes for each, and where each command
// leads.

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
	// File is where a state's frames are, its fields' values put in place
	// of their {names}; {embed} is EmbedDir for an embedded one, or "".
	File     string `json:"file"`
	EmbedDir string `json:"embedDir"`
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
// no frame. A group with Given is read after the field it names is set
// (its values decide which are good: a step, by the scenario's length):
// BySet holds its Sets for each value of that field.
type ParamGroup struct {
	Params    []string                             `json:"params"`
	Spellings map[string][]string                  `json:"spellings"`
	Other     string                               `json:"other"`
	Sets      map[string]map[string]any            `json:"sets,omitempty"`
	Given     string                               `json:"given,omitempty"`
	BySet     map[string]map[string]map[string]any `json:"bySet,omitempty"`
}

// FrameState is one state a run's frames hold.
type FrameState struct {
	Frame string      `json:"frame"` // the <template data-frame> that draws it
	Query [][2]string `json:"query"` // the page's parameters for it, as the app writes them
	// Next is the state each command leads to (state.Settings.Do), by id:
	// "" where the frames hold it not.
	Next map[string]string `json:"next"`
}

// other stands for a value no parameter accepts. No spelling holds "*".
const other = "*"

// badField is set, among the fields a group sets, where the app refuses a
// value of the group's: no frame's field, it marks an address whose
// mistake only the app says.
const badField = "bad"

// frameFields are the fields of a state the frames tell apart.
var frameFields = []string{"lang", "embed", "view", "scenario", "strategy", "step"}

// frameOf returns the fields of the state s shows, or false when the
// frames do not hold it (state.Settings.HasFrame).
func frameOf(s state.Settings) (map[string]any, bool) {
	if !s.HasFrame() {
		return nil, false
	}
	return map[string]any{"lang": string(s.Lang), "embed": s.Embed, "view": string(s.View), "scenario": s.Scenario, "strategy": string(s.Strategy), "step": s.Step}, true
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

// FrameID names the frame of settings that have one, in its run's file:
// the value of its template's data-frame.
func FrameID(s state.Settings) string { return strconv.Itoa(s.Step) }

// embedDir is what {embed} stands for in LoaderRules.File for an embedded
// state (state.FramesFile).
const embedDir = "-embed"

// RunStates are the states of one frames file, by id: each step of sc
// under st in view v (state.FrameSteps), in language l, embedded or not.
func RunStates(runs *state.Runs, l state.Lang, embed bool, v state.View, sc core.Scenario, st core.Strategy) map[string]FrameState {
	states := map[string]FrameState{}
	for step := 1; step <= state.FrameSteps(v, sc); step++ {
		s := state.Settings{Scenario: sc.ID, Strategy: st, Step: step, Lang: l, View: v, Embed: embed}
		fields, _ := frameOf(s)
		fs := FrameState{Frame: FrameID(s), Next: map[string]string{}}
		q := s.Query(nil)
		for _, k := range slices.Sorted(maps.Keys(q)) {
			for _, v := range q[k] {
				fs.Query = append(fs.Query, [2]string{k, v})
			}
		}
		for _, cmd := range state.Commands {
			if next, ok := frameOf(s.Do(runs, cmd)); ok {
				fs.Next[cmd.String()] = stateID(next)
			} else {
				fs.Next[cmd.String()] = ""
			}
		}
		states[stateID(fields)] = fs
	}
	return states
}

// NewLoaderRules computes the loader's rules from ParseSettings; the
// states each frames file carries come from RunStates.
func NewLoaderRules(runs *state.Runs) LoaderRules {
	defaults, _ := frameOf(state.Defaults())
	rules := LoaderRules{
		Params:     state.PageParams,
		Defaults:   defaults,
		Fields:     frameFields,
		File:       "/web/frames/{lang}{embed}/{view}/{scenario}.{strategy}.html",
		EmbedDir:   embedDir,
		Keys:       map[string]string{},
		Buttons:    map[string]string{},
		TextFields: ui.TextFields,
	}
	candidates, scenarios := paramCandidates(runs)
	for _, g := range paramGroups {
		pg := ParamGroup{Params: g.params, Spellings: spellings(runs, g.params, g.given, candidates, scenarios), Other: other, Given: g.given}
		if g.given == "" {
			pg.Sets = groupSets(runs, g.params, g.fields, pg.Spellings, url.Values{})
		} else {
			pg.BySet = map[string]map[string]map[string]any{}
			for _, id := range scenarios {
				pg.BySet[id] = groupSets(runs, g.params, g.fields, pg.Spellings, url.Values{state.ParamScenario: {id}})
			}
		}
		rules.Groups = append(rules.Groups, pg)
	}
	for key, cmd := range state.KeyCommands {
		rules.Keys[key] = cmd.String()
	}
	for id, cmd := range ui.CommandButtons {
		rules.Buttons[id] = cmd.String()
	}
	return rules
}

// paramCandidates are the values each parameter might take, from its
// domain (ParseSettings decides which it accepts), and the scenarios' ids.
func paramCandidates(runs *state.Runs) (map[string][]string, []string) {
	var ids []string
	most := 0
	for _, sc := range runs.Scenarios() {
		ids = append(ids, sc.ID)
		most = max(most, sc.Frames())
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
	for i := 1; i <= most; i++ {
		steps = append(steps, strconv.Itoa(i))
	}
	var paces []string
	for _, p := range state.Paces {
		paces = append(paces, state.PaceParam(p))
	}
	switches := []string{"1", "true", "0", "false"}
	return map[string][]string{
		state.ParamScenario: ids,
		state.ParamView:     views,
		state.ParamStrategy: strategies,
		state.ParamFencing:  {"on", "off"},
		state.ParamVersus:   strategies,
		state.ParamStep:     steps,
		state.ParamEmbed:    switches,
		state.ParamPresent:  switches,
		state.ParamFuture:   switches,
		state.ParamQuiz:     switches,
		state.ParamPrint:    {state.PrintSlides},
		state.ParamPace:     paces,
		state.ParamLang:     langs,
		state.ParamTheme:    state.Themes,
		state.ParamControls: state.ControlSizes,
	}, ids
}

// paramGroups are the address's parameters read together: each group's
// parameters, the frame's fields it decides, and the field whose value it
// is read under.
var paramGroups = []struct {
	params []string
	fields []string
	given  string
}{
	{[]string{state.ParamScenario, state.ParamView}, []string{"scenario", "view"}, ""},
	{[]string{state.ParamStrategy, state.ParamFencing}, []string{"strategy"}, ""},
	{[]string{state.ParamVersus}, nil, ""},
	{[]string{state.ParamStep}, []string{"step"}, "scenario"},
	{[]string{state.ParamEmbed}, []string{"embed"}, ""},
	{[]string{state.ParamPresent}, nil, ""},
	{[]string{state.ParamFuture}, nil, ""},
	// Predict mode shows no frame (Settings.HasFrame): the loader
	// leaves every step to the app, which asks before it steps.
	{[]string{state.ParamQuiz}, nil, ""},
	// Slides are drawn for printing by the app, not in the frames.
	{[]string{state.ParamPrint}, nil, ""},
	{[]string{state.ParamPace}, nil, ""},
	{[]string{state.ParamLang}, []string{"lang"}, ""},
	// The embed's look: no frame's field, but a value the app refuses
	// is said by the app, not shown as if it were fine.
	{[]string{state.ParamTheme}, nil, ""},
	{[]string{state.ParamControls}, nil, ""},
}

// spellings are the values of params the app takes: a value is spelled
// right if the app takes it under some value of the given field (the
// scenario's, among scenarios).
func spellings(runs *state.Runs, params []string, given string, candidates map[string][]string, scenarios []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range params {
		for _, v := range candidates[p] {
			for _, id := range append([]string{""}, scenarios...) {
				q := url.Values{p: {v}}
				if given != "" && id != "" {
					q.Set(state.ParamScenario, id)
				}
				if _, bad := state.ParseSettings(runs, q); len(bad) == 0 {
					out[p] = append(out[p], v)
					break
				}
			}
		}
	}
	return out
}

// groupSets reads a group's parameters over base (the given field's value,
// or nothing) for every combination of absent, each spelling and another
// value: the fields each decides, by the combination, as JSON; nil where
// the state has no frame.
func groupSets(runs *state.Runs, params, fields []string, spellings map[string][]string, base url.Values) map[string]map[string]any {
	out := map[string]map[string]any{}
	var walk func(i int, q url.Values, key []any)
	walk = func(i int, q url.Values, key []any) {
		if i == len(params) {
			k, _ := json.Marshal(key)
			s, bad := state.ParseSettings(runs, q)
			all, ok := frameOf(s)
			if !ok {
				out[string(k)] = nil
				return
			}
			set := map[string]any{}
			for _, f := range fields {
				set[f] = all[f]
			}
			if len(bad) > 0 {
				// The app says what was wrong: an embed that would wait
				// for its reader fetches it at once (boot.js).
				set[badField] = true
			}
			out[string(k)] = set
			return
		}
		p := params[i]
		walk(i+1, q, append(key, nil))
		for _, v := range append(slices.Clone(spellings[p]), other) {
			next := url.Values{}
			for k, vs := range q {
				next[k] = vs
			}
			next.Set(p, v)
			walk(i+1, next, append(key, v))
		}
	}
	walk(0, base, nil)
	return out
}
