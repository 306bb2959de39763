//go:build !js

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"

	"github.com/chromedp/chromedp"
)

var (
	// regexpQuoted is a value as the Japanese page quotes it.
	regexpQuoted = regexp.MustCompile(`「[^」]*」`)
	// regexpLatinWord is a word of two letters or more in Latin script.
	regexpLatinWord = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// openRealPanel opens the "On real software" panel with a real click on
// its summary.
func openRealPanel(tb *tab) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-panel"] > summary`)))
}

// The one-run view shows, when asked, the run replayed on real software:
// every step beside the model's, the real calls in order, the real verdict
// and whether the model agrees; it follows the run shown; a cell the lab
// cannot replay says why.
func TestTheRunOnRealSoftware(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?fencing=off&step=7&lang=en")
	if got := tb.hook("real-trace"); got != "<missing>" {
		t.Errorf("the recording is shown (%s) before the reader asks", got)
	}
	openRealPanel(tb)
	tb.waitHook("real-trace", "corrupted")
	if got := tb.text("real-agrees"); got != "agrees with the model at every step" {
		t.Errorf("real-agrees reads %q", got)
	}
	steps := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-step"]')].map(r => r.dataset.value + " " + r.innerText)`)
	if len(steps) != 6 {
		t.Errorf("%d steps compared, not 6: %q", len(steps), steps)
	}
	for _, s := range steps {
		if !strings.HasPrefix(s, "yes ") || !strings.Contains(s, "✓ same") {
			t.Errorf("a step reads %q", s)
		}
	}
	calls := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-call"]')].map(r => r.innerText)`)
	all := strings.Join(calls, "\n")
	for _, want := range []string{"redislock Acquire dlock:", "kill -STOP", `UPDATE resource SET data = 'A-STALE'`, "overwrite"} {
		if !strings.Contains(all, want) {
			t.Errorf("the real calls lack %q:\n%s", want, all)
		}
	}
	// Fencing on: the same story, the late write refused by the database.
	tb.key("f")
	tb.waitHook("real-trace", "safe")
	if all := eval[string](tb, `document.querySelector(".real-calls").innerText`); !strings.Contains(all, "0 rows: the token is refused") {
		t.Errorf("under fencing the real database does not refuse the late write:\n%s", all)
	}
	// Consensus: a real etcd cluster, the token its key's CreateRevision.
	tb.open(siteURL + "?strategy=consensus&step=7&lang=en")
	openRealPanel(tb)
	tb.waitHook("real-trace", "safe")
	if all := eval[string](tb, `document.querySelector(".real-calls").innerText`); !strings.Contains(all, "CreateRevision") {
		t.Errorf("the consensus row's calls do not show etcd's revision:\n%s", all)
	}
	// heartbeat-pause: the library's own keep-alives, which the pause
	// stops, and when the lease ended at the service and by the library.
	tb.open(siteURL + "?scenario=heartbeat-pause&strategy=consensus&lang=en")
	openRealPanel(tb)
	tb.waitHook("real-trace", "safe")
	if got := tb.hook("real-renewal"); got != "library" {
		t.Errorf("heartbeat-pause under consensus is renewed by %q", got)
	}
	if leases := eval[string](tb, `[...document.querySelectorAll('[data-testid="real-lease"]')].map(p => p.innerText).join("\n")`); !strings.Contains(leases, "the service ended it at") || !strings.Contains(leases, "the library told A it was gone at") {
		t.Errorf("the leases read %q", leases)
	}
	// A cell the lab cannot replay says why, in the reader's language.
	tb.open(siteURL + "?scenario=clock-jump&strategy=consensus&lang=ja")
	openRealPanel(tb)
	tb.waitHook("real-trace", "not-replayed")
	if text := tb.text("real-trace"); !strings.Contains(text, "単調時計") {
		t.Errorf("the reason reads %q", text)
	}
}

