//go:build !js

package e2e

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The benchmarks measure in a real browser and report medians; they also
// collect their figures into bench/latest.json, so versions can be compared.
var (
	benchMu      sync.Mutex
	benchFigures = map[string]any{}
)

func record(key string, v any) {
	benchMu.Lock()
	benchFigures[key] = v
	benchMu.Unlock()
}

// writeBenchFigures writes what the benchmarks recorded, if they ran.
func writeBenchFigures() error {
	benchMu.Lock()
	defer benchMu.Unlock()
	if len(benchFigures) == 0 {
		return nil
	}
	// A run of some of the benchmarks updates their figures and keeps the
	// others'.
	path := filepath.Join(repoRoot, "bench", "latest.json")
	figures := map[string]any{}
	if old, err := os.ReadFile(path); err == nil {
		json.Unmarshal(old, &figures)
	}
	for k, v := range benchFigures {
		figures[k] = v
	}
	// Read back as JSON gives them, so goals reads one kind of map.
	plain := map[string]any{}
	if raw, err := json.Marshal(figures); err == nil {
		json.Unmarshal(raw, &plain)
	}
	if g := goals(plain); len(g) > 0 {
		figures["goals"] = g
	}
	figures["measured_at"] = time.Now().UTC().Format(time.RFC3339)
	figures["go"] = runtime.Version()
	if out, err := exec.Command(chromeBin, "--version").Output(); err == nil {
		figures["browser"] = strings.TrimSpace(string(out))
	}
	b, err := json.MarshalIndent(figures, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// goal is one of the performance goals, its figure from this run (or the
// last run that measured it), and go-app's floor where one applies (-1
// where none does): the minimal go-app page's for the first visit and the
// size, the book's page drawn by go-app (e2e/bookpage) for a live step.
type goal struct {
	Goal   string  `json:"goal"`
	Figure float64 `json:"figure"`
	Target float64 `json:"target"`
	Floor  float64 `json:"goapp_floor"`
	Met    bool    `json:"met"`
}

// goals reads each goal's figure from the benchmarks' figures and prints
// them, beside go-app's floor: the figures are medians of 5 fresh
// profiles, interleaved with the floor's where it has one.
func goals(figures map[string]any) []goal {
	num := func(path ...string) (float64, bool) {
		var v any = figures
		for _, p := range path {
			m, ok := v.(map[string]any)
			if !ok {
				return 0, false
			}
			if v, ok = m[p]; !ok {
				return 0, false
			}
		}
		switch n := v.(type) {
		case float64:
			return n, true
		case int:
			return float64(n), true
		}
		return 0, false
	}
	var out []goal
	add := func(name string, target float64, figure, floor []string) {
		f, ok := num(figure...)
		if !ok {
			return
		}
		m := -1.0
		if floor != nil {
			if v, ok := num(floor...); ok {
				m = v
			}
		}
		out = append(out, goal{Goal: name, Figure: f, Target: target, Floor: m, Met: f <= target})
	}
	for _, link := range []string{"localhost", "10mbit_40ms_gzip"} {
		add("default view answers a step key, ms, "+link, 500, []string{"first_visit_static_site", link, "answers_step_key_ms_median"}, nil)
		for _, q := range benchViews {
			add(q+" answers, ms, "+link, 500, []string{"first_visit_views", link + " " + q, "answers_ms_median"}, nil)
		}
	}
	add("default view frames fetched by the answer, bytes gzip", 30000, []string{"first_visit_static_site", "10mbit_40ms_gzip", "frames_bytes_before_answer_median"}, nil)
	for _, q := range benchViews {
		add(q+" frames fetched by the answer, bytes gzip", 30000, []string{"first_visit_views", "10mbit_40ms_gzip " + q, "frames_bytes_before_answer_median"}, nil)
	}
	add("longest task from first paint to live, ms, localhost", 100,
		[]string{"first_visit_static_site", "localhost", "longest_task_ms_median"},
		[]string{"first_visit_static_site", "localhost", "minimal_goapp_longest_task_ms_median"})
	for _, q := range benchViews {
		add(q+" longest task, ms, localhost", 100, []string{"first_visit_views", "localhost " + q, "longest_task_ms_median"}, nil)
	}
	add("step latency once live, p50, ms", 4, []string{"step_latency_ms", "median"}, nil)
	add("step latency once live, p95, ms", 8, []string{"step_latency_ms", "p95"}, nil)
	add("step once live, real key → frame after the change, p50, ms", 2.5, []string{"step_latency_ms_real_input", "key_to_frame_median"},
		[]string{"step_latency_ms_real_input", "book_page_goapp", "key_to_frame_median"})
	add("step once live, real key → frame after the change, p95, ms", 5, []string{"step_latency_ms_real_input", "key_to_frame_p95"},
		[]string{"step_latency_ms_real_input", "book_page_goapp", "key_to_frame_p95"})
	add("step once live, phone's CPU (4× slower), real key → frame, p95, ms", 16.7, []string{"step_latency_ms_real_input_cpu4", "key_to_frame_p95"},
		[]string{"step_latency_ms_real_input_cpu4", "book_page_goapp", "key_to_frame_p95"})
	add("…the same over the Vue replica's p95, in the same run, ×", 2, []string{"step_latency_ms_real_input_cpu4", "key_to_frame_p95_over_vue_replica"}, nil)
	add("app.wasm gzip -9, bytes", wasmBudget, []string{"wasm", "gzip9_bytes"}, []string{"wasm", "minimal_goapp_gzip9_bytes"})
	if len(out) > 0 {
		// The floor: the minimal go-app page, or for a step the book's
		// page drawn by go-app.
		fmt.Printf("\n%-62s %12s %10s %14s %s\n", "goal", "figure", "target", "go-app floor", "met")
		for _, g := range out {
			m := "–"
			if g.Floor >= 0 {
				m = fmt.Sprintf("%.1f", g.Floor)
			}
			fmt.Printf("%-62s %12.1f %10s %14s %v\n", g.Goal, g.Figure, strconv.FormatFloat(g.Target, 'f', -1, 64), m, g.Met)
		}
	}
	return out
}

// probes run before the page's own scripts: they record, on the page's
// clock (ms since navigation start), when the page first answers a step key
// (the loader stepping through prerendered frames, or the app) and when the
// app is live.
const liveProbe = `(() => {
	const mark = () => {
		const phase = document.querySelector('[data-testid="app"]')?.dataset.phase;
		if (window.__dlockAnswersAt === undefined && (phase === "enhanced" || phase === "live")) window.__dlockAnswersAt = performance.now();
		if (window.__dlockLiveAt === undefined && phase === "live") {
			window.__dlockLiveAt = performance.now();
			return true;
		}
		return false;
	};
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__dlockPaintAt = e.startTime;
	}).observe({type: "paint", buffered: true});
	// The main thread's long tasks (50 ms and more): [start, duration].
	window.__dlockLongTasks = [];
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) window.__dlockLongTasks.push([e.startTime, e.duration]);
	}).observe({type: "longtask", buffered: true});
	new MutationObserver((_, obs) => { if (mark()) obs.disconnect(); })
		.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-phase"]});
})();`

// stepLatency presses → (or ← on the way back) n times on the document and
// times each press to the step counter's change, inside the page.
const stepLatency = `(async (n) => {
	const counter = () => document.querySelector('[data-testid="step-counter"]');
	const changed = (from) => new Promise(resolve => {
		const obs = new MutationObserver(() => {
			if (counter() && counter().dataset.value !== from) { obs.disconnect(); resolve(performance.now()); }
		});
		obs.observe(document.body, {subtree: true, attributes: true, childList: true, characterData: true});
	});
	const times = [];
	let forward = true;
	for (let i = 0; i < n; i++) {
		const c = counter();
		const step = +c.dataset.value, total = +c.dataset.total;
		if (step === total) forward = false;
		if (step === 1) forward = true;
		const done = changed(c.dataset.value);
		const t0 = performance.now();
		document.dispatchEvent(new KeyboardEvent("keydown", {key: forward ? "ArrowRight" : "ArrowLeft", bubbles: true}));
		times.push((await done) - t0);
	}
	return times;
})`

func median(xs []float64) float64 { return quantile(xs, 0.5) }

func quantile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[int(q*float64(len(s)-1)+0.5)]
}

// freshBrowser starts a Chromium with a new, empty profile.
func freshBrowser(b *testing.B) (context.Context, func()) {
	dir, err := os.MkdirTemp("", "dlock-bench-profile-")
	if err != nil {
		b.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromeOptions(filepath.Join(dir, "p"))...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 120*time.Second)
	if err := chromedp.Do(ctx); err != nil {
		b.Fatal(err)
	}
	return ctx, func() { cancelTimeout(); cancel(); cancelAlloc(); os.RemoveAll(dir) }
}

// BenchmarkWasmSize reports app.wasm raw, with gzip -9 and with brotli
// (quality 11, Node's zlib).
func BenchmarkWasmSize(b *testing.B) {
	path := filepath.Join(repoRoot, "static", "web", "app.wasm")
	raw, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	gz := gzipSize(raw)
	br, err := brotliSize(path)
	if err != nil {
		b.Fatal(err)
	}
	minimal, err := os.ReadFile(filepath.Join(minimalSite(b), "web", "app.wasm"))
	if err != nil {
		b.Fatal(err)
	}
	floor := gzipSize(minimal)
	for range b.N {
		b.ReportMetric(float64(len(raw)), "bytes-raw")
		b.ReportMetric(float64(gz), "bytes-gzip-9")
		b.ReportMetric(float64(br), "bytes-brotli-11")
	}
	// The page's words, fetched beside app.wasm in the page's language.
	ja, en := gzipSize(words.Catalogue(state.Japanese)), gzipSize(words.Catalogue(state.English))
	record("wasm", map[string]int{"raw_bytes": len(raw), "gzip9_bytes": gz, "brotli11_bytes": br,
		"minimal_goapp_raw_bytes": len(minimal), "minimal_goapp_gzip9_bytes": floor,
		"words_ja_gzip9_bytes": ja, "words_en_gzip9_bytes": en})
	fmt.Printf("app.wasm: %d bytes raw, %d bytes gzip -9, %d bytes brotli 11; the minimal go-app page's %d raw, %d gzip -9; the page's words gzip -9: ja %d, en %d\n",
		len(raw), gz, br, len(minimal), floor, ja, en)
}

// brotliSize is the size of a file compressed with brotli at quality 11, by
// Node's zlib (Node is on every machine the tests run on).
func brotliSize(path string) (int, error) {
	out, err := exec.Command("node", "-e", `const z = require("zlib");
		process.stdout.write(String(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]),
			{params: {[z.constants.BROTLI_PARAM_QUALITY]: 11}}).length));`, path).Output()
	if err != nil {
		return 0, err
	}
	var n int
	_, err = fmt.Sscan(string(out), &n)
	return n, err
}

// gzipSize is the size gzip -9 gives (the gzip command, else Go's deflate
// at its best compression).
func gzipSize(raw []byte) int {
	cmd := exec.Command("gzip", "-9", "-c")
	cmd.Stdin = strings.NewReader(string(raw))
	if out, err := cmd.Output(); err == nil {
		return len(out)
	}
	cw := &countWriter{}
	zw, _ := gzip.NewWriterLevel(cw, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	return cw.n
}

type countWriter struct{ n int }

func (c *countWriter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

var _ io.Writer = (*countWriter)(nil)

// linkConditions is a network a first visit is measured on.
type linkConditions struct {
	name       string
	conditions *network.Conditions // nil: localhost as it is
	gzip       bool                // the host compresses app.wasm and text, as GitHub Pages does
}

// links are the networks a first visit is measured on.
var links = []linkConditions{
	{"localhost", nil, false},
	{"10mbit_40ms", &network.Conditions{Latency: 40, DownloadThroughput: 10e6 / 8, UploadThroughput: 10e6 / 8}, false},
	{"10mbit_40ms_gzip", &network.Conditions{Latency: 40, DownloadThroughput: 10e6 / 8, UploadThroughput: 10e6 / 8}, true},
}

// minimalSite builds the smallest go-app page (e2e/minimal) with the same
// go-app as dlock, as a static site: the floor a go-app page cannot go
// below, measured in the same run as dlock.
func minimalSite(b *testing.B) string { return goappSite(b, "minimal-site", "./e2e/minimal") }

// goappSite builds the go-app page of pkg (a command that writes its static
// site natively and runs the page in the browser) as a static site in
// tmpRoot/name, once a run: the site, its app.wasm built with make build's
// flags, and the toolchain's wasm_exec.js, as for dlock.
func goappSite(b *testing.B, name, pkg string) string {
	b.Helper()
	dir := filepath.Join(tmpRoot, name)
	if _, err := os.Stat(filepath.Join(dir, "web", "app.wasm")); err == nil {
		return dir
	}
	gen := exec.Command("go", "run", pkg, dir)
	gen.Dir = repoRoot
	if out, err := gen.CombinedOutput(); err != nil {
		b.Fatalf("writing the site of %s: %v\n%s", pkg, err, out)
	}
	if err := buildWasm(filepath.Join(dir, "web", "app.wasm"), pkg, ""); err != nil {
		b.Fatalf("the app.wasm of %s: %v", pkg, err)
	}
	if err := copyTestFile(filepath.Join(dir, "wasm_exec.js"), filepath.Join(repoRoot, "static", "web", "wasm_exec.js")); err != nil {
		b.Fatal(err)
	}
	return dir
}

func copyTestFile(dst, src string) error {
	body, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, body, 0o644)
}

// visit is one first visit of a site in a fresh profile: the times of first
// paint, of the first answer to a step key and of live (ms since navigation
// start), the bytes the host sent, and a repeat visit's live (fcp is -1
// when Chromium reported no first paint). downloaded is when app.wasm's
// last byte arrived, compiled when dlock's loader had it compiled and
// instantiated (-1 for the minimal page, whose loader does not say), and
// main when Go's main began (the runtime's start and package
// initialisation done): between main and live, the first render and mount.
// longest is the longest main-thread task from first paint to live, ms;
// framesBytes the bytes of prerendered frames (as sent: compressed where
// the host compresses) that arrived before the first answer to a key.
type visit struct {
	fcp, answers, live, bytes, repeat, downloaded, compiled, main float64
	longest, framesBytes                                          float64
}

// longestTask is the probe's longest task that overlaps first paint to live.
const longestTask = `(() => {
	const from = window.__dlockPaintAt ?? performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
	let longest = 0;
	for (const [start, d] of window.__dlockLongTasks) if (start + d > from && start < window.__dlockLiveAt) longest = Math.max(longest, d);
	return longest;
})()`

// framesBefore is the bytes (as sent) of the frames files the page had
// begun to fetch when it first answered a key, each whole: a file streams,
// and the page answers once the frame it shows has arrived, so this is
// what those requests cost, at most.
const framesBefore = `performance.getEntriesByType("resource")
	.filter(e => e.name.includes("/web/frames/") && e.startTime <= window.__dlockAnswersAt)
	.reduce((n, e) => n + e.encodedBodySize, 0)`

func firstVisit(b *testing.B, dir, prefix string, link linkConditions, repeat bool) visit {
	return visitView(b, dir, prefix, "", link, repeat)
}

// visitView is a first visit of the address prefix+query.
func visitView(b *testing.B, dir, prefix, query string, link linkConditions, repeat bool) visit {
	host := &staticHost{prefix: prefix, cors: true, gzip: link.gzip, extra: map[string]string{}}
	host.dir.Store(&dir)
	srv := newBenchServer(host)
	ctx, done := freshBrowser(b)
	defer done()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: liveProbe}); err != nil {
		b.Fatal(err)
	}
	if link.conditions != nil {
		if err := emulateNetwork(ctx, *link.conditions, false); err != nil {
			b.Fatal(err)
		}
	}
	url := srv + prefix
	if err := chromedp.Do(ctx, chromedp.Navigate(url+query)); err != nil {
		b.Fatal(err)
	}
	times, err := chromedp.Run(ctx, chromedp.Poll[[6]float64](
		`window.__dlockLiveAt !== undefined && [window.__dlockPaintAt ?? performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1, window.__dlockAnswersAt, window.__dlockLiveAt,
			Math.min(...performance.getEntriesByType("resource").filter(e => e.name.endsWith("/app.wasm")).map(e => e.responseEnd)),
			performance.getEntriesByName("dlock:main")[0]?.startTime ?? -1,
			performance.getEntriesByName("dlock:wasm-compiled")[0]?.startTime ?? -1]`,
		chromedp.WithPollingTimeout(90*time.Second)))
	if err != nil {
		b.Fatal(err)
	}
	v := visit{fcp: times[0], answers: times[1], live: times[2], downloaded: times[3], main: times[4], compiled: times[5]}
	// The last long task may end just after live: let the observer hear it.
	time.Sleep(200 * time.Millisecond)
	after, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](`[`+longestTask+`, `+framesBefore+`]`))
	if err != nil {
		b.Fatal(err)
	}
	v.longest, v.framesBytes = after[0], after[1]
	if !repeat {
		return v
	}
	// Let the service worker finish its install: its requests belong to the
	// first visit's bytes.
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](
		fmt.Sprintf(`navigator.serviceWorker.controller && caches.match(%q).then(r => !!r)`, url+"web/app.wasm"),
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](
		`navigator.serviceWorker.ready.then(r => r.active && r.active.state === "activated")`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		b.Fatal(err)
	}
	v.bytes = float64(host.bytes.Load())
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"?step=2")); err != nil {
		b.Fatal(err)
	}
	again, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__dlockLiveAt`, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		b.Fatal(err)
	}
	v.repeat = again
	return v
}

// BenchmarkFirstVisit loads the static site (as GitHub Pages would serve it)
// in 5 fresh profiles per link: first paint, the first answer to a step key
// (the default view steps through prerendered frames before the app runs),
// live, the bytes the host sent (every request, the service worker's
// included), and a repeat visit. On each link, each dlock visit is followed
// by one of the minimal go-app page, so their ratio is of one run.
func BenchmarkFirstVisit(b *testing.B) {
	site, minimal := dist(b, "dlock", repoStatic()), minimalSite(b)
	// The compressing host compresses each app.wasm once, before any visit.
	for _, dir := range []string{site, minimal} {
		if _, err := compressedFile(filepath.Join(dir, "web", "app.wasm")); err != nil {
			b.Fatal(err)
		}
	}
	for range b.N {
		results := map[string]any{}
		for _, link := range links {
			if only := os.Getenv("DLOCK_BENCH_LINKS"); only != "" && !slices.Contains(strings.Split(only, ","), link.name) {
				continue // DLOCK_BENCH_LINKS=localhost,... measures only those
			}
			var fcp, answers, live, repeat, bytes, floor []float64
			var downloaded, compiled, mainAt, floorDownloaded, floorMain []float64
			var longest, floorLongest, frames []float64
			for range 5 {
				v := firstVisit(b, site, "/dlock/", link, true)
				answers, live = append(answers, v.answers), append(live, v.live)
				longest, frames = append(longest, v.longest), append(frames, v.framesBytes)
				if v.fcp >= 0 { // headless Chromium does not always report a first paint
					fcp = append(fcp, v.fcp)
				}
				bytes, repeat = append(bytes, v.bytes), append(repeat, v.repeat)
				downloaded, compiled, mainAt = append(downloaded, v.downloaded), append(compiled, v.compiled), append(mainAt, v.main)
				m := firstVisit(b, minimal, "/", link, false)
				floor, floorLongest = append(floor, m.live), append(floorLongest, m.longest)
				floorDownloaded, floorMain = append(floorDownloaded, m.downloaded), append(floorMain, m.main)
			}
			b.ReportMetric(median(fcp), "ms-fcp-"+link.name)
			b.ReportMetric(median(answers), "ms-answers-key-"+link.name)
			b.ReportMetric(median(live), "ms-live-"+link.name)
			b.ReportMetric(median(floor), "ms-live-minimal-goapp-"+link.name)
			b.ReportMetric(median(repeat), "ms-repeat-live-"+link.name)
			b.ReportMetric(median(bytes), "bytes-first-visit-"+link.name)
			results[link.name] = map[string]any{
				"first_contentful_paint_ms_median": median(fcp),
				"answers_step_key_ms_median":       median(answers),
				"live_ms_median":                   median(live),
				"answers_over_live":                median(answers) / median(live),
				"minimal_goapp_live_ms_median":     median(floor),
				"live_over_minimal_goapp":          median(live) / median(floor),
				"repeat_visit_live_ms_median":      median(repeat),
				"first_visit_bytes_median":         median(bytes),
				// Where the time to live goes, for dlock and the minimal page:
				// app.wasm downloaded, Go's main reached, live (mounted).
				"wasm_downloaded_ms_median":        median(downloaded),
				"wasm_compiled_ms_median":          median(compiled),
				"go_main_ms_median":                median(mainAt),
				"minimal_goapp_wasm_downloaded_ms": median(floorDownloaded),
				"minimal_goapp_go_main_ms_median":  median(floorMain),
				// The longest main-thread task from first paint to live.
				"longest_task_ms_median":               median(longest),
				"frames_bytes_before_answer_median":    median(frames),
				"minimal_goapp_longest_task_ms_median": median(floorLongest),
				"runs": map[string][]float64{"fcp_ms": fcp, "answers_ms": answers, "live_ms": live,
					"longest_task_ms": longest, "minimal_goapp_longest_task_ms": floorLongest,
					"minimal_goapp_live_ms": floor, "repeat_live_ms": repeat, "bytes": bytes,
					"wasm_downloaded_ms": downloaded, "wasm_compiled_ms": compiled, "go_main_ms": mainAt,
					"minimal_goapp_wasm_downloaded_ms": floorDownloaded, "minimal_goapp_go_main_ms": floorMain},
			}
			fmt.Printf("first visit over %s, 5 fresh profiles (medians): paint %.0f ms, answers a step key %.0f ms, live %.0f ms (%.2f× a minimal go-app page's %.0f ms), %.0f bytes; repeat visit live %.0f ms\n",
				link.name, median(fcp), median(answers), median(live), median(live)/median(floor), median(floor), median(bytes), median(repeat))
			fmt.Printf("  where it goes: app.wasm downloaded %.0f ms, compiled %.0f ms, Go's main %.0f ms, live %.0f ms; minimal page downloaded %.0f, main %.0f, live %.0f ms\n",
				median(downloaded), median(compiled), median(mainAt), median(live), median(floorDownloaded), median(floorMain), median(floor))
			fmt.Printf("  longest main-thread task from first paint to live: %.0f ms (each visit %.0f); minimal page %.0f ms\n",
				median(longest), longest, median(floorLongest))
		}
		record("first_visit_static_site", results)
	}
}

// benchViews are the addresses other than the default view a first visit
// is measured at: a run under another row, in English, and the matrix.
var benchViews = []string{"?scenario=heartbeat&strategy=lease&lang=en", "?view=matrix"}

// BenchmarkFirstVisitViews loads the static site at each of benchViews in 5
// fresh profiles, over localhost and the 10 Mbit/s link with a compressing
// host: when the page first answers a step key (for the matrix: when it
// shows the table before the app, whose cells are links), the frames'
// bytes that took, live, and the longest main-thread task from first paint
// to live.
func BenchmarkFirstVisitViews(b *testing.B) {
	site := dist(b, "dlock", repoStatic())
	if _, err := compressedFile(filepath.Join(site, "web", "app.wasm")); err != nil {
		b.Fatal(err)
	}
	for range b.N {
		results := map[string]any{}
		for _, link := range links {
			if link.name == "10mbit_40ms" {
				continue // the uncompressed link adds nothing the other two do not show
			}
			for _, q := range benchViews {
				var answers, live, longest, frames []float64
				for range 5 {
					v := visitView(b, site, "/dlock/", q, link, false)
					answers, live = append(answers, v.answers), append(live, v.live)
					longest, frames = append(longest, v.longest), append(frames, v.framesBytes)
				}
				results[link.name+" "+q] = map[string]any{
					"answers_ms_median": median(answers), "live_ms_median": median(live),
					"longest_task_ms_median": median(longest), "frames_bytes_before_answer_median": median(frames),
					"runs": map[string][]float64{"answers_ms": answers, "live_ms": live, "longest_task_ms": longest, "frames_bytes": frames},
				}
				fmt.Printf("first visit to %s over %s, 5 fresh profiles (medians): answers %.0f ms after %.0f bytes of frames, live %.0f ms, longest task %.0f ms (each %.0f)\n",
					q, link.name, median(answers), median(frames), median(live), median(longest), longest)
			}
		}
		record("first_visit_views", results)
	}
}

// BenchmarkFirstLoad measures navigation start to data-phase="live" on a
// first visit to the local server, in 5 fresh profiles.
func BenchmarkFirstLoad(b *testing.B) {
	for range b.N {
		var times []float64
		for range 5 {
			ctx, done := freshBrowser(b)
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: liveProbe}); err != nil {
				b.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(siteURL)); err != nil {
				b.Fatal(err)
			}
			ms, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__dlockLiveAt`, chromedp.WithPollingTimeout(60*time.Second)))
			if err != nil {
				b.Fatal(err)
			}
			times = append(times, ms)
			done()
		}
		b.ReportMetric(median(times), "ms-to-live-median")
		record("first_load_local_server_ms", map[string]any{"median": median(times), "runs": times})
		fmt.Printf("first load from the local server, navigation start → live, 5 fresh profiles (ms): %.0f, median %.0f\n", times, median(times))
	}
}

