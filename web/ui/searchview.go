package ui

import (
	"strconv"
	"time"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The search view: core looks through every run up to a depth for the
// shortest one that breaks the strategy, in slices, so the page stays
// responsive; the page shows its progress and what it found.

// searchSlice is how long the search runs before it lets the browser draw
// and handle input: cancel acts within it.
const searchSlice = 25 * time.Millisecond

// searchPhase is where the panel's search is. Its value is what the
// panel's result gives as its data-value.
type searchPhase string

// The search's phases.
const (
	searchIdle      searchPhase = "idle" // none started
	searchRunning   searchPhase = "running"
	searchFound     searchPhase = "found" // over, with a run
	searchNone      searchPhase = "none"  // over, with no run up to the depth
	searchCancelled searchPhase = "cancelled"
)

// searchRun is a search under way or over, for the settings it was started
// for.
type searchRun struct {
	strategy core.Strategy
	for_     state.Search
	search   *core.Search
	started  time.Time
	took     time.Duration
	state    searchPhase // running, found, none or cancelled
	result   core.SearchResult
}

// stop records that run is no longer running, in state.
func (run *searchRun) stop(how searchPhase) {
	run.state, run.took = how, time.Since(run.started)
}

// searchPanel is the search's options, its progress and what it found. The
// search under way or done, and what the panel last said, are its own;
// what it looks for is the page's (Settings.Strategy and .Search), which
// its options change through Link.
type searchPanel struct {
	app.Compo
	Strategy core.Strategy
	Search   state.Search
	Lang     state.Lang
	Live     bool
	Path     string // the page's path, for the link to the run found
	Runs     *state.Runs
	Link     *pageLink

	run *searchRun
	say string
}

// start starts the search the panel's fields ask for, ending any other.
func (c *searchPanel) start(ctx app.Context) {
	s, err := core.NewSearch(c.Search.Options(c.Strategy))
	if err != nil {
		return
	}
	c.stop(searchCancelled)
	c.run = &searchRun{strategy: c.Strategy, for_: c.Search, search: s, started: time.Now(), state: searchRunning}
	c.say = words.T(c.Lang, "search.started", words.T(c.Lang, "strategy."+string(c.Strategy)))
	c.next(ctx, c.run)
}

// stop ends the search under way, if there is one, in state.
func (c *searchPanel) stop(how searchPhase) {
	if c.run != nil && c.run.state == searchRunning {
		c.run.stop(how)
	}
}

// next runs one slice of run, then yields to the browser and comes back
// for the next, until the search is over or cancelled.
func (c *searchPanel) next(ctx app.Context, run *searchRun) {
	if c.run != run || run.state != searchRunning {
		return
	}
	start := time.Now()
	done := false
	for !done && time.Since(start) < searchSlice {
		done = run.search.Run(200)
	}
	run.result = run.search.Result()
	if done {
		how := searchNone
		if run.result.Found {
			how = searchFound
		}
		run.stop(how)
		c.say = searchOutcome(c.Lang, run)
		return
	}
	if !app.IsClient {
		c.next(ctx, run)
		return
	}
	var next app.Func
	next = app.FuncOf(func(app.Value, []app.Value) any {
		next.Release()
		ctx.Dispatch(func(ctx app.Context) { c.Link.Guard("search", func() { c.next(ctx, run) }) })
		return nil
	})
	app.Window().Call("setTimeout", next, 0)
}

// OnUpdate keeps the search in step with what the page asks for. Opening
// the view starts nothing: the reader starts the first search with its
// button. Once a search has been started, changing what it looks for
// searches again.
func (c *searchPanel) OnUpdate(ctx app.Context) {
	if c.Live && c.run != nil && (c.run.strategy != c.Strategy || c.run.for_ != c.Search) {
		c.start(ctx)
	}
}

// OnDismount stops a search under way: the view that showed it is gone.
func (c *searchPanel) OnDismount() { c.stop(searchCancelled) }

func (c *searchPanel) onStart(ctx app.Context, e app.Event) { c.start(ctx) }

func (c *searchPanel) onCancel(ctx app.Context, e app.Event) {
	if c.run != nil && c.run.state == searchRunning {
		c.stop(searchCancelled)
		c.say = words.T(c.Lang, "search.cancelled")
	}
}

// onOption changes what the search looks for; a search started before
// starts again (OnUpdate).
func (c *searchPanel) onOption(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	id, value, checked := el.Get("id").String(), el.Get("value").String(), el.Get("checked").Truthy()
	c.Link.Change(ctx, func(s state.Settings) state.Settings {
		switch id {
		case "search-goal":
			switch g := core.Verdict(value); g {
			case core.AtRisk, core.Stuck:
				s.Search.Goal = g
			default:
				s.Search.Goal = ""
			}
		case "search-depth":
			if n, err := strconv.Atoi(value); err == nil && n >= 1 && n <= state.MaxDepth {
				s.Search.Depth = n
			}
		case "search-peek":
			s.Search.Peek = checked
		case "search-two":
			s.Search.Two = checked
		case "search-renew":
			s.Search.Renew = checked
		case "search-partial":
			s.Search.Partial = checked
		case "search-reply":
			s.Search.Reply = checked
		}
		return s
	})
}

func searchOutcome(l state.Lang, run *searchRun) string {
	r, st, goal := run.result, words.T(l, "strategy."+string(run.strategy)), string(run.for_.GoalOrDefault())
	if r.Found {
		how := words.SearchHow(l, run.strategy, r.Verdict, r.Harm)
		return words.T(l, "search.found", words.T(l, "search.shortest."+goal), st, r.Length, r.States, r.Depth, run.took.Milliseconds()) + " " + how
	}
	return words.T(l, "search.none", words.T(l, "search.breaks."+goal), st, r.Depth, r.States, run.took.Milliseconds())
}

// tookMs is how long a finished search took, in milliseconds (0 before).
func tookMs(run *searchRun) int64 {
	if run == nil {
		return 0
	}
	return run.took.Milliseconds()
}

func (c *searchPanel) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *searchPanel) Render() app.UI {
	se := c.Search
	run := c.run
	phase, result := searchIdle, core.SearchResult{}
	if run != nil {
		phase, result = run.state, run.result
	}
	depth := se.DepthOrDefault()
	depths := make([]int, state.MaxDepth)
	for i := range depths {
		depths[i] = i + 1
	}
	var outcome app.UI = elText("p", c.t("search.idle"))
	switch {
	case run == nil:
	case phase == searchRunning:
		outcome = elText("p", c.t("search.progress", result.States, result.Depth, depth))
	case phase == searchCancelled:
		outcome = elText("p", c.t("search.cancelled-after", result.States, result.Depth))
	default:
		outcome = elText("p", searchOutcome(c.Lang, run))
	}
	var link app.UI
	if run != nil && phase == searchFound {
		sc, _ := c.Runs.Script(result.Script)
		s := state.Settings{View: state.ViewPlay, Script: result.Script, Strategy: run.strategy, Step: sc.Frames(), Lang: c.Lang}
		link = elBody("p",
			el("a data-testid=search-run").Attr("href", hrefOf(c.Path, s)).Text(c.t("search.open")),
			app.Text(" "),
			elText("code.search-script data-testid=search-script", result.Script),
		)
	}
	return elBody("div.view-body",
		elText("p.shows", c.t("search.intro")),
		elBody("div.search-options",
			elBody("div.picker",
				elText("label for=search-goal", c.t("search.goal")),
				el("select#search-goal data-testid=search-goal").DataSet("value", string(se.GoalOrDefault())).Attr("disabled", !c.Live).
					OnChange(c.Link.Safe("search", c.onOption)).Body(
					option(string(core.Corrupted), c.t("search.goal.corrupted"), se.GoalOrDefault() == core.Corrupted),
					option(string(core.AtRisk), c.t("search.goal.at-risk"), se.Goal == core.AtRisk),
					option(string(core.Stuck), c.t("search.goal.stuck"), se.Goal == core.Stuck),
				),
			),
			elBody("div.picker",
				elText("label for=search-depth", c.t("search.depth")),
				el("select#search-depth data-testid=search-depth").DataSet("value", depth).Attr("disabled", !c.Live).
					OnChange(c.Link.Safe("search", c.onOption)).Body(
					app.Range(depths).Slice(func(i int) app.UI {
						return option(strconv.Itoa(depths[i]), strconv.Itoa(depths[i]), depths[i] == depth)
					}),
				),
			),
			checkbox("search-peek", c.t("search.peek"), se.Peek, c.Live, c.Link.Safe("search", c.onOption), nil),
			checkbox("search-two", c.t("search.two"), se.Two, c.Live, c.Link.Safe("search", c.onOption), nil),
			checkbox("search-renew", c.t("search.renew"), se.Renew, c.Live, c.Link.Safe("search", c.onOption), nil),
			checkbox("search-partial", c.t("search.partial"), se.Partial, c.Live, c.Link.Safe("search", c.onOption), nil),
			checkbox("search-reply", c.t("search.reply"), se.Reply, c.Live, c.Link.Safe("search", c.onOption), nil),
		),
		elBody("div.toolbar",
			el("button.btn.primary type=button data-testid=search-start").
				Aria("disabled", !c.Live || phase == searchRunning).Text(c.t("search.start")).OnClick(c.Link.Safe("search", c.onStart)),
			el("button.btn type=button data-testid=search-cancel").
				Aria("disabled", !c.Live || phase != searchRunning).Text(c.t("search.cancel")).OnClick(c.Link.Safe("search", c.onCancel)),
		),
		el("progress#search-progress data-testid=search-progress").
			Attr("max", depth).Attr("value", progressOf(phase, result.Depth, depth)).Aria("label", c.t("search.depth-done")),
		el("div.search-result data-testid=search-result").DataSet("value", string(phase)).
			DataSet("verdict", string(result.Verdict)).DataSet("harm", string(result.Harm)).
			DataSet("states", result.States).DataSet("depth", result.Depth).DataSet("ms", tookMs(run)).Body(outcome, link),
		elText("p.legend", c.t("search.alphabet")),
		elText("p.sr-only role=status data-testid=search-status", c.say),
	)
}

// progressOf is how far the progress bar shows a search: the lengths done
// while it runs, and full once it has an answer (found at a shorter length
// than asked is an answer too, not a search stuck part way).
func progressOf(phase searchPhase, done, depth int) int {
	if phase == searchFound || phase == searchNone {
		return depth
	}
	return done
}
