package ui

import (
	"slices"
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageView draws the page for one state.Settings. It only words and lays out what
// core computed.
type pageView struct {
	s    state.Settings
	sc   core.Scenario // the settings' scenario, looked up once per render
	runs *state.Runs
	link *pageLink // what the components may ask of the page
	at   place     // where the page is: links keep the site's prefix
	path string    // the page's path, for links that keep the site's prefix
	// live is false in the prerendered page: its controls cannot act until
	// the app runs, so they say they are disabled.
	live bool
	// stepping is true where the step, fencing and language controls work:
	// in the live app, and in the prerendered frames of the default view,
	// which the loader steps through before the app runs.
	stepping bool
	mode     drawing
	// playing: play is stepping the run (playback.go).
	playing bool
	// held: the parts still shown as the loader's frame drew them (mount.go).
	held map[string]string
	// quiz: predict mode's question, answer and score (quiz.go).
	quiz quizShown
	// steps collects what a step changes, as it is drawn (steps.go).
	steps *stepped
	// frames is the run of the demo view (the header's badge and the body
	// both read it), or its error.
	frames []core.Frame
	err    error
}

func newPageView(s state.Settings, runs *state.Runs, link *pageLink, at place, mode drawing) pageView {
	p := pageView{s: s, sc: s.ScenarioData(runs), runs: runs, link: link, at: at, path: at.path, live: mode.live,
		stepping: mode.live || mode.enhanced, mode: mode}
	if p.single() {
		p.frames, p.err = p.run(s.Strategy)
	}
	return p
}

// main is the page: the notices (notice) above the view the settings
// select, the embed box, the closing paragraph and the keys' help.
func (p pageView) main(notice app.UI) app.UI {
	var body app.UI
	switch p.s.View {
	case state.ViewMatrix:
		body = p.matrix()
	case state.ViewCompare:
		body = p.compare()
	case state.ViewPlay:
		body = p.play()
	case state.ViewSearch:
		body = p.search()
	case state.ViewCourse:
		body = p.course()
	default:
		body = p.demo()
	}
	mode := "page"
	if p.s.Embed {
		mode = "embed"
	}
	present := ""
	if p.s.Present {
		present = "present"
	}
	l, embed := p.s.Lang, p.s.Embed
	closing := closingKey(p.s, p.sc)
	return el("main").
		Class("dlock", "view-"+string(p.s.View), mode, present).
		DataSet("testid", "app").
		DataSet("phase", p.mode.phase(len(p.held) > 0)).
		DataSet("view", string(p.s.View)).
		DataSet("version", orNone(p.mode.build())).
		Aria("busy", !p.mode.live && !p.mode.enhanced).
		Lang(string(l)).
		Body(
			// The slots stay when what they hold goes: go-app matches
			// children by position, and a vanishing child would rebuild
			// (and unfocus) everything after it.
			notice,
			elBody("section.frame aria-labelledby=demo-title",
				p.header(),
				app.If(!embed, p.viewNav),
				p.lessonNav(),
				p.pickers(),
				body,
			),
			app.If(!embed && p.s.View != state.ViewMatrix && p.s.View != state.ViewCourse, p.embedBox),
			// Predict mode holds the moral back until the verdict is
			// predicted: it says how the run ends.
			app.If(!embed && closing != "" && !p.quiz.holds(), func() app.UI {
				return el("p.legend data-testid=closing").DataSet("value", closing).Text(closingText(l, closing))
			}),
			app.If(!embed && p.s.View != state.ViewMatrix, func() app.UI {
				key := "keys.help"
				switch {
				case p.s.View == state.ViewCompare:
					key = "keys.help.compare"
				case p.s.View == state.ViewPlay:
					key = "keys.help.play"
				case p.s.View == state.ViewSearch || p.s.View == state.ViewCourse:
					return el("p")
				}
				return elText("p.keys-help", words.T(l, key))
			}),
		)
}

// embedBox is the box that offers the snippets to embed the view. Its
// code carries the step: the code of each of its parts is a patch, which
// the box lends (embedBox.codes).
func (p pageView) embedBox() app.UI {
	// Once the box is mounted (not while it is held as the loader's frame
	// drew it). A snippet has one or two parts.
	for i := range 2 {
		if p.link.embedBox() == nil {
			break
		}
		p.steps.patch(embedCodeID(i), "", func(s state.Settings) string {
			if b := p.link.embedBox(); b != nil {
				if codes := b.codes(p.embedAt(s)); i < len(codes) {
					return codes[i]
				}
			}
			return ""
		})
	}
	return part(p.held, "embed", func() app.UI {
		return &embedBox{Embed: p.embedAt(p.s), Lang: p.s.Lang, Live: p.live, Link: p.link}
	})
}

// embedAt is what a host page needs to embed the view in settings s: its
// address, embedded, the iframe's title, and the site's embed.js.
func (p pageView) embedAt(s state.Settings) Embed {
	s.Embed = true
	return Embed{
		Src:   p.at.url(s),
		Title: words.T(p.s.Lang, "embed.iframe-title"),
		// embed.js sits beside the page, in the site's directory.
		Script: p.at.beside("embed.js"),
	}
}

// closingKey is the message id of the paragraph that closes the view: the
// book's moral for its scenario, each scenario's own point, the matrix's
// reading of the table; "" where there is none (free play, the search).
func closingKey(s state.Settings, sc core.Scenario) string {
	switch {
	case s.View == state.ViewMatrix:
		return "matrix.moral"
	case s.View == state.ViewPlay || s.View == state.ViewSearch || s.View == state.ViewCourse:
		return ""
	case sc.ID == core.GCPauseID:
		return "legend"
	}
	return "moral." + sc.ID
}

// href is a link to the page in other settings, keeping the site's prefix.
func (p pageView) href(s state.Settings) string { return hrefOf(p.path, s) }

func (p pageView) t(key string, args ...any) string { return words.T(p.s.Lang, key, args...) }

// single reports whether the page shows one run: the demo view, or free
// play without a second strategy.
func (p pageView) single() bool {
	return p.s.View == state.ViewDemo || (p.s.View == state.ViewPlay && p.s.Versus == "")
}

// play is free play: the editor, then the run written, alone or beside the
// same run under another strategy.
func (p pageView) play() app.UI {
	var run app.UI
	if p.single() {
		run = p.demo()
	} else {
		run = p.compare()
	}
	editor := &playEditor{Script: p.s.Script, Strategy: p.s.Strategy, Single: p.single(), Lang: p.s.Lang,
		Live: p.live, Runs: p.runs, Link: p.link}
	var exercise app.UI = el("section.exercise")
	if p.s.Exercise != "" {
		exercise = &exercisePanel{Exercise: p.s.Exercise, Script: p.s.Script, Strategy: p.s.Strategy, Lang: p.s.Lang, Runs: p.runs, Link: p.link}
	}
	return elBody("div.view-body", exercise, editor, run)
}

// course is the course view: one component, which keeps the progress.
func (p pageView) course() app.UI {
	return elBody("div.view-body", &coursePanel{Lang: p.s.Lang, Path: p.path, Live: p.live, Runs: p.runs, Link: p.link})
}

// search is the search view: one component, which keeps the search.
func (p pageView) search() app.UI {
	return elBody("div.view-body", &searchPanel{Strategy: p.s.Strategy, Search: p.s.Search, Lang: p.s.Lang,
		Live: p.live, Path: p.path, Runs: p.runs, Link: p.link})
}

// run is the settings' scenario replayed under st (computed once: see
// state.Runs).
func (p pageView) run(st core.Strategy) ([]core.Frame, error) {
	r := p.runs.Run(p.sc, st)
	return r.Frames, r.Err
}

func (p pageView) header() app.UI {
	other := state.English
	if p.s.Lang == state.English {
		other = state.Japanese
	}
	var runBadge app.UI
	if p.single() && p.err == nil {
		// Predict mode asks the verdict before the badge says it.
		runBadge = badge(p.steps, "badge-run", p.frames, p.quiz.on && !p.quiz.verdict)
	}
	return elBody("header.frame-head",
		elBody("div",
			elText("p.kicker", p.t("demo.kicker")),
			elText("h1#demo-title", p.title()),
		),
		elBody("div.head-end",
			runBadge,
			app.If(p.s.Present, func() app.UI {
				// The way back from the projector view, in every view (Esc
				// and P do the same).
				return el("button.btn.present-exit type=button data-testid=present-exit").
					Aria("keyshortcuts", "Escape P").
					Aria("disabled", !p.live).
					Text(p.t("present.exit")).
					OnClick(p.link.Safe("present", func(ctx app.Context, e app.Event) {
						p.link.Change(ctx, func(s state.Settings) state.Settings {
							s.Present = false
							return s
						})
					}))
			}),
			app.If(p.s.Present && p.single(), p.printSlides),
			el("button.lang-switch type=button data-testid=lang-switch").
				DataSet("value", string(p.s.Lang)).
				Lang(string(other)).
				Aria("disabled", !p.stepping).
				Text(p.t("lang.switch")).
				OnClick(p.link.Command(state.CmdToggleLang)),
		),
	)
}

// title names what the page shows: the row of one run (and its scenario,
// unless it is the chapter's), the two rows compared, or the view.
func (p pageView) title() string {
	row := func(st core.Strategy) string { return p.t("title.strategy." + string(st)) }
	var what string
	switch p.s.View {
	case state.ViewDemo:
		what = row(p.s.Strategy)
	case state.ViewCompare:
		pair := p.s.Compared(p.runs)
		what = p.t("title.versus", row(pair[0]), row(pair[1]))
	default:
		return p.t("demo.title", p.t("view."+string(p.s.View)))
	}
	if p.sc.ID == core.GCPauseID {
		return p.t("demo.title", what)
	}
	return p.t("demo.title.scenario", what, p.t(p.sc.Title))
}

// badge says how the run in frames stands at the step shown: the outcome
// so far, or, where hold (predict mode has not asked the verdict yet),
// only the step. Its class, value and words are patches a step sets
// (steps.go), of the element id.
func badge(st *stepped, id string, frames []core.Frame, hold bool) app.UI {
	value := func(s state.Settings) string {
		if hold {
			return "running"
		}
		f := frames[s.Step-1]
		return badgeValue(f, f.Step == len(frames))
	}
	e := el("span data-testid=outcome-badge")
	e = st.attr(e, id, "class", func(s state.Settings) string { return "badge badge-" + value(s) })
	e = st.attr(e, id, "data-value", value)
	return st.text(e, id, func(s state.Settings) string {
		return words.BadgeText(s.Lang, value(s), frames[s.Step-1].Step, len(frames))
	})
}

// badge is the badge of r's run (the compare view's columns).
func (r runView) badge() app.UI { return badge(r.steps, "badge-"+r.id, r.frames, false) }

// viewNav links the three views; they are navigations, so the browser's
// back button returns from the matrix to the run it came from.
func (p pageView) viewNav() app.UI {
	return el("nav.views").Aria("label", p.t("views.label")).Body(
		app.Range(state.Views).Slice(func(i int) app.UI {
			v := state.Views[i]
			a := el("a.view-link").
				DataSet("testid", "view-"+string(v)).
				Text(p.t("view." + string(v)))
			a = p.steps.attr(a, "view-"+string(v), "href", func(s state.Settings) string {
				s.View = v
				return p.href(s)
			})
			if v == p.s.View {
				a = a.Aria("current", "page")
			}
			return a
		}),
	)
}

// pickers choose the scenario and the strategy (two in the compare view).
// They are a component of their own: a step does not change them, so go-app
// leaves them as they are.
func (p pageView) pickers() app.UI {
	if p.s.View == state.ViewMatrix || p.s.View == state.ViewCourse {
		return el("div.pickers")
	}
	pair := p.s.Compared(p.runs)
	return part(p.held, "pickers", func() app.UI {
		return &pickers{Scenario: p.sc.ID, Left: pair[0], Right: pair[1], Compare: !p.single() && p.s.View != state.ViewSearch,
			NoScenario: p.s.View == state.ViewPlay || p.s.View == state.ViewSearch, Asks: p.quiz.holds(), Embed: p.s.Embed, Lang: p.s.Lang, Live: p.live, Runs: p.runs, Link: p.link}
	})
}

// pickers is the scenario and strategy pickers. Its fields are all it draws
// from; Link takes the choices.
type pickers struct {
	app.Compo
	Scenario    string
	Left, Right core.Strategy
	Compare     bool
	NoScenario  bool // free play and search have no scenario to pick
	// Asks: the description says what the scenario asks, not its story,
	// which would answer it (predict mode, before the verdict).
	Asks bool
	// Embed: the compact embed shows the description in one line, whole
	// when focused (dlock.css), so it can take focus there.
	Embed bool
	Lang  state.Lang
	Live  bool
	Runs  *state.Runs
	Link  *pageLink
}

func (c *pickers) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *pickers) Render() app.UI {
	sc, _ := c.Runs.Scenario(c.Scenario)
	scenarios := c.Runs.Scenarios()
	onScenario, onStrategy := c.Link.Safe("scenario", c.onScenario), c.onStrategy
	return elBody("div.pickers data-mount=pickers",
		app.If(!c.NoScenario, func() app.UI { return c.scenarioPicker(sc, scenarios, onScenario) }),
		c.strategyPicker("strategy-picker", "picker.strategy", c.Left, onStrategy(false)),
		app.If(c.Compare, func() app.UI {
			return c.strategyPicker("versus-picker", "picker.versus", c.Right, onStrategy(true))
		}),
		app.If(!c.NoScenario, func() app.UI {
			text, value := c.t(sc.Shows), "story"
			if c.Asks {
				text, value = c.t(sc.ID+".asks"), "asks"
			}
			shows := el("p.shows data-testid=scenario-shows").DataSet("value", value).Text(text)
			if c.Embed {
				shows = shows.Attr("tabindex", 0)
			}
			return shows
		}),
	)
}