// stepTimes presses → and ← 300 times in a fresh profile at siteURL, once
// the page is in phase, and times each press to the step counter's change,
// inside the page. blockWasm keeps app.wasm from arriving.
func stepTimes(b *testing.B, phase string, blockWasm bool) []float64 {
	ctx, done := openForSteps(b, siteURL, phase, blockWasm)
	defer done()
	times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](stepLatency+`(300)`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatal(err)
	}
	return times
}

// realInputProbe, evaluated in the page, lets __arm() watch the step
// counter's next change: __armed then settles with the key event's
// timeStamp (when the browser made the event, before any of the page's
// code ran), when the counter changed, and the animation frame after it,
// the first frame that can show the change.
const realInputProbe = `(() => {
	if (window.__arm) return;
	let last = null;
	addEventListener("keydown", (e) => { last = e.timeStamp; }, true);
	const counter = () => document.querySelector('[data-testid="step-counter"]');
	window.__arm = () => {
		const c = counter(), from = c.dataset.value;
		last = null;
		window.__armed = new Promise((resolve) => {
			const o = new MutationObserver(() => {
				const c2 = counter();
				if (!c2 || c2.dataset.value === from) return;
				o.disconnect();
				const dom = performance.now();
				// The animation frame's callbacks run before its style,
				// layout and paint; a task posted from one runs after them.
				// The key's time is read there: the loader's side shows a
				// step in its own listener of the key, which comes before
				// this probe's, and this observer is called between them.
				requestAnimationFrame(() => {
					const frame = performance.now(), ch = new MessageChannel(), key = last;
					ch.port1.onmessage = () => resolve({key, dom, frame, drawn: performance.now()});
					ch.port2.postMessage(0);
				});
			});
			o.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
		});
		return [+c.dataset.value, +c.dataset.total];
	};
})()`

