package app

import (
	"context"
	"testing"
	"time"
)

// counter renders how many times it was asked to count.
type counter struct {
	Compo
	n int
}

func (c *counter) Render() UI { return Text(c.n) }

// An update is rendered as soon as the dispatch queue drains, not on the
// engine's next frame tick: with one frame a second, it still shows within
// a small fraction of it.
func TestEngineRendersWhenTheQueueDrains(t *testing.T) {
	e := newTestEngineX()
	c := &counter{}
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e.ctx = ctx
	go e.Start(1)
	time.Sleep(10 * time.Millisecond) // the loop's first, immediate frame

	rendered := make(chan string, 1)
	start := time.Now()
	e.dispatch(func() {
		c.n++
		e.updates.Add(c, 1)
		e.defere(func() { rendered <- c.rootElement.(*text).value })
	})
	select {
	case got := <-rendered:
		if got != "1" {
			t.Fatalf("rendered %q, want 1", got)
		}
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Fatalf("rendered after %s: it waited for the frame tick", d)
		}
	case <-time.After(800 * time.Millisecond):
		t.Fatal("not rendered before the next frame tick (1 s away)")
	}
}

func newTestEngineX() *engineX { return NewTestEngine().(*engineX) }
