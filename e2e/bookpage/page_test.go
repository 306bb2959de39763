package main

import (
	"strings"
	"testing"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The book page tells the book's story as its published demo does: seven
// frames, the late write destroying the row without fencing and refused
// with it, the keys and the buttons stepping within the run, and the
// switch starting over.
// make bench times its steps as go-app's floor, so it must step.
func TestTheBookPageStepsThroughTheBooksStory(t *testing.T) {
	p := &book{}
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	page := func() string { return app.HTMLString(p.Render()) }
	if got := page(); !strings.Contains(got, `data-value="1"`) || !strings.Contains(got, "1 / 7") {
		t.Fatalf("the page opens elsewhere than at step 1 of 7:\n%s", got)
	}
	for _, c := range []struct {
		key  string
		want int
	}{{"ArrowLeft", 1}, {"ArrowRight", 2}, {"End", 7}, {"ArrowRight", 7}, {"Home", 1}, {"End", 7}} {
		p.onKey(c.key)
		if p.step != c.want {
			t.Fatalf("%s: at step %d, want %d", c.key, p.step, c.want)
		}
	}
	// The buttons step as the keys do, reading the step when clicked.
	var ctx app.Context
	for _, c := range []struct {
		name  string
		click app.EventHandler
		want  int
	}{{"最初へ", p.first, 1}, {"▶", p.next, 2}, {"▶", p.next, 3}, {"◀", p.prev, 2}, {"最後へ", p.last, 7}, {"最初へ", p.first, 1}, {"最後へ", p.last, 7}} {
		c.click(ctx, app.Event{})
		if p.step != c.want {
			t.Fatalf("%s: at step %d, want %d", c.name, p.step, c.want)
		}
	}
	protected := words.BadgeText(state.Japanese, "protected", 7, 7)
	if got := page(); !strings.Contains(got, protected) || !strings.Contains(got, "7 / 7") {
		t.Errorf("the run with fencing does not end saying %q:\n%s", protected, got)
	}
	p.setFencing(false)(ctx, app.Event{})
	if p.step != 1 || p.fencing {
		t.Fatalf("the switch to no fencing left the page at step %d, fencing %v", p.step, p.fencing)
	}
	p.onKey("End")
	destroyed := words.BadgeText(state.Japanese, "destroyed", 7, 7)
	// The late write is applied: the action says so, as the replica does.
	if got := page(); !strings.Contains(got, destroyed) || !strings.Contains(got, `class="action accepted"`) || !strings.Contains(got, "受理") {
		t.Errorf("the run without fencing does not end saying %q with the late write applied:\n%s", destroyed, got)
	}
}