// armed is what __armed settles with.
type armed struct {
	Key   *float64 `json:"key"`
	DOM   float64  `json:"dom"`
	Frame float64  `json:"frame"`
	Drawn float64  `json:"drawn"` // the task after the frame: drawn
}

// shuttle steps a run to and fro: → until the last step, then ← back to
// the first, and so on.
type shuttle struct{ back bool }

// next is the key (and its code) to press at step at[0] of at[1].
func (s *shuttle) next(at [2]int) (string, int64) {
	switch at[0] {
	case at[1]:
		s.back = true
	case 1:
		s.back = false
	}
	if s.back {
		return "ArrowLeft", 37
	}
	return "ArrowRight", 39
}

// pressKey sends a key press as the browser's input pipeline does a real
// one (CDP Input.dispatchKeyEvent: rawKeyDown, then keyUp).
func pressKey(ctx context.Context, key string, code int64) error {
	for _, typ := range []input.DispatchKeyEventType{"rawKeyDown", "keyUp"} {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: typ, Key: key, Code: key,
			WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code}); err != nil {
			return err
		}
	}
	return nil
}

// openForSteps opens url in a fresh profile and waits for the page to be
// in phase; blockWasm keeps app.wasm from arriving.
func openForSteps(b *testing.B, url, phase string, blockWasm bool) (context.Context, func()) {
	ctx, done := freshBrowser(b)
	if blockWasm {
		blockAppWasm(b, ctx)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		done()
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-phase="`+phase+`"]')`)); err != nil {
		done()
		b.Fatal(err)
	}
	return ctx, done
}

