package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Free play: the reader writes a run action by action (state.Settings.Script),
// and steps through it like any scenario. Every script is replayed by core;
// the page only writes the items the reader picks.

// The editor speaks core's grammar: it offers every action kind
// (core.ActionKinds), writes the client before a verb only where a client
// performs it (ByClient), puts its argument where core's grammar says
// (Args) and holds only what can be held (Holdable); its clients are
// core's (core.Clients). A verb's label and its argument's hint are the
// catalogue's, under keys made from the kind and the argument.

// playItem writes the editor's fields as a script item, or says what is
// wrong: an action core does not know.
func playItem(client string, verb core.ActionKind, arg string, hold bool, n int) (string, error) {
	if !slices.Contains(core.ActionKinds(), verb) {
		return "", core.ErrScriptVerb
	}
	item := string(verb)
	if verb.ByClient() {
		item = client + ":" + item
	}
	if arg = strings.TrimSpace(arg); arg != "" {
		item += ":" + arg
	}
	if hold && verb.Holdable() {
		item += "@m" + strconv.Itoa(n)
	}
	return item, nil
}

// verbLabel is the catalogue key of verb's name in the editor.
func verbLabel(verb core.ActionKind) string { return "play.verb." + string(verb) }

// argHint is the catalogue key of the hint the argument's field shows for
// verb: what its first argument is, or that it takes none.
func argHint(verb core.ActionKind) string {
	if args, _ := verb.Args(); len(args) > 0 {
		return "play.arg." + string(args[0])
	}
	return "play.arg.none"
}

// scriptItems splits a script into its items ("" has none).
func scriptItems(script string) []string {
	if strings.TrimSpace(script) == "" {
		return nil
	}
	return strings.Split(script, ",")
}

// playEditor is the editor above the run: pick a client, an action and its
// argument, add it; remove any item; undo, redo, clear. Its fields, what it
// last said and its history are its own; the script is the page's
// (Settings.Script), which it changes through Link.
type playEditor struct {
	app.Compo
	Script   string
	Strategy core.Strategy // the run whose steps the items' words come from
	Single   bool          // one run shown: each item says what it did
	Lang     state.Lang
	Live     bool
	Runs     *state.Runs
	Link     *pageLink

	client, arg   string
	verb          core.ActionKind
	hold          bool
	problem, said string
	past, future  []string // the scripts before and after this one
	keydown       app.Func
}

func (c *playEditor) OnInit() {
	c.client, c.verb = core.Clients()[0], core.ActAcquire
}

// OnMount listens for Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) wherever focus
// is, except in a text field, whose own undo they are.
func (c *playEditor) OnMount(ctx app.Context) {
	c.keydown = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		key := undoKey(e)
		if key == "" || inTextField(e.Get("target")) {
			return nil
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) {
			if key == "redo" {
				c.Link.Safe("key", c.onRedo)(ctx, app.Event{})
			} else {
				c.Link.Safe("key", c.onUndo)(ctx, app.Event{})
			}
		})
		return nil
	})
	app.Window().Get("document").Call("addEventListener", "keydown", c.keydown)
}

func (c *playEditor) OnDismount() {
	if c.keydown != nil {
		app.Window().Get("document").Call("removeEventListener", "keydown", c.keydown)
		c.keydown.Release()
		c.keydown = nil
	}
}

func (c *playEditor) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *playEditor) Render() app.UI {
	items := scriptItems(c.Script)
	var frames []core.Frame
	if c.Single {
		if sc, err := c.Runs.Script(c.Script); err == nil {
			frames = c.Runs.Run(sc, c.Strategy).Frames
		}
	}
	clients, verbs := core.Clients(), core.ActionKinds()
	onField := c.Link.Safe("play", c.onField)
	onEnter := c.Link.Safe("play", func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Enter" {
			e.PreventDefault()
			c.onAdd(ctx, e)
		}
	})
	field := func(id, label string, input app.UI) app.UI {
		return elBody("div.picker", el("label").Attr("for", id).Text(c.t(label)), input)
	}
	return elBody("section.play aria-labelledby=play-title",
		elText("h2#play-title", c.t("play.editor")),
		elBody("div.play-fields",
			field("play-client", "play.client", el("select#play-client data-testid=play-client").
				DataSet("value", c.client).Attr("disabled", !c.Live).OnChange(onField).OnKeyDown(onEnter).
				Body(app.Range(clients).Slice(func(i int) app.UI {
					return option(clients[i], clients[i], clients[i] == c.client)
				}))),
			field("play-verb", "play.verb", el("select#play-verb data-testid=play-verb").
				DataSet("value", string(c.verb)).Attr("disabled", !c.Live).OnChange(onField).OnKeyDown(onEnter).
				Body(app.Range(verbs).Slice(func(i int) app.UI {
					return option(string(verbs[i]), c.t(verbLabel(verbs[i])), verbs[i] == c.verb)
				}))),
			field("play-arg", "play.arg", c.argField(onField, onEnter)),
			checkbox("play-hold", c.t("play.hold"), c.hold, c.Live, onField, onEnter),
			el("button.btn.primary type=button data-testid=play-add").
				Aria("disabled", !c.Live).Text(c.t("play.add")).OnClick(c.Link.Safe("play", c.onAdd)),
		),
		elText("p.muted#play-arg-help", c.t("play.help")),
		el("p.play-error role=alert data-testid=play-error").DataSet("value", orNone(c.problem)).Text(c.problem),
		elBody("div.play-history",
			c.button("play-undo", "play.undo", "Control+Z", len(c.past) == 0, c.onUndo),
			c.button("play-redo", "play.redo", "Control+Shift+Z", len(c.future) == 0, c.onRedo),
			c.button("play-clear", "play.clear", "", len(items) == 0, c.onClear),
		),
		el("ol.play-items data-testid=play-items").DataSet("value", len(items)).
			Aria("label", c.t("play.items")).Body(
			app.Range(items).Slice(func(i int) app.UI {
				// What the item did, in the run's words: item i is step i+2.
				var what app.UI
				if i+1 < len(frames) {
					what = elText("span.play-what", " "+words.ActionText(c.Lang, frames[i+1]))
				}
				return el("li data-testid=play-item").DataSet("value", items[i]).Body(
					elText("code", items[i]),
					what,
					el("button.btn.play-remove type=button data-testid=play-remove").
						Aria("label", c.t("play.remove", i+1, items[i])).Aria("disabled", !c.Live).
						Text("×").OnClick(c.Link.Safe("play", c.onRemove(i))),
				)
			})),
		elText("p.sr-only role=status data-testid=play-status", c.said),
	)
}

