package state

import (
	"net/url"
	"slices"
	"strconv"

	"dlock/core"
	"dlock/core/course"
)

// URL query parameters; their names are part of the page's contract.
const (
	ParamStep     = "step"
	ParamFencing  = "fencing"
	ParamLang     = "lang"
	ParamScenario = "scenario"
	ParamStrategy = "strategy"
	ParamView     = "view"
	ParamVersus   = "vs"
	ParamEmbed    = "embed"
	ParamScript   = "script"   // play: the run, as a script (core.ParseScript)
	ParamGoal     = "goal"     // search: corrupted, at-risk or stuck
	ParamDepth    = "depth"    // search: the most actions a run may have
	ParamPeek     = "peek"     // search: 1 to add reads that show no token
	ParamTwo      = "two"      // search: 1 for a second resource
	ParamRenew    = "renew"    // search: 1 to add renewals
	ParamPartial  = "partial"  // search: 1 to add Redlock acquires that reach only some nodes
	ParamReply    = "reply"    // search: 1 for an A that counts its lease from the reply
	ParamPresent  = "present"  // 1: the projector view
	ParamFuture   = "future"   // 1: the timeline draws the whole run, the steps to come faded
	ParamAutoplay = "autoplay" // 1: play the run once the page is visible (not under reduced motion)
	ParamPace     = "pace"     // play's pace, as PaceParam writes it
	ParamQuiz     = "quiz"     // 1: predict mode, which asks before a step that decides something
	ParamExercise = "exercise" // play: an exercise the model checks the run against (course.ExerciseByID)
	ParamPrint    = "print"    // slides: printing gives the run as slides, a step a 16:9 page (the handout otherwise)
)

// The embed's look. They are read by the page's head before anything is
// drawn (web/server/site.go), not by the app: a frame looks the same in
// every theme and size, so the loader's frames serve them all. The page
// does not own them (they are not in PageParams): every address it writes
// keeps them as they were.
const (
	// ParamTheme is the page's palette: light, dark, or auto (the
	// default), which follows the embedding page when it says (embed.js)
	// and the reader's system otherwise.
	ParamTheme = "theme"
	// ParamControls is the embed's size: full (the default), or min, the
	// compact embed (the cards, the beliefs, the step and its note, the
	// fencing switch and the step controls).
	ParamControls = "controls"
)

// Themes and ControlSizes are the values ParamTheme and ParamControls take.
var (
	Themes       = []string{"auto", "light", "dark"}
	ControlSizes = []string{"full", "min"}
)

// PageParams are the parameters the page owns: Query writes them afresh
// and keeps every other one. The loader (static/loader) is given the list.
var PageParams = []string{ParamScenario, ParamStrategy, ParamFencing, ParamVersus, ParamView, ParamEmbed,
	ParamScript, ParamGoal, ParamDepth, ParamPeek, paramReads, ParamTwo, ParamRenew, ParamPartial, ParamReply,
	ParamPresent, ParamFuture, ParamAutoplay, ParamPace, ParamQuiz, ParamExercise, ParamPrint, ParamStep, ParamLang}

// paces are play's paces, in the order the page offers them: each in
// percent of one step per PlayInterval, and as the address writes it. The
// address, its reading and the pace's control all take them from here.
var paces = []struct {
	percent int
	param   string
}{{50, "0.5"}, {DefaultPace, "1"}, {200, "2"}}

// DefaultPace is 1×, the pace a Settings.Pace of 0 stands for and the
// address leaves out.
const DefaultPace = 100

// Paces are play's paces, in percent, in the order the page offers them.
var Paces = func() []int {
	out := make([]int, len(paces))
	for i, p := range paces {
		out[i] = p.percent
	}
	return out
}()

// PlayInterval is the time between two steps at 1× (DefaultPace), in ms.
const PlayInterval = 1500

// PaceParam writes a pace as the address does; one that is not one of
// Paces as the default.
func PaceParam(pace int) string {
	for _, p := range paces {
		if p.percent == pace {
			return p.param
		}
	}
	return PaceParam(DefaultPace)
}