// realStepTimes presses → (← on the way back) n times as real input in a
// fresh profile at url, once the page is in phase, and returns, for
// each press, the key event to the frame after the step counter changed,
// the key event to the change, and the key event to the task after that
// frame, once the frame's style, layout and paint are done. The presses
// are 100 ms apart, time for the page to be quiet between them, as a
// reader's stepping mostly is: pressed back to back, each would come just
// after the frame the last one waited for, and its own frame would wait
// for the display's next beat, whatever the page's work.
//
// cpu slows the page's CPU that many times (1: as it is; 4: a phone's, as
// Lighthouse's mobile model takes it) while it steps.
func realStepTimes(b *testing.B, url, phase string, blockWasm bool, n int, cpu float64) (toFrame, toDOM, toDrawn []float64) {
	ctx, done := openForSteps(b, url, phase, blockWasm)
	defer done()
	if cpu > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpu}); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](realInputProbe)); err != nil {
		b.Fatal(err)
	}
	var keys shuttle
	for range n {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[[2]int](`__arm()`))
		if err != nil {
			b.Fatal(err)
		}
		key, code := keys.next(at)
		if err := pressKey(ctx, key, code); err != nil {
			b.Fatal(err)
		}
		t, err := chromedp.Run(ctx, chromedp.Evaluate[armed](`__armed`, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		if t.Key == nil {
			b.Fatal("the step changed without a key event the page saw")
		}
		toFrame, toDOM = append(toFrame, t.Frame-*t.Key), append(toDOM, t.DOM-*t.Key)
		toDrawn = append(toDrawn, t.Drawn-*t.Key)
		time.Sleep(100 * time.Millisecond)
	}
	return toFrame, toDOM, toDrawn
}