func (c *playEditor) button(testid, label, keys string, off bool, h app.EventHandler) app.UI {
	b := el("button.btn type=button").DataSet("testid", testid).
		Aria("disabled", !c.Live || off).Text(c.t(label)).OnClick(c.Link.Safe("play", h))
	if keys != "" {
		b = b.Aria("keyshortcuts", keys)
	}
	return b
}

// argField is the argument's field: text, or, for a deliver, the
// messages held at the end of the run written, to choose from (its id is
// what a deliver takes, which the reader need not know).
func (c *playEditor) argField(onField, onEnter app.EventHandler) app.UI {
	if c.verb != core.ActDeliver {
		return app.ElemSelfClosing("input").ID("play-arg").DataSet("testid", "play-arg").Attr("type", "text").
			Attr("value", c.arg).Attr("placeholder", c.t(argHint(c.verb))).Attr("disabled", !c.Live).
			Aria("describedby", "play-arg-help").OnInput(onField).OnKeyDown(onEnter)
	}
	f, held := c.held()
	chosen := c.heldChoice(held)
	opts := []app.UI{option("-", c.t("play.held.none"), true)}
	if len(held) > 0 {
		opts = opts[:0]
	}
	for _, m := range held {
		opts = append(opts, option(m.ID, words.MessageText(c.Lang, f, m), m.ID == chosen))
	}
	return el("select#play-arg data-testid=play-arg aria-describedby=play-arg-help").Attr("disabled", !c.Live || len(held) == 0).
		OnChange(onField).OnKeyDown(onEnter).Body(opts...)
}

// held is the last frame of the run written, under the editor's row, and
// the messages held at it.
func (c *playEditor) held() (core.Frame, []core.Message) {
	sc, err := c.Runs.Script(c.Script)
	if err != nil {
		return core.Frame{}, nil
	}
	r := c.Runs.Run(sc, c.Strategy)
	if r.Err != nil || len(r.Frames) == 0 {
		return core.Frame{}, nil
	}
	f := r.Frames[len(r.Frames)-1]
	return f, f.Network
}

// heldChoice is the held message a deliver would let through: the one
// chosen, or else the oldest; "" where none is held.
func (c *playEditor) heldChoice(held []core.Message) string {
	for _, m := range held {
		if m.ID == c.arg {
			return m.ID
		}
	}
	if len(held) > 0 {
		return held[0].ID
	}
	return ""
}

// checkbox is a labelled checkbox. checked is set only when true, and
// disabled only when not live: go-app prerenders a false boolean attribute
// as written, and HTML reads it as true.
func checkbox(id, label string, checked, live bool, onChange, onKey app.EventHandler) app.UI {
	in := app.ElemSelfClosing("input").ID(id).DataSet("testid", id).Attr("type", "checkbox").OnChange(onChange)
	if onKey != nil {
		in = in.OnKeyDown(onKey)
	}
	if checked {
		in = in.Attr("checked", true)
	}
	if !live {
		in = in.Attr("disabled", true)
	}
	return elBody("div.play-hold", in, el("label").Attr("for", id).Text(label))
}

// editLink opens the run shown (a scenario at its step, under its strategy,
// or two) as a script in free play.
func (p pageView) editLink() app.UI {
	script, compare := p.sc.Script(), p.s.View == state.ViewCompare
	return p.steps.attr(el("a.edit-run data-testid=edit-run"), "edit-run", "href", func(s state.Settings) string {
		s.View, s.Script = state.ViewPlay, script
		if !compare {
			s.Versus = ""
		}
		return p.href(s)
	}).Text(p.t("play.edit"))
}

