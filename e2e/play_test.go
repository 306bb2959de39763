//go:build !js

package e2e

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"dlock/core"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// addAction writes one action with free play's editor, as a reader does:
// client, action, argument, then Enter in the argument's field or a click
// on "add"; it waits for the run to grow.
func addAction(tb *tab, client, verb, arg string, enter bool) {
	tb.t.Helper()
	before := tb.hook("play-items")
	tb.pick("play-client", client)
	tb.pick("play-verb", verb)
	// The argument is typed with real key presses into the field as the
	// page left it: after an addition it must be empty, or the keys append
	// to the last value.
	tb.click("play-arg")
	if arg != "" {
		tb.key(arg)
	}
	if got := eval[string](tb, `document.querySelector('[data-testid="play-arg"]').value`); got != arg {
		tb.t.Fatalf("typing %q into the argument field gives %q", arg, got)
	}
	if enter {
		tb.key(kb.Enter)
	} else {
		tb.click("play-add")
	}
	n, _ := strconv.Atoi(before)
	tb.waitHook("play-items", strconv.Itoa(n+1))
}

// The book's run, written action by action, gives the book's seven frames.
func TestWriteTheBooksRunActionByAction(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=play&lang=en")
	if got := eval[string](tb, `document.querySelector('[data-testid="step-counter"]').dataset.total`); got != "1" {
		t.Fatalf("an empty run has %s frames", got)
	}
	actions := [][3]string{{"A", "acquire", ""}, {"A", "write", "A-value"}, {"A", "pause", "10"}, {"B", "acquire", ""}, {"B", "write", "B-value"}, {"A", "write", "A-STALE"}}
	for i, a := range actions {
		addAction(tb, a[0], a[1], a[2], i%2 == 0)
		// The new step is shown at once.
		tb.waitHook("step-counter", strconv.Itoa(i+2))
		want := map[string]string{}
		for k, v := range bookHooks(true)[i+1] {
			want[k] = v
		}
		// The run written so far ends here: its last frame has the run's
		// verdict, where the book's frame is still on its way.
		want["outcome-badge"] = map[bool]string{true: "protected", false: want["outcome-badge"]}[want["outcome-badge"] == "running"]
		checkStep7(t, tb, want, fmt.Sprintf("after adding action %d", i+1))
	}
	tb.waitSearch("view=play&script=A:acquire,A:write:A-value,A:pause:10,B:acquire,B:write:B-value,A:write:A-STALE&fencing=on&step=7&lang=en")
	// The run reads as a numbered list: each item as written and what it did.
	items := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="play-item"]')].map(li => li.textContent)`)
	if len(items) != 6 || !strings.HasPrefix(items[0], "A:acquire Acquire → token 1") || !strings.Contains(items[5], `Write(token 1, "A-STALE")`) {
		t.Errorf("the run's items read %q", items)
	}
	if style := eval[string](tb, `getComputedStyle(document.querySelector('[data-testid="play-items"]')).listStyleType`); style != "decimal" {
		t.Errorf("the run's items are listed with %q, want numbers", style)
	}
	// Every frame, and both modes.
	tb.key(kb.Home)
	tb.waitHook("step-counter", "1")
	for i, want := range bookHooks(true) {
		if i > 0 {
			tb.key(kb.ArrowRight)
			tb.waitHook("step-counter", strconv.Itoa(i+1))
		}
		checkStep7(t, tb, want, "stepping the written run")
	}
	tb.key("f")
	tb.waitHook("fencing-switch", "off")
	checkStep7(t, tb, bookHooks(false)[6], "fencing off")
	if said := tb.text("play-status"); !strings.Contains(said, "A:write:A-STALE") {
		t.Errorf("the last addition was announced as %q", said)
	}
}

// checkStep7 is checkStep for a run of seven frames in free play.
func checkStep7(t *testing.T, tb *tab, want map[string]string, context string) {
	t.Helper()
	got := tb.hooks()
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %s = %q, want %q", context, id, got[id], w)
		}
	}
}

