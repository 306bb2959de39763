package ui

import (
	"strconv"
	"time"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The search view: core looks through every run up to a depth, or until
// no state is left, for the shortest one that breaks the strategy, in
// slices, so the page stays responsive; the page shows its progress and
// what it found.

// searchSlice is how long the search runs before it lets the browser
// handle input and draw: a key pressed meanwhile waits at most this long,
// so the page answers it within a frame, and cancel acts within it.
const searchSlice = 5 * time.Millisecond

// searchBudget is how many states a slice expands between looks at the
// clock: well under a millisecond's work.
const searchBudget = 4

// searchRedraw is how often a running search's progress is drawn: a slice
// between draws changes nothing on the page, and draws nothing.
const searchRedraw = 100 * time.Millisecond

// searchPhase is where the panel's search is. Its value is what the
// panel's result gives as its data-value.
type searchPhase string

// The search's phases.
const (
	searchIdle      searchPhase = "idle" // none started
	searchRunning   searchPhase = "running"
	searchFound     searchPhase = "found" // over, with a run
	searchNone      searchPhase = "none"  // over, with no run up to the depth, or of any length
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
	drawn    time.Time // when its progress was last drawn
	yield    *yielder  // in the browser, how its slices give the browser a turn
}

// stop records that run is no longer running, in state.
func (run *searchRun) stop(how searchPhase) {
	run.state, run.took = how, time.Since(run.started)
	if run.yield != nil {
		run.yield.release()
		run.yield = nil
	}
}

// yielder calls a function once the browser has had a turn to handle
// input and draw: it posts a message to itself, which the browser runs as
// soon as input and drawing allow, where a timeout nested in timeouts would
// wait 4 ms each time.
type yielder struct {
	channel app.Value
	onMsg   app.Func
	then    func()
}

func newYielder() *yielder {
	y := &yielder{channel: app.Window().Get("MessageChannel").New()}
	y.onMsg = app.FuncOf(func(app.Value, []app.Value) any {
		if f := y.then; f != nil {
			y.then = nil
			f()
		}
		return nil
	})
	y.channel.Get("port1").Set("onmessage", y.onMsg)
	return y
}

// after calls f once the browser has had a turn.
func (y *yielder) after(f func()) {
	y.then = f
	y.channel.Get("port2").Call("postMessage", 0)
}

// release lets the browser drop the channel: nothing is called after.
func (y *yielder) release() {
	y.then = nil
	y.channel.Get("port1").Set("onmessage", nil)
	y.onMsg.Release()
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
	if app.IsClient {
		c.run.yield = newYielder()
	}
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
// for the next, until the search is over or cancelled. It draws the panel
// when the search is over, and its progress every searchRedraw: a slice
// in between asks go-app to draw nothing (each would otherwise draw the
// whole page again).
func (c *searchPanel) next(ctx app.Context, run *searchRun) {
	if c.run != run || run.state != searchRunning {
		return
	}
	start := time.Now()
	done := false
	for !done && time.Since(start) < searchSlice {
		done = run.search.Run(searchBudget)
	}
	if done {
		run.result = run.search.Result()
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
	if now := time.Now(); now.Sub(run.drawn) >= searchRedraw {
		run.result, run.drawn = run.search.Result(), now
	} else {
		ctx.PreventUpdate()
	}
	run.yield.after(func() {
		ctx.Dispatch(func(ctx app.Context) { c.Link.Guard("search", func() { c.next(ctx, run) }) })
	})
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
			if value == state.AnyDepth {
				s.Search.Depth, s.Search.Closure = 0, true
			} else if n, err := strconv.Atoi(value); err == nil && n >= 1 && n <= state.MaxDepth {
				s.Search.Depth, s.Search.Closure = n, false
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

// searchOutcome says what a search over came to: the run it found; or that
// it closed, a proof for runs of any length, with the worst any run comes
// to; or, bounded, a proof up to its depth.
func searchOutcome(l state.Lang, run *searchRun) string {
	r, st, goal := run.result, words.T(l, "strategy."+string(run.strategy)), string(run.for_.GoalOrDefault())
	ms := run.took.Milliseconds()
	switch {
	case r.Found:
		how := words.SearchHow(l, run.strategy, r.Verdict, r.Harm)
		return words.T(l, "search.found", words.T(l, "search.shortest."+goal), st, r.Length, r.States, r.Depth, ms) + " " + how
	case !r.Closed:
		return words.T(l, "search.none", words.T(l, "search.breaks."+goal), st, r.Depth, r.States, ms)
	}
	said := words.T(l, "search.closed.bounded", words.T(l, "search.breaks."+goal), st, r.States, r.Depth, ms)
	if run.for_.Closure {
		said = words.T(l, "search.closed", words.T(l, "search.breaks."+goal), st, r.States, core.DefaultMaxHeld, ms)
	}
	return said + " " + words.T(l, "search.worst", words.T(l, "verdict."+string(r.Worst)), r.WorstLength)
}

// proofOf is what a search over proved, for the result's data-proof:
// "closed" (runs of any length), "bounded" (runs up to its depth), or ""
// (a run found, or not over).
func proofOf(phase searchPhase, r core.SearchResult) string {
	switch {
	case phase != searchNone:
		return ""
	case r.Closed:
		return "closed"
	}
	return "bounded"
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
	depthValue := strconv.Itoa(depth)
	if se.Closure {
		depthValue = state.AnyDepth
	}
	var outcome app.UI = elText("p", c.t("search.idle"))
	switch {
	case run == nil:
	case phase == searchRunning && run.for_.Closure:
		outcome = elText("p", c.t("search.progress.closure", result.States, result.Depth))
	case phase == searchRunning:
		outcome = elText("p", c.t("search.progress", result.States, result.Depth, depth))
	case phase == searchCancelled:
		outcome = elText("p", c.t("search.cancelled-after", result.States, result.Depth))
	default:
		outcome = elText("p", searchOutcome(c.Lang, run))
	}
	var link app.UI
	switch {
	case run != nil && phase == searchFound:
		link = c.runLink(run.strategy, result.Script, "search.open")
	case run != nil && phase == searchNone && result.Closed && result.WorstLength > 0:
		link = c.runLink(run.strategy, result.WorstScript, "search.open-worst")
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
				el("select#search-depth data-testid=search-depth").DataSet("value", depthValue).Attr("disabled", !c.Live).
					OnChange(c.Link.Safe("search", c.onOption)).Body(
					app.Range(depths).Slice(func(i int) app.UI {
						return option(strconv.Itoa(depths[i]), strconv.Itoa(depths[i]), !se.Closure && depths[i] == depth)
					}),
					option(state.AnyDepth, c.t("search.depth.any"), se.Closure),
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
		c.progress(phase, result, depth),
		el("div.search-result data-testid=search-result").DataSet("value", string(phase)).
			DataSet("proof", proofOf(phase, result)).
			DataSet("verdict", string(result.Verdict)).DataSet("harm", string(result.Harm)).DataSet("worst", string(result.Worst)).
			DataSet("states", result.States).DataSet("depth", result.Depth).DataSet("ms", tookMs(run)).Body(outcome, link),
		elText("p.legend", c.t("search.alphabet")),
		elText("p.legend", c.t("search.bound", core.DefaultMaxHeld)),
		elText("p.sr-only role=status data-testid=search-status", c.say),
	)
}

// runLink links to a run of strategy st in free play, with its script.
func (c *searchPanel) runLink(st core.Strategy, script, key string) app.UI {
	sc, _ := c.Runs.Script(script)
	s := state.Settings{View: state.ViewPlay, Script: script, Strategy: st, Step: sc.Frames(), Lang: c.Lang}
	return elBody("p",
		el("a data-testid=search-run").Attr("href", hrefOf(c.Path, s)).Text(c.t(key)),
		app.Text(" "),
		elText("code.search-script data-testid=search-script", script),
	)
}

// progress is the progress bar: the lengths done of the depth asked for,
// full once the search has an answer. A search to closure has no end known
// before it comes: while it runs, the bar has no value (the browser shows
// one at work); once over, it is full at the length it reached.
func (c *searchPanel) progress(phase searchPhase, r core.SearchResult, depth int) app.UI {
	bar := el("progress#search-progress data-testid=search-progress").Aria("label", c.t("search.depth-done"))
	if c.run != nil && c.run.for_.Closure {
		if phase == searchRunning {
			return bar
		}
		depth = max(r.Depth, 1)
	}
	return bar.Attr("max", depth).Attr("value", progressOf(phase, r.Depth, depth))
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
