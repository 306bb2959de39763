package ui

import (
	"net/url"
	"slices"
	"testing"

	"dlock/core"
	"dlock/web/state"
)

// FuzzParseSettings reads arbitrary query strings: the settings are always
// valid (a known scenario and strategy, a step within the run, a known
// language and view), every bad parameter named was in the query, and the
// URL the page writes for them reads back as the same settings, with no
// complaint; and the page for them renders without a panic.
func FuzzParseSettings(f *testing.F) {
	for _, q := range []string{
		"", "step=7&fencing=off&lang=en", "scenario=heartbeat&step=13&strategy=no-ttl",
		"view=compare&vs=consensus&scenario=counter-reset", "step=99&fencing=maybe&lang=xx",
		"step=-1&scenario=nope&strategy=optimism&view=table&embed=2&vs=x", "step=%zz&&=&a=b;c",
		"scenario=two-resources&step=9&strategy=consensus-unfenced&embed=1", "step=1e3&step=2",
		"view=play&vs=consensus&script=&step=7", "view=search&goal=stuck&depth=9&strategy=no-ttl",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw)
		s, bad := state.ParseSettings(nil, q)
		sc, ok := core.ScenarioByID(s.Scenario)
		switch {
		case !ok:
			t.Fatalf("%q: scenario %q", raw, s.Scenario)
		case !s.Strategy.Valid() || (s.Versus != "" && !s.Versus.Valid()):
			t.Fatalf("%q: strategies %q %q", raw, s.Strategy, s.Versus)
		case s.Step < 1 || s.Step > sc.Frames():
			t.Fatalf("%q: step %d of %d", raw, s.Step, sc.Frames())
		case !slices.Contains(state.Langs, s.Lang) || !slices.Contains(state.Views, s.View):
			t.Fatalf("%q: lang %q view %q", raw, s.Lang, s.View)
		}
		for _, b := range bad {
			if _, present := q[b.Name]; !present {
				t.Fatalf("%q: reports %s, which it does not have", raw, b.Name)
			}
		}
		d := &Demo{s: s, notice: notices{bad: bad}}
		d.Render()
		if d.crash.caught != nil {
			t.Fatalf("%q: rendering %+v panicked: %s", raw, s, d.crash.caught.message)
		}
		back, complaints := state.ParseSettings(nil, s.Query(nil))
		if s.View != state.ViewCompare {
			s.Versus = ""
			back.Versus = ""
		}
		if back != s || len(complaints) != 0 {
			t.Fatalf("%q: %+v reads back as %+v (%v)", raw, s, back, complaints)
		}
	})
}