// Remove, undo, redo, clear: by buttons and keys.
func TestEditTheRun(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=play&lang=en&script=" + url.QueryEscape("A:acquire,A:write:x,B:acquire"))
	tb.waitHook("play-items", "3")
	eval[bool](tb, `(document.querySelectorAll('[data-testid="play-remove"]')[1].click(), true)`)
	tb.waitHook("play-items", "2")
	tb.waitSearch("view=play&script=A:acquire,B:acquire&fencing=on&step=3&lang=en")
	eval[bool](tb, `(document.activeElement.blur(), true)`)
	tb.key("z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	tb.waitHook("play-items", "3")
	tb.key("z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift))
	tb.waitHook("play-items", "2")
	tb.click("play-undo")
	tb.waitHook("play-items", "3")
	tb.click("play-clear")
	tb.waitHook("play-items", "0")
	tb.waitHook("step-counter", "1")
	tb.click("play-redo") // nothing to redo after a new edit
	tb.click("play-undo")
	tb.waitHook("play-items", "3")
	// An action the model refuses leaves the run as it was and says why:
	// a restore with no backup to restore from. (A deliver offers only
	// the messages held: TestExercisesSayTheirRowRecordSolutionsAndOfferHeldMessages.)
	addBad := func() {
		tb.pick("play-verb", "restore")
		tb.click("play-add")
	}
	addBad()
	tb.waitJS(`document.querySelector('[data-testid="play-error"]').textContent.includes("there is no backup to restore from yet")`)
	if got := tb.hook("play-items"); got != "3" {
		t.Errorf("a refused action changed the run: %s items", got)
	}
}

// "Edit this run" opens free play with the scenario's script under the
// row shown, and free play then shows what the scenario showed, step by
// step: every scenario, in one tab that a reader's clicks take from the
// one-run view to free play and back (the views' links stay in the page).
func TestEditThisRunReproducesEveryScenario(t *testing.T) {
	t.Parallel()
	keys := []string{"step-counter", "lock-holder", "lock-token", "resource-data", "resource-max-token", "resource-rejected",
		"outcome-badge", "action-actor", "action-result", "client-A-state", "client-A-token", "client-B-state", "client-B-token"}
	tb := newTabFor(t, 4*tabTimeout, browser)
	tb.open(siteURL + "?lang=en")
	view := func(v string) {
		t.Helper()
		tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.view === "` + v + `"`)
	}
	for i, sc := range core.Scenarios() {
		st := core.Strategies()[i%len(core.Strategies())]
		tb.pick("scenario-picker", sc.ID)
		tb.pick("strategy-picker", string(st))
		tb.key(kb.Home)
		tb.waitHook("step-counter", "1")
		var shown []map[string]string
		for step := 1; step <= sc.Frames(); step++ {
			if step > 1 {
				tb.key(kb.ArrowRight)
				tb.waitHook("step-counter", strconv.Itoa(step))
			}
			shown = append(shown, tb.hooks())
		}
		// The link opens the run at the step shown, the last.
		tb.click("edit-run")
		view("play")
		if got := tb.hook("strategy-picker"); got != string(st) {
			t.Fatalf("%s: edit this run opens %s", sc.ID, got)
		}
		tb.waitHook("step-counter", strconv.Itoa(sc.Frames()))
		tb.key(kb.Home)
		tb.waitHook("step-counter", "1")
		for step := 1; step <= sc.Frames(); step++ {
			if step > 1 {
				tb.key(kb.ArrowRight)
				tb.waitHook("step-counter", strconv.Itoa(step))
			}
			d, p := shown[step-1], tb.hooks()
			for _, k := range keys {
				if d[k] != p[k] {
					t.Errorf("%s under %s, step %d: %s is %q in the scenario, %q in free play", sc.ID, st, step, k, d[k], p[k])
				}
			}
		}
		tb.click("view-demo")
		view("demo")
	}
}

// "Edit this run" from the compare view opens free play with both
// columns, and they show what the compare view showed, step by step.
func TestEditTheComparedRun(t *testing.T) {
	t.Parallel()
	compare, play := newTab(t), newTab(t)
	sc := mustScenario(t, "heartbeat-pause")
	compare.open(siteURL + "?lang=en&view=compare&scenario=" + sc.ID + "&strategy=lease&vs=consensus")
	href := eval[string](compare, `document.querySelector('[data-testid="edit-run"]').href`)
	play.open(href)
	columns := `(() => {
		const out = {};
		for (const side of ["left", "right"]) {
			const c = document.querySelector('[data-testid="compare-' + side + '"]');
			if (!c) return null;
			out[side] = c.dataset.value;
			for (const el of c.querySelectorAll("[data-testid]")) out[side + ":" + el.dataset.testid] = el.getAttribute("data-value") ?? "";
		}
		return out;
	})()`
	for step := 1; step <= sc.Frames(); step++ {
		if step > 1 {
			compare.key(kb.ArrowRight)
			play.key(kb.ArrowRight)
			compare.waitHook("step-counter", strconv.Itoa(step))
			play.waitHook("step-counter", strconv.Itoa(step))
		}
		c, p := eval[map[string]string](compare, columns), eval[map[string]string](play, columns)
		if p == nil {
			t.Fatalf("step %d: free play shows no two columns (view %q)", step, eval[string](play, `document.querySelector('[data-testid="app"]').dataset.view`))
		}
		if c["left"] != "lease" || c["right"] != "consensus" || len(c) < 20 {
			t.Fatalf("step %d: the compare view shows %q and %q with %d hooks", step, c["left"], c["right"], len(c))
		}
		for k, v := range c {
			if p[k] != v {
				t.Errorf("step %d: %s is %q in the compare view, %q in free play", step, k, v, p[k])
			}
		}
	}
}

// Bad scripts in the address: an empty run, and a notice naming the first
// bad item and why; the editor still works.
func TestBadScriptsGiveANotice(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"A:acquire,A:teleport": `item 2 ("A:teleport"): an unknown action`,
		"a:acquire":            `item 1 ("a:acquire"): a client is one capital letter`,
		"A:pause:-3":           `item 1 ("A:pause:-3"): ticks are a whole number from 0 up`,
		"A:acquire,deliver:m9": `action 2: no such message is held up`,
		strings.Repeat("A:check,", 9999) + "A:check": `item 201 ("A:check"): at most 200 actions`,

		// Read, but not run: a second failover.
		"A:acquire,failover,failover": `action 3: the service has already failed over, and no replica is left (once a run)`,
	}
	for script, why := range cases {
		tb := newTab(t)
		tb.open(siteURL + "?view=play&lang=en&script=" + url.QueryEscape(script))
		if got := tb.hook("url-notice"); got != "script" {
			t.Errorf("%.40q: url-notice %q", script, got)
		}
		if text := tb.text("url-notice"); !strings.Contains(text, why) {
			t.Errorf("%.40q: the notice says %q, want %q", script, text, why)
		}
		if got := tb.hook("play-items"); got != "0" {
			t.Errorf("%.40q: the run kept %s items", script, got)
		}
		addAction(tb, "A", "acquire", "", false)
		tb.waitHook("lock-holder", "A")
	}
}

// A search under a lease finds a run; opened from its link, it ends with
// the data destroyed.
func TestSearchUnderALeaseFindsARunThatDestroys(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=search&strategy=lease&lang=en")
	// Opening the view starts nothing; the reader starts it.
	if got := tb.hook("search-result"); got != "idle" {
		t.Errorf("the search is %s before it was started", got)
	}
	tb.click("search-start")
	tb.waitHook("search-result", "found")
	if got := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.depth`); got != "5" {
		t.Errorf("found at length %s, want 5", got)
	}
	if got := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.harm`); got != "overwrite" {
		t.Errorf("the run found is a %q, want an overwrite", got)
	}
	if text := tb.text("search-result"); !strings.Contains(text, "How: an overwrite.") {
		t.Errorf("the result says %q, want how the run broke", text)
	}
	// Answered at length 5 of 6: the bar shows the search done, not stuck.
	if got := eval[string](tb, `(() => { const p = document.querySelector('[data-testid="search-progress"]'); return p.value + "/" + p.max; })()`); got != "6/6" {
		t.Errorf("the progress bar shows %s after the answer", got)
	}
	href := eval[string](tb, `document.querySelector('[data-testid="search-run"]').href`)
	u, _ := url.Parse(href)
	if q := u.Query(); q.Get("view") != "play" || q.Get("fencing") != "off" || q.Get("script") == "" {
		t.Errorf("the link to the run is %s", href)
	}
	tb.click("search-run")
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.view === "play"`)
	tb.key(kb.End)
	tb.waitHook("outcome-badge", "destroyed")
}

// Consensus with fencing, where every read shows the token: no run up to
// the page's depth corrupts it. Ticking "peek" (a real click) adds
// tokenless reads, and the search finds the lost update in 6 actions.
func TestSearchUnderConsensusFindsNoneAndWithPeeksTheLostUpdate(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=search&strategy=consensus&lang=en")
	tb.click("search-start")
	tb.waitJS(`document.querySelector('[data-testid="search-result"]')?.dataset.value === "none"`)
	if got := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.depth`); got != "6" {
		t.Errorf("explored up to %s actions, want the page's depth 6", got)
	}
	if text := tb.text("search-result"); !strings.Contains(text, "bounded proof") {
		t.Errorf("the result says %q", text)
	}
	tb.click("search-peek")
	tb.waitHook("search-result", "found")
	if got := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.harm`); got != "lost-update" {
		t.Errorf("with peeks the search found a %q, want a lost update", got)
	}
	if text := tb.text("search-result"); !strings.Contains(text, "6 actions") || !strings.Contains(text, "How: a lost update.") {
		t.Errorf("the result says %q", text)
	}
	if u := eval[string](tb, `location.search`); !strings.Contains(u, "peek=1") {
		t.Errorf("the address is %q, want peek=1", u)
	}
}

