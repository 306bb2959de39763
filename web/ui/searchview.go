package web

import (
	"runtime/debug"
	"strconv"
	"time"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The search view: core looks through every run up to a depth for the
// shortest one that breaks the strategy, in slices, so the page stays
// responsive; the page shows its progress and what it found.

// searchSlice is how long the search runs before it lets the browser draw
// and handle input: cancel acts within it.
const searchSlice = 25 * time.Millisecond

// searchGC is the garbage collector's target while a search runs: the
// search allocates a world per move and keeps few of them, and collecting
// four times less often makes it about a quarter faster (make bench) for
// some more memory, given back when the search ends.
const searchGC = 400

// gcWhileSearching raises the collector's target for a search and returns
// what puts it back.
func gcWhileSearching() func() {
	before := debug.SetGCPercent(searchGC)
	return func() { debug.SetGCPercent(before) }
}

// searchRun is a search under way or over, for the settings it was started
// for.
type searchRun struct {
	for_    Settings
	search  *core.Search
	started time.Time
	took    time.Duration
	state   string // running, found, none or cancelled
	result  core.SearchResult
	// restoreGC puts the collector's target back once the search is no
	// longer running (nil once it has).
	restoreGC func()
}

// stop records that run is no longer running, in state.
func (run *searchRun) stop(state string) {
	run.state, run.took = state, time.Since(run.started)
	if run.restoreGC != nil {
		run.restoreGC()
		run.restoreGC = nil
	}
}

// startSearch starts the search the settings ask for, ending any other.
func (d *Demo) startSearch(ctx app.Context) {
	opts := core.SearchOptions{Strategy: d.s.Strategy, MaxDepth: d.s.Search.DepthOrDefault(),
		Goal: d.s.Search.GoalOrDefault(), Peek: d.s.Search.Peek, TwoResources: d.s.Search.Two}
	s, err := core.NewSearch(opts)
	if err != nil {
		return
	}
	if d.search != nil && d.search.state == "running" {
		d.search.stop("cancelled")
	}
	d.search = &searchRun{for_: d.s, search: s, started: time.Now(), state: "running", restoreGC: gcWhileSearching()}
	d.searchSay = T(d.s.Lang, "search.started", T(d.s.Lang, "strategy."+string(d.s.Strategy)))
	run := d.search
	d.nextSearchSlice(ctx, run)
}

// nextSearchSlice runs one slice of run, then yields to the browser and
// comes back for the next, until the search is over or cancelled.
func (d *Demo) nextSearchSlice(ctx app.Context, run *searchRun) {
	if d.search != run || run.state != "running" {
		return
	}
	start := time.Now()
	done := false
	for !done && time.Since(start) < searchSlice {
		done = run.search.Run(200)
	}
	run.result = run.search.Result()
	if done {
		state := "none"
		if run.result.Found {
			state = "found"
		}
		run.stop(state)
		d.searchSay = searchOutcome(d.s.Lang, run)
		return
	}
	if !app.IsClient {
		d.nextSearchSlice(ctx, run)
		return
	}
	var next app.Func
	next = app.FuncOf(func(app.Value, []app.Value) any {
		next.Release()
		ctx.Dispatch(func(ctx app.Context) { d.guard("search", func() { d.nextSearchSlice(ctx, run) }) })
		return nil
	})
	app.Window().Call("setTimeout", next, 0)
}

func (d *Demo) onSearchStart(ctx app.Context, e app.Event) { d.startSearch(ctx) }

func (d *Demo) onSearchCancel(ctx app.Context, e app.Event) {
	if d.search != nil && d.search.state == "running" {
		d.search.stop("cancelled")
		d.searchSay = T(d.s.Lang, "search.cancelled")
	}
}

// onSearchOption changes what the search looks for; the search starts
// again.
func (d *Demo) onSearchOption(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	s := d.s
	switch el.Get("id").String() {
	case "search-goal":
		switch g := core.Verdict(el.Get("value").String()); g {
		case core.AtRisk, core.Stuck:
			s.Search.Goal = g
		default:
			s.Search.Goal = ""
		}
	case "search-depth":
		if n, err := strconv.Atoi(el.Get("value").String()); err == nil && n >= 1 && n <= MaxDepth {
			s.Search.Depth = n
		}
	case "search-peek":
		s.Search.Peek = el.Get("checked").Bool()
	case "search-two":
		s.Search.Two = el.Get("checked").Bool()
	}
	d.set(ctx, s)
}

// searchFor keeps the search in step with the settings. Opening the view
// starts nothing: the reader starts the first search with its button. Once
// a search has been started, changing what it looks for searches again.
func (d *Demo) searchFor(ctx app.Context) {
	if d.s.View != ViewSearch || !d.live || d.search == nil {
		return
	}
	if d.search.for_.Strategy != d.s.Strategy || d.search.for_.Search != d.s.Search {
		d.startSearch(ctx)
	}
}

func searchOutcome(l Lang, run *searchRun) string {
	r, st, goal := run.result, T(l, "strategy."+string(run.for_.Strategy)), string(run.for_.Search.GoalOrDefault())
	if r.Found {
		how := T(l, "search.how."+string(r.Verdict))
		if r.Harm != "" {
			how = T(l, "search.how."+string(r.Harm))
		}
		return T(l, "search.found", T(l, "search.shortest."+goal), st, r.Length, r.States, r.Depth, run.took.Milliseconds()) + " " + how
	}
	return T(l, "search.none", T(l, "search.breaks."+goal), st, r.Depth, r.States, run.took.Milliseconds())
}

// tookMs is how long a finished search took, in milliseconds (0 before).
func tookMs(run *searchRun) int64 {
	if run == nil {
		return 0
	}
	return run.took.Milliseconds()
}

// searchView is the search's options, its progress and what it found.
func (p pageView) searchView(d *Demo) app.UI {
	se := p.s.Search
	run := d.search
	state, result := "idle", core.SearchResult{}
	if run != nil {
		state, result = run.state, run.result
	}
	depth := se.DepthOrDefault()
	depths := make([]int, MaxDepth)
	for i := range depths {
		depths[i] = i + 1
	}
	var outcome app.UI = app.P().Text(p.t("search.idle"))
	switch {
	case run == nil:
	case state == "running":
		outcome = app.P().Text(p.t("search.progress", result.States, result.Depth, depth))
	case state == "cancelled":
		outcome = app.P().Text(p.t("search.cancelled-after", result.States, result.Depth))
	default:
		outcome = app.P().Text(searchOutcome(p.s.Lang, run))
	}
	var link app.UI
	if run != nil && state == "found" {
		sc, _ := playScenario(result.Script)
		s := Settings{View: ViewPlay, Script: result.Script, Strategy: run.for_.Strategy, Step: sc.Frames(), Lang: p.s.Lang}
		link = app.P().Body(
			app.A().DataSet("testid", "search-run").Href(p.href(s)).Text(p.t("search.open")),
			app.Text(" "),
			app.Code().Class("search-script").DataSet("testid", "search-script").Text(result.Script),
		)
	}
	return app.Div().Class("view-body").Body(
		app.P().Class("shows").Text(p.t("search.intro")),
		app.Div().Class("search-options").Body(
			app.Div().Class("picker").Body(
				app.Label().For("search-goal").Text(p.t("search.goal")),
				app.Select().ID("search-goal").DataSet("testid", "search-goal").DataSet("value", string(se.GoalOrDefault())).Disabled(!p.live).
					OnChange(d.safe("search", d.onSearchOption)).Body(
					option(string(core.Corrupted), p.t("search.goal.corrupted"), se.GoalOrDefault() == core.Corrupted),
					option(string(core.AtRisk), p.t("search.goal.at-risk"), se.Goal == core.AtRisk),
					option(string(core.Stuck), p.t("search.goal.stuck"), se.Goal == core.Stuck),
				),
			),
			app.Div().Class("picker").Body(
				app.Label().For("search-depth").Text(p.t("search.depth")),
				app.Select().ID("search-depth").DataSet("testid", "search-depth").DataSet("value", depth).Disabled(!p.live).
					OnChange(d.safe("search", d.onSearchOption)).Body(
					app.Range(depths).Slice(func(i int) app.UI {
						return option(strconv.Itoa(depths[i]), strconv.Itoa(depths[i]), depths[i] == depth)
					}),
				),
			),
			checkbox("search-peek", p.t("search.peek"), se.Peek, p.live, d.safe("search", d.onSearchOption), nil),
			checkbox("search-two", p.t("search.two"), se.Two, p.live, d.safe("search", d.onSearchOption), nil),
		),
		app.Div().Class("toolbar").Body(
			app.Button().Type("button").Class("btn", "primary").DataSet("testid", "search-start").
				Aria("disabled", !p.live || state == "running").Text(p.t("search.start")).OnClick(d.safe("search", d.onSearchStart)),
			app.Button().Type("button").Class("btn").DataSet("testid", "search-cancel").
				Aria("disabled", !p.live || state != "running").Text(p.t("search.cancel")).OnClick(d.safe("search", d.onSearchCancel)),
		),
		app.Progress().ID("search-progress").DataSet("testid", "search-progress").
			Max(depth).Value(progressOf(state, result.Depth, depth)).Aria("label", p.t("search.depth-done")),
		app.Div().Class("search-result").DataSet("testid", "search-result").DataSet("value", state).
			DataSet("verdict", string(result.Verdict)).DataSet("harm", string(result.Harm)).
			DataSet("states", result.States).DataSet("depth", result.Depth).DataSet("ms", tookMs(run)).Body(outcome, link),
		app.P().Class("legend").Text(p.t("search.alphabet")),
		app.P().Class("sr-only").Role("status").DataSet("testid", "search-status").Text(d.searchSay),
	)
}

// progressOf is how far the progress bar shows a search: the lengths done
// while it runs, and full once it has an answer (found at a shorter length
// than asked is an answer too, not a search stuck part way).
func progressOf(state string, done, depth int) int {
	if state == "found" || state == "none" {
		return depth
	}
	return done
}
