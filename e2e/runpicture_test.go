//go:build !js

package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pageCSS is the page's own style sheet, which the pictures carry.
func pageCSS(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "static", "web", "dlock.css"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// measurePicture lays the picture svg out in the tab and returns, for each
// step, the height its HTML part is given and the height it takes.
const measurePicture = `(svg => {
	const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
	const root = document.importNode(doc.documentElement, true);
	document.body.replaceChildren(root);
	return [...root.querySelectorAll("foreignObject")].map(fo =>
		[+fo.getAttribute("height"), Math.ceil(fo.firstElementChild.getBoundingClientRect().height)]);
})`

// Every run's picture gives each step's HTML part the room it takes, in
// both languages: the cards, the beliefs and the action line are never cut
// off, and the timeline under them never overlaps them; and it wastes
// little (the reckoning errs on the side of room, by at most two lines or
// so). Laid out as a document of its own, as an <img> lays it out.
func TestEveryPictureHoldsItsParts(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.do(chromedp.Navigate("data:text/html,<!doctype html><title>x</title>"))
	css := pageCSS(t)
	runs := state.NewRuns()
	worst := 0
	for _, l := range state.Langs {
		for _, sc := range core.Scenarios() {
			for _, st := range core.Strategies() {
				s := state.Settings{Scenario: sc.ID, Strategy: st, Step: 1, Lang: l, View: state.ViewDemo}
				p, err := ui.PictureOf(runs, s, st, css, false)
				if err != nil {
					continue
				}
				arg, _ := json.Marshal(p.Animated())
				heights := eval[[][2]int](tb, measurePicture+"("+string(arg)+")")
				most := 0
				for i, h := range heights {
					if h[1] > h[0] {
						t.Errorf("%s %s/%s step %d: the HTML part takes %d px of the %d it is given", l, sc.ID, st, i+1, h[1], h[0])
					}
					most = max(most, h[1])
				}
				// Room to spare shows as a gap above the timeline: at
				// most about two lines of text.
				if len(heights) > 0 && heights[0][0]-most > 64 {
					t.Errorf("%s %s/%s: the HTML part is given %d px and takes %d", l, sc.ID, st, heights[0][0], most)
				}
				if len(heights) > 0 {
					worst = max(worst, heights[0][0]-most)
				}
			}
		}
	}
	t.Logf("the most room to spare: %d px", worst)
}

// downloadsTo has what tb downloads written to dir (tb in a browser
// context of its own: newIsolatedTab).
func downloadsTo(tb *tab, dir string) {
	tb.t.Helper()
	events := true
	if _, err := chromedp.CallBrowser(tb.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &events,
		BrowserContextID: chromedp.FromContext(tb.ctx).BrowserContextID,
	}); err != nil {
		tb.t.Fatal(err)
	}
}

// downloaded waits for the file name to arrive in dir, whole, and returns it.
func downloaded(tb *tab, dir, name string) []byte {
	tb.t.Helper()
	path := filepath.Join(dir, name)
	for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		// Chromium writes a download under another name and renames it
		// once it is whole.
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
	}
	tb.t.Fatalf("%s was not downloaded to %s", name, dir)
	return nil
}

// rendered is what Chromium draws of the SVG svg as an <img>, w × h, as
// RGBA: a tab of its own shows it alone.
func rendered(t *testing.T, svg string, w, h int) *image.RGBA {
	t.Helper()
	tb := newTab(t)
	tb.do(chromedp.Navigate("data:text/html,<!doctype html><style>body{margin:0}</style><img id=p>"))
	tb.viewport(int64(w), int64(h))
	arg, _ := json.Marshal("data:image/svg+xml;charset=utf-8," + url.PathEscape(svg))
	eval[bool](tb, `(async src => { const p = document.getElementById("p"); p.src = src; await p.decode(); return true; })(`+string(arg)+`)`)
	shot, err := chromedp.Call(tb.ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatPng,
		Clip:   &page.Viewport{X: 0, Y: 0, Width: float64(w), Height: float64(h), Scale: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot.Data))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// difference is how far apart two pictures of a size are: the mean
// difference of their channels, over the pixels a is opaque at.
func difference(a, b *image.RGBA) float64 {
	sum, n := 0, 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		if a.Pix[i+3] == 0 {
			continue
		}
		for c := range 3 {
			d := int(a.Pix[i+c]) - int(b.Pix[i+c])
			sum += max(d, -d)
		}
		n += 3
	}
	return float64(sum) / float64(max(n, 1))
}