// paceNamed is the pace the address writes as param, if any.
func paceNamed(param string) (pace int, ok bool) {
	for _, p := range paces {
		if p.param == param {
			return p.percent, true
		}
	}
	return 0, false
}

// paramReads was the search's "new holders show their token first", an
// acquire fused with a read that no real lock offers. Links that still
// carry it open the search without it, and the page drops it.
const paramReads = "reads"

// View is one of the page's views.
type View string

// Views.
const (
	// ViewDemo steps through one run.
	ViewDemo View = "demo"
	// ViewCompare steps through one scenario under two strategies side by
	// side, with one step cursor.
	ViewCompare View = "compare"
	// ViewMatrix is the chapter's comparison table, computed by replaying
	// every scenario under every strategy.
	ViewMatrix View = "matrix"
	// ViewPlay steps through a run the reader writes (Settings.Script),
	// under one strategy or, with Versus, two side by side.
	ViewPlay View = "play"
	// ViewSearch looks for the shortest run that breaks a strategy.
	ViewSearch View = "search"
	// ViewCourse is the chapter's argument as an ordered path of lessons:
	// every scenario in the chapter's order, then the matrix.
	ViewCourse View = "course"
)

// Views lists the views in the order the page offers them.
var Views = []View{ViewDemo, ViewCompare, ViewMatrix, ViewPlay, ViewSearch, ViewCourse}

// DefaultDepth is the search depth the page starts with: the largest whose
// search of every state finishes within about two seconds in the browser
// (make bench measures states per second).
const DefaultDepth = 6

// MaxDepth is the deepest search the page offers.
const MaxDepth = 8

// AnyDepth is the depth a search to closure is asked for by (depth=any):
// runs of any length, until no state is left.
const AnyDepth = "any"

// Search is what the search view looks for.
type Search struct {
	// Goal is the verdict looked for: "" for core.Corrupted, core.AtRisk
	// or core.Stuck.
	Goal    core.Verdict
	Depth   int  // the most actions a run may have; 0 for DefaultDepth
	Closure bool // no most: until no state is left (Depth is then 0)
	Peek    bool // reads that show no token, besides those that do
	Two     bool // a second resource
	Renew   bool // renewals, delivered at once or held
	Partial bool // under Redlock, acquires that reach only nodes 1–3 or 3–5
	Reply   bool // A counts its lease from the reply
}

// Options are the search's options for strategy st. A search to closure
// bounds the messages held up at once (core.DefaultMaxHeld), as the model
// does not.
func (se Search) Options(st core.Strategy) core.SearchOptions {
	o := core.SearchOptions{Strategy: st, MaxDepth: se.DepthOrDefault(), Goal: se.GoalOrDefault(),
		Peek: se.Peek, TwoResources: se.Two, Renew: se.Renew, Partial: se.Partial, FromReply: se.Reply}
	if se.Closure {
		o.Closure, o.MaxDepth, o.MaxHeld = true, 0, core.DefaultMaxHeld
	}
	return o
}

// GoalOrDefault is the verdict the search looks for.
func (se Search) GoalOrDefault() core.Verdict {
	if se.Goal == "" {
		return core.Corrupted
	}
	return se.Goal
}

// Settings is the whole state of the page. The screen is a function of it,
// and the URL query carries it, so a link reproduces what its sender saw.
type Settings struct {
	Scenario string        // a core scenario id
	Strategy core.Strategy // the run shown (the left column when comparing)
	Versus   core.Strategy // the right column when comparing; "" for the scenario's contrast
	Step     int           // 1-based frame number
	Lang     Lang
	View     View
	// Embed shows only the demo, for an iframe in someone else's page: no
	// links to other views, no closing text, a transparent background, and
	// the height posted to the parent.
	Embed bool
	// Script is the run of the play view, as a script.
	Script string
	// Search is what the search view looks for.
	Search Search
	// Present is the projector view: the run alone, its text large.
	Present bool
	// Future draws the whole run on the timeline, the steps still to come
	// faded, for a teacher reviewing it; otherwise the timeline draws only
	// what has happened up to the step shown.
	Future bool
	// Autoplay plays the run once the page is visible, unless the reader
	// prefers reduced motion.
	Autoplay bool
	// Pace is play's pace, one of Paces; 0 for DefaultPace (1×).
	Pace int
	// Quiz is predict mode: before a step that decides something, the
	// page asks what it will decide (course.QuestionAt) and shows the step
	// once answered. It keeps the steps to come off the timeline: with it,
	// Future is off.
	Quiz bool
	// Exercise is, in free play, the exercise the model judges the run
	// against (course.ExerciseByID); "" for none.
	Exercise string
	// Slides: printing the page gives the run as slides, one step a 16:9
	// page, as large as the projector view draws it (print=slides);
	// otherwise the handout.
	Slides bool
}

