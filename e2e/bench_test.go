//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// liveProbe runs before the page's own scripts and records when the app
// marks itself live, on the page's own clock (ms since navigation start).
const liveProbe = `(() => {
	const mark = () => {
		if (window.__dlockLiveAt === undefined && document.querySelector('[data-testid="app"][data-phase="live"]')) {
			window.__dlockLiveAt = performance.now();
			return true;
		}
		return false;
	};
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
	i := int(q*float64(len(s)-1) + 0.5)
	return s[i]
}

// freshBrowser starts a Chromium with a new, empty profile.
func freshBrowser(b *testing.B) (context.Context, func()) {
	dir, err := os.MkdirTemp("", "dlock-bench-profile-")
	if err != nil {
		b.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromeOptions(filepath.Join(dir, "p"))...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	if err := chromedp.Do(ctx); err != nil {
		b.Fatal(err)
	}
	return ctx, func() { cancelTimeout(); cancel(); cancelAlloc(); os.RemoveAll(dir) }
}

// BenchmarkFirstLoad measures navigation start to data-phase="live" on a
// first visit, in 5 fresh profiles, and reports the median.
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
			ms, err := chromedp.Run(ctx, chromedp.Poll[float64](`window.__dlockLiveAt`, chromedp.WithPollingTimeout(30*time.Second)))
			if err != nil {
				b.Fatal(err)
			}
			times = append(times, ms)
			done()
		}
		b.ReportMetric(median(times), "ms-to-live-median")
		b.ReportMetric(quantile(times, 0), "ms-to-live-min")
		b.ReportMetric(quantile(times, 1), "ms-to-live-max")
		fmt.Printf("first load, navigation start → live, 5 fresh profiles (ms): %.0f\n", times)
	}
}

// BenchmarkStepLatency measures a key press to the step counter's change,
// over 60 presses timed inside the page.
func BenchmarkStepLatency(b *testing.B) {
	for range b.N {
		ctx, done := freshBrowser(b)
		if err := chromedp.Do(ctx, chromedp.Navigate(siteURL)); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('[data-phase="live"]')`)); err != nil {
			b.Fatal(err)
		}
		times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](stepLatency+`(60)`, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		done()
		b.ReportMetric(median(times), "ms-per-step-median")
		b.ReportMetric(quantile(times, 0.95), "ms-per-step-p95")
		fmt.Printf("step latency over %d key presses (ms): median %.2f, p95 %.2f\n", len(times), median(times), quantile(times, 0.95))
	}
}
