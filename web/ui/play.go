package web

import (
	"errors"
	"strconv"
	"strings"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Free play: the reader writes a run action by action (Settings.Script),
// and steps through it like any scenario. Every script is replayed by core;
// the page only writes the items the reader picks.

// playVerbs are the actions the editor offers, in its order, with what
// their argument is ("" for none).
var playVerbs = []struct {
	verb string
	arg  string // message id of the argument's label, "" for none
	all  bool   // not a client's action
}{
	{"acquire", "play.arg.lease", false},
	{"renew", "play.arg.lease", false},
	{"release", "", false},
	{"write", "play.arg.value", false},
	{"read", "play.arg.resource", false},
	{"peek", "play.arg.resource", false},
	{"check", "", false},
	{"pause", "play.arg.ticks", false},
	{"resume", "", false},
	{"crash", "", false},
	{"tick", "play.arg.ticks", true},
	{"jump", "play.arg.ticks", true},
	{"restart", "", true},
	{"deliver", "play.arg.message", true},
}

var playClients = []string{"A", "B", "C", "D", "E"}

// playItem writes the editor's fields as a script item, or says what is
// missing.
func playItem(client, verb, arg string, hold bool, n int) (string, error) {
	arg = strings.TrimSpace(arg)
	for _, v := range playVerbs {
		if v.verb != verb {
			continue
		}
		item := verb
		if !v.all {
			item = client + ":" + verb
		}
		if arg != "" {
			item += ":" + arg
		}
		if hold && (verb == "acquire" || verb == "renew" || verb == "write") {
			item += "@m" + strconv.Itoa(n)
		}
		return item, nil
	}
	return "", core.ErrScriptVerb
}

// scriptItems splits a script into its items ("" has none).
func scriptItems(script string) []string {
	if strings.TrimSpace(script) == "" {
		return nil
	}
	return strings.Split(script, ",")
}

// playView is the editor above the run: pick a client, an action and its
// argument, add it; remove any item; undo, redo, clear.
func (p pageView) playEditor(d *Demo) app.UI {
	items := scriptItems(p.s.Script)
	verb := d.playVerb
	var arg string
	for _, v := range playVerbs {
		if v.verb == verb {
			arg = v.arg
		}
	}
	onEnter := func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Enter" {
			e.PreventDefault()
			d.onPlayAdd(ctx, e)
		}
	}
	field := func(id, label string, el app.UI) app.UI {
		return app.Div().Class("picker").Body(app.Label().For(id).Text(p.t(label)), el)
	}
	return app.Section().Class("play").Aria("labelledby", "play-title").Body(
		app.H2().ID("play-title").Text(p.t("play.editor")),
		app.Div().Class("play-fields").Body(
			field("play-client", "play.client", app.Select().ID("play-client").DataSet("testid", "play-client").
				DataSet("value", d.playClient).Disabled(!p.live).OnChange(d.safe("play", d.onPlayField)).OnKeyDown(onEnter).
				Body(app.Range(playClients).Slice(func(i int) app.UI {
					return option(playClients[i], playClients[i], playClients[i] == d.playClient)
				}))),
			field("play-verb", "play.verb", app.Select().ID("play-verb").DataSet("testid", "play-verb").
				DataSet("value", verb).Disabled(!p.live).OnChange(d.safe("play", d.onPlayField)).OnKeyDown(onEnter).
				Body(app.Range(playVerbs).Slice(func(i int) app.UI {
					return option(playVerbs[i].verb, p.t("play.verb."+playVerbs[i].verb), playVerbs[i].verb == verb)
				}))),
			field("play-arg", "play.arg", app.Input().ID("play-arg").DataSet("testid", "play-arg").Type("text").
				Value(d.playArg).Placeholder("%s", p.t(orKey(arg, "play.arg.none"))).Disabled(!p.live).
				Aria("describedby", "play-arg-help").OnInput(d.safe("play", d.onPlayField)).OnKeyDown(onEnter)),
			checkbox("play-hold", p.t("play.hold"), d.playHold, p.live, d.safe("play", d.onPlayField), onEnter),
			app.Button().Type("button").Class("btn", "primary").DataSet("testid", "play-add").
				Aria("disabled", !p.live).Text(p.t("play.add")).OnClick(d.safe("play", d.onPlayAdd)),
		),
		app.P().ID("play-arg-help").Class("muted").Text(p.t("play.help")),
		app.P().Class("play-error").Role("alert").DataSet("testid", "play-error").DataSet("value", orNone(d.playError)).Text(d.playError),
		app.Div().Class("play-history").Body(
			p.playButton(d, "play-undo", "play.undo", "Control+Z", len(d.playPast) == 0, d.onPlayUndo),
			p.playButton(d, "play-redo", "play.redo", "Control+Shift+Z", len(d.playFuture) == 0, d.onPlayRedo),
			p.playButton(d, "play-clear", "play.clear", "", len(items) == 0, d.onPlayClear),
		),
		app.Ol().Class("play-items").DataSet("testid", "play-items").DataSet("value", len(items)).
			Aria("label", p.t("play.items")).Body(
			app.Range(items).Slice(func(i int) app.UI {
				// What the item did, in the run's words: item i is step i+2.
				var what app.UI
				if p.err == nil && i+1 < len(p.frames) {
					what = app.Span().Class("play-what").Text(" " + actionText(p.s.Lang, p.frames[i+1]))
				}
				return app.Li().DataSet("testid", "play-item").DataSet("value", items[i]).Body(
					app.Code().Text(items[i]),
					what,
					app.Button().Type("button").Class("btn", "play-remove").DataSet("testid", "play-remove").
						Aria("label", p.t("play.remove", i+1, items[i])).Aria("disabled", !p.live).
						Text("×").OnClick(d.safe("play", d.onPlayRemove(i))),
				)
			})),
		app.P().Class("sr-only").Role("status").DataSet("testid", "play-status").Text(d.playSaid),
	)
}