// A search to closure, chosen as a reader does (the depth's "any number"),
// says it closed: no run of any length, the states visited and none left,
// in English and, switched, in Japanese; and links to the worst run,
// which opens at risk in free play.
func TestSearchToClosureSaysItClosed(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=search&strategy=optimistic&lang=en")
	tb.pick("search-depth", "any")
	tb.waitSearch("depth=any&lang=en&step=1&strategy=optimistic&view=search")
	tb.click("search-start")
	tb.waitJS(`document.querySelector('[data-testid="search-result"]')?.dataset.value === "none"`)
	if got := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.proof`); got != "closed" {
		t.Errorf("the search to closure ended %q, want closed", got)
	}
	text := tb.text("search-result")
	for _, want := range []string{"Closed: no run of any length with these actions corrupts data under Optimistic lock (no lock) (", "states visited, none left",
		"at most 2 messages held up at once", "The worst any run comes to is △ at risk (in 3 actions at the shortest)."} {
		if !strings.Contains(text, want) {
			t.Errorf("the result says %q, without %q", text, want)
		}
	}
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "ja")
	if text := tb.text("search-result"); !strings.Contains(text, "調べ尽くした: 楽観ロック(ロック無し) では、ここで試す操作によるどんな長さの実行でも、データを壊す実行は無い") {
		t.Errorf("in Japanese the result says %q", text)
	}
	if got := tb.text("search-script"); got != "A:acquire,B:acquire,A:write:A" {
		t.Errorf("the worst run shown is %q", got)
	}
	tb.click("search-run")
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.view === "play"`)
	tb.key(kb.End)
	tb.waitHook("outcome-badge", "at-risk")
}

