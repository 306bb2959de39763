//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileParts are the parts of a live step's work in the page's own code
// (JavaScript and WebAssembly on its main thread), each the samples whose
// stack holds a function of that name: they nest (the render is inside
// go-app's update), so they do not add up.
var profileParts = []struct{ key, what, fn string }{
	{"update", "go-app's update of the page (processFrame)", "github.com_maxence_charriere_go_app_v10_pkg_app.__engineX_.processFrame"},
	{"render", "Demo.Render, building the page's tree", "dlock_web_ui.__Demo_.Render"},
	{"compare", "comparing the tree with the page and changing the DOM (updateHTML)", "github.com_maxence_charriere_go_app_v10_pkg_app.nodeManager.updateHTML"},
	{"components", "child components rendered again (updateComponent)", "github.com_maxence_charriere_go_app_v10_pkg_app.nodeManager.updateComponent"},
	{"mount", "mounting the nodes a step adds (mountHTML)", "github.com_maxence_charriere_go_app_v10_pkg_app.nodeManager.mountHTML"},
	{"to_js", "calls from Go into JavaScript (wasm-to-js)", "wasm-to-js"},
	{"alloc", "memory allocation (mallocgc)", "runtime.mallocgc"},
	{"address", "writing the address (an idle callback after the frame)", "dlock_web_ui.__addressWriter_.write"},
}

// BenchmarkStepProfile says where a live step's time goes inside the
// keydown's dispatch, which BenchmarkStepBudget times whole: real key
// presses (→, and ← on the way back) in 3 fresh profiles under the
// browser's sampling profiler (50 µs), with app.wasm built as make build
// builds it but its functions' names kept and the test build's hooks in
// (-tags dlocktest), served by the server from a copy of static/. Each part
// is the time per press of the samples whose stack holds its function.
// Beside it, in 3 more fresh profiles, the same parts of the page drawn
// again with nothing changed (the test build's "dlock:test-redraw"
// event): what go-app's update of dlock's whole page costs before a single
// part of it changes, the most that drawing only the parts a step changes
// could save.
func BenchmarkStepProfile(b *testing.B) {
	dir := filepath.Join(tmpRoot, "static-named")
	if _, err := os.Stat(dir); err != nil {
		if out, err := exec.Command("cp", "-r", repoStatic(), dir).CombinedOutput(); err != nil {
			b.Fatalf("copying static: %v %s", err, out)
		}
		if err := buildWasm(filepath.Join(dir, "web", "app.wasm"), "./wasm", "-ldflags=-w", "dlocktest"); err != nil {
			b.Fatalf("app.wasm with its functions' names: %v", err)
		}
	}
	srv, url, err := startServer("-static", dir, "-addr", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer stopServer(srv)
	const n = 60
	for range b.N {
		steps, redraws := profileSum{}, profileSum{}
		for range 3 {
			steps.add(profileOf(b, url, func(ctx context.Context) { pressShuttle(b, ctx, n) }), n)
			redraws.add(profileOf(b, url, func(ctx context.Context) { redrawUnchanged(b, ctx, n) }), n)
		}
		if steps.parts["update"] == 0 || redraws.parts["update"] == 0 {
			b.Fatal("no go-app update in the profile: were the functions' names kept?")
		}
		b.ReportMetric(steps.perPress("update"), "ms-update/press")
		b.ReportMetric(redraws.perPress("update"), "ms-update-unchanged/redraw")
		record("step_profile_ms", steps.figures("presses"))
		record("unchanged_redraw_profile_ms", redraws.figures("redraws"))
		fmt.Printf("a live step's code by function, from a profile of %d real key presses in 3 fresh profiles (ms per press): %s\n", steps.n, steps.line())
		fmt.Printf("the page drawn again with nothing changed, by function, %d times in 3 fresh profiles (ms each): %s\n", redraws.n, redraws.line())
	}
}

// profileSum adds up profiles: each part's time, all the page's code's
// (ms), and the actions profiled.
type profileSum struct {
	parts map[string]float64
	busy  float64
	n     int
}

func (s *profileSum) add(p profileFigures, n int) {
	if s.parts == nil {
		s.parts = map[string]float64{}
	}
	for k, v := range p.parts {
		s.parts[k] += v
	}
	s.busy += p.busy
	s.n += n
}

func (s *profileSum) perPress(part string) float64 { return s.parts[part] / float64(s.n) }

// figures are the sum's parts per action, and the number of actions under
// the key count (what they were: "presses", "redraws").
func (s *profileSum) figures(count string) map[string]any {
	fig := map[string]any{count: s.n, "page_code_ms": s.busy / float64(s.n)}
	for _, p := range profileParts {
		fig[p.key+"_ms"] = s.perPress(p.key)
	}
	return fig
}

func (s *profileSum) line() string {
	line := []string{fmt.Sprintf("all of the page's code %.2f", s.busy/float64(s.n))}
	for _, p := range profileParts {
		line = append(line, fmt.Sprintf("%s %.2f", p.what, s.perPress(p.key)))
	}
	return strings.Join(line, "; ")
}

// redrawUnchanged has the live page draw itself again n times, 120 ms
// apart, with nothing changed (the test build's event).
func redrawUnchanged(b *testing.B, ctx context.Context, n int) {
	b.Helper()
	for range n {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`document.dispatchEvent(new CustomEvent("dlock:test-redraw"))`)); err != nil {
			b.Fatal(err)
		}
		time.Sleep(120 * time.Millisecond)
	}
}

// profileFigures are one profile's parts (each part's time, ms) and all
// the page's code's time.
type profileFigures struct {
	parts map[string]float64
	busy  float64
}

// profileOf opens the live page at url in a fresh profile, runs act under
// the sampling profiler and returns, summed over the profile, each part's
// time and all the page's code's (ms).
func profileOf(b *testing.B, url string, act func(ctx context.Context)) profileFigures {
	ctx, done := freshBrowser(b)
	defer done()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-phase="live"]') && document.documentElement.dataset.testHooks === "on"`)); err != nil {
		b.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // the parts mounted after live
	for _, step := range []func(context.Context) error{
		func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{})
			return err
		},
		func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 50})
			return err
		},
		func(ctx context.Context) error { _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); return err },
	} {
		if err := step(ctx); err != nil {
			b.Fatal(err)
		}
	}
	act(ctx)
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		b.Fatal(err)
	}
	p := res.Profile
	nodes := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, nd := range p.Nodes {
		nodes[nd.ID] = nd
		for _, c := range nd.Children {
			parent[c] = nd.ID
		}
	}
	if len(p.Samples) == 0 {
		b.Fatal("the profile holds no samples")
	}
	ms := float64(p.EndTime-p.StartTime) / 1000 / float64(len(p.Samples)) // a sample's share
	fig := profileFigures{parts: map[string]float64{}}
	for _, s := range p.Samples {
		switch nodes[s].CallFrame.FunctionName {
		case "(idle)", "(program)", "(garbage collector)":
			continue
		}
		fig.busy += ms
		on := map[string]bool{}
		for id, ok := s, true; ok; id, ok = parent[id] {
			on[nodes[id].CallFrame.FunctionName] = true
		}
		for _, part := range profileParts {
			if on[part.fn] {
				fig.parts[part.key] += ms
			}
		}
	}
	return fig
}
