//go:build !js

package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"dlock/core"
	"dlock/web/server"
	"dlock/web/state"
	"dlock/web/ui"

	"github.com/chromedp/chromedp/kb"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// loaderCorpus are addresses as people and tools write them: case,
// repeats, signs, leading zeros, unknown and empty parameters, fragments,
// escapes, embed and sw.
var loaderCorpus = []string{
	"", "?", "?step=3", "?step=7&fencing=off&lang=en", "?fencing=OFF&step=6", "?lang=EN&step=2",
	"?step=%2B2", "?step=+2", "?step=01", "?step=0", "?step=8", "?step=-1", "?step=", "?step", "?step=3.0",
	"?step=2&step=5", "?step=x&step=5", "?lang=en&lang=ja", "?fencing=off&strategy=lease-fencing",
	"?strategy=lease&fencing=on", "?strategy=LEASE", "?strategy=consensus", "?strategy=bogus&fencing=off",
	"?scenario=gc-pause&step=4", "?scenario=heartbeat&step=4", "?scenario=nope&step=4", "?scenario=",
	"?view=demo&step=5", "?view=matrix", "?view=compare&step=2", "?view=DEMO&step=2", "?view=play",
	"?vs=consensus", "?vs=nope&step=3", "?embed=1&step=2", "?embed=true&lang=en", "?embed=0", "?embed=yes&step=4",
	"?sw=off&step=4", "?step=4#top", "?step=4&x=1&y", "?utm_source=doc&step=6&fencing=off",
	"?step=%33", "?step=%zz&step=5", "?step=5;x", "?x;y=1&step=5", "?step=2;x&step=6", "?st%65p=3",
	"?lang=%E6%97%A5&step=2", "?step=%FF&step=3", "?fencing=on&fencing=off", "?lang=", "?=&&&step=2",
	"?goal=stuck&step=3", "?script=A:acquire&step=3", "?depth=3&peek=1&two=1&step=3", "?reads=1&step=3",
	"?scenario=heartbeat&strategy=redlock&step=12&lang=en", "?scenario=heartbeat&step=30", "?scenario=clock-jump&strategy=no-ttl&embed=1",
	"?view=matrix&lang=en", "?view=matrix&scenario=heartbeat", "?view=matrix&step=3", "?view=matrix&fencing=off", "?present=1&step=2", "?pace=2", "?pace=1&step=3", "?pace=3", "?present=0&autoplay=1", "?scenario=two-resources&view=compare",
	"?quiz=1&step=6", "?quiz=true&fencing=off", "?quiz=0&step=3", "?quiz=yes&step=3", "?quiz=&lang=en",
	"?view=course", "?view=course&lang=en&step=3", "?view=COURSE&step=2", "?view=play&exercise=stuck-with-fencing", "?exercise=fly&step=3",
}

// goFrame is what Go's ParseSettings makes of an address, in the fields the
// frames tell apart, or "no frame" where they hold none.
func goFrame(search string) string {
	q, _ := url.ParseQuery(strings.TrimPrefix(strings.SplitN(search, "#", 2)[0], "?"))
	s, _ := state.ParseSettings(nil, q)
	if !s.HasFrame() {
		return "no frame"
	}
	return fmt.Sprintf("lang=%s embed=%t view=%s scenario=%s strategy=%s step=%d", s.Lang, s.Embed, s.View, s.Scenario, s.Strategy, s.Step)
}

// The loader reads every address of the corpus as the app does: the same
// state, or no frame where the app shows another view or scenario.
func TestTheLoaderReadsAddressesAsTheAppDoes(t *testing.T) {
	t.Parallel()
	tb := newTabBeforeLive(t)
	tb.open(siteURL)
	for _, search := range loaderCorpus {
		got := eval[string](tb, fmt.Sprintf(`(() => {
			const id = dlockEnhancedState(%q);
			if (id === null) return "no frame";
			const v = id.split("/"), f = dlockRules.fields;
			const at = (name) => v[f.indexOf(name)];
			return "lang=" + at("lang") + " embed=" + at("embed") + " view=" + at("view") + " scenario=" + at("scenario") + " strategy=" + at("strategy") + " step=" + at("step");
		})()`, strings.SplitN(search, "#", 2)[0]))
		// The loader shows a frame only where the file it names holds the
		// state it read (a step past the run's end, or a matrix of another
		// run, it does not).
		if got != "no frame" {
			id := eval[string](tb, fmt.Sprintf(`dlockEnhancedState(%q)`, strings.SplitN(search, "#", 2)[0]))
			if !framed(id) {
				got = "no frame"
			}
		}
		if want := goFrame(search); got != want {
			t.Errorf("%q: the loader reads %s, the app %s", search, got, want)
		}
	}
}