// onScenario switches the story; the new one starts at its first step.
func (c *pickers) onScenario(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("value").String()
	if _, ok := c.Runs.Scenario(id); !ok {
		return
	}
	c.Link.Change(ctx, func(s state.Settings) state.Settings {
		s.Scenario, s.Step, s.Versus = id, 1, ""
		return s
	})
}

// onStrategy changes the left (or only) strategy, or with right the
// compare view's right one; the step is kept.
func (c *pickers) onStrategy(right bool) app.EventHandler {
	return c.Link.Safe("strategy", func(ctx app.Context, e app.Event) {
		st := core.Strategy(ctx.JSSrc().Get("value").String())
		if !st.Valid() {
			return
		}
		c.Link.Change(ctx, func(s state.Settings) state.Settings {
			if right {
				s.Versus = st
				return s
			}
			if s.View == state.ViewCompare && s.Versus == "" {
				s.Versus = s.Compared(c.Runs)[1]
			}
			s.Strategy = st
			return s
		})
	})
}

func (c *pickers) scenarioPicker(sc core.Scenario, scenarios []core.Scenario, onScenario app.EventHandler) app.UI {
	return elBody("div.picker",
		elText("label for=scenario-picker", c.t("picker.scenario")),
		el("select#scenario-picker data-testid=scenario-picker").
			DataSet("value", sc.ID).
			Attr("disabled", !c.Live).
			OnChange(onScenario).
			Body(app.Range(scenarios).Slice(func(i int) app.UI {
				o := scenarios[i]
				return option(o.ID, c.t(o.Title), o.ID == sc.ID)
			})),
	)
}