// The run downloads as pictures, clicked as a person does: the animated
// SVG is, byte for byte, the picture the code makes natively (the README's,
// for the chapter's run in English); the GIF holds one frame a step, each
// held as long as the SVG holds it, looping, and each frame is the step's
// own picture as Chromium draws it (a frame nearer its own step than any
// other), whose value and badge are the model's; the zip holds a PNG a
// step, twice as large. Each time the control says what it downloaded.
func TestTheRunDownloadsAsPictures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tb := newIsolatedTab(t)
	downloadsTo(tb, dir)
	tb.open(siteURL + "?lang=en")
	runs := state.NewRuns()
	s := state.Defaults()
	s.Lang = state.English
	native, err := ui.PictureOf(runs, s, s.Strategy, pageCSS(t), false)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot, "docs", "pictures", "gc-pause.en.svg"))
	if err != nil {
		t.Fatal(err)
	}

	tb.click("picture-svg")
	svg := downloaded(tb, dir, "dlock-gc-pause-lease-fencing-en.svg")
	if !bytes.Equal(svg, readme) || string(svg) != native.Animated() {
		t.Error("the page's animated SVG is not the picture the code makes natively (docs/pictures/gc-pause.en.svg)")
	}
	tb.waitJS(`document.querySelector('[data-testid="picture-status"]').textContent.startsWith("Downloaded dlock-gc-pause-lease-fencing-en.svg (")`)

	tb.click("picture-gif")
	data := downloaded(tb, dir, "dlock-gc-pause-lease-fencing-en.gif")
	tb.waitJS(`document.querySelector('[data-testid="picture-status"]').textContent.startsWith("Downloaded dlock-gc-pause-lease-fencing-en.gif (")`)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := runs.Scenario(core.GCPauseID)
	frames := runs.Run(sc, s.Strategy).Frames
	if len(g.Image) != len(frames) || g.LoopCount != 0 || g.Config.Width != native.Width || g.Config.Height != native.Height {
		t.Fatalf("the GIF has %d frames of %d × %d, looping %d; want %d of %d × %d, looping forever",
			len(g.Image), g.Config.Width, g.Config.Height, g.LoopCount, len(frames), native.Width, native.Height)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, native.Width, native.Height))
	var shown []*image.RGBA
	for i, f := range g.Image {
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		snap := image.NewRGBA(canvas.Rect)
		copy(snap.Pix, canvas.Pix)
		shown = append(shown, snap)
		if want := native.Delays[i] / 10; g.Delay[i] != want {
			t.Errorf("frame %d is held %d cs, want %d", i+1, g.Delay[i], want)
		}
	}
	drawn := make([]*image.RGBA, len(frames))
	for k := range frames {
		drawn[k] = rendered(t, native.Step(k+1), native.Width, native.Height)
	}
	for k, f := range frames {
		// The step's picture holds the model's value and badge.
		step := native.Step(k + 1)
		badge := "running"
		if k+1 == len(frames) {
			badge = badgeFor[string(f.Verdict)]
		}
		for _, want := range []string{`data-testid="resource-data" data-value="` + orNone(f.Resources[0].Data) + `"`,
			`data-testid="outcome-badge" data-value="` + badge + `"`} {
			if !strings.Contains(step, want) {
				t.Errorf("step %d's picture lacks %s", k+1, want)
			}
		}
		own := difference(shown[k], drawn[k])
		t.Logf("GIF frame %d differs from its step's picture by %.2f a channel", k+1, own)
		if own > 2 {
			t.Errorf("GIF frame %d differs from its step's picture by %.2f a channel", k+1, own)
		}
		for j := range frames {
			if j != k && difference(shown[k], drawn[j]) <= own {
				t.Errorf("GIF frame %d is as near step %d's picture as its own", k+1, j+1)
			}
		}
	}

	if keep := os.Getenv("DLOCK_PICTURE_DIR"); keep != "" {
		os.WriteFile(filepath.Join(keep, "run.gif"), data, 0o644)
	}
	tb.click("picture-png")
	zipped := downloaded(tb, dir, "dlock-gc-pause-lease-fencing-en-steps.zip")
	tb.waitJS(`document.querySelector('[data-testid="picture-status"]').textContent.startsWith("Downloaded dlock-gc-pause-lease-fencing-en-steps.zip (")`)
	z, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		t.Fatal(err)
	}
	if len(z.File) != len(frames) {
		t.Fatalf("the zip holds %d files for %d steps", len(z.File), len(frames))
	}
	t.Logf("the chapter's run in English: animated SVG %d bytes, GIF %d bytes, PNG zip %d bytes", len(svg), len(data), len(zipped))
	for k, f := range z.File {
		if want := fmt.Sprintf("dlock-gc-pause-lease-fencing-en/step-%d.png", k+1); f.Name != want {
			t.Errorf("the zip's file %d is %s, want %s", k+1, f.Name, want)
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if b := img.Bounds(); b.Dx() != 2*native.Width || b.Dy() != 2*native.Height {
			t.Errorf("%s is %v, want twice the picture's %d × %d", f.Name, b, native.Width, native.Height)
		}
		// Halved, it is the step's picture.
		half := image.NewRGBA(image.Rect(0, 0, native.Width, native.Height))
		for y := range native.Height {
			for x := range native.Width {
				var sum [4]int
				for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					c := color.RGBAModel.Convert(img.At(2*x+d[0], 2*y+d[1])).(color.RGBA)
					sum[0], sum[1], sum[2], sum[3] = sum[0]+int(c.R), sum[1]+int(c.G), sum[2]+int(c.B), sum[3]+int(c.A)
				}
				half.SetRGBA(x, y, color.RGBA{uint8(sum[0] / 4), uint8(sum[1] / 4), uint8(sum[2] / 4), uint8(sum[3] / 4)})
			}
		}
		for i := 3; i < len(half.Pix); i += 4 {
			if half.Pix[i] < 255 {
				half.Pix[i] = 0 // the rounded corners, and their edge
			}
		}
		if d := difference(half, drawn[k]); d > 6 {
			t.Errorf("%s, halved, differs from its step's picture by %.2f a channel", f.Name, d)
		}
	}
}