// PrintSlides is the value of ParamPrint that prints slides.
const PrintSlides = "slides"

// PaceOrDefault is the pace play steps at, in percent.
func (s Settings) PaceOrDefault() int {
	if s.Pace == 0 {
		return DefaultPace
	}
	return s.Pace
}

// Defaults is the view of a URL without parameters: the first step of the
// chapter's scenario, fenced, in Japanese.
func Defaults() Settings {
	return Settings{Scenario: core.GCPauseID, Strategy: BookStrategy, Step: 1, Lang: Japanese, View: ViewDemo}
}

// BookStrategy is the chapter's row, the page's default: a lease, and
// tokens the resource checks.
const BookStrategy = core.LeaseFencing

// BookRow is the chapter's row with fencing on or off (its twin that
// differs only in the check, Strategy.WithFencing): the rows the address
// names by fencing=on|off alone, and the demo's switch.
func BookRow(fenced bool) core.Strategy { return BookStrategy.WithFencing(fenced) }

// IsBookRow reports whether st is the chapter's row, fenced or not.
func IsBookRow(st core.Strategy) bool { return st == BookRow(st.Fenced()) }

// Fencing reports whether the run shown's resource checks each write: the
// fencing switch. It checks tokens, or, without a lock service, a version,
// which is fencing at the resource too (the chapter: the version column of
// an optimistic lock is the resource's fencing itself).
func (s Settings) Fencing() bool { return s.Strategy.Checks() }

// ScenarioData returns the scenario the settings name: in the play view,
// the script's run; otherwise the named scenario (the default if the name
// is unknown, which ParseSettings never lets through).
func (s Settings) ScenarioData(c *Runs) core.Scenario {
	if s.View == ViewPlay {
		if sc, err := c.Script(s.Script); err == nil {
			return sc
		}
		sc, _ := c.Script("")
		return sc
	}
	if sc, ok := c.Scenario(s.Scenario); ok {
		return sc
	}
	return c.Scenarios()[0]
}

// Total is the number of frames of the scenario.
func (s Settings) Total(c *Runs) int { return s.ScenarioData(c).Frames() }

// Compared returns the two strategies of the compare view.
func (s Settings) Compared(c *Runs) [2]core.Strategy {
	vs := s.Versus
	if vs == "" {
		vs = s.ScenarioData(c).Versus(s.Strategy)
	}
	return [2]core.Strategy{s.Strategy, vs}
}

// BadParam is a query parameter whose value could not be used.
type BadParam struct {
	Name  string
	Value string
}

