//go:build !js

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dlock/core"

	"github.com/chromedp/chromedp"
)

// openRealPanel opens the "On real software" panel with a real click on
// its summary.
func openRealPanel(tb *tab) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(`[data-testid="real-panel"] > summary`)))
}

// The one-run view shows, when asked, the run replayed on real software:
// the real calls in order, the real verdict and whether the model agrees;
// it follows the run shown; a cell the lab cannot replay says why.
func TestTheRunOnRealSoftware(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?fencing=off&step=7&lang=en")
	if got := tb.hook("real-trace"); got != "<missing>" {
		t.Errorf("the recording is shown (%s) before the reader asks", got)
	}
	openRealPanel(tb)
	tb.waitHook("real-trace", "corrupted")
	if got := tb.hook("real-agrees"); got != "yes" {
		t.Errorf("real-agrees = %s", got)
	}
	calls := eval[[]string](tb, `[...document.querySelectorAll('[data-testid="real-call"]')].map(r => r.innerText)`)
	all := strings.Join(calls, "\n")
	for _, want := range []string{"redis SET dlock:gc-pause:lease A:1 NX PX 10000", "kill -STOP", `UPDATE resource SET data="A-STALE"`, "overwrite"} {
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
	var index []core.Recording
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