// option is a choice of a picker. Only the chosen one gets the selected
// attribute: go-app prerenders selected=false as written, and HTML reads
// any selected attribute as selected, so the page would show the last
// option chosen until the app runs.
func option(value, text string, chosen bool) app.HTMLElem {
	o := el("option").Attr("value", value).Text(text)
	if chosen {
		o = o.Attr("selected", true)
	}
	return o
}

func (c *pickers) strategyPicker(id, label string, current core.Strategy, on app.EventHandler) app.UI {
	return elBody("div.picker",
		el("label").Attr("for", id).Text(c.t(label)),
		el("select").
			ID(id).
			DataSet("testid", id).
			DataSet("value", string(current)).
			Attr("disabled", !c.Live).
			OnChange(on).
			Body(app.Range(strategies).Slice(func(i int) app.UI {
				st := strategies[i]
				return option(string(st), c.t("strategy."+string(st)), st == current)
			})),
	)
}

// demo is one run: controls, the frame, the stepper and the timeline.
func (p pageView) demo() app.UI {
	frames, err := p.frames, p.err
	if err != nil {
		return elText("p role=alert", err.Error())
	}
	f := frames[p.s.Step-1]
	r := runView{s: p.s, sc: p.sc, st: p.s.Strategy, f: f, frames: frames, id: "run", runs: p.runs, held: p.held, link: p.link, steps: p.steps,
		judges: !p.quiz.holds()}
	return part(p.held, "body", func() app.UI { return p.drawDemo(r) })
}

