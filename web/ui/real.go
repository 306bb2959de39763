package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The run replayed on real software: the lab (lab/, make lab) writes one
// recording per cell (core.Recording) into static/web/lab, which the page
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

	open    bool
	loaded  string // the recording shown, or being fetched (its file's name)
	rec     *core.Recording
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

func runOf(r core.Recording) realRun { return realRun{r.Backend, r.Database} }

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

// OnUpdate fetches the recording of the new run, if the panel is open.
func (c *realPanel) OnUpdate(ctx app.Context) {
	if c.open && c.Play == nil && c.loaded != c.file() {
		c.fetch(ctx)
	}
}

func (c *realPanel) onToggle(ctx app.Context, e app.Event) {
	c.open = ctx.JSSrc().Get("open").Bool()
	if c.open && c.Play == nil && c.loaded != c.file() {
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
		var index []core.Recording
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

func (c *realPanel) fetch(ctx app.Context) {
	c.fetchIndex(ctx)
	file := c.file()
	c.loaded, c.rec, c.problem = file, nil, ""
	fetchText(ctx, labFile(c.Path, file), func(text string, err error) {
		if c.loaded != file {
			return // the reader has moved on
		}
		if err == nil {
			var rec core.Recording
			if err = json.Unmarshal([]byte(text), &rec); err == nil {
				c.rec = &rec
				return
			}
		}
		c.problem = err.Error()
	})
}

func (c *realPanel) Render() app.UI {
	return el("details.real data-testid=real-panel").On("toggle", c.Link.Safe("real", c.onToggle)).Body(
		elText("summary", c.t("real.title")),
		app.If(c.open && c.Play != nil, c.command),
		app.If(c.open && c.Play == nil, c.body),
	)
}

// labCommand is the command that replays script under st on real software.
func labCommand(script string, st core.Strategy) string {
	return "make lab SCRIPT='" + script + "' STRATEGY=" + string(st)
}

// command says how to replay the free-play run on real software, ready to
// copy, or why the lab cannot.
func (c *realPanel) command() app.UI {
	if why, ok := core.Replayable(*c.Play, c.Strategy); !ok {
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

// recording is the recording shown, or why there is none yet.
func (c *realPanel) recording() app.UI {
	rec := c.rec
	switch {
	case c.problem != "":
		return elText("p role=alert", c.t("real.failed", c.problem))
	case rec == nil:
		return elText("p role=status", c.t("real.loading"))
	case rec.Why != "":
		return elBody("div",
			el("p data-testid=real-trace data-value=not-replayed").
				Text(c.t("real.not-replayed", c.t("real.why."+string(rec.Why)))),
		)
	}
	agrees, agreeWords := "yes", c.t("real.agrees.yes")
	switch {
	case rec.FirstDiffers != 0:
		agrees, agreeWords = "no", c.t("real.agrees.from", rec.FirstDiffers)
	case !rec.Agrees():
		agrees, agreeWords = "no", c.t("real.agrees.no")
	}
	sc, _ := core.ScenarioByID(c.Scenario)
	renewal := "real.renewal.client"
	switch {
	case rec.Strategy.Lockless():
		renewal = "real.renewal.none"
	case rec.Renewal == core.RenewedByLibrary:
		renewal = "real.renewal.library." + rec.Backend
	}
	var leases []app.UI
	for _, l := range rec.Leases {
		leases = append(leases, elText("p data-testid=real-lease", c.leaseEnd(l)))
		if l.Suspended != 0 {
			leases = append(leases, elText("p data-testid=real-suspended", c.t("real.lease.suspended", l.Client, seconds(l.Suspended))))
		}
		for _, w := range c.lateWrites(l) {
			leases = append(leases, el("p data-testid=real-late-write").DataSet("step", w.step).DataSet("value", w.how).Text(w.words))
		}
	}
	return elBody("div",
		elBody("p",
			el("span data-testid=real-trace").DataSet("value", string(rec.Verdict)).DataSet("backend", rec.Backend).DataSet("database", rec.Database).
				Text(c.t("real.verdict", c.t("verdict."+string(rec.Verdict)), c.t("verdict."+string(rec.Model)))),
			app.Text(" — "),
			el("span data-testid=real-agrees").DataSet("value", agrees).Text(agreeWords),
		),
		elText("p", c.t("real.service."+rec.Backend)+" "+words.ResourceText(c.Lang, *rec, sc, c.Strategy)),
		el("p data-testid=real-renewal").DataSet("value", orNone(rec.Renewal)).Text(c.t(renewal)),
		app.If(rec.Restore != "", func() app.UI { return elText("p data-testid=real-restore", c.t("real.restore."+rec.Backend)) }),
		app.If(rec.Differs != "", func() app.UI {
			return elText("p data-testid=real-differs", words.DiffersText(c.Lang, *rec))
		}),
		app.If(sc.NonAtomic && c.Strategy.Fenced(), func() app.UI {
			return elText("p data-testid=real-isolation", c.t("real.isolation"))
		}),
		app.If(sc.NonAtomic && c.Strategy.Versioned(), func() app.UI {
			return elText("p data-testid=real-isolation", c.t("real.isolation.version"))
		}),
		elBody("div", leases...),
		c.steps(rec),
		el("div.real-scroll").TabIndex(0).Role("region").Aria("label", c.t("real.calls")).Body(
			elBody("table.real-calls",
				elText("caption", c.t("real.calls")),
				columns(c.t("real.col.ms"), c.t("real.col.step"), c.t("real.col.client"), c.t("real.col.call"), c.t("real.col.result")),
				elBody("tbody", app.Range(rec.Calls).Slice(func(i int) app.UI {
					call := rec.Calls[i]
					return elBody("tr data-testid=real-call",
						elText("td.num", strconv.FormatInt(call.MS, 10)),
						elText("td.num", strconv.Itoa(call.Step)),
						elText("td", orDash(call.Client)),
						elBody("td", elText("code", call.Call)),
						elText("td", call.Result),
					)
				})),
			),
		),
		elText("p.muted", c.t("real.raw")),
	)
}

// steps is every step of the real run beside the model's: the same, or
// where it differs, both; a difference of timing alone said apart.
func (c *realPanel) steps(rec *core.Recording) app.UI {
	var frames []core.Frame
	var clients []string
	if c.Runs != nil {
		if sc, ok := c.Runs.Scenario(c.Scenario); ok {
			frames, clients = c.Runs.Run(sc, c.Strategy).Frames, sc.Clients
		}
	}
	return el("div.real-scroll").TabIndex(0).Role("region").Aria("label", c.t("real.steps")).Body(
		elBody("table.real-steps",
			elText("caption", c.t("real.steps")),
			columns(c.t("real.col.step"), c.t("real.col.action"), c.t("real.col.agree"), c.t("real.col.model"), c.t("real.col.real")),
			elBody("tbody", app.Range(rec.Steps).Slice(func(i int) app.UI {
				s := rec.Steps[i]
				// The model's step, from the page's own run of the cell;
				// the real one, as the lab saw it, in the page's words.
				model, real := s.Model, s.Real
				if s.Step >= 1 && s.Step <= len(frames) {
					f := frames[s.Step-1]
					model = words.SeenText(c.Lang, core.SeenIn(f, clients), f.Event.Kind, f.Event.Delivered)
					if s.Seen != nil {
						real = words.SeenText(c.Lang, *s.Seen, f.Event.Kind, f.Event.Delivered)
					}
				}
				agree, value := c.t("real.step.same"), "yes"
				if s.Agrees {
					real = c.t("real.step.as-model")
				} else {
					agree, value = c.t("real.step.differs"), "no"
				}
				var timings []string
				for _, t := range s.Timings {
					timings = append(timings, words.TimingText(c.Lang, t))
				}
				if len(timings) > 0 {
					real += " " + c.t("real.step.timing", strings.Join(timings, c.t("real.timing.and")))
				}
				if s.Behind >= 500 {
					real += " " + c.t("real.step.behind", seconds(s.Behind))
				}
				row := el("tr data-testid=real-step").DataSet("value", value)
				if s.Step == rec.FirstDiffers {
					row = row.Class("first-differs").DataSet("first", "true")
				}
				return row.Body(
					elText("td.num", strconv.Itoa(s.Step)),
					elBody("td", elText("code", s.Action)),
					elText("td.real-agree", agree),
					elText("td data-testid=real-step-model", model),
					elText("td data-testid=real-step-real", real),
				)
			})),
		),
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

// lateWrite is a write a holder sent after the service had ended its
// lease, or after its library had said it was gone: where, how it stood
// to the library's word, in words.
type lateWrite struct {
	step  int
	how   string // after-word, before-word or no-word
	words string
}

// lateWrites are the writes of a lease's holder sent after the service had
// ended the lease or after its library said it was gone or in doubt,
// each said against the library's word: after it (a client that asked
// would have stopped), before it (the library did not know yet), or
// without one.
func (c *realPanel) lateWrites(l core.RealLease) []lateWrite {
	word := l.Library
	if l.Suspended != 0 && (word == 0 || l.Suspended < word) {
		word = l.Suspended
	}
	var out []lateWrite
	for _, w := range l.Writes {
		switch {
		case w.AfterWord && w.AfterWordMS == 0:
			out = append(out, lateWrite{w.Step, "after-word", c.t("real.write.after-word.same-ms", l.Client, w.Step, seconds(w.MS))})
		case w.AfterWord:
			out = append(out, lateWrite{w.Step, "after-word", c.t("real.write.after-word", l.Client, w.Step, seconds(w.MS), w.AfterWordMS)})
		case l.Service == 0 || w.MS < l.Service:
			// Within the lease, as far as the service goes.
		case word != 0 && w.MS < word:
			out = append(out, lateWrite{w.Step, "before-word", c.t("real.write.before-word", l.Client, w.Step, seconds(w.MS), seconds(w.MS-l.Service), word-w.MS)})
		case word != 0:
			// At the moment the library spoke, before the client heard it.
			out = append(out, lateWrite{w.Step, "with-word", c.t("real.write.with-word", l.Client, w.Step, seconds(w.MS), seconds(w.MS-l.Service))})
		default:
			out = append(out, lateWrite{w.Step, "no-word", c.t("real.write.no-word", l.Client, w.Step, seconds(w.MS), seconds(w.MS-l.Service))})
		}
	}
	return out
}

// seconds writes ms as seconds, to a tenth.
func seconds(ms int64) string { return fmt.Sprintf("%.1f", float64(ms)/1000) }

// leaseEnd words when a lease the library kept alive ended, at the service
// and by the library's word.
func (c *realPanel) leaseEnd(l core.RealLease) string {
	sec := seconds
	switch {
	case l.Service != 0 && l.Library != 0:
		return c.t("real.lease.both", l.Client, sec(l.Granted), sec(l.Service), sec(l.Library))
	case l.Service != 0:
		return c.t("real.lease.service", l.Client, sec(l.Granted), sec(l.Service))
	case l.Library != 0:
		return c.t("real.lease.library", l.Client, sec(l.Granted), sec(l.Library))
	}
	return c.t("real.lease.held", l.Client, sec(l.Granted))
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
