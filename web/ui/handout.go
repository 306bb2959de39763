package ui

import (
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handout is what the printed page adds to the run on screen: every
// step's action and note in order, and the run's verdict. It is shown in
// print only (the print style sheet), and depends on the run alone, so
// stepping does not render it again.
type handout struct {
	app.Compo
	Scenario string // a scenario's id; "" for the script's run
	Script   string // free play's run
	Strategy core.Strategy
	Lang     state.Lang
	Runs     *state.Runs
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
	return el("section.handout data-testid=handout").DataSet("mount", "handout-"+string(c.Strategy)).Aria("labelledby", "handout-title-"+string(c.Strategy)).Body(
		el("h2").ID("handout-title-"+string(c.Strategy)).Text(t("handout.title", t("strategy."+string(c.Strategy)))),
		elBody("ol", app.Range(frames).Slice(func(i int) app.UI {
			f := frames[i]
			return el("li data-testid=handout-step").DataSet("step", f.Step).Body(
				elText("span.handout-action", "t="+strconv.Itoa(f.Clock)+" "+words.ActionText(c.Lang, f)),
				app.Text(" — "+words.Note(c.Lang, frames, f.Step)),
			)
		})),
		elText("p data-testid=handout-verdict", t("handout.verdict", t("verdict."+string(core.VerdictOf(frames))))),
	)
}

// listenToPrint opens the timelines' legends for printing, which a
// closed details element would leave out, and closes again those it
// opened once the page is printed.
func (d *Demo) listenToPrint() {
	win := app.Window()
	var opened []app.Value
	d.beforePrint = app.FuncOf(func(this app.Value, args []app.Value) any {
		hideTip()
		legends := win.Get("document").Call("querySelectorAll", "details.timeline-legend:not([open])")
		for i := 0; i < legends.Length(); i++ {
			el := legends.Index(i)
			el.Set("open", true)
			opened = append(opened, el)
		}
		return nil
	})
	d.afterPrint = app.FuncOf(func(this app.Value, args []app.Value) any {
		for _, el := range opened {
			el.Set("open", false)
		}
		opened = nil
		return nil
	})
	win.Call("addEventListener", "beforeprint", d.beforePrint)
	win.Call("addEventListener", "afterprint", d.afterPrint)
}
