//go:build !wasm

package ui

import (
	"fmt"
	"strconv"
	"strings"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The recording of a cell on real software, as the panel "On real
// software" shows it, is drawn by the server, once for each recording and
// language (RecordingHTML), and served beside the recording
// (static/web/lab): the page fetches the drawing when the reader opens
// the panel (real.go). app.wasm links none of this: it is the largest part
// of the panel, and of its words, and the same for every reader.

// RecordingHTML is the drawing of rec in l, beside the model's run of its
// cell (from runs).
func RecordingHTML(rec recording.Recording, l state.Lang, runs *state.Runs) string {
	return app.HTMLString(recordingView{Rec: rec, Lang: l, Runs: runs}.draw())
}

// recordingView draws a recording.
type recordingView struct {
	Rec  recording.Recording
	Lang state.Lang
	Runs *state.Runs
}

func (c recordingView) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

// draw is the recording: the verdicts, the services, the leases, every
// step beside the model's, and every real call; or why the cell was not
// replayed.
func (c recordingView) draw() app.UI {
	rec := &c.Rec
	if rec.Why != "" {
		return el("div.real-recording").Body(
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
	sc, _ := core.ScenarioByID(c.Rec.Scenario)
	renewal := "real.renewal.client"
	switch {
	case rec.Strategy.Lockless():
		renewal = "real.renewal.none"
	case rec.Renewal == recording.RenewedByLibrary:
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
	return elBody("div.real-recording",
		elBody("p",
			el("span data-testid=real-trace").DataSet("value", string(rec.Verdict)).DataSet("backend", rec.Backend).DataSet("database", rec.Database).
				Text(c.t("real.verdict", c.t("verdict."+string(rec.Verdict)), c.t("verdict."+string(rec.Model)))),
			app.Text(" — "),
			el("span data-testid=real-agrees").DataSet("value", agrees).Text(agreeWords),
		),
		elText("p", c.t("real.service."+rec.Backend)+" "+words.ResourceText(c.Lang, *rec, sc, c.Rec.Strategy)),
		el("p data-testid=real-renewal").DataSet("value", orNone(rec.Renewal)).Text(c.t(renewal)),
		app.If(rec.Restore != "", func() app.UI { return elText("p data-testid=real-restore", c.t("real.restore."+rec.Backend)) }),
		app.If(rec.Differs != "", func() app.UI {
			return elText("p data-testid=real-differs", words.DiffersText(c.Lang, *rec))
		}),
		app.If(sc.NonAtomic && c.Rec.Strategy.Fenced(), func() app.UI {
			return elText("p data-testid=real-isolation", c.t("real.isolation"))
		}),
		app.If(sc.NonAtomic && c.Rec.Strategy.Versioned(), func() app.UI {
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
func (c recordingView) steps(rec *recording.Recording) app.UI {
	var frames []core.Frame
	var clients []string
	if c.Runs != nil {
		if sc, ok := c.Runs.Scenario(c.Rec.Scenario); ok {
			frames, clients = c.Runs.Run(sc, c.Rec.Strategy).Frames, sc.Clients
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
					model = words.SeenText(c.Lang, recording.SeenIn(f, clients), f.Event.Kind, f.Event.Delivered)
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
func (c recordingView) lateWrites(l recording.RealLease) []lateWrite {
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
func (c recordingView) leaseEnd(l recording.RealLease) string {
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