func (p pageView) drawDemo(r runView) app.UI {
	return elBody("div.view-body data-mount=body",
		p.toolbar(true),
		app.If(p.s.View == state.ViewDemo && !p.s.Embed, p.editLink),
		// What the run holds at this step, and what the step did: one
		// after the other on the page, side by side in the projector view.
		elBody("div.run-state", r.cards(), r.network(), r.clients()),
		elBody("div.run-step",
			r.actionLine(),
			r.noteLine(),
			p.quizPanel(),
			p.stepper(),
		),
		r.timeline(),
		app.If(p.s.View == state.ViewDemo && !p.s.Embed, func() app.UI {
			return &realPanel{Scenario: p.sc.ID, Strategy: p.s.Strategy, Lang: p.s.Lang, Path: p.path, Link: p.link, Runs: p.runs,
				Held: p.quiz.holds()}
		}),
		app.If(p.s.View == state.ViewPlay && !p.s.Embed, func() app.UI {
			sc := p.sc
			return &realPanel{Scenario: sc.ID, Strategy: p.s.Strategy, Lang: p.s.Lang, Path: p.path, Link: p.link,
				Play: &sc, Script: p.s.Script, Live: p.live}
		}),
		p.handout(p.s.Strategy),
		p.stepDock(&r),
		announcer(p.steps, []runView{r}, p.quizSays(r)),
	)
}