// blockAppWasm keeps app.wasm from arriving in ctx's tab.
func blockAppWasm(b *testing.B, ctx context.Context) {
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "*://*:*/*app.wasm", Block: true}},
	}); err != nil {
		b.Fatal(err)
	}
}

// benchSteps reports the step latency over 5 fresh profiles of 300 presses
// timed inside the page (the median and p95 of all presses, and each
// profile's median), then over 5 fresh profiles of 60 real key presses
// (realStepTimes); once live, each of those is followed by one of the
// book's page drawn by go-app, go-app's floor for a step.
func benchSteps(b *testing.B, key, phase string, blockWasm bool) {
	// Once live, each profile of dlock is followed by one of the book's
	// page drawn by go-app (e2e/bookpage), so their ratio is of one run.
	// Once live, the same beside the Vue replica of the book's demo.
	var book, vue string
	if phase == "live" {
		book = bookPageURL(b)
		var why string
		if vue, why = vueReplicaURL(b); vue == "" {
			fmt.Printf("the step is measured without the Vue replica beside it: %s\n", why)
		}
	}
	for range b.N {
		var all, later, medians []float64
		for range 5 {
			times := stepTimes(b, phase, blockWasm)
			all = append(all, times...)
			later = append(later, times[len(times)/2:]...)
			medians = append(medians, median(times))
		}
		b.ReportMetric(median(all), "ms-per-step-median")
		b.ReportMetric(quantile(all, 0.95), "ms-per-step-p95")
		// The first presses after the app goes live run while V8 is still
		// compiling app.wasm's functions (lazily, then optimised in the
		// background): the second half of each profile's presses shows
		// the page once that is done.
		b.ReportMetric(quantile(later, 0.95), "ms-per-step-p95-second-half")
		record(key, map[string]any{"median": median(all), "p95": quantile(all, 0.95), "presses": len(all), "profile_medians": medians,
			"second_half_median": median(later), "second_half_p95": quantile(later, 0.95)})
		fmt.Printf("%s over %d key presses in 5 fresh profiles (ms): median %.2f, p95 %.2f; each profile's median %.1f; the second half of each profile's presses: median %.2f, p95 %.2f\n",
			strings.ReplaceAll(key, "_", " "), len(all), median(all), quantile(all, 0.95), medians, median(later), quantile(later, 0.95))
		// What a reader gets: a real key press, through the browser's
		// input pipeline, to the frame that can show the new step, at the
		// CPU's speed and at a phone's (4× slower).
		for _, cpu := range []float64{1, 4} {
			realInputFigures(b, key, phase, blockWasm, cpu, book, vue)
		}
	}
}