// While a search to closure runs (consensus with renewals runs for
// minutes), its bar shows work with no end known, it says it goes on
// until no new state is left, and a key acts at once: Enter on Cancel
// stops it.
func TestSearchToClosureRunsAndAnswersKeys(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=search&strategy=consensus&depth=any&renew=1&lang=en")
	tb.click("search-start")
	tb.waitHook("search-result", "running")
	if got := eval[bool](tb, `document.querySelector('[data-testid="search-progress"]').hasAttribute("value")`); got {
		t.Error("the progress bar of a search to closure shows a value while it runs: its end is not known")
	}
	tb.waitJS(`document.querySelector('[data-testid="search-result"]').textContent.includes("going on until no new state is left")`)
	eval[bool](tb, `(() => { document.querySelector('[data-testid="search-cancel"]').focus(); return true; })()`)
	tb.key(kb.Enter)
	tb.waitHook("search-result", "cancelled")
}

// The matrix's proof note opens the search to closure of the column it
// names, ready to start.
func TestMatrixProofNoteOpensTheSearchToClosure(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=matrix&lang=en")
	if text := tb.text("matrix-proof"); !strings.Contains(text, "for runs of any length") {
		t.Errorf("the proof note says %q", text)
	}
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="matrix-proof-link"][data-strategy="optimistic"]`)))
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.view === "search"`)
	tb.waitHook("search-depth", "any")
	tb.click("search-start")
	tb.waitJS(`document.querySelector('[data-testid="search-result"]')?.dataset.proof === "closed"`)
	if text := tb.text("search-result"); !strings.Contains(text, "under Optimistic lock (no lock)") {
		t.Errorf("the search opened from the note says %q", text)
	}
}

// A search can be cancelled, and the page answers keys while it runs.
func TestSearchCanBeCancelledAndThePageStaysResponsive(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=search&strategy=consensus&peek=1&goal=stuck&depth=8&lang=en")
	tb.click("search-start")
	tb.waitHook("search-result", "running")
	// The language switch works while it searches.
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "ja")
	if got := tb.hook("search-result"); got != "running" {
		t.Fatalf("the search is %s after the switch", got)
	}
	tb.click("search-cancel")
	tb.waitHook("search-result", "cancelled")
	states := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.states`)
	tb.click("lang-switch")
	tb.waitHook("lang-switch", "en")
	if again := eval[string](tb, `document.querySelector('[data-testid="search-result"]').dataset.states`); again != states {
		t.Errorf("the cancelled search went on: %s states, then %s", states, again)
	}
	// Another search, left for the one-run view: a step key answers.
	tb.click("search-start")
	tb.waitHook("search-result", "running")
	tb.click("view-demo")
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.view === "demo"`)
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "2")
}
