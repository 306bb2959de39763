package ui

import (
	"encoding/json"

	"dlock/core"
	"dlock/core/course"
	"dlock/core/recording"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// matrix is the chapter's comparison table, computed: every scenario
// replayed under every strategy, each cell a link to that run.
func (p pageView) matrix() app.UI {
	return part(p.held, "body", p.drawMatrix)
}

func (p pageView) drawMatrix() app.UI {
	return elBody("div.view-body data-mount=body",
		elText("p.shows", p.t("matrix.intro")),
		elText("p.shows data-testid=matrix-purpose", p.t("matrix.purpose")),
		&matrixTable{Lang: p.s.Lang, Path: p.path, Runs: p.runs, Held: p.held},
		elText("p.matrix-legend", p.t("matrix.legend")),
		p.proofNote(),
		elText("p.matrix-legend data-testid=real-legend", p.t("real.legend")),
		elText("h2.rows-title#rows-title", p.t("matrix.rows")),
		elBody("dl.rows aria-labelledby=rows-title", app.Range(strategies).Slice(func(i int) app.UI {
			st := strategies[i]
			return elBody("div.dl-row",
				elText("dt", p.t("strategy."+string(st))),
				elText("dd", p.t("strategy."+string(st)+".about")),
			)
		})),
		elText("p.matrix-legend data-testid=simplifies", p.t("matrix.simplifies")),
	)
}

// proofNote says what the search proves of the columns for runs of any
// length, beyond the table's stories, and links to each proof: the search
// view, searching that column to closure.
func (p pageView) proofNote() app.UI {
	proof := func(st core.Strategy) app.UI {
		s := state.Defaults()
		s.View, s.Strategy, s.Lang, s.Search = state.ViewSearch, st, p.s.Lang, state.Search{Closure: true}
		return el("a.proof-link").DataSet("testid", "matrix-proof-link").DataSet("strategy", string(st)).
			Attr("href", hrefOf(p.path, s)).Text(p.t("strategy." + string(st)))
	}
	return elBody("p.matrix-legend data-testid=matrix-proof",
		app.Text(p.t("matrix.proof", core.DefaultMaxHeld)+" "),
		proof(core.Consensus), app.Text(p.t("matrix.proof.and")), proof(core.Optimistic), app.Text(p.t("matrix.proof.end")),
	)
}

// matrixTable is the table itself. It marks each cell whose real replay
// (make lab) agrees with the model, from the lab's index: the server's
// frames read it from Runs.Recordings, the browser fetches it once
// mounted. A cell not replayed has no mark.
type matrixTable struct {
	app.Compo
	Lang state.Lang
	Path string
	Runs *state.Runs
	// Held: the rows still as the loader's frame drew them (mount.go); a
	// copy per render, so that a row let go is a change of field.
	Held map[string]string
}

func (c *matrixTable) OnMount(ctx app.Context) {
	if c.Runs.Recordings() != nil {
		return
	}
	fetchText(ctx, labFile(c.Path, "index.json"), func(text string, err error) {
		var all []recording.Recording
		if err != nil || json.Unmarshal([]byte(text), &all) != nil {
			all = nil // the table stands without the marks
		}
		// Kept for the page's life, also when there are none: the rows
		// held while the app mounts wait for this (Demo.partReady).
		c.Runs.SetRecordings(all)
	})
}

func (c *matrixTable) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *matrixTable) Render() app.UI {
	scenarios := c.Runs.Scenarios()
	real := c.Runs.Recordings()
	return el("div.matrix-scroll data-testid=matrix").
		TabIndex(0).
		Role("region").
		Aria("labelledby", "matrix-caption").
		Body(
			elBody("table.matrix",
				elText("caption#matrix-caption", c.t("matrix.caption")),
				elBody("thead", elBody("tr",
					elText("th scope=col", c.t("matrix.corner")),
					app.Range(strategies).Slice(func(i int) app.UI {
						st := strategies[i]
						name := c.t("strategy." + string(st))
						// The projector shows the short name, for the eye
						// only: the full one stays in the page, read out.
						return el("th scope=col").Title(name).Body(
							elText("span.strategy-name", name),
							elText("span.strategy-short aria-hidden=true", c.t("strategy."+string(st)+".short")),
							elText("span.strategy-about", designText(c.Lang, st.Design())),
						)
					}),
				)),
				elBody("tbody", app.Range(scenarios).Slice(func(i int) app.UI {
					sc := scenarios[i]
					key := "matrix-" + sc.ID
					return part(c.Held, key, func() app.UI {
						return el("tr").DataSet("mount", key).Body(
							elText("th scope=row", c.t(sc.Title)),
							app.Range(strategies).Slice(func(j int) app.UI {
								return c.cell(sc, strategies[j], real[sc.ID+"."+string(strategies[j])])
							}),
						)
					})
				})),
			),
		)
}

// designText names a row's three choices: lease, lock service, resource.
func designText(l state.Lang, d core.Design) string {
	return words.T(l, "design.lease."+string(d.Lease)) + " · " + words.T(l, "design.service."+string(d.Service)) + " · " + words.T(l, "design.check."+string(d.Check))
}

// cell is the verdict of sc under st, a link to that run, with its notes
// and, where the lab replayed it, whether real software agreed.
func (c *matrixTable) cell(sc core.Scenario, st core.Strategy, real recording.Recording) app.UI {
	r := c.Runs.Run(sc, st)
	if r.Err != nil {
		return elText("td role=alert", r.Err.Error())
	}
	last := r.Frames[len(r.Frames)-1]
	v, harm := last.Verdict, last.Harm
	said := c.t("verdict." + string(v))
	notes := words.CellNotes(c.Lang, r.Frames)
	label := said
	var how app.UI
	if harm != "" {
		label = c.t("matrix.harm", said, c.t("harm."+string(harm)))
		// The visible words are the accessible name's start, as written.
		how = elText("span.verdict-harm", c.t("matrix.harm.part", c.t("harm."+string(harm))))
	}
	// The run opens where its verdict is decided.
	run := state.Settings{Scenario: sc.ID, Strategy: st, Step: course.DecidedAt(r.Frames), Lang: c.Lang, View: state.ViewDemo}
	return el("td").
		Class("verdict", "verdict-"+string(v)).
		DataSet("testid", "matrix-cell").
		DataSet("scenario", sc.ID).
		DataSet("strategy", string(st)).
		DataSet("value", string(v)).
		DataSet("harm", orNone(string(harm))).
		Body(el("a").
			Attr("href", hrefOf(c.Path, run)).
			Aria("label", c.t("matrix.cell", label, c.t(sc.Title), c.t("strategy."+string(st)))).
			Body(elText("span.verdict-words", said), elText("span.verdict-go aria-hidden=true", " ›"), how),
			app.Range(notes).Slice(func(i int) app.UI {
				return el("span.cell-note data-testid=cell-note").Title(notes[i]).Text(notes[i])
			}),
			app.If(real.Scenario != "" && real.Why == "", func() app.UI {
				mark, value := c.t("real.mark"), "agrees"
				switch {
				case real.FirstDiffers != 0:
					mark, value = c.t("real.mark.step", real.FirstDiffers), "disagrees"
				case !real.Agrees():
					mark, value = c.t("real.mark.no", c.t("verdict."+string(real.Verdict))), "disagrees"
				}
				return el("span.real-mark data-testid=real-mark").DataSet("value", value).Text(mark)
			}),
		)
}