// The matrix marks exactly the cells whose real replay agrees with the
// model; the recordings are fetched, never part of app.wasm.
func TestTheMatrixMarksWhatRealSoftwareConfirms(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "lab", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var index []recording.Recording
	if err := json.Unmarshal(b, &index); err != nil {
		t.Fatal(err)
	}
	replayed := map[string]bool{}
	for _, r := range index {
		if r.Why == "" {
			replayed[r.Scenario+"/"+string(r.Strategy)] = true
		}
	}
	if len(replayed) == 0 {
		t.Fatal("the lab's index has no replayed cell")
	}
	tb := newTab(t)
	tb.open(siteURL + "?view=matrix&lang=en")
	tb.waitJS(`document.querySelectorAll('[data-testid="real-mark"]').length > 0`)
	marks := eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll('[data-testid="matrix-cell"]')].map(c => [c.dataset.scenario + "/" + c.dataset.strategy, c.querySelector('[data-testid="real-mark"]')?.dataset.value ?? ""]))`)
	for cell, mark := range marks {
		switch {
		case replayed[cell] && mark != "agrees":
			t.Errorf("%s: replayed and agreeing, marked %q", cell, mark)
		case !replayed[cell] && mark != "":
			t.Errorf("%s: not replayed, marked %q", cell, mark)
		}
	}
	wasm, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(wasm, []byte("SET dlock:gc-pause")) {
		t.Error("app.wasm carries the lab's recordings")
	}
}

// Free play has no recording: its panel gives the command that replays the
// run on screen on real software, which a click copies (or selects, where
// the clipboard refuses), and says why where the lab cannot replay it.
func TestFreePlayGivesTheLabCommand(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?view=play&script=A:acquire,A:pause:10,B:acquire,A:write:A-late&strategy=redlock&lang=en")
	openRealPanel(tb)
	want := "make lab SCRIPT='A:acquire,A:pause:10,B:acquire,A:write:A-late' STRATEGY=redlock"
	tb.waitHook("real-command", want)
	if text := tb.text("real-command"); text != want {
		t.Errorf("the command reads %q", text)
	}
	eval[bool](tb, `(Object.defineProperty(navigator, "clipboard", {value: {writeText: () => Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"))}}), true)`)
	tb.click("copy-command")
	tb.waitJS(`document.querySelector('[data-testid="copy-command-status"]').textContent === "Selected: press Ctrl+C to copy."`)
	if sel := eval[string](tb, `String(getSelection())`); sel != want {
		t.Errorf("the selection is %q, not the command", sel)
	}
	// The same run under lease with a clock jump: the lab cannot stage it.
	tb.open(siteURL + "?view=play&script=A:acquire,jump:10&strategy=lease&lang=ja")
	openRealPanel(tb)
	tb.waitHook("real-command", "not-replayed")
	if text := tb.text("real-command"); !strings.Contains(text, "単調時計") {
		t.Errorf("the reason reads %q", text)
	}
}

// readRecording reads a committed recording of the lab's.
func readRecording(t *testing.T, name string) recording.Recording {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "lab", name))
	if err != nil {
		t.Fatal(err)
	}
	var r recording.Recording
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// A cell recorded on etcd and on ZooKeeper offers both, by a click; the
// ZooKeeper run names its token (the czxid, never the sequence number) and
// when the library said Disconnected; and every write a holder sent after
// the service had ended its lease is said against its library's word, as
// the recording has it: after it (a client that asked would have
// stopped), before it or in the same millisecond (the library did not know
// yet, or the client had not heard), or with none.
func TestTheRealRunOnEachServiceAndTheLibrarysWord(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?scenario=partitioned-holder&strategy=consensus&step=10&lang=en")
	openRealPanel(tb)
	tb.waitJS(`document.querySelectorAll('[data-testid="real-service"]').length === 2`)
	services := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-service"]')].map(b => b.dataset.value + ":" + b.getAttribute("aria-pressed"))`)
	if strings.Join(services, " ") != "etcd:true zookeeper:false" {
		t.Errorf("the services offered: %v", services)
	}
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-service"][data-value="zookeeper"]`)))
	tb.waitJS(`document.querySelector('[data-testid="real-trace"]')?.dataset.backend === "zookeeper"`)
	text := eval[string](tb, `document.querySelector('[data-testid="real-panel"]').innerText`)
	if !strings.Contains(text, "czxid, not its sequence number") {
		t.Errorf("the ZooKeeper run does not name its token:\n%s", text)
	}
	zk := readRecording(t, "partitioned-holder.consensus.zookeeper.json")
	if len(zk.Leases) == 0 || zk.Leases[0].Suspended == 0 {
		t.Fatalf("the recording has no Disconnected: %+v", zk.Leases)
	}
	if !strings.Contains(tb.text("real-suspended"), "Disconnected at") {
		t.Errorf("the Disconnected line reads %q", tb.text("real-suspended"))
	}
	// Each late write, as the recordings say it stood to the word.
	for _, c := range []struct{ url, file string }{
		{"?scenario=partitioned-holder&strategy=consensus&step=10&lang=en", "partitioned-holder.consensus.zookeeper.json"},
		{"?scenario=heartbeat-pause&strategy=consensus-unfenced&step=9&lang=en", "heartbeat-pause.consensus-unfenced.json"},
		{"?scenario=heartbeat-pause&strategy=lease&step=9&lang=ja", "heartbeat-pause.lease.json"},
	} {
		rec := readRecording(t, c.file)
		var want []string
		for _, l := range rec.Leases {
			word := l.Library
			if l.Suspended != 0 && (word == 0 || l.Suspended < word) {
				word = l.Suspended
			}
			for _, w := range l.Writes {
				switch {
				case w.AfterWord:
					want = append(want, strconv.Itoa(w.Step)+":after-word")
				case l.Service == 0 || w.MS < l.Service:
				case word != 0 && w.MS < word:
					want = append(want, strconv.Itoa(w.Step)+":before-word")
				case word != 0:
					want = append(want, strconv.Itoa(w.Step)+":with-word")
				default:
					want = append(want, strconv.Itoa(w.Step)+":no-word")
				}
			}
		}
		if len(want) == 0 {
			t.Errorf("%s: no write after the service ended a lease", c.file)
		}
		if c.file != "partitioned-holder.consensus.zookeeper.json" {
			tb.open(siteURL + c.url)
			openRealPanel(tb)
			tb.waitJS(`!!document.querySelector('[data-testid="real-trace"]')`)
		}
		got := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-late-write"]')].map(p => p.dataset.step + ":" + p.dataset.value)`)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: the late writes read %v, the recording says %v", c.file, got, want)
		}
	}
}