// checkbox is a labelled checkbox. checked is set only when true, and
// disabled only when not live: go-app prerenders a false boolean attribute
// as written, and HTML reads it as true.
func checkbox(id, label string, checked, live bool, onChange, onKey app.EventHandler) app.UI {
	in := app.Input().ID(id).DataSet("testid", id).Type("checkbox").OnChange(onChange)
	if onKey != nil {
		in = in.OnKeyDown(onKey)
	}
	if checked {
		in = in.Checked(true)
	}
	if !live {
		in = in.Disabled(true)
	}
	return app.Div().Class("play-hold").Body(in, app.Label().For(id).Text(label))
}

func orKey(key, fallback string) string {
	if key == "" {
		return fallback
	}
	return key
}

func (p pageView) playButton(d *Demo, testid, label, keys string, off bool, h app.EventHandler) app.UI {
	b := app.Button().Type("button").Class("btn").DataSet("testid", testid).
		Aria("disabled", !p.live || off).Text(p.t(label)).OnClick(d.safe("play", h))
	if keys != "" {
		b = b.Aria("keyshortcuts", keys)
	}
	return b
}

// editLink opens the run shown (a scenario at its step, under its strategy,
// or two) as a script in free play.
func (p pageView) editLink() app.UI {
	s := p.s
	s.View, s.Script = ViewPlay, core.ScriptOf(p.sc)
	if p.s.View != ViewCompare {
		s.Versus = ""
	}
	return app.A().Class("edit-run").DataSet("testid", "edit-run").Href(p.href(s)).Text(p.t("play.edit"))
}

// onPlayField reads the editor's fields as the reader changes them.
func (d *Demo) onPlayField(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	switch el.Get("id").String() {
	case "play-client":
		d.playClient = el.Get("value").String()
	case "play-verb":
		d.playVerb = el.Get("value").String()
	case "play-arg":
		d.playArg = el.Get("value").String()
	case "play-hold":
		d.playHold = el.Get("checked").Bool()
	}
	d.playError = ""
}

