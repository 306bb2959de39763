//go:build !wasm

package ui

import (
	stdhtml "html"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The panel of the run on real software shows nothing until opened, then
// the recording: the verdict beside the model's, whether they agree, and
// every real call; or why the cell is not replayed.
func TestRealPanelShowsTheRecording(t *testing.T) {
	read := func(name string) *recording.Recording { return readRecording(t, name) }
	c := &realPanel{Scenario: "gc-pause", Strategy: core.Lease, Lang: state.English, Path: "/"}
	if html := app.HTMLString(mounted(t, c)); strings.Contains(html, "real-trace") {
		t.Error("a closed panel shows its recording")
	}
	rec := read("gc-pause.lease.json")
	c = &realPanel{Scenario: "gc-pause", Strategy: core.Lease, Lang: state.English, Path: "/", open: true, loaded: "gc-pause.lease", drawing: RecordingHTML(*rec, state.English, state.NewRuns()), Runs: state.NewRuns()}
	c = mounted(t, c).(*realPanel)
	match(t, c, app.Text("On real software"), 0, 0)
	html := app.HTMLString(c)
	if !strings.Contains(html, "Real verdict: ✗ corrupted (model: ✗ corrupted)") || !strings.Contains(html, "agrees with the model at every step") {
		t.Errorf("the verdicts: %s", html)
	}
	if calls := len(regexp.MustCompile(`data-testid="real-call"`).FindAllString(html, -1)); calls != len(rec.Calls) || calls < 6 {
		t.Errorf("%d calls shown of %d recorded", calls, len(rec.Calls))
	}
	if steps := len(regexp.MustCompile(`data-testid="real-step"`).FindAllString(html, -1)); steps != len(rec.Steps) || steps != 6 {
		t.Errorf("%d steps shown of %d recorded", steps, len(rec.Steps))
	}
	if text := stdhtml.UnescapeString(html); !strings.Contains(text, "bsm/redislock v0.9.4") || !strings.Contains(text, "Renewal: by the client, at the scenario's renew steps only") {
		t.Errorf("the service and who renews: %s", html)
	}
	// A step that differs is marked, with both sides, and so is the cell.
	differs := *rec
	differs.Steps = append([]recording.RecordedStep(nil), differs.Steps...)
	refused := recording.Seen{Outcome: recording.Outcome{Result: core.ResultRefused}, Clients: []recording.ClientSeen{{Name: "A", Holds: true}, {Name: "B"}}, Rows: []recording.RowSeen{{Name: "row-42", Data: "A-value"}}}
	differs.Steps[3].Agrees, differs.Steps[3].Seen, differs.FirstDiffers = false, &refused, differs.Steps[3].Step
	c = &realPanel{Scenario: "gc-pause", Strategy: core.Lease, Lang: state.English, Path: "/", open: true, loaded: "gc-pause.lease", drawing: RecordingHTML(differs, state.English, state.NewRuns())}
	html = app.HTMLString(mounted(t, c))
	if !strings.Contains(html, "differs from the model from step 5") || !strings.Contains(html, "✗ differs") || !strings.Contains(html, "refused; A holds, B none") ||
		len(regexp.MustCompile(`class="first-differs"`).FindAllString(html, -1)) != 1 {
		t.Errorf("a step that differs: %s", html)
	}
	// The library's renewals, and when the lease ended on each side.
	c = &realPanel{Scenario: "heartbeat-pause", Strategy: core.Consensus, Lang: state.English, Path: "/", open: true, loaded: "heartbeat-pause.consensus", drawing: RecordingHTML(*read("heartbeat-pause.consensus.json"), state.English, state.NewRuns())}
	html = stdhtml.UnescapeString(app.HTMLString(mounted(t, c)))
	if !strings.Contains(html, "etcd's Session sends its own keep-alives") || !regexp.MustCompile(`A's lease \(granted at 0\.\d s\): the service ended it at 1\d\.\d s; the library told A it was gone at 18\.\d s`).MatchString(html) {
		t.Errorf("heartbeat-pause under consensus: %s", html)
	}
	// Free play: the command that replays the run, or why the lab cannot.
	play, err := core.ParseScript("A:acquire,A:write:x")
	if err != nil {
		t.Fatal(err)
	}
	c = &realPanel{Scenario: play.ID, Strategy: core.Redlock, Lang: state.English, Path: "/", open: true, Play: &play, Script: "A:acquire,A:write:x", Live: true}
	if html := stdhtml.UnescapeString(app.HTMLString(mounted(t, c))); !strings.Contains(html, "make lab SCRIPT='A:acquire,A:write:x' STRATEGY=redlock") || !strings.Contains(html, "Copy the command") {
		t.Errorf("free play's command: %s", html)
	}
	jump, _ := core.ParseScript("A:acquire,jump:10")
	c = &realPanel{Scenario: jump.ID, Strategy: core.Lease, Lang: state.Japanese, Path: "/", open: true, Play: &jump, Script: "A:acquire,jump:10", Live: true}
	if html := app.HTMLString(mounted(t, c)); !strings.Contains(html, "時計の跳躍がある") || strings.Contains(html, "make lab") {
		t.Errorf("free play with a jump under lease: %s", html)
	}
	c = &realPanel{Scenario: "clock-jump", Strategy: core.Lease, Lang: state.English, Path: "/", open: true, loaded: "clock-jump.lease", drawing: RecordingHTML(*read("clock-jump.lease.json"), state.English, nil)}
	if html := app.HTMLString(mounted(t, c)); !strings.Contains(html, "Not replayed on real software: A clock jumps") {
		t.Errorf("a cell not replayed: %s", html)
	}
	c = &realPanel{Scenario: "gc-pause", Strategy: core.Lease, Lang: state.Japanese, Path: "/", open: true, loaded: "gc-pause.lease", problem: "HTTP 404"}
	if html := app.HTMLString(mounted(t, c)); !strings.Contains(html, "記録を読み込めませんでした(HTTP 404)。") || !strings.Contains(html, `role="alert"`) {
		t.Errorf("a recording that could not be fetched: %s", html)
	}
}

// The optimistic row has no lock service, and the lab replays it on
// PostgreSQL alone: its panel shows the recording with no service, no
// renewal and the row's version refusing the late write; the two-step
// compare gives the isolation lesson for a version; free play offers the
// lab's command for the row.
func TestRealPanelOfTheRowWithoutALockService(t *testing.T) {
	c := &realPanel{Scenario: "gc-pause", Strategy: core.Optimistic, Lang: state.English, Path: "/", open: true, loaded: "gc-pause.optimistic",
		drawing: RecordingHTML(*readRecording(t, "gc-pause.optimistic.json"), state.English, state.NewRuns())}
	html := stdhtml.UnescapeString(app.HTMLString(mounted(t, c)))
	for _, want := range []string{"Lock service: none.", "Resource: a PostgreSQL row with a version", "Renewal: none.", "refused by version", `data-backend="none"`, `data-value="safe"`} {
		if !strings.Contains(html, want) {
			t.Errorf("gc-pause under optimistic: no %q in %s", want, html)
		}
	}
	if strings.Contains(html, "real.") || strings.Contains(html, "by token") || strings.Contains(html, "real-lease") {
		t.Errorf("gc-pause under optimistic: a missing word, or a token or lease where there is none: %s", html)
	}
	c = &realPanel{Scenario: "non-atomic-check", Strategy: core.Optimistic, Lang: state.Japanese, Path: "/", open: true, loaded: "non-atomic-check.optimistic",
		drawing: RecordingHTML(*readRecording(t, "non-atomic-check.optimistic.json"), state.Japanese, state.NewRuns())}
	html = stdhtml.UnescapeString(app.HTMLString(mounted(t, c)))
	if !strings.Contains(html, "分離レベルの教訓(バージョンの場合)") || !strings.Contains(html, "SELECT version で比べ") {
		t.Errorf("non-atomic-check under optimistic: %s", html)
	}
	play, err := core.ParseScript("A:acquire,A:write:x")
	if err != nil {
		t.Fatal(err)
	}
	c = &realPanel{Scenario: play.ID, Strategy: core.Optimistic, Lang: state.English, Path: "/", open: true, Play: &play, Script: "A:acquire,A:write:x", Live: true}
	if html := app.HTMLString(mounted(t, c)); !strings.Contains(html, "STRATEGY=optimistic") {
		t.Errorf("free play under optimistic offers no command: %s", html)
	}
}

// The timeline draws the run as far as the step shown: one mark per step
// so far and none of a later one, unless the whole run is asked for; and
// it names what decides the run: the write that destroys B's value
// without fencing, the refused one with it.
