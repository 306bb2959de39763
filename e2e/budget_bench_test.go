//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// budgetParts are the parts of a live step's budget, in the order a step
// spends them, each named as the trace names what it sums. "handler" is
// the keydown's dispatch: Go's listener, the page's render and go-app's
// update of the DOM, all in that one task.
var budgetParts = []struct{ key, what string }{
	{"handler", "keydown dispatch (Go: listener, render, DOM update)"},
	{"wait", "wait for the frame"},
	{"animation", "animation frame callbacks"},
	{"style", "style (UpdateLayoutTree)"},
	{"layout", "layout"},
	{"prepaint", "pre-paint"},
	{"paint", "paint"},
	{"layerize", "layerize"},
	{"total", "keydown dispatch start → frame drawn"},
}

// traceEvent is one event of Chromium's trace.
type traceEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`
	Dur  float64        `json:"dur"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Args map[string]any `json:"args"`
}

// BenchmarkStepBudget says where a live step's time goes: real key
// presses (→, and ← on the way back) in 3 fresh profiles, traced with
// Chromium's devtools.timeline category, each press's keydown dispatch and
// the frame after it cut into the parts the trace names. The trace costs
// time of its own: the parts are for comparing with each other and between
// versions; BenchmarkStepLatency gives the times a reader gets.
func BenchmarkStepBudget(b *testing.B) {
	for range b.N {
		parts := map[string][]float64{}
		for range 3 {
			for k, v := range stepBudget(b, 40) {
				parts[k] = append(parts[k], v...)
			}
		}
		n := len(parts["total"])
		if n == 0 {
			b.Fatal("no keydown with a frame after it in the traces")
		}
		fig := map[string]any{"presses": n}
		var line []string
		for _, p := range budgetParts {
			m := median(parts[p.key])
			fig[p.key+"_median"] = m
			line = append(line, fmt.Sprintf("%s %.2f", p.what, m))
		}
		b.ReportMetric(median(parts["handler"]), "ms-handler-median")
		b.ReportMetric(median(parts["total"]), "ms-to-drawn-median")
		record("step_budget_ms", fig)
		fmt.Printf("step budget from a trace of %d real key presses in 3 fresh profiles (medians, ms): %s\n", n, strings.Join(line, "; "))
	}
}

// stepBudget presses n keys in a fresh profile of the live page under a
// trace and returns each part's time for each press.
func stepBudget(b *testing.B, n int) map[string][]float64 {
	ctx, done := openForSteps(b, siteURL, "live", false)
	defer done()
	var mu sync.Mutex
	var raw [][]byte
	complete := make(chan struct{})
	chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				raw = append(raw, append([]byte(nil), v...))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(complete)
		}
	})
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{
		IncludedCategories: []string{"devtools.timeline"}}}); err != nil {
		b.Fatal(err)
	}
	pressShuttle(b, ctx, n)
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		b.Fatal(err)
	}
	select {
	case <-complete:
	case <-time.After(60 * time.Second):
		b.Fatal("the trace did not complete")
	}
	var evs []traceEvent
	mu.Lock()
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	mu.Unlock()
	return budgetOf(evs)
}

// pressShuttle presses → n times as real input (← on the way back from
// the last step), 120 ms apart: time for the frame, and for the page to
// be quiet again (the address is written after the frame), before the
// next.
func pressShuttle(b *testing.B, ctx context.Context, n int) {
	b.Helper()
	var keys shuttle
	for range n {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[[2]int](`(() => { const c = document.querySelector('[data-testid="step-counter"]'); return [+c.dataset.value, +c.dataset.total]; })()`))
		if err != nil {
			b.Fatal(err)
		}
		key, code := keys.next(at)
		if err := pressKey(ctx, key, code); err != nil {
			b.Fatal(err)
		}
		time.Sleep(120 * time.Millisecond)
	}
}

// budgetOf cuts a trace into each keydown's parts: the keydown's
// dispatch on the page's main thread, then, up to the next keydown, the
// first frame's work after it, ending with its layerize (or its paint,
// where a release names no layerize).
func budgetOf(evs []traceEvent) map[string][]float64 {
	var keys []traceEvent
	for _, e := range evs {
		if e.Name == "EventDispatch" && e.Ph == "X" {
			if d, ok := e.Args["data"].(map[string]any); ok && d["type"] == "keydown" {
				keys = append(keys, e)
			}
		}
	}
	out := map[string][]float64{}
	if len(keys) == 0 {
		return out
	}
	pid, tid := keys[0].Pid, keys[0].Tid
	var thread []traceEvent
	for _, e := range evs {
		if e.Pid == pid && e.Tid == tid && e.Ph == "X" {
			thread = append(thread, e)
		}
	}
	sort.Slice(thread, func(i, j int) bool { return thread[i].Ts < thread[j].Ts })
	frameParts := map[string]string{"FireAnimationFrame": "animation", "UpdateLayoutTree": "style", "Layout": "layout",
		"PrePaint": "prepaint", "Paint": "paint", "Layerize": "layerize"}
	for i, k := range keys {
		end := k.Ts + k.Dur
		limit := end + 100e3
		if i+1 < len(keys) {
			limit = min(limit, keys[i+1].Ts)
		}
		sums := map[string]float64{}
		var first, drawn float64
		for _, e := range thread {
			if e.Ts < end || e.Ts >= limit {
				continue
			}
			part, ok := frameParts[e.Name]
			if !ok {
				continue
			}
			if first == 0 {
				first = e.Ts
			}
			sums[part] += e.Dur / 1000
			if e.Name == "Paint" || e.Name == "Layerize" {
				drawn = e.Ts + e.Dur
			}
			if e.Name == "Layerize" {
				break
			}
		}
		if drawn == 0 {
			continue // no frame drawn after this key in the trace
		}
		out["handler"] = append(out["handler"], k.Dur/1000)
		out["wait"] = append(out["wait"], (first-end)/1000)
		for _, p := range frameParts {
			out[p] = append(out[p], sums[p])
		}
		out["total"] = append(out["total"], (drawn-k.Ts)/1000)
	}
	return out
}
