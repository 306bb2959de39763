//go:build !js

package e2e

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"dlock/core"
	"dlock/web/state"

	"github.com/chromedp/chromedp/kb"
)

// monkeyActions is how many random actions `make test` takes; set
// DLOCK_MONKEY_ACTIONS for a longer run and DLOCK_MONKEY_SEED for another
// sequence (a failure prints the seed and the action that broke it).
const (
	monkeyActions = 1000
	monkeySeed    = 20261130
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// garbage is what a careless link or a curious reader puts in a URL.
var garbage = []string{
	"", "0", "-1", "99", "1e9", "NaN", "%00", "%zz", "<script>", "' OR 1=1", "🔒", "step", "on", "true",
	strings.Repeat("9", 4000), strings.Repeat("x", 3000), "gc-pause%20", "lease-fencing\x00",
}

var monkeyParams = []string{"step", "fencing", "lang", "scenario", "strategy", "view", "vs", "embed", "sw", "utm_source", "script", "goal", "depth", "peek", "reads"}

// randomURL is a page address with random parameters: mostly valid ones,
// some garbage, some very long.
func randomURL(r *rand.Rand) string {
	q := url.Values{}
	scenarios, strategies := core.Scenarios(), core.Strategies()
	for _, p := range monkeyParams {
		if r.IntN(3) != 0 {
			continue
		}
		var v string
		switch {
		case r.IntN(4) == 0:
			v = garbage[r.IntN(len(garbage))]
		case p == "step":
			v = strconv.Itoa(1 + r.IntN(10))
		case p == "fencing":
			v = []string{"on", "off"}[r.IntN(2)]
		case p == "lang":
			v = []string{"ja", "en"}[r.IntN(2)]
		case p == "scenario":
			v = scenarios[r.IntN(len(scenarios))].ID
		case p == "strategy" || p == "vs":
			v = string(strategies[r.IntN(len(strategies))])
		case p == "view":
			v = string(state.Views[r.IntN(len(state.Views))])
		case p == "embed":
			v = []string{"1", "0"}[r.IntN(2)]
		case p == "sw":
			v = "off"
		case p == "script":
			v = scenarios[r.IntN(len(scenarios))].Script()
		case p == "goal":
			v = []string{"corrupted", "at-risk", "stuck"}[r.IntN(3)]
		case p == "depth":
			v = strconv.Itoa(1 + r.IntN(4)) // short searches: the monkey does not wait for long ones
		case p == "reads", p == "peek":
			v = "1"
		default:
			v = "monkey"
		}
		q.Set(p, v)
	}
	return siteURL + "?" + q.Encode()
}

var monkeyKeys = []string{kb.ArrowRight, kb.ArrowLeft, kb.Home, kb.End, "f", "F", kb.Tab, kb.Enter, " ", kb.Escape, "x", kb.ArrowDown, kb.ArrowUp}

// TestMonkey takes random actions a reader (or a cat on the keyboard)
// might: keys, clicks on every kind of control, pickers, languages, views,
// back and forward, resizes down to 320 px, and URLs with garbage. Every 100
// actions it checks that nothing was thrown or logged as an error, that the
// app is live, and that the page shows what core computes for the URL it
// shows.
func TestMonkey(t *testing.T) {
	t.Parallel()
	seed := uint64(envInt("DLOCK_MONKEY_SEED", monkeySeed))
	n := envInt("DLOCK_MONKEY_ACTIONS", monkeyActions)
	r := rand.New(rand.NewPCG(seed, 1))
	// A person needs far longer; the tab gets 0.3 s an action: a guard
	// against a page that hangs, not a measure of speed (a loaded machine
	// takes 0.2 s an action, a quiet one 0.07).
	tb := newTabFor(t, tabTimeout+time.Duration(n)*300*time.Millisecond, browser)
	tb.open(siteURL)
	var recent []string // the last actions, for the failure message
	start := time.Now()
	for i := 1; i <= n; i++ {
		recent = append(recent, fmt.Sprintf("%d: %s", i, monkeyAct(tb, r)))
		if len(recent) > 100 {
			recent = recent[1:]
		}
		if i%100 == 0 || i == n {
			if err := monkeyCheck(tb); err != nil {
				t.Fatalf("seed %d, after action %d: %v\nthe actions before:\n%s", seed, i, err, strings.Join(recent, "\n"))
			}
			tb.mu.Lock()
			errs := append([]string(nil), tb.errs...)
			tb.mu.Unlock()
			if len(errs) > 0 {
				t.Fatalf("seed %d, by action %d: the page reported %v\nthe actions before:\n%s", seed, i, errs, strings.Join(recent, "\n"))
			}
		}
	}
	t.Logf("%d random actions with seed %d in %s", n, seed, time.Since(start).Round(time.Second))
}

// monkeyAct takes one random action and says what it was.
func monkeyAct(tb *tab, r *rand.Rand) string {
	switch k := r.IntN(100); {
	case k < 40:
		key := monkeyKeys[r.IntN(len(monkeyKeys))]
		tb.key(key)
		return fmt.Sprintf("key %q", key)
	case k < 72:
		// A click on any control on the page; a select gets a random one
		// of its options, as a person picking it would.
		return eval[string](tb, fmt.Sprintf(`(() => {
			const els = [...document.querySelectorAll("button, a[href], select, summary")].filter(e => e.getClientRects().length > 0);
			if (els.length === 0) return "nothing to click";
			const el = els[%d %% els.length];
			const what = (el.dataset.testid || el.tagName) + "";
			if (el.tagName === "SELECT") {
				el.value = el.options[%d %% el.options.length].value;
				el.dispatchEvent(new Event("change", {bubbles: true}));
				return "pick " + what + "=" + el.value;
			}
			el.click();
			return "click " + what;
		})()`, r.IntN(1000), r.IntN(1000)))
	case k < 80:
		// Back and forward within the app's own document: a move to another
		// document (before a reload, or off the site) is not the app's.
		dir := []string{"back", "forward"}[r.IntN(2)]
		moved := eval[bool](tb, `(() => {
			const e = navigation.entries(), i = navigation.currentEntry.index;
			const to = e[i + (`+fmt.Sprintf("%q", dir)+` === "back" ? -1 : 1)];
			if (!to || !to.sameDocument) return false;
			history.`+dir+`();
			return true;
		})()`)
		return fmt.Sprintf("history %s (moved: %v)", dir, moved)
	case k < 86:
		w := []int64{320, 480, 560, 800, 1000}[r.IntN(5)]
		tb.viewport(w, 900)
		return fmt.Sprintf("resize to %d px", w)
	case k < 89:
		// Mostly a link followed inside the app; sometimes a fresh load.
		u := randomURL(r)
		if r.IntN(5) == 0 {
			tb.open(u)
			return "load " + trimmed(u)
		}
		eval[bool](tb, fmt.Sprintf(`(goappNav(%q), true)`, u))
		return "follow " + trimmed(u)
	default:
		// A burst of steps, faster than a person.
		for range 5 {
			tb.key([]string{kb.ArrowRight, kb.ArrowLeft}[r.IntN(2)])
		}
		return "five quick steps"
	}
}

func trimmed(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// monkeyState is what the page shows, read in one go.
type monkeyState struct {
	Phase, View, Search string
	Crash               string // the crash view's message and the URL it reports
	Hooks               map[string]string
	Columns             [][3]string // compare view: strategy, holder, badge of each column
	Cells               int         // matrix view
}

const readMonkeyState = `(() => {
	const app = document.querySelector('[data-testid="app"]');
	const hooks = {};
	for (const el of document.querySelectorAll("[data-testid]")) if (!hooks[el.dataset.testid]) hooks[el.dataset.testid] = el.getAttribute("data-value") ?? "";
	const col = (side) => { const c = document.querySelector('[data-testid="compare-' + side + '"]'); if (!c) return null;
		const v = (id) => c.querySelector('[data-testid="' + id + '"]')?.getAttribute("data-value") ?? "<missing>";
		return [c.dataset.value, v("lock-holder"), v("outcome-badge")]; };
	const crash = ["crash-state", "crash-message", "crash-url"].map((id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? "").join(" | ");
	return {Phase: app?.dataset.phase ?? "", View: app?.dataset.view ?? "", Search: location.search, Hooks: hooks, Crash: crash,
		Columns: [col("left"), col("right")].filter(Boolean), Cells: document.querySelectorAll('[data-testid="matrix-cell"]').length};
})()`

// monkeyCheck compares the page with what core computes for its URL, and
// waits (up to 3 s) for a page that is still catching up.
func monkeyCheck(tb *tab) error {
	deadline := time.Now().Add(3 * time.Second)
	for {
		err := monkeyCompare(eval[monkeyState](tb, readMonkeyState))
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func monkeyCompare(got monkeyState) error {
	if got.Phase != "live" {
		return fmt.Errorf("the app is %q, not live", got.Phase)
	}
	if got.View == "crash" {
		return fmt.Errorf("URL %s: the app crashed: %s", trimmed(got.Search), got.Crash)
	}
	q, err := url.ParseQuery(strings.TrimPrefix(got.Search, "?"))
	if err != nil {
		return fmt.Errorf("the page shows an unreadable URL %q", got.Search)
	}
	s, _ := state.ParseSettings(nil, q)
	if got.View != string(s.View) {
		return fmt.Errorf("URL %s: view %q, want %q", trimmed(got.Search), got.View, s.View)
	}
	sc := s.ScenarioData(nil)
	switch s.View {
	case state.ViewSearch:
		if got.Hooks["strategy-picker"] != string(s.Strategy) || got.Hooks["search-result"] == "" {
			return fmt.Errorf("URL %s: the search view shows %q under %q", trimmed(got.Search), got.Hooks["search-result"], got.Hooks["strategy-picker"])
		}
		return nil
	case state.ViewMatrix:
		if got.Cells != len(core.Scenarios())*len(core.Strategies()) {
			return fmt.Errorf("the matrix has %d cells", got.Cells)
		}
		return nil
	case state.ViewCompare:
		pair := s.Compared(nil)
		if len(got.Columns) != 2 {
			return fmt.Errorf("the compare view has %d columns", len(got.Columns))
		}
		for i, st := range pair {
			frames, err := core.Replay(sc, st)
			if err != nil {
				return err
			}
			f := frames[s.Step-1]
			want := [2]string{string(st), holderShown(f)}
			if [2]string{got.Columns[i][0], got.Columns[i][1]} != want || !badgeFits(f, got.Columns[i][2]) {
				return fmt.Errorf("URL %s: column %d shows %v, core says %v", trimmed(got.Search), i, got.Columns[i], want)
			}
		}
	default:
		if s.View == state.ViewPlay && s.Versus != "" {
			return nil // two columns, as the compare view, checked there
		}
		frames, err := core.Replay(sc, s.Strategy)
		if err != nil {
			return err
		}
		f := frames[s.Step-1]
		want := map[string]string{
			"step-counter": strconv.Itoa(s.Step), "strategy-picker": string(s.Strategy),
			"lang-switch": string(s.Lang), "lock-holder": holderShown(f),
			"resource-data": orNone(f.Resources[0].Data),
		}
		if _, shown := got.Hooks["lock-holder"]; !shown {
			got.Hooks["lock-holder"] = "<missing>"
		}
		if !badgeFits(f, got.Hooks["outcome-badge"]) {
			return fmt.Errorf("URL %s: badge %q on a %s frame", trimmed(got.Search), got.Hooks["outcome-badge"], f.Verdict)
		}
		if s.View == state.ViewDemo {
			want["scenario-picker"] = s.Scenario
		} else if got.Hooks["play-items"] != strconv.Itoa(len(sc.Steps)) {
			return fmt.Errorf("URL %s: free play lists %s actions, the script has %d", trimmed(got.Search), got.Hooks["play-items"], len(sc.Steps))
		}
		for id, w := range want {
			if got.Hooks[id] != w {
				return fmt.Errorf("URL %s: %s = %q, core says %q", trimmed(got.Search), id, got.Hooks[id], w)
			}
		}
	}
	return nil
}

// holderShown is the lock's holder as the lock card shows it: none, or
// "<missing>" where the row has no lock service and the card shows no
// holder at all.
func holderShown(f core.Frame) string {
	if f.Lock.Lockless {
		return "<missing>"
	}
	return orNone(f.Lock.Holder)
}

// badgesOf are the badges a frame of each verdict may show: a safe run is
// running, or protected once it has ended (the page's tests write out
// whole runs' badges, step by step).
var badgesOf = map[core.Verdict][]string{
	core.Safe: {"running", "protected"}, core.AtRisk: {"at-risk"}, core.Corrupted: {"destroyed"}, core.Stuck: {"stuck"},
}

func badgeFits(f core.Frame, badge string) bool {
	if f.Verdict == core.Safe && f.Reordered {
		return badge == "reordered" // one holder's own writes out of order
	}
	return slices.Contains(badgesOf[f.Verdict], badge)
}