// stepFigures are a contender's real-input step times over its presses.
type stepFigures struct{ frame, dom, drawn []float64 }

func (f *stepFigures) add(frame, dom, drawn []float64) {
	f.frame, f.dom, f.drawn = append(f.frame, frame...), append(f.dom, dom...), append(f.drawn, drawn...)
}

func (f *stepFigures) record() map[string]any {
	return map[string]any{"presses": len(f.frame),
		"key_to_frame_median": median(f.frame), "key_to_frame_p95": quantile(f.frame, 0.95),
		"key_to_dom_median": median(f.dom), "key_to_dom_p95": quantile(f.dom, 0.95),
		"key_to_drawn_median": median(f.drawn), "key_to_drawn_p95": quantile(f.drawn, 0.95)}
}

func (f *stepFigures) say(who string) {
	fmt.Printf("%s, from real input over %d presses in 5 fresh profiles (ms), the key event to the frame after the change: median %.2f, p95 %.2f; to the change: median %.2f, p95 %.2f; to the task after that frame (drawn): median %.2f, p95 %.2f\n",
		who, len(f.frame), median(f.frame), quantile(f.frame, 0.95), median(f.dom), quantile(f.dom, 0.95), median(f.drawn), quantile(f.drawn, 0.95))
}

// realInputFigures measures 5 fresh profiles of 60 real key presses of
// dlock at cpu, each followed, where they are given, by one of the book's
// page drawn by go-app (book) and one of the Vue replica of the book's
// demo (vue), so that their ratios are of one run.
func realInputFigures(b *testing.B, key, phase string, blockWasm bool, cpu float64, book, vue string) {
	var dlock, bookPage, replica stepFigures
	for range 5 {
		dlock.add(realStepTimes(b, siteURL, phase, blockWasm, 60, cpu))
		if book != "" {
			bookPage.add(realStepTimes(b, book, phase, false, 60, cpu))
		}
		if vue != "" {
			replica.add(realStepTimes(b, vue, phase, false, 60, cpu))
		}
	}
	name, at := key+"_real_input", ""
	if cpu != 1 {
		name, at = fmt.Sprintf("%s_real_input_cpu%g", key, cpu), fmt.Sprintf("-cpu%g", cpu)
	}
	b.ReportMetric(median(dlock.frame), "ms-key-to-frame-median"+at)
	b.ReportMetric(quantile(dlock.frame, 0.95), "ms-key-to-frame-p95"+at)
	speed := "at the CPU's speed"
	if cpu != 1 {
		speed = fmt.Sprintf("with the CPU %g× slower", cpu)
	}
	fig := dlock.record()
	fig["cpu_slowdown"] = cpu
	dlock.say(strings.ReplaceAll(key, "_", " ") + ", " + speed)
	if book != "" {
		fig["book_page_goapp"] = bookPage.record()
		fig["key_to_dom_over_book_page_goapp"] = median(dlock.dom) / median(bookPage.dom)
		bookPage.say("the book's page drawn by go-app (e2e/bookpage), in the same run, " + speed)
	}
	if vue != "" {
		fig["vue_replica"] = replica.record()
		fig["key_to_frame_p95_over_vue_replica"] = quantile(dlock.frame, 0.95) / quantile(replica.frame, 0.95)
		b.ReportMetric(quantile(replica.frame, 0.95), "ms-key-to-frame-p95-vue"+at)
		replica.say("the Vue replica of the book's demo, in the same run, " + speed)
		fmt.Printf("dlock's key → frame p95 over the Vue replica's, %s: %.2f×\n", speed, quantile(dlock.frame, 0.95)/quantile(replica.frame, 0.95))
	}
	record(name, fig)
}