// ParseSettings reads the page's parameters from q. Every parameter that is
// present but invalid keeps its default and is reported, in the order
// they are read: scenario, strategy, fencing, vs, view, script, exercise, the
// search's, step, embed, present, future, autoplay, quiz, print, pace,
// lang, theme, controls. quiz=1 turns future off (Settings.Quiz). strategy wins over its shorthand fencing (on: lease-fencing,
// off: lease). The step is checked against the scenario's length. theme
// and controls are only checked (see ParamTheme). Other parameters are
// ignored.
func ParseSettings(c *Runs, q url.Values) (Settings, []BadParam) {
	s := Defaults()
	var bad []BadParam
	if v, ok := first(q, ParamScenario); ok {
		if _, known := c.Scenario(v); known {
			s.Scenario = v
		} else {
			bad = append(bad, BadParam{ParamScenario, v})
		}
	}
	strategySet := false
	if v, ok := first(q, ParamStrategy); ok {
		if st := core.Strategy(v); st.Valid() {
			s.Strategy, strategySet = st, true
		} else {
			bad = append(bad, BadParam{ParamStrategy, v})
		}
	}
	if v, ok := first(q, ParamFencing); ok {
		switch v {
		case "on", "off":
			if !strategySet {
				s.Strategy = BookRow(v == "on")
			}
		default:
			bad = append(bad, BadParam{ParamFencing, v})
		}
	}
	if v, ok := first(q, ParamVersus); ok {
		if st := core.Strategy(v); st.Valid() {
			s.Versus = st
		} else {
			bad = append(bad, BadParam{ParamVersus, v})
		}
	}
	if v, ok := first(q, ParamView); ok {
		switch view := View(v); view {
		case ViewDemo, ViewCompare, ViewMatrix, ViewPlay, ViewSearch, ViewCourse:
			s.View = view
		default:
			bad = append(bad, BadParam{ParamView, v})
		}
	}
	if v, ok := first(q, ParamScript); ok && s.View == ViewPlay {
		if _, err := c.Script(v); err == nil {
			s.Script = v
		} else {
			bad = append(bad, BadParam{ParamScript, v})
		}
	}
	if v, ok := first(q, ParamExercise); ok && s.View == ViewPlay {
		if _, known := course.ExerciseByID(v); known {
			s.Exercise = v
		} else {
			bad = append(bad, BadParam{ParamExercise, v})
		}
	}
	if s.View == ViewSearch {
		bad = append(bad, parseSearch(q, &s.Search)...)
	}
	if v, ok := first(q, ParamStep); ok {
		n, err := decimal(v)
		if err != nil || n < 1 || n > s.Total(c) {
			bad = append(bad, BadParam{ParamStep, v})
		} else {
			s.Step = n
		}
	}
	for _, sw := range []struct {
		name string
		on   *bool
	}{{ParamEmbed, &s.Embed}, {ParamPresent, &s.Present}, {ParamFuture, &s.Future}, {ParamAutoplay, &s.Autoplay}, {ParamQuiz, &s.Quiz}} {
		if v, ok := first(q, sw.name); ok {
			switch v {
			case "1", "true":
				*sw.on = true
			case "0", "false":
			default:
				bad = append(bad, BadParam{sw.name, v})
			}
		}
	}
	if s.Quiz {
		s.Future = false
	}
	if v, ok := first(q, ParamPrint); ok {
		if v == PrintSlides {
			s.Slides = true
		} else {
			bad = append(bad, BadParam{ParamPrint, v})
		}
	}
	if v, ok := first(q, ParamPace); ok {
		if pace, known := paceNamed(v); !known {
			bad = append(bad, BadParam{ParamPace, v})
		} else if pace != DefaultPace {
			s.Pace = pace
		}
	}
	if v, ok := first(q, ParamLang); ok {
		switch l := Lang(v); l {
		case Japanese, English:
			s.Lang = l
		default:
			bad = append(bad, BadParam{ParamLang, v})
		}
	}
	for _, look := range []struct {
		name   string
		values []string
	}{{ParamTheme, Themes}, {ParamControls, ControlSizes}} {
		if v, ok := first(q, look.name); ok && !slices.Contains(look.values, v) {
			bad = append(bad, BadParam{look.name, v})
		}
	}
	return s, bad
}

// DepthOrDefault is the search depth asked for.
func (se Search) DepthOrDefault() int {
	if se.Depth == 0 {
		return DefaultDepth
	}
	return se.Depth
}

