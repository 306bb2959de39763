package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The run replayed on real software: the lab (lab/, make lab) writes one
// recording per cell (recording.Recording) into static/web/lab, which the page
// fetches when the reader opens the panel. None of it is in app.wasm.

// labFile is where the recording of a cell is served, under the site.
func labFile(path, name string) string {
	return strings.TrimSuffix(path, "/") + "/web/lab/" + name
}

// fetchText fetches url in the browser and hands its text, or what went
// wrong, to done on the page's goroutine.
func fetchText(ctx app.Context, url string, done func(text string, err error)) {
	if !app.IsClient {
		return
	}
	var onResponse, onText, onError app.Func
	finish := func(text string, err error) {
		onResponse.Release()
		onText.Release()
		onError.Release()
		ctx.Dispatch(func(app.Context) { done(text, err) })
	}
	onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		finish("", fmt.Errorf("%s", args[0].Call("toString").String()))
		return nil
	})
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		finish(args[0].String(), nil)
		return nil
	})
	onResponse = app.FuncOf(func(this app.Value, args []app.Value) any {
		res := args[0]
		if !res.Get("ok").Bool() {
			finish("", fmt.Errorf("HTTP %d", res.Get("status").Int()))
			return nil
		}
		res.Call("text").Call("then", onText, onError)
		return nil
	})
	app.Window().Call("fetch", url).Call("then", onResponse, onError)
}

// realPanel shows the recording of the run shown, when opened; in free play,
// where no run is recorded, the command that replays it on real software.
type realPanel struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Path     string // the page's path, under which the recordings are served
	Link     *pageLink
	// Play is the free-play run shown (its scenario and script), which
	// has no recording.
	Play   *core.Scenario
	Script string
	Live   bool
	// Runs gives the model's run of the cell, whose steps the recording's
	// are shown beside.
	Runs *state.Runs
	// Held: predict mode holds the recording back until the verdict is
	// predicted, for it shows how the run ends.
	Held bool

	open    bool
	loaded  string // the recording shown, or being fetched (its drawing's name)
	drawing string // the recording, as the server drew it (RecordingHTML)
	problem string
	copied  string // the words of the last copy's outcome
	// runs are where the cell was replayed, the row's first lock service
	// on the first database first (from the lab's index, fetched once);
	// chosen is the one the reader chose (the zero value for the first).
	runs    map[string][]realRun
	chosen  realRun
	indexed bool // the index is fetched, or being fetched
}

// realRun is where a cell was replayed: on a lock service (the lab's
// backend) and a database (a two-step check is replayed on several).
type realRun struct{ backend, database string }

func runOf(r recording.Recording) realRun { return realRun{r.Backend, r.Database} }

func (c *realPanel) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *realPanel) cell() string { return c.Scenario + "." + string(c.Strategy) }

// file is the recording of the run chosen, named as the lab names it: the
// first run's is <cell>.json; another service's adds .<service>, another
// database's .<database>.
func (c *realPanel) file() string {
	runs := c.runs[c.cell()]
	if len(runs) == 0 || !slices.Contains(runs, c.chosen) {
		return c.cell() + ".json"
	}
	name := c.cell()
	if c.chosen.backend != runs[0].backend {
		name += "." + c.chosen.backend
	}
	if c.chosen.database != runs[0].database {
		name += "." + c.chosen.database
	}
	return name + ".json"
}

// drawn is the name of the drawing of the run chosen, in the panel's
// language.
func (c *realPanel) drawn() string { return RecordingFile(c.file(), c.Lang) }

// OnUpdate fetches the recording of the new run, or in the new language,
// if the panel is open.
func (c *realPanel) OnUpdate(ctx app.Context) {
	if c.open && c.Play == nil && !c.Held && c.loaded != c.drawn() {
		c.fetch(ctx)
	}
}

func (c *realPanel) onToggle(ctx app.Context, e app.Event) {
	c.open = ctx.JSSrc().Get("open").Bool()
	if c.open && c.Play == nil && !c.Held && c.loaded != c.drawn() {
		c.fetch(ctx)
	}
}

// fetchIndex reads, once, where each cell was replayed.
func (c *realPanel) fetchIndex(ctx app.Context) {
	if c.indexed {
		return
	}
	c.indexed = true
	fetchText(ctx, labFile(c.Path, "index.json"), func(text string, err error) {
		var index []recording.Recording
		if err != nil || json.Unmarshal([]byte(text), &index) != nil {
			return // the chooser is an extra: the row's first service stays
		}
		c.runs = map[string][]realRun{}
		for _, r := range index {
			cell := r.Scenario + "." + string(r.Strategy)
			c.runs[cell] = append(c.runs[cell], runOf(r))
			for _, o := range r.Others {
				c.runs[cell] = append(c.runs[cell], runOf(o))
			}
		}
	})
}

// fetch fetches the drawing of the run chosen, in the panel's language.
func (c *realPanel) fetch(ctx app.Context) {
	c.fetchIndex(ctx)
	file := c.drawn()
	c.loaded, c.drawing, c.problem = file, "", ""
	fetchText(ctx, labFile(c.Path, file), func(text string, err error) {
		if c.loaded != file {
			return // the reader has moved on
		}
		if err != nil {
			c.problem = err.Error()
			return
		}
		c.drawing = text
	})
}

