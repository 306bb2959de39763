package ui

import (
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handout is what the printed page adds to the run on screen: each step's
// action and note in order, up to the step shown (the whole run from the
// last step, or with the whole run asked for: Settings.Future), and the
// verdict so far. It is shown in print only (the print style sheet); each
// step is a component of its own, so that stepping adds or takes away one
// and renders none of the others again.
type handout struct {
	app.Compo
	Scenario string // a scenario's id; "" for the script's run
	Script   string // free play's run
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
	Upto     int // the last step listed
}

func (c *handout) Render() app.UI {
	t := func(key string, args ...any) string { return words.T(c.Lang, key, args...) }
	sc, ok := c.Runs.Scenario(c.Scenario)
	if c.Scenario == "" || !ok {
		var err error
		if sc, err = c.Runs.Script(c.Script); err != nil {
			return el("section.handout")
		}
	}
	run := c.Runs.Run(sc, c.Strategy)
	if run.Err != nil {
		return el("section.handout")
	}
	frames := run.Frames
	upto := min(max(c.Upto, 1), len(frames))
	if c.Upto == 0 {
		upto = len(frames)
	}
	title, verdict := t("handout.title", t("strategy."+string(c.Strategy))), t("handout.verdict", t("verdict."+string(frames[upto-1].Verdict)))
	if upto < len(frames) {
		title = t("handout.title.upto", upto, t("strategy."+string(c.Strategy)))
		verdict = t("handout.verdict.upto", upto, t("verdict."+string(frames[upto-1].Verdict)))
	}
	steps := make([]app.UI, upto)
	for i := range steps {
		steps[i] = &handoutStep{Scenario: sc.ID, Strategy: c.Strategy, Lang: c.Lang, Runs: c.Runs, Step: i + 1}
	}
	return el("section.handout data-testid=handout").DataSet("value", upto).
		Aria("labelledby", "handout-title-"+string(c.Strategy)).Body(
		el("h2").ID("handout-title-"+string(c.Strategy)).Text(title),
		elBody("ol", steps...),
		elText("p data-testid=handout-verdict", verdict),
	)
}

// handoutStep is one step of the handout: its time, its action and its
// note.
type handoutStep struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
	Step     int
}

func (c *handoutStep) Render() app.UI {
	sc, _ := c.Runs.Scenario(c.Scenario)
	run := c.Runs.Run(sc, c.Strategy)
	if run.Err != nil || c.Step < 1 || c.Step > len(run.Frames) {
		return el("li")
	}
	f := run.Frames[c.Step-1]
	return el("li data-testid=handout-step").DataSet("step", f.Step).Body(
		elText("span.handout-action", "t="+strconv.Itoa(f.Clock)+" "+words.ActionText(c.Lang, f)),
		app.Text(" — "+words.Note(c.Lang, run.Frames, f.Step)),
	)
}

// printHandlers open the timelines' legends for printing (before), which
// a closed details element would leave out, and close again those they
// opened once the page is printed (after). The page adds them at the
// window (listeners.go).
func printHandlers() (before, after app.Func) {
	win := app.Window()
	var opened []app.Value
	before = app.FuncOf(func(this app.Value, args []app.Value) any {
		hideTip()
		legends := win.Get("document").Call("querySelectorAll", "details.timeline-legend:not([open])")
		for i := 0; i < legends.Length(); i++ {
			el := legends.Index(i)
			el.Set("open", true)
			opened = append(opened, el)
		}
		return nil
	})
	after = app.FuncOf(func(this app.Value, args []app.Value) any {
		for _, el := range opened {
			el.Set("open", false)
		}
		opened = nil
		return nil
	})
	return before, after
}
