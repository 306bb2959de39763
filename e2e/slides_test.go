//go:build !js

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// printSlidesPDF prints tb's page to PDF at the size its style sheet asks
// for, and returns the PDF's text page by page and each page's size in
// points.
func printSlidesPDF(tb *tab) (text []string, sizes []string) {
	tb.t.Helper()
	yes := true
	res, err := chromedp.Call(tb.ctx, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &yes, PrintBackground: &yes})
	if err != nil {
		tb.t.Fatalf("printing: %v", err)
	}
	in := filepath.Join(tb.t.TempDir(), "slides.pdf")
	if err := os.WriteFile(in, res.Data, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	if keep := os.Getenv("DLOCK_PDF_DIR"); keep != "" {
		os.WriteFile(filepath.Join(keep, "slides-"+eval[string](tb, `document.documentElement.lang`)+".pdf"), res.Data, 0o644)
	}
	out, err := exec.Command("pdftotext", "-raw", in, "-").Output()
	if err != nil {
		tb.t.Fatalf("pdftotext (Debian: poppler-utils): %v", err)
	}
	info, err := exec.Command("pdfinfo", "-f", "1", "-l", "1000", in).Output()
	if err != nil {
		tb.t.Fatalf("pdfinfo (Debian: poppler-utils): %v", err)
	}
	for _, m := range regexp.MustCompile(`Page +\d+ size: +([\d.]+ x [\d.]+) pts`).FindAllStringSubmatch(string(info), -1) {
		sizes = append(sizes, m[1])
	}
	return pages(string(out)), sizes
}

// print=slides prints the chapter's run as 7 pages of 16:9 (960 × 540
// points, 13.333 × 7.5 inches), in both languages, one step a page, each
// holding its step's value, its result and its note, and nothing of a
// slide cut off: laid out for print, everything in a slide is inside it,
// and no card, line or box overflows.
func TestPrintSlidesGivesAStepAPage(t *testing.T) {
	t.Parallel()
	runs := state.NewRuns()
	sc, _ := runs.Scenario(core.GCPauseID)
	for _, l := range state.Langs {
		tb := newTab(t)
		// English from the projector view in the dark palette, where "Print
		// as slides" is: the slides print as they do from the page.
		from := ""
		if l == state.English {
			from = "&present=1&theme=dark"
		}
		tb.open(siteURL + "?print=slides&step=3&lang=" + string(l) + from)
		// The loader's script draws them beside the page, the app running
		// or not.
		tb.waitJS(`document.querySelectorAll('.slides-host [data-testid="slide"]').length > 0`)
		frames := runs.Run(sc, state.BookStrategy).Frames
		text, sizes := printSlidesPDF(tb)
		if len(text) != len(frames) || len(sizes) != len(frames) {
			t.Fatalf("%s: the slides print as %d pages (%d sizes), want %d", l, len(text), len(sizes), len(frames))
		}
		t.Logf("%s: the slides print as %d pages of %s points", l, len(text), sizes[0])
		for k, f := range frames {
			if sizes[k] != "960 x 540" {
				t.Errorf("%s: page %d is %s points, want 960 x 540 (16:9)", l, k+1, sizes[k])
			}
			value := f.Resources[0].Data
			if value == "" {
				value = words.T(l, "resource.empty")
			}
			wants := []string{value, words.Note(l, frames, f.Step), fmt.Sprintf("%d/%d", k+1, len(frames))}
			if r := words.ResultWords(l, f.Event); r != "" {
				wants = append(wants, r)
			}
			for _, want := range wants {
				if !inPrint(text[k], want) {
					t.Errorf("%s: page %d lacks %q:\n%s", l, k+1, want, text[k])
				}
			}
		}
		// Nothing cut: laid out for print, each slide holds all it draws.
		if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		cut := eval[[]string](tb, `(() => {
			const out = [];
			document.querySelectorAll('[data-testid="slide"]').forEach((slide, i) => {
				const s = slide.getBoundingClientRect();
				if (Math.round(s.width) !== 1280 || Math.round(s.height) !== 720) out.push("slide " + (i + 1) + " is " + s.width + " × " + s.height);
				for (const e of slide.querySelectorAll("*")) {
					const r = e.getBoundingClientRect();
					if (r.width === 0 && r.height === 0) continue;
					if (r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5)
						out.push("slide " + (i + 1) + ": " + (e.className.baseVal ?? e.className) + " reaches out of it");
					if (e instanceof HTMLElement && getComputedStyle(e).display !== "inline" && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1))
						out.push("slide " + (i + 1) + ": " + e.className + " overflows");
				}
			});
			return out;
		})()`)
		for _, c := range cut {
			t.Errorf("%s: %s", l, c)
		}
		// Printed in the light palette, whatever the page's.
		host := `getComputedStyle(document.querySelector('.slides-host'))`
		if bg, fg := eval[string](tb, host+`.backgroundColor`), eval[string](tb, host+`.color`); bg != "rgb(251, 250, 247)" || fg != "rgb(27, 27, 27)" {
			t.Errorf("%s%s: the slides print %s on %s, want the light palette's rgb(27, 27, 27) on rgb(251, 250, 247)", l, from, fg, bg)
		}
		if !strings.Contains(tb.search(), "print=slides") {
			t.Errorf("%s: the address lost print=slides: %s", l, tb.search())
		}
	}
}

// The projector view's "Print as slides" has the page print the run as
// slides: the address says print=slides, the slides are drawn, and the
// browser is asked to print.
func TestTheProjectorViewPrintsSlides(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?present=1&lang=en")
	eval[bool](tb, `(window.printed = 0, window.print = () => window.printed++, true)`)
	if got := tb.text("print-slides"); got != words.T(state.English, "slides.print") {
		t.Errorf("the projector view's print button reads %q", got)
	}
	tb.click("print-slides")
	tb.waitJS(`window.printed === 1`)
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="slide"]').length`); n != 7 {
		t.Errorf("%d slides drawn when printing, want 7", n)
	}
	tb.waitSearch("present=1&print=slides&fencing=on&step=1&lang=en")
}