// vueReplicaURL serves the Vue replica of the book's published demo (the
// bar a reader would otherwise have) as a static site and returns its
// address, or "" and why not: the replica is a measuring tool kept outside
// the project (it carries a copy of the model in JavaScript, which the
// project never does), at $DLOCK_VUE_BOOK, else ../shared/bench/vue-book
// beside the checkout, with vue.global.prod.js from npm vue@3.5.45.
func vueReplicaURL(b *testing.B) (string, string) {
	dir := os.Getenv("DLOCK_VUE_BOOK")
	if dir == "" {
		dir = filepath.Join(repoRoot, "..", "shared", "bench", "vue-book")
	}
	if _, err := os.Stat(filepath.Join(dir, "app.js")); err != nil {
		return "", "no Vue replica at " + dir + " (set DLOCK_VUE_BOOK)"
	}
	site, pkg := b.TempDir(), b.TempDir()
	npm := exec.Command("npm", "install", "--prefix", pkg, "--no-audit", "--no-fund", "--no-save", "vue@3.5.45")
	if out, err := npm.CombinedOutput(); err != nil {
		return "", fmt.Sprintf("npm install vue@3.5.45: %v: %s", err, out)
	}
	for dst, src := range map[string]string{
		"index.html":         filepath.Join(dir, "index.html"),
		"app.js":             filepath.Join(dir, "app.js"),
		"vue.global.prod.js": filepath.Join(pkg, "node_modules", "vue", "dist", "vue.global.prod.js"),
	} {
		body, err := os.ReadFile(src)
		if err != nil {
			return "", err.Error()
		}
		if err := os.WriteFile(filepath.Join(site, dst), body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return newStaticHost(b, "/", site, nil).url(""), ""
}

// bookPageURL serves the book's published demo drawn by go-app
// (e2e/bookpage: the layout and style of a Vue replica of that demo,
// dlock's model and words) as a static site, and returns its address: the
// floor of a live step in a go-app page of the book's size.
func bookPageURL(b *testing.B) string {
	return newStaticHost(b, "/", goappSite(b, "book-page", "./e2e/bookpage"), nil).url("")
}

// BenchmarkStepLatency measures a key press to the step counter's change
// once the app is live, and a real one to the frame after it, beside the
// book's page drawn by go-app.
func BenchmarkStepLatency(b *testing.B) { benchSteps(b, "step_latency_ms", "live", false) }

// BenchmarkStepLatencyBeforeLive measures the same where app.wasm never
// arrives: the loader stepping through the default view's prerendered
// frames.
func BenchmarkStepLatencyBeforeLive(b *testing.B) {
	benchSteps(b, "step_latency_before_live_ms", "enhanced", true)
}

// BenchmarkSearchInBrowser runs the search view's search (consensus with
// fencing, where nothing is found and every state up to the depth is
// explored: the bounded proof) in Chromium, in 3 fresh profiles, at the page's
// default depth and one more: states per second and the time taken, to
// choose the default depth (the largest done within about 2 s).
func BenchmarkSearchInBrowser(b *testing.B) {
	for range b.N {
		results := map[string]any{}
		for _, depth := range []int{state.DefaultDepth, state.DefaultDepth + 1} {
			var ms, rate []float64
			var states float64
			for range 3 {
				ctx, done := freshBrowser(b)
				url := fmt.Sprintf("%s?view=search&strategy=consensus&depth=%d&lang=en", siteURL, depth)
				if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
					b.Fatal(err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('[data-testid="app"]')?.dataset.phase === "live"`,
					chromedp.WithPollingTimeout(60*time.Second))); err != nil {
					b.Fatal(err)
				}
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid="search-start"]`))); err != nil {
					b.Fatal(err)
				}
				got, err := chromedp.Run(ctx, chromedp.Poll[[2]float64](
					`(() => { const r = document.querySelector('[data-testid="search-result"]'); return r && r.dataset.value === "none" && [+r.dataset.states, +r.dataset.ms]; })()`,
					chromedp.WithPollingTimeout(120*time.Second)))
				done()
				if err != nil {
					b.Fatal(err)
				}
				states = got[0]
				ms = append(ms, got[1])
				rate = append(rate, got[0]/got[1]*1000)
			}
			b.ReportMetric(median(ms), fmt.Sprintf("ms-depth-%d", depth))
			b.ReportMetric(median(rate), fmt.Sprintf("states/s-depth-%d", depth))
			results[fmt.Sprintf("depth_%d", depth)] = map[string]any{"states": states, "ms_median": median(ms), "states_per_s_median": median(rate), "runs_ms": ms}
			fmt.Printf("search in Chromium (consensus, the bounded proof) to depth %d: %.0f states in %.0f ms (median of 3), %.0f states/s\n", depth, states, median(ms), median(rate))
		}
		record("search_in_browser", results)
	}
}