// parseSearch reads the search view's parameters into se.
func parseSearch(q url.Values, se *Search) []BadParam {
	var bad []BadParam
	if v, ok := first(q, ParamGoal); ok {
		switch g := core.Verdict(v); g {
		case core.Corrupted:
		case core.AtRisk, core.Stuck:
			se.Goal = g
		default:
			bad = append(bad, BadParam{ParamGoal, v})
		}
	}
	if v, ok := first(q, ParamDepth); ok {
		if n, err := decimal(v); v == AnyDepth || err == nil && n >= 1 && n <= MaxDepth {
			se.Depth, se.Closure = n, v == AnyDepth
		} else {
			bad = append(bad, BadParam{ParamDepth, v})
		}
	}
	for _, p := range []struct {
		name string
		to   *bool
	}{{ParamPeek, &se.Peek}, {ParamTwo, &se.Two}, {ParamRenew, &se.Renew}, {ParamPartial, &se.Partial}, {ParamReply, &se.Reply}} {
		if v, ok := first(q, p.name); ok {
			switch v {
			case "1":
				*p.to = true
			case "0":
			default:
				bad = append(bad, BadParam{p.name, v})
			}
		}
	}
	return bad
}

// decimal reads a number as the page writes it: digits, no sign, no
// leading zero. "02" and "+2" are refused like any other value the page
// would not write, so that the loader (static/loader), which knows only
// the spellings Go gives it, reads every address as the app does.
func decimal(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err == nil && strconv.Itoa(n) != v {
		err = strconv.ErrSyntax
	}
	return n, err
}

func first(q url.Values, name string) (string, bool) {
	vs, ok := q[name]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// Query returns q with s's parameters set and the page's parameters that s
// does not need removed; other parameters are kept. The two strategies of
// the book's switch are written as fencing=on|off, as the book's demo did;
// the others as strategy=. Defaults other than step, lang and fencing are
// left out, so the book's URLs stay as they were. q is not modified.
func (s Settings) Query(q url.Values) url.Values {
	out := make(url.Values, len(q)+4)
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	for _, p := range PageParams {
		out.Del(p)
	}
	d := Defaults()
	if s.Scenario != d.Scenario && s.View != ViewPlay {
		out.Set(ParamScenario, s.Scenario)
	}
	if s.View == ViewPlay {
		out.Set(ParamScript, s.Script)
		if s.Exercise != "" {
			out.Set(ParamExercise, s.Exercise)
		}
	}
	if s.View == ViewSearch {
		if s.Search.Goal != "" {
			out.Set(ParamGoal, string(s.Search.Goal))
		}
		switch {
		case s.Search.Closure:
			out.Set(ParamDepth, AnyDepth)
		case s.Search.Depth != 0 && s.Search.Depth != DefaultDepth:
			out.Set(ParamDepth, strconv.Itoa(s.Search.Depth))
		}
		if s.Search.Peek {
			out.Set(ParamPeek, "1")
		}
		for _, p := range []struct {
			name string
			on   bool
		}{{ParamTwo, s.Search.Two}, {ParamRenew, s.Search.Renew}, {ParamPartial, s.Search.Partial}, {ParamReply, s.Search.Reply}} {
			if p.on {
				out.Set(p.name, "1")
			}
		}
	}
	if IsBookRow(s.Strategy) {
		out.Set(ParamFencing, OnOff(s.Strategy.Fenced()))
	} else {
		out.Set(ParamStrategy, string(s.Strategy))
	}
	if s.View != d.View {
		out.Set(ParamView, string(s.View))
	}
	if (s.View == ViewCompare || s.View == ViewPlay) && s.Versus != "" {
		out.Set(ParamVersus, string(s.Versus))
	}
	if s.Embed {
		out.Set(ParamEmbed, "1")
	}
	if s.Present {
		out.Set(ParamPresent, "1")
	}
	if s.Future {
		out.Set(ParamFuture, "1")
	}
	if s.Autoplay {
		out.Set(ParamAutoplay, "1")
	}
	if s.Pace != 0 && s.Pace != DefaultPace {
		out.Set(ParamPace, PaceParam(s.Pace))
	}
	if s.Quiz {
		out.Set(ParamQuiz, "1")
	}
	if s.Slides {
		out.Set(ParamPrint, PrintSlides)
	}
	out.Set(ParamStep, strconv.Itoa(s.Step))
	out.Set(ParamLang, string(s.Lang))
	return out
}

// OnOff is how the address writes a switch (fencing=on|off).
func OnOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