// The real panel speaks the page's language: the model's step and the real
// one beside it are worded from what the lab recorded (recording.Seen), never
// the lab's own English; only the calls, as sent, stay as they were. And
// where the two-step check is replayed, the reader can put the READ
// COMMITTED run that corrupts beside the SERIALIZABLE one PostgreSQL
// refuses, with the lesson of the isolation level.
func TestTheRealPanelInThePagesLanguageAndTheIsolationLesson(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	sc, _ := core.ScenarioByID("non-atomic-check")
	// Latin words outside what a run names (clients, rows, the values
	// written, in 「」) are the lab's English.
	names := append(append([]string{}, sc.Clients...), sc.Resources...)
	english := func(s string) []string {
		s = regexpQuoted.ReplaceAllString(s, "")
		for _, n := range names {
			s = strings.ReplaceAll(s, n, "")
		}
		return regexpLatinWord.FindAllString(s, -1)
	}
	for _, url := range []string{
		"?scenario=gc-pause&strategy=lease&step=7&lang=ja",
		"?scenario=heartbeat-pause&strategy=consensus&lang=ja",
		"?scenario=non-atomic-check&strategy=lease-fencing&lang=ja",
		"?scenario=gc-pause&strategy=optimistic&lang=ja",
		"?scenario=non-atomic-check&strategy=optimistic&lang=ja",
	} {
		tb.open(siteURL + url)
		openRealPanel(tb)
		tb.waitJS(`!!document.querySelector('[data-testid="real-step"]')`)
		cells := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-step-model"], [data-testid="real-step-real"], [data-testid="real-lease"], [data-testid="real-differs"], [data-testid="real-isolation"]')].map(c => c.innerText)`)
		if len(cells) < 4 {
			t.Fatalf("%s: the panel shows %d worded cells", url, len(cells))
		}
		for _, c := range cells {
			if w := english(c); len(w) > 0 && !strings.Contains(c, "SQLSTATE") && !strings.Contains(c, "UPDATE") {
				t.Errorf("%s: %q has English words %q", url, c, w)
			}
		}
	}
	// The two-step check on three databases: READ COMMITTED first.
	tb.open(siteURL + "?scenario=non-atomic-check&strategy=lease-fencing&lang=en")
	openRealPanel(tb)
	tb.waitJS(`document.querySelectorAll('[data-testid="real-service"]').length >= 2`)
	runs := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-service"]')].map(b => b.dataset.database + ":" + b.getAttribute("aria-pressed") + ":" + b.innerText)`)
	want := []string{"postgres:true:Redis · READ COMMITTED", "postgres-serializable:false:Redis · SERIALIZABLE", "postgres-idle-timeout:false:Redis · READ COMMITTED, stalled transactions ended"}
	if strings.Join(runs, "|") != strings.Join(want, "|") {
		t.Errorf("the runs offered:\n%q\nwant\n%q", runs, want)
	}
	tb.waitHook("real-trace", "corrupted")
	if got := tb.text("real-isolation"); !strings.Contains(got, "SQLSTATE 40001") || !strings.Contains(got, "safe at any level") {
		t.Errorf("the isolation lesson reads %q", got)
	}
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-service"][data-database="postgres-serializable"]`)))
	tb.waitJS(`document.querySelector('[data-testid="real-trace"]')?.dataset.database === "postgres-serializable"`)
	tb.waitHook("real-trace", "safe")
	if got := tb.text("real-differs"); !strings.Contains(got, "SQLSTATE 40001") {
		t.Errorf("the SERIALIZABLE run's difference reads %q", got)
	}
	if got := eval[string](tb, `document.querySelector('.real-steps').innerText`); !strings.Contains(got, "aborted by the database (not for its token)") {
		t.Errorf("no step says the database aborted the older apply:\n%s", got)
	}
	if got := eval[string](tb, `[...document.querySelectorAll('[data-testid="real-service"]')].map(b => b.getAttribute("aria-pressed")).join(" ")`); got != "false true false" {
		t.Errorf("after choosing SERIALIZABLE the buttons are pressed %q", got)
	}
	// The optimistic row's two-step compare of a version, on the same
	// three databases, with no lock service.
	tb.open(siteURL + "?scenario=non-atomic-check&strategy=optimistic&lang=en")
	openRealPanel(tb)
	tb.waitHook("real-trace", "corrupted")
	if got := tb.text("real-isolation"); !strings.Contains(got, "for a version") || !strings.Contains(got, "UPDATE … WHERE version = ? is safe at any level") {
		t.Errorf("the optimistic row's isolation lesson reads %q", got)
	}
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-service"][data-database="postgres-serializable"]`)))
	tb.waitJS(`document.querySelector('[data-testid="real-trace"]')?.dataset.database === "postgres-serializable"`)
	tb.waitHook("real-trace", "safe")
	if got := tb.text("real-differs"); !strings.Contains(got, "computed from the older version") || strings.Contains(got, "holder") {
		t.Errorf("the optimistic row's SERIALIZABLE run's difference reads %q", got)
	}
}