// compare is one scenario under two strategies with one step cursor.
func (p pageView) compare() app.UI {
	pair := p.s.Compared(p.runs)
	var runs []runView
	for i, st := range pair {
		frames, err := p.run(st)
		if err != nil {
			return elText("p role=alert", err.Error())
		}
		runs = append(runs, runView{s: p.s, sc: p.sc, st: st, f: frames[p.s.Step-1], frames: frames, id: []string{"left", "right"}[i],
			runs: p.runs, held: p.held, link: p.link, steps: p.steps, judges: true})
	}
	return part(p.held, "body", func() app.UI { return p.drawCompare(runs, pair) })
}

func (p pageView) drawCompare(runs []runView, pair [2]core.Strategy) app.UI {
	return elBody("div.view-body data-mount=body",
		p.toolbar(false),
		app.If(p.s.View == state.ViewCompare, p.editLink),
		elBody("div.compare",
			app.Range(runs).Slice(func(i int) app.UI {
				r := runs[i]
				return el("section.column").
					DataSet("testid", "compare-"+r.id).
					DataSet("value", string(r.st)).
					Aria("labelledby", "column-"+r.id).
					Body(
						elBody("div.column-head",
							el("h2").ID("column-"+r.id).Text(r.t("strategy."+string(r.st))),
							r.badge(),
						),
						r.cards(),
						r.network(),
						r.clients(),
						r.actionLine(),
						r.noteLine(),
						r.timeline(),
					)
			}),
		),
		p.stepper(),
		elBody("div.handouts", p.handout(pair[0]), p.handout(pair[1])),
		p.stepDock(nil),
		announcer(p.steps, runs, ""),
	)
}

// handout is the printed page's list of every step of the run under st,
// up to the step shown: an island a step fills.
func (p pageView) handout(st core.Strategy) app.UI {
	key := "handout-" + string(st)
	return part(p.held, key, func() app.UI {
		return p.steps.island(key, el("div.handout-slot").DataSet("mount", key), func(s state.Settings) []app.UI {
			h := &handout{Scenario: p.sc.ID, Strategy: st, Lang: s.Lang, Runs: p.runs, Upto: s.Step}
			if s.Future {
				h.Upto = 0 // the whole run
			}
			if s.View == state.ViewPlay {
				h.Scenario, h.Script = "", s.Script
			}
			return []app.UI{h}
		})
	})
}