// keyWhileSearchingProbe, evaluated in the page, lets __armKey() watch the
// next key press: __keyed then settles with the key event's timeStamp
// (when the browser made it), when the page's first listener ran (what
// the main thread's work made the key wait), the animation frame after it
// (the first that can show what the key did), and whether the search was
// running when the key came.
const keyWhileSearchingProbe = `(() => {
	if (window.__armKey) return;
	window.__tasks = [];
	new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tasks.push(e.duration); }).observe({type: "longtask"});
	window.__armKey = () => {
		window.__keyed = new Promise((resolve) => {
			addEventListener("keydown", (e) => {
				const key = e.timeStamp, handled = performance.now();
				const state = document.querySelector('[data-testid="search-result"]')?.dataset.value;
				requestAnimationFrame(() => resolve({key, handled, frame: performance.now(), running: state === "running"}));
			}, {capture: true, once: true});
		});
	};
})()`

// eval0 evaluates expr in ctx's page.
func eval0[T any](b *testing.B, ctx context.Context, expr string) T {
	b.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.Fatal(err)
	}
	return v
}

// keyed is what __keyed settles with.
type keyed struct {
	Key     float64 `json:"key"`
	Handled float64 `json:"handled"`
	Frame   float64 `json:"frame"`
	Running bool    `json:"running"`
}

// BenchmarkStepKeyWhileSearching presses → as real input, 100 ms apart, in
// the search view while a search to closure runs there (consensus with
// fencing and renewals, which runs for minutes), in 3 fresh profiles: the
// key event to the page's first listener, and to the frame after it. A
// search runs in slices between which the browser handles input and
// draws: a key waits at most for the slice under way.
func BenchmarkStepKeyWhileSearching(b *testing.B) {
	const url = "?view=search&strategy=consensus&depth=any&renew=1&lang=en"
	for range b.N {
		var toListener, toFrame, tasks []float64
		for range 3 {
			ctx, done := openForSteps(b, siteURL+url, "live", false)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](keyWhileSearchingProbe)); err != nil {
				done()
				b.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid="search-start"]`))); err != nil {
				done()
				b.Fatal(err)
			}
			tasksBefore := eval0[int](b, ctx, `__tasks.length`)
			for range 40 {
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`__armKey()`)); err != nil {
					done()
					b.Fatal(err)
				}
				if err := pressKey(ctx, "ArrowRight", 39); err != nil {
					done()
					b.Fatal(err)
				}
				t, err := chromedp.Run(ctx, chromedp.Evaluate[keyed](`__keyed`, chromedp.EvalAwaitPromise))
				if err != nil {
					done()
					b.Fatal(err)
				}
				if !t.Running {
					done()
					b.Fatal("the search was not running when the key came")
				}
				toListener, toFrame = append(toListener, t.Handled-t.Key), append(toFrame, t.Frame-t.Key)
				time.Sleep(100 * time.Millisecond)
			}
			tasks = append(tasks, eval0[[]float64](b, ctx, `__tasks`)[tasksBefore:]...)
			done()
		}
		b.ReportMetric(median(toFrame), "ms-key-to-frame-median")
		b.ReportMetric(quantile(toFrame, 0.95), "ms-key-to-frame-p95")
		record("step_key_while_searching", map[string]any{"presses": len(toFrame),
			"key_to_listener_median": median(toListener), "key_to_listener_p95": quantile(toListener, 0.95),
			"key_to_frame_median": median(toFrame), "key_to_frame_p95": quantile(toFrame, 0.95),
			"long_tasks": len(tasks), "long_task_max": quantile(tasks, 1)})
		fmt.Printf("→ while a search to closure runs in the search view, from real input over %d presses in 3 fresh profiles (ms): the key event to the page's first listener: median %.2f, p95 %.2f; to the frame after it: median %.2f, p95 %.2f; %d tasks over 50 ms meanwhile, the longest %.0f\n",
			len(toFrame), median(toListener), quantile(toListener, 0.95), median(toFrame), quantile(toFrame, 0.95), len(tasks), quantile(tasks, 1))
	}
}

// BenchmarkReplayAll replays every scenario under every strategy, as the
// matrix view does, for a fixed 300 rounds (make bench also runs core's own
// BenchmarkReplay for each pair, 5 times).
func BenchmarkReplayAll(b *testing.B) {
	const rounds = 300
	pairs := len(core.Scenarios()) * len(core.Strategies())
	for range b.N {
		start := time.Now()
		for range rounds {
			for _, sc := range core.Scenarios() {
				for _, st := range core.Strategies() {
					if _, err := core.Replay(sc, st); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		perMatrix := float64(time.Since(start).Nanoseconds()) / rounds
		perReplay := perMatrix / float64(pairs)
		b.ReportMetric(perReplay, "ns/replay")
		record("replay_all_pairs", map[string]float64{"ns_per_replay": perReplay, "ns_per_matrix": perMatrix})
		fmt.Printf("replaying every scenario under every strategy (%d runs, the matrix view's work): %.0f ns, %.0f ns per run\n", pairs, perMatrix, perReplay)
	}
}