// onField reads the editor's fields as the reader changes them.
func (c *playEditor) onField(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	switch el.Get("id").String() {
	case "play-client":
		c.client = el.Get("value").String()
	case "play-verb":
		c.verb = core.ActionKind(el.Get("value").String())
	case "play-arg":
		c.arg = el.Get("value").String()
	case "play-hold":
		c.hold = el.Get("checked").Bool()
	}
	c.problem = ""
}

// setScript makes script the run and shows its last step, remembering the
// one it replaces for undo. It reports whether the script could be run.
func (c *playEditor) setScript(ctx app.Context, script, said string) bool {
	sc, err := c.Runs.Script(script)
	if err != nil {
		c.problem = scriptProblem(c.Lang, err)
		if errors.Is(err, core.ErrUnknownMessage) {
			// Which messages it could have let through.
			var ids []string
			_, held := c.held()
			for _, m := range held {
				ids = append(ids, m.ID)
			}
			if len(ids) == 0 {
				c.problem = c.t("script.err.held-none", c.problem)
			} else {
				c.problem = c.t("script.err.held-now", c.problem, strings.Join(ids, ", "))
			}
		}
		return false
	}
	c.past = append(c.past, c.Script)
	c.future = nil
	c.problem, c.said = "", said
	c.show(ctx, script, sc.Frames())
	return true
}

// show makes script the page's run, at step.
func (c *playEditor) show(ctx app.Context, script string, step int) {
	c.Link.Change(ctx, func(s state.Settings) state.Settings {
		s.Script, s.Step = script, step
		return s
	})
}

func (c *playEditor) onAdd(ctx app.Context, e app.Event) {
	items := scriptItems(c.Script)
	arg := c.arg
	if c.verb == core.ActDeliver {
		_, held := c.held()
		arg = c.heldChoice(held)
	}
	item, err := playItem(c.client, c.verb, arg, c.hold, len(items)+1)
	if err != nil {
		c.problem = scriptProblem(c.Lang, err)
		return
	}
	if c.setScript(ctx, strings.Join(append(items, item), ","), c.t("play.added", item, len(items)+1)) {
		// The next action starts from empty fields: nothing held.
		c.arg, c.hold = "", false
		clearField("play-arg")
		uncheck("play-hold")
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

// uncheck unticks a checkbox in the browser (rendering it unchecked does
// not untick one the reader ticked: see clearField).
func uncheck(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("checked", false)
	}
}

func (c *playEditor) onRemove(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		items := scriptItems(c.Script)
		if i >= len(items) {
			return
		}
		removed := items[i]
		c.setScript(ctx, strings.Join(append(items[:i:i], items[i+1:]...), ","), c.t("play.removed", removed))
		focusTestID("play-add")
	}
}

func (c *playEditor) onClear(ctx app.Context, e app.Event) {
	c.setScript(ctx, "", c.t("play.cleared"))
}

// onUndo and onRedo walk the edit history.
func (c *playEditor) onUndo(ctx app.Context, e app.Event) {
	c.history(ctx, &c.past, &c.future, "play.undone")
}
func (c *playEditor) onRedo(ctx app.Context, e app.Event) {
	c.history(ctx, &c.future, &c.past, "play.redone")
}

func (c *playEditor) history(ctx app.Context, from, to *[]string, said string) {
	if len(*from) == 0 {
		return
	}
	script := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, c.Script)
	sc, _ := c.Runs.Script(script)
	c.said, c.problem = c.t(said), ""
	c.show(ctx, script, sc.Frames())
}

// scriptProblem words why a script cannot be read or run.
func scriptProblem(l state.Lang, err error) string {
	why := words.T(l, "script.err.other")
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
		{core.ErrNotHoldable, "script.err.hold"},
		{core.ErrUnknownMessage, "script.err.nothing-held"},
		{core.ErrDuplicateMessage, "script.err.held-twice"},
		{core.ErrNoBackup, "script.err.no-backup"},
		{core.ErrFailedOver, "script.err.failed-over"},
	} {
		if errors.Is(err, k.err) {
			why = words.T(l, k.key)
			break
		}
	}
	if se := errorIn[*core.ScriptError](err); se != nil {
		return words.T(l, "script.err.item", se.Item, se.Text, why)
	}
	if step := errorIn[*core.StepError](err); step != nil {
		return words.T(l, "script.err.step", step.Step-1, why)
	}
	return why
}

// errorIn is the first error of type E in err's chain, as errors.As finds
// it (core wraps with Unwrap() error only); errors.As would put reflection's
// assignment code into app.wasm for two look-ups.
func errorIn[E error](err error) E {
	for ; err != nil; err = errors.Unwrap(err) {
		if e, ok := err.(E); ok {
			return e
		}
	}
	var none E
	return none
}
