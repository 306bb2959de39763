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
// builds it but its functions' names kept, served by the server from a
// copy of static/. Each part is the time per press of the samples whose
// stack holds its function.
func BenchmarkStepProfile(b *testing.B) {
	dir := filepath.Join(tmpRoot, "static-named")
	if _, err := os.Stat(dir); err != nil {
		if out, err := exec.Command("cp", "-r", repoStatic(), dir).CombinedOutput(); err != nil {
			b.Fatalf("copying static: %v %s", err, out)
		}
		if err := buildWasm(filepath.Join(dir, "web", "app.wasm"), "./wasm", "-ldflags=-w"); err != nil {
			b.Fatalf("app.wasm with its functions' names: %v", err)
		}
	}
	srv, url, err := startServer("-static", dir, "-addr", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer stopServer(srv)
	for range b.N {
		perPress := map[string]float64{}
		presses := 0
		var all float64
		for range 3 {
			parts, busy, n := stepProfile(b, url, 60)
			for k, v := range parts {
				perPress[k] += v
			}
			all += busy
			presses += n
		}
		if perPress["update"] == 0 {
			b.Fatal("no go-app update in the profile: were the functions' names kept?")
		}
		fig := map[string]any{"presses": presses, "page_code_ms": all / float64(presses)}
		line := []string{fmt.Sprintf("all of the page's code %.2f", all/float64(presses))}
		for _, p := range profileParts {
			ms := perPress[p.key] / float64(presses)
			fig[p.key+"_ms"] = ms
			line = append(line, fmt.Sprintf("%s %.2f", p.what, ms))
		}
		b.ReportMetric(perPress["update"]/float64(presses), "ms-update/press")
		record("step_profile_ms", fig)
		fmt.Printf("a live step's code by function, from a profile of %d real key presses in 3 fresh profiles (ms per press): %s\n", presses, strings.Join(line, "; "))
	}
}

// stepProfile presses n keys in a fresh profile of the live page at url
// under the sampling profiler and returns, summed over the presses, each
// part's time and all the page's code's (ms), and n.
func stepProfile(b *testing.B, url string, n int) (parts map[string]float64, busy float64, presses int) {
	ctx, done := freshBrowser(b)
	defer done()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-phase="live"]')`)); err != nil {
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
	pressShuttle(b, ctx, n)
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
	parts = map[string]float64{}
	for _, s := range p.Samples {
		switch nodes[s].CallFrame.FunctionName {
		case "(idle)", "(program)", "(garbage collector)":
			continue
		}
		busy += ms
		on := map[string]bool{}
		for id, ok := s, true; ok; id, ok = parent[id] {
			on[nodes[id].CallFrame.FunctionName] = true
		}
		for _, part := range profileParts {
			if on[part.fn] {
				parts[part.key] += ms
			}
		}
	}
	return parts, busy, n
}