// recording is the recording shown, as the server drew it, or why there
// is none yet.
func (c *realPanel) recording() app.UI {
	switch {
	case c.problem != "":
		return elText("p role=alert", c.t("real.failed", c.problem))
	case c.drawing == "":
		return elText("p role=status", c.t("real.loading"))
	}
	return app.Raw(c.drawing)
}

func (c *realPanel) Render() app.UI {
	return el("details.real data-testid=real-panel").On("toggle", c.Link.Safe("real", c.onToggle)).Body(
		elText("summary", c.t("real.title")),
		app.If(c.open && c.Play != nil, c.command),
		app.If(c.open && c.Play == nil && c.Held, func() app.UI {
			return elText("p.muted data-testid=real-held", c.t("real.held"))
		}),
		app.If(c.open && c.Play == nil && !c.Held, c.body),
	)
}

// labCommand is the command that replays script under st on real software.
func labCommand(script string, st core.Strategy) string {
	return "make lab SCRIPT='" + script + "' STRATEGY=" + string(st)
}

// command says how to replay the free-play run on real software, ready to
// copy, or why the lab cannot.
func (c *realPanel) command() app.UI {
	if why, ok := recording.Replayable(*c.Play, c.Strategy); !ok {
		return el("p data-testid=real-command data-value=not-replayed").
			Text(c.t("real.not-replayed", c.t("real.why."+string(why))))
	}
	if c.Script == "" {
		return elText("p data-testid=real-command data-value=empty", c.t("real.play.empty"))
	}
	cmd := labCommand(c.Script, c.Strategy)
	status := ""
	if c.copied != "" {
		status = c.t(c.copied)
	}
	return elBody("div",
		elText("p#real-command-about", c.t("real.play")),
		el("pre.embed-snippet data-testid=real-command").DataSet("value", cmd).
			Aria("labelledby", "real-command-about").Text(cmd),
		el("button.btn type=button data-testid=copy-command").Aria("disabled", !c.Live).
			Aria("describedby", "real-command-about").Text(c.t("real.copy")).
			OnClick(c.Link.Safe("real", func(ctx app.Context, e app.Event) {
				copyText(ctx, cmd, `[data-testid="real-command"]`, func(copied bool) {
					c.copied = "embed.selected"
					if copied {
						c.copied = "embed.copied"
					}
				})
			})),
		elText("span role=status data-testid=copy-command-status", status),
		elText("p.muted", c.t("real.play.about")),
	)
}

// body is the panel's inside: what it is, the chooser of lock services,
// and the recording. The chooser stays in place while a recording loads:
// a click on it fetches one, and the fetch's answer reaches the panel
// through the button's context, which must still be on the page.
func (c *realPanel) body() app.UI {
	return elBody("div",
		elText("p.muted", c.t("real.about")),
		c.chooser(),
		c.recording(),
	)
}

// chooser lets the reader pick the run whose recording is shown, where the
// cell was replayed on more than one lock service or database: each named
// by its service, and by its database's isolation where the cell was
// replayed on more than one database.
func (c *realPanel) chooser() app.UI {
	runs := c.runs[c.cell()]
	if len(runs) < 2 {
		return nil
	}
	shown := c.chosen
	if !slices.Contains(runs, shown) {
		shown = runs[0]
	}
	databases := slices.ContainsFunc(runs, func(r realRun) bool { return r.database != runs[0].database })
	buttons := make([]app.UI, len(runs))
	for i, r := range runs {
		label := c.t("real.backend." + r.backend)
		if databases {
			label = c.t("real.run.on", label, c.t("real.database."+r.database))
		}
		buttons[i] = el("button.btn type=button data-testid=real-service").DataSet("value", r.backend).DataSet("database", r.database).
			Aria("pressed", r == shown).Text(label).OnClick(c.Link.Safe("real", func(ctx app.Context, e app.Event) {
			c.chosen = r
			c.fetch(ctx)
		}))
	}
	return el("div.real-services role=group").Aria("label", c.t("real.services")).Body(buttons...)
}

// copyText copies text to the clipboard and tells done whether it did.
// Where the clipboard is not available, or the browser refuses, it selects
// the element sel instead, for Ctrl+C.
func copyText(ctx app.Context, text, sel string, done func(copied bool)) {
	win := app.Window()
	selectIt := func() {
		if el := win.Get("document").Call("querySelector", sel); el.Truthy() {
			win.Call("getSelection").Call("selectAllChildren", el)
		}
	}
	clipboard := win.Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		selectIt()
		done(false)
		return
	}
	var ok, refused app.Func
	settle := func(copied bool) {
		ok.Release()
		refused.Release()
		ctx.Dispatch(func(app.Context) {
			if !copied {
				selectIt()
			}
			done(copied)
		})
	}
	ok = app.FuncOf(func(app.Value, []app.Value) any { settle(true); return nil })
	refused = app.FuncOf(func(app.Value, []app.Value) any { settle(false); return nil })
	clipboard.Call("writeText", text).Call("then", ok, refused)
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// RecordingFile is the name of rec's drawing in l, beside its recording
// (name, as the lab names it: <cell>[.<service>][.<database>].json).
func RecordingFile(name string, l state.Lang) string {
	return strings.TrimSuffix(name, ".json") + "." + string(l) + ".html"
}