// setScript makes script the run and shows its last step, remembering the
// one it replaces for undo.
func (d *Demo) setScript(ctx app.Context, script, said string) {
	sc, err := playScenario(script)
	if err != nil {
		d.playError = scriptProblem(d.s.Lang, err)
		return
	}
	d.playPast = append(d.playPast, d.s.Script)
	d.playFuture = nil
	s := d.s
	s.Script, s.Step = script, sc.Frames()
	d.playError, d.playSaid = "", said
	d.set(ctx, s)
}

func (d *Demo) onPlayAdd(ctx app.Context, e app.Event) {
	items := scriptItems(d.s.Script)
	item, err := playItem(d.playClient, d.playVerb, d.playArg, d.playHold, len(items)+1)
	if err != nil {
		d.playError = scriptProblem(d.s.Lang, err)
		return
	}
	d.setScript(ctx, strings.Join(append(items, item), ","), T(d.s.Lang, "play.added", item, len(items)+1))
	if d.playError == "" {
		d.playArg = ""
		clearField("play-arg")
	}
}

// clearField empties a text field in the browser. Rendering "" is not
// enough: typing changes the field but not what go-app last rendered, so ""
// after "" is no change and the typed text would stay.
func clearField(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", "")
	}
}

func (d *Demo) onPlayRemove(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		items := scriptItems(d.s.Script)
		if i >= len(items) {
			return
		}
		removed := items[i]
		d.setScript(ctx, strings.Join(append(items[:i:i], items[i+1:]...), ","), T(d.s.Lang, "play.removed", removed))
		focusTestID("play-add")
	}
}

func (d *Demo) onPlayClear(ctx app.Context, e app.Event) {
	d.setScript(ctx, "", T(d.s.Lang, "play.cleared"))
}

// onPlayUndo and onPlayRedo walk the edit history.
func (d *Demo) onPlayUndo(ctx app.Context, e app.Event) {
	d.playHistory(ctx, &d.playPast, &d.playFuture, "play.undone")
}
func (d *Demo) onPlayRedo(ctx app.Context, e app.Event) {
	d.playHistory(ctx, &d.playFuture, &d.playPast, "play.redone")
}

func (d *Demo) playHistory(ctx app.Context, from, to *[]string, said string) {
	if len(*from) == 0 {
		return
	}
	script := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, d.s.Script)
	sc, _ := playScenario(script)
	s := d.s
	s.Script, s.Step = script, sc.Frames()
	d.playSaid, d.playError = T(d.s.Lang, said), ""
	d.set(ctx, s)
}

// scriptProblem words why a script cannot be read or run.
func scriptProblem(l Lang, err error) string {
	var se *core.ScriptError
	var step *core.StepError
	why := T(l, "script.err.other")
	for _, k := range []struct {
		err error
		key string
	}{
		{core.ErrScriptTooLong, "script.err.too-long"},
		{core.ErrEmptyItem, "script.err.empty"},
		{core.ErrScriptClient, "script.err.client"},
		{core.ErrScriptVerb, "script.err.verb"},
		{core.ErrScriptArgument, "script.err.argument"},
		{core.ErrScriptValue, "script.err.value"},
		{core.ErrScriptNumber, "script.err.number"},
		{core.ErrScriptResource, "script.err.resource"},
		{core.ErrScriptMessage, "script.err.message"},
		{core.ErrScriptHold, "script.err.hold"},
		{core.ErrUnknownMessage, "script.err.nothing-held"},
		{core.ErrDuplicateMessage, "script.err.held-twice"},
	} {
		if errors.Is(err, k.err) {
			why = T(l, k.key)
			break
		}
	}
	switch {
	case errors.As(err, &se):
		return T(l, "script.err.item", se.Item, se.Text, why)
	case errors.As(err, &step):
		return T(l, "script.err.step", step.Step-1, why)
	}
	return why
}