// Before the app runs, a press of the picture control makes the picture:
// the loader's script and the picture encoder draw it without app.wasm,
// which is still on its way, and the control says what it is making and
// then what it downloaded.
func TestAPictureIsMadeBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	defer release()
	dir := t.TempDir()
	tb := newIsolatedTab(t)
	downloadsTo(tb, dir)
	tb.openIn(host.url("?sw=off&lang=en"), "enhanced")
	if got := tb.text("picture-status"); got != "" {
		t.Errorf("before a press the picture control says %q", got)
	}
	// Pressed twice, as an impatient reader does: one GIF.
	tb.click("picture-gif")
	tb.click("picture-gif")
	preparing := words.T(state.English, "picture.preparing", words.T(state.English, "picture.kind.gif"))
	making := words.T(state.English, "picture.making", words.T(state.English, "picture.kind.gif"), 7)
	tb.waitJS(`["` + preparing + `", "` + making + `"].includes(document.querySelector('[data-testid="picture-status"]').textContent)`)
	if b := downloaded(tb, dir, "dlock-gc-pause-lease-fencing-en.gif"); len(b) < 1000 {
		t.Errorf("the GIF made before the app is %d bytes", len(b))
	}
	tb.waitJS(`document.querySelector('[data-testid="picture-status"]').textContent.startsWith("Downloaded dlock-gc-pause-lease-fencing-en.gif (")`)
	if phase := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.phase || ""`); phase == "live" {
		t.Error("the app ran before its app.wasm was released")
	}
	// Nor does the app make it again once it runs: the presses were the
	// loader's, not ones to hand over.
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	time.Sleep(time.Second)
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		var names []string
		for _, f := range files {
			names = append(names, f.Name())
		}
		t.Errorf("the downloads are %v, want the one GIF", names)
	}
}

// While a GIF is made (on a slow CPU, a run of 13 steps), the page answers
// the reader: a step forward is drawn before the GIF is done, the control's
// progress bar shows how far it has got, and its buttons wait for it.
func TestThePageAnswersWhileAPictureIsMade(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tb := newIsolatedTab(t)
	downloadsTo(tb, dir)
	tb.open(siteURL + "?scenario=heartbeat&lang=en")
	eval[bool](tb, `(() => {
		const seen = window.seen = { making: [], steps: [], progress: 0, max: 0, shown: false, disabled: false };
		const control = document.querySelector('[data-testid="picture-control"]');
		const bar = control.querySelector('[data-testid="picture-progress"]');
		new MutationObserver(() => {
			seen.making.push([performance.now(), control.dataset.value]);
			if (!bar.hidden) {
				seen.shown = true;
				seen.progress = Math.max(seen.progress, +bar.getAttribute("value"));
				seen.max = +bar.getAttribute("max");
			}
			if (control.querySelector('[data-testid="picture-png"]').getAttribute("aria-disabled") === "true") seen.disabled = true;
		}).observe(control, { subtree: true, attributes: true, childList: true, characterData: true });
		const counter = document.querySelector('[data-testid="step-counter"]');
		new MutationObserver(() => seen.steps.push([performance.now(), counter.dataset.value, control.dataset.value]))
			.observe(counter, { attributes: true, childList: true, characterData: true, subtree: true });
		return true;
	})()`)
	if _, err := chromedp.Call(tb.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 6}); err != nil {
		t.Fatal(err)
	}
	defer chromedp.Call(tb.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1})
	tb.click("picture-gif")
	tb.waitJS(`document.querySelector('[data-testid="picture-control"]').dataset.value === "gif"`)
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "2")
	downloaded(tb, dir, "dlock-heartbeat-lease-fencing-en.gif")
	tb.waitJS(`document.querySelector('[data-testid="picture-control"]').dataset.value === "none"`)
	var seen struct {
		Steps    [][3]any `json:"steps"`
		Progress int      `json:"progress"`
		Max      int      `json:"max"`
		Shown    bool     `json:"shown"`
		Disabled bool     `json:"disabled"`
	}
	b := eval[json.RawMessage](tb, `window.seen`)
	if err := json.Unmarshal(b, &seen); err != nil {
		t.Fatal(err)
	}
	stepped := false
	for _, s := range seen.Steps {
		if s[1] == "2" && s[2] == "gif" {
			stepped = true
		}
	}
	if !stepped {
		t.Errorf("the step was not drawn while the GIF was made: %v", seen.Steps)
	}
	runs := state.NewRuns()
	sc, _ := runs.Scenario("heartbeat")
	if n := sc.Frames(); !seen.Shown || seen.Max != 2*n || seen.Progress < n {
		t.Errorf("the progress bar: shown %v, at most %d of %d; want it shown, %d steps rastered and encoded", seen.Shown, seen.Progress, seen.Max, n)
	}
	if !seen.Disabled {
		t.Error("the control's buttons did not wait while the GIF was made")
	}
}

// The README's picture shows as an <img> with the network off, asking
// for nothing (no font, no style sheet, no script), each step as that
// step's own picture.
func TestThePictureShowsAsAnImageWithoutTheNetwork(t *testing.T) {
	t.Parallel()
	svg, err := os.ReadFile(filepath.Join(repoRoot, "docs", "pictures", "gc-pause.ja.svg"))
	if err != nil {
		t.Fatal(err)
	}
	s := state.Defaults()
	native, err := ui.PictureOf(state.NewRuns(), s, s.Strategy, pageCSS(t), false)
	if err != nil {
		t.Fatal(err)
	}
	if string(svg) != native.Animated() {
		t.Fatal("docs/pictures/gc-pause.ja.svg is not today's picture")
	}
	tb := newTab(t)
	tb.do(chromedp.Navigate("data:text/html,<!doctype html><style>body{margin:0}</style><img id=p>"))
	tb.viewport(int64(native.Width), int64(native.Height))
	var asked []string
	var mu sync.Mutex
	go func() {
		for ev, err := range chromedp.Events(tb.ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			if !strings.HasPrefix(ev.Request.URL, "data:") {
				mu.Lock()
				asked = append(asked, ev.Request.URL)
				mu.Unlock()
			}
		}
	}()
	tb.offline(true)
	arg, _ := json.Marshal("data:image/svg+xml;charset=utf-8," + url.PathEscape(string(svg)))
	size := eval[[2]int](tb, `(async src => { const p = document.getElementById("p"); p.src = src; await p.decode(); return [p.naturalWidth, p.naturalHeight]; })(`+string(arg)+`)`)
	if size != [2]int{native.Width, native.Height} {
		t.Errorf("the picture shows %v, want %d × %d", size, native.Width, native.Height)
	}
	shot, err := chromedp.Call(tb.ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatPng,
		Clip:   &page.Viewport{X: 0, Y: 0, Width: float64(native.Width), Height: float64(native.Height), Scale: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot.Data))
	if err != nil {
		t.Fatal(err)
	}
	offline := image.NewRGBA(image.Rect(0, 0, native.Width, native.Height))
	draw.Draw(offline, offline.Rect, img, img.Bounds().Min, draw.Src)
	// Playing, it shows one of its steps, as that step's own picture.
	nearest := math.Inf(1)
	for k := 1; k <= native.Len(); k++ {
		nearest = min(nearest, difference(offline, rendered(t, native.Step(k), native.Width, native.Height)))
	}
	if nearest > 0.5 {
		t.Errorf("offline, the picture differs from each of its steps by %.2f a channel or more", nearest)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) > 0 {
		t.Errorf("the picture asked for %v", asked)
	}
}

// The animated picture shows each step in turn, for its delay, and loops:
// at any moment of its animation exactly one step is shown, the one whose
// turn it is, its HTML part and its timeline both.
func TestTheAnimatedPictureShowsEachStepInTurn(t *testing.T) {
	t.Parallel()
	s := state.Defaults()
	s.Lang, s.Scenario = state.English, "heartbeat"
	native, err := ui.PictureOf(state.NewRuns(), s, s.Strategy, pageCSS(t), false)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.do(chromedp.Navigate("data:text/html,<!doctype html><title>x</title>"))
	arg, _ := json.Marshal(native.Animated())
	eval[bool](tb, `(svg => {
		const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
		document.body.replaceChildren(document.importNode(doc.documentElement, true));
		for (const a of document.getAnimations()) a.pause();
		return true;
	})(`+string(arg)+`)`)
	total := 0
	for _, d := range native.Delays {
		total += d
	}
	from := 0
	for i, d := range native.Delays {
		for _, at := range []int{from + d/10, from + d - d/10, total + from + d/2} {
			shown := eval[[]string](tb, fmt.Sprintf(`(() => {
				for (const a of document.getAnimations()) a.currentTime = %d;
				return [...document.querySelectorAll(".pic-step")].filter(e => getComputedStyle(e).visibility === "visible")
					.map(e => e.getAttribute("class"));
			})()`, at))
			want := fmt.Sprintf("pic-step pic-s%d", i+1)
			if len(shown) != 2 || shown[0] != want || shown[1] != want {
				t.Errorf("at %d ms the picture shows %v, want step %d's two parts", at, shown, i+1)
			}
		}
		from += d
	}
	// Where the reader prefers reduced motion: the last step, still.
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		t.Fatal(err)
	}
	shown := eval[[]string](tb, `[...document.querySelectorAll(".pic-step")].filter(e => getComputedStyle(e).visibility === "visible").map(e => e.getAttribute("class"))`)
	want := fmt.Sprintf("pic-step pic-s%d", native.Len())
	if n := len(running(tb)); len(shown) != 2 || shown[0] != want || shown[1] != want || n != 0 {
		t.Errorf("where motion is unwelcome the picture shows %v (%d animations), want the last step alone, still", shown, n)
	}
}

// running are the animations running in tb's document.
func running(tb *tab) []string {
	return eval[[]string](tb, `document.getAnimations().filter(a => a.playState !== "idle").map(a => a.animationName)`)
}