func (p pageView) toolbar(fencingSwitch bool) app.UI {
	var sw, help app.UI
	if fencingSwitch {
		fenced := p.s.Fencing()
		what := "fencing.what"
		if !p.s.Strategy.CanFence() {
			what = "fencing.unavailable." + string(p.s.Strategy)
		}
		help = elText("p.muted.fencing-help#fencing-help data-testid=fencing-help", p.t(what))
		sw = el("button.switch type=button role=switch data-testid=fencing-switch").
			DataSet("value", state.OnOff(fenced)).
			Aria("checked", fenced).
			Aria("disabled", !p.stepping || !p.s.Can(p.runs, state.CmdToggleFencing)).
			Aria("labelledby", "fencing-label").
			Aria("describedby", "fencing-help").
			Aria("keyshortcuts", "F").
			OnClick(p.link.Command(state.CmdToggleFencing)).
			Body(
				elText("span.switch-label#fencing-label", p.t("fencing")),
				elBody("span.switch-track aria-hidden=true",
					el("span").Class("seg", segClass(fenced)).Text(p.t("fencing.on")),
					el("span").Class("seg", segClass(!fenced)).Text(p.t("fencing.off")),
				),
			)
	}
	return elBody("div.toolbar",
		sw,
		p.button("btn-advance", "primary", p.t("advance"), "", "", state.CmdNext),
		help,
	)
}

func segClass(active bool) string {
	if active {
		return "seg-active"
	}
	return "seg-idle"
}

// button is a control bound to a command; it is aria-disabled (and keeps
// focus) where the command cannot move.
func (p pageView) button(testid, class, text, label, keys string, cmd state.Command) app.HTMLElem {
	b := el("button type=button").
		Class("btn", class).
		DataSet("testid", testid).
		OnClick(p.link.Command(cmd)).
		Text(text)
	// In predict mode, at the last step, a step forward asks the verdict:
	// it can still be pressed.
	asks := (cmd == state.CmdNext || cmd == state.CmdLast) && p.quiz.pending(p.s.Step, len(p.frames))
	b = p.steps.attr(b, testid, "aria-disabled", func(s state.Settings) string {
		return strconv.FormatBool(!p.stepping || !s.Can(p.runs, cmd) && !asks)
	})
	if label != "" {
		b = b.Aria("label", label)
	}
	if keys != "" {
		b = b.Aria("keyshortcuts", keys)
	}
	return b
}

func (p pageView) stepper() app.UI {
	total := p.s.Total(p.runs)
	return el("nav.stepper").Aria("label", p.t("nav.label")).Body(
		p.button("btn-first", "", p.t("nav.first"), "", "Home", state.CmdFirst),
		p.button("btn-prev", "", "◀", p.t("nav.prev"), "ArrowLeft", state.CmdPrev),
		p.counter(el("span.counter data-testid=step-counter role=status"), "step-counter", total, true),
		p.button("btn-next", "", "▶", p.t("nav.next"), "ArrowRight", state.CmdNext),
		p.button("btn-last", "", p.t("nav.last"), "", "End", state.CmdLast),
		p.playControls(total),
	)
}

// counter is the step counter ("3 / 7") c, the element id of its
// patches: its value, its words and, labelled, its total and accessible
// name.
func (p pageView) counter(c app.HTMLElem, id string, total int, labelled bool) app.UI {
	c = p.steps.attr(c, id, "data-value", func(s state.Settings) string { return strconv.Itoa(s.Step) })
	if labelled {
		c = c.DataSet("total", total)
		c = p.steps.attr(c, id, "aria-label", func(s state.Settings) string { return words.T(s.Lang, "nav.counter", s.Step, total) })
	}
	return p.steps.text(c, id, func(s state.Settings) string { return strconv.Itoa(s.Step) + " / " + strconv.Itoa(total) })
}

