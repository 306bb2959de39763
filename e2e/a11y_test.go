//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// axeCheck injects axe-core (installed from npm by `make test`) and returns
// the violations of the page as it is now.
func axeCheck(t *testing.T, tb *tab) []axeViolation {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot, "e2e", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (make test runs npm ci in e2e/): %v", err)
	}
	if !eval[bool](tb, `typeof axe === "object"`) {
		eval[bool](tb, string(src)+"\n;true")
	}
	return eval[[]axeViolation](tb, `axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.map(v => ({id: v.id, impact: v.impact || "", help: v.help, nodes: v.nodes.map(n => n.target.join(" "))})))`)
}

// Each page is checked in the light scheme and then, the system's
// preference switched in place (the head's script follows it, setting the
// page's data-theme), in the dark one.
func TestAccessibilityWithAxe(t *testing.T) {
	t.Parallel()
	for _, query := range []string{
		"?step=1", "?step=7", "?step=7&fencing=off", "?step=4&lang=en", "?step=99",
		"?scenario=slow-grant&step=7&strategy=consensus", "?scenario=heartbeat&strategy=no-ttl&step=13&lang=en",
		"?view=compare&scenario=counter-reset&step=8", "?view=matrix", "?view=matrix&lang=en",
		"?embed=1&step=7&fencing=off&lang=en",
		"?scenario=clock-jump&strategy=redlock&step=9&lang=en", "?scenario=two-resources&strategy=consensus&step=9",
		"?scenario=non-atomic-check&step=3&lang=en",
		"?scenario=failover&strategy=lease-fencing&step=6&lang=en", "?scenario=failover&strategy=lease-fencing&step=4",
		"?scenario=failover&strategy=consensus&step=9&lang=en",
		"?view=play&lang=en&step=3&script=A:acquire,A:write:x@m2", "?view=play&script=A:acquire&vs=redlock&step=2",
		"?view=search&strategy=lease&lang=en", "?view=search&strategy=redlock",
	} {
		t.Run(query, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t)
			tb.colorScheme("light")
			tb.open(siteURL + query)
			for _, scheme := range []string{"light", "dark"} {
				tb.colorScheme(scheme)
				dark := eval[bool](tb, `matchMedia("(prefers-color-scheme: dark)").matches`)
				if dark != (scheme == "dark") {
					t.Fatalf("color scheme emulation did not take: dark=%v", dark)
				}
				// The page follows the system's change (static/loader/head.js).
				tb.waitJS(`document.documentElement.dataset.theme === "` + scheme + `"`)
				// Buttons and badges fade to the new colours: axe reads
				// them once they are there.
				tb.waitJS(`document.getAnimations().every(a => !(a instanceof CSSTransition))`)
				for _, v := range axeCheck(t, tb) {
					t.Errorf("%s: axe %s (%s): %s at %s", scheme, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", "))
				}
			}
		})
	}
}

func TestControlsHaveAccessibleNames(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open(siteURL + "?lang=en")
	// The names a screen reader announces, computed by the browser.
	names := eval[map[string]string](tb, `(() => {
		const o = {};
		for (const el of document.querySelectorAll("button[data-testid]")) {
			const label = el.getAttribute("aria-label");
			const by = el.getAttribute("aria-labelledby");
			o[el.dataset.testid] = label || (by ? document.getElementById(by).textContent : el.textContent.trim());
		}
		return o;
	})()`)
	want := map[string]string{
		"btn-first": "First", "btn-prev": "Previous step", "btn-next": "Next step", "btn-last": "Last",
		"btn-advance": "Advance one step", "fencing-switch": "Fencing", "lang-switch": "日本語",
	}
	for id, w := range want {
		if names[id] != w {
			t.Errorf("%s is named %q, want %q", id, names[id], w)
		}
	}
}