// Opened with app.wasm held back, an address shows the frame of the state
// the live app then shows: the same step, fencing, language and mode.
func TestTheFrameBeforeTheAppIsTheAppsState(t *testing.T) {
	t.Parallel()
	before, live := newTabBeforeLive(t), newTab(t)
	const read = `(() => {
		const v = (id) => document.querySelector('[data-testid="' + id + '"]')?.dataset.value;
		const main = document.querySelector('main[data-testid="app"]');
		return [v("step-counter"), v("fencing-switch"), v("lang-switch"), main.classList.contains("embed") ? "embed" : "page", main.dataset.view].join(" ");
	})()`
	for _, search := range []string{"?fencing=OFF&step=6", "?lang=EN&step=2", "?step=%2B2", "?step=01&lang=en",
		"?step=6&fencing=maybe", "?step=2&step=5&lang=en&embed=1", "?strategy=lease&fencing=on&step=4", "?step=99&fencing=off"} {
		if goFrame(search) == "no frame" {
			t.Fatalf("%s: the corpus entry shows no frame", search)
		}
		before.open(siteURL + search)
		live.open(siteURL + search)
		if b, l := eval[string](before, read), eval[string](live, read); b != l {
			t.Errorf("%s: before the app %q, live %q", search, b, l)
		}
		// The app still says what was wrong with the address it was opened at.
		if strings.Contains(search, "OFF") || strings.Contains(search, "maybe") || strings.Contains(search, "99") {
			if n := eval[int](live, `document.querySelectorAll('[data-testid="url-notice"]').length`); n != 1 {
				t.Errorf("%s: the live page shows %d URL notices, want 1", search, n)
			}
		}
	}
}

// A reader who steps before the app arrives moves the address on; the app
// still says what was wrong with the one the page was opened at.
func TestTheNoticeSurvivesStepsBeforeTheApp(t *testing.T) {
	t.Parallel()
	host, release := heldSite(t)
	tb := newTab(t)
	tb.openIn(host.url("?sw=off&step=6&fencing=maybe&lang=en"), "enhanced")
	tb.key(kb.ArrowRight)
	tb.waitHook("step-counter", "7")
	tb.waitSearch("sw=off&fencing=on&lang=en&step=7")
	release()
	tb.waitJS(`document.querySelector('[data-testid="app"]').dataset.phase === "live"`)
	tb.waitHook("step-counter", "7")
	if got := eval[string](tb, `document.querySelector('[data-testid="url-notice"]')?.dataset.value ?? "none"`); got != "fencing" {
		t.Errorf("the notice names %q, want fencing", got)
	}
}

// framed reports whether the frames file the loader's rules name for the
// state id holds it, as the server writes that file.
func framed(id string) bool {
	framesOnce.Do(func() {
		framesHeld = map[string]bool{}
		runs := state.NewRuns()
		for _, of := range server.FramesFiles(runs) {
			for id := range server.RunStates(runs, of.Lang, of.Embed, of.View, of.Scenario, of.Strategy) {
				framesHeld[id] = true
			}
		}
	})
	return framesHeld[id]
}

var (
	framesOnce sync.Once
	framesHeld map[string]bool
)

// The loader puts every frame of a run's file back together (the first is
// written whole, each later one as its changes from the one before) into
// exactly the HTML the app draws for the frame's state, however the file's
// text is cut as it streams in.
func TestTheLoaderPutsFramesBackAsTheAppDrawsThem(t *testing.T) {
	t.Parallel()
	site, err := server.Build(repoStatic(), "")
	if err != nil {
		t.Fatal(err)
	}
	tb := newTabBeforeLive(t)
	tb.open(siteURL + "?lang=en")
	for _, of := range []server.FramesFileOf{
		{Lang: state.English, View: state.ViewDemo, Scenario: mustScenario(t, core.GCPauseID), Strategy: core.LeaseFencing},
		{Lang: state.Japanese, Embed: true, View: state.ViewDemo, Scenario: mustScenario(t, "heartbeat"), Strategy: core.Redlock},
		{Lang: state.English, View: state.ViewDemo, Scenario: mustScenario(t, "two-resources"), Strategy: core.Consensus},
		{Lang: state.Japanese, View: state.ViewMatrix, Scenario: mustScenario(t, core.GCPauseID), Strategy: core.LeaseFencing},
	} {
		path := state.FramesFile(of.Lang, of.Embed, of.View, of.Scenario.ID, of.Strategy)
		for _, piece := range []int{1 << 20, 997, 61} {
			got := eval[[][2]string](tb, fmt.Sprintf(`fetch(%q).then((r) => r.text()).then((text) => {
				const read = dlockFramesReader(), frames = [];
				for (let i = 0; i < text.length; i += %d) frames.push(...read(text.slice(i, i + %d)).frames);
				return frames;
			})`, path, piece, piece))
			n := state.FrameSteps(of.View, of.Scenario)
			if len(got) != n {
				t.Fatalf("%s in pieces of %d: %d frames read, want %d", path, piece, len(got), n)
			}
			for i, f := range got {
				s := state.Settings{Scenario: of.Scenario.ID, Strategy: of.Strategy, Step: i + 1, Lang: of.Lang, View: of.View, Embed: of.Embed}
				want := app.HTMLString(ui.Frame(s, site.Runs, "/", server.FrameOrigin, site.Version))
				if f[0] != server.FrameID(s) || f[1] != want {
					t.Errorf("%s in pieces of %d, frame %s (step %d): the loader's HTML differs from the app's (%d and %d bytes)", path, piece, f[0], i+1, len(f[1]), len(want))
				}
			}
		}
	}
}