// stepDock is, on a phone's narrow screen, a bar pinned to the bottom of
// the screen (the style sheet shows it there only): the step, what it did
// and its result, and the buttons that step back and on. A reader who taps
// to advance sees what changed without scrolling down to the action line.
// r is the run whose action it shows; nil in the compare view, whose two
// columns each have their own.
func (p pageView) stepDock(r *runView) app.UI {
	if p.s.Embed || p.s.Present {
		return nil
	}
	total := p.s.Total(p.runs)
	var action app.UI
	if r != nil {
		run := *r
		host := p.steps.attr(el("div"), "dock-action", "class", func(s state.Settings) string {
			kind, _ := actionParts(s.Lang, run.at(s).f, "", "")
			return "dock-action action-" + kind
		})
		action = p.steps.island("dock-action", host, func(s state.Settings) []app.UI {
			_, parts := actionParts(s.Lang, run.at(s).f, "dock-actor", "dock-result")
			return parts
		})
	}
	return el("nav.step-dock data-testid=step-dock").Aria("label", p.t("dock.label")).Body(
		p.button("dock-prev", "", "◀", p.t("nav.prev"), "", state.CmdPrev),
		p.counter(el("span.dock-counter data-testid=dock-counter"), "dock-counter", total, false),
		action,
		p.button("dock-next", "", "▶", p.t("nav.next"), "", state.CmdNext),
	)
}

// playControls are play's button, its pace, and the projector view's
// switch. Before the app runs they wait for it.
func (p pageView) playControls(total int) app.UI {
	label, value := p.t("playback.start"), "paused"
	if p.playing {
		label, value = p.t("playback.pause"), "playing"
	}
	pace := p.s.PaceOrDefault()
	return elBody("span.play-controls",
		el("button.btn.btn-play type=button data-testid=btn-play").DataSet("value", value).
			Aria("disabled", !p.live || total < 2).Aria("keyshortcuts", "Space").
			Text(label).OnClick(p.link.Play),
		elText("label.play-pace-label for=play-pace", p.t("playback.pace")),
		&paceSelect{Pace: pace, Live: p.live, Link: p.link},
		el("button.btn.btn-present type=button data-testid=btn-present").
			DataSet("value", state.OnOff(p.s.Present)).Aria("pressed", p.s.Present).Aria("disabled", !p.live).
			Aria("keyshortcuts", "P").
			Text(p.t("present")).OnClick(p.link.Safe("present", func(ctx app.Context, e app.Event) {
			p.link.Change(ctx, func(s state.Settings) state.Settings {
				s.Present = !s.Present
				return s
			})
		})),
		p.quizSwitch(),
	)
}

// paceSelect is play's pace: a component, so that a step, which leaves
// the pace as it is, neither builds nor compares its options.
type paceSelect struct {
	app.Compo
	Pace int
	Live bool
	Link *pageLink
}

func (c *paceSelect) Render() app.UI {
	return el("select#play-pace data-testid=play-pace").DataSet("value", c.Pace).Attr("disabled", !c.Live).
		OnChange(c.Link.Safe("pace", c.onPace)).Body(app.Range(state.Paces).Slice(func(i int) app.UI {
		v := state.Paces[i]
		return option(strconv.Itoa(v), state.PaceParam(v)+"×", v == c.Pace)
	}))
}

// onPace sets play's pace from the select: one of state.Paces, 1× written
// as none.
func (c *paceSelect) onPace(ctx app.Context, e app.Event) {
	pace, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil || !slices.Contains(state.Paces, pace) {
		return
	}
	c.Link.Change(ctx, func(s state.Settings) state.Settings {
		if s.Pace = pace; pace == 100 {
			s.Pace = 0
		}
		return s
	})
}

// strategies is every strategy, in the table's order.
var strategies = core.Strategies()

// announcer is the live region that tells screen readers what a step did,
// or, in predict mode, what quiz says: the question asked, or the answer's
// feedback and the step's note. Its text is a patch a step sets: a new
// region would not be heard.
func announcer(st *stepped, runs []runView, quiz string) app.UI {
	return st.text(el("div.sr-only data-testid=announcer aria-live=polite aria-atomic=true"), "announcer", func(s state.Settings) string {
		if quiz != "" {
			return quiz
		}
		text := ""
		for _, r := range runs {
			text += words.Announcement(s.Lang, s.View, r.st, r.frames, s.Step) + " "
		}
		return text
	})
}