func mustScenario(t *testing.T, id string) core.Scenario {
	t.Helper()
	sc, ok := core.ScenarioByID(id)
	if !ok {
		t.Fatalf("no scenario %s", id)
	}
	return sc
}

// Every frame of every run the static site holds (each scenario under each
// row, in both languages, embedded or not, and the matrix's), fetched from
// the site as a visit does and put back together by the loader as it
// streams in, is the HTML the app draws for the frame's state, byte for
// byte: the same elements, words and attributes, so the same page. The
// browser hashes each frame (SHA-256) and Go draws the app's.
func TestEveryFrameOfTheStaticSiteIsTheAppsOwn(t *testing.T) {
	t.Parallel()
	site, err := server.Build(repoStatic(), "dlock")
	if err != nil {
		t.Fatal(err)
	}
	host := newStaticHost(t, "/dlock/", dist(t, "dlock", repoStatic()), nil)
	tb := newTabBeforeLive(t)
	tb.open(host.url("?sw=off"))
	files := server.FramesFiles(site.Runs)
	paths := make([]string, 0, len(files))
	for path := range files {
		paths = append(paths, path)
	}
	// Each as the site's page names it, under the site's prefix.
	slices.Sort(paths)
	frames := 0
	const batch = 24
	for at := 0; at < len(paths); at += batch {
		some := paths[at:min(at+batch, len(paths))]
		relative := make([]string, len(some))
		for k, path := range some {
			relative[k] = strings.TrimPrefix(path, "/")
		}
		list, _ := json.Marshal(relative)
		// Each file is cut into pieces of its own size (a prime from 61
		// up), as a stream cuts it.
		got := eval[[][][2]string](tb, fmt.Sprintf(`(async (paths) => {
			const hex = (b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
			const all = [];
			for (const [k, path] of paths.entries()) {
				const r = await fetch(path);
				if (!r.ok) throw new Error(path + ": HTTP " + r.status);
				const text = await r.text();
				const piece = [61, 997, 4093, 65521, 1 << 22][(%d + k) %% 5];
				const read = dlockFramesReader(), frames = [];
				for (let i = 0; i < text.length; i += piece) frames.push(...read(text.slice(i, i + piece)).frames);
				const hashed = [];
				for (const [id, html] of frames) hashed.push([id, hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(html)))]);
				all.push(hashed);
			}
			return all;
		})(%s)`, at, list))
		for k, path := range some {
			of := files[path]
			n := state.FrameSteps(of.View, of.Scenario)
			if len(got[k]) != n {
				t.Errorf("%s: %d frames put back together, want %d", path, len(got[k]), n)
				continue
			}
			for i, f := range got[k] {
				s := state.Settings{Scenario: of.Scenario.ID, Strategy: of.Strategy, Step: i + 1, Lang: of.Lang, View: of.View, Embed: of.Embed}
				sum := sha256.Sum256([]byte(app.HTMLString(ui.Frame(s, site.Runs, "/dlock/", server.FrameOrigin, site.Version))))
				if f[0] != server.FrameID(s) || f[1] != hex.EncodeToString(sum[:]) {
					t.Errorf("%s, step %d: the loader's frame %s differs from the app's HTML", path, i+1, f[0])
				}
				frames++
			}
		}
	}
	if len(paths) < 400 {
		t.Errorf("only %d frames files", len(paths))
	}
	t.Logf("%d frames in %d files, each the app's own", frames, len(paths))
}
