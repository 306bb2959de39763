package ui

import (
	"errors"
	"fmt"
	stdhtml "html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A script's problem names the item it is in, or the action that could not
// run, however deep in the chain core put the error that says where.
func TestScriptProblemNamesWhere(t *testing.T) {
	_, err := core.ParseScript("A:acquire,A:teleport")
	if got, want := scriptProblem(state.English, err), `item 2 ("A:teleport"): an unknown action`; got != want {
		t.Errorf("parse error: %q, want %q", got, want)
	}
	_, err = core.ParseScript("A:acquire,deliver:m9") // read, but not runnable
	if got, want := scriptProblem(state.English, err), "action 2: no such message is held up"; got != want {
		t.Errorf("step error: %q, want %q", got, want)
	}
	wrapped := fmt.Errorf("opening the address: %w", err)
	if got, want := scriptProblem(state.English, wrapped), "action 2: no such message is held up"; got != want {
		t.Errorf("wrapped step error: %q, want %q", got, want)
	}
}

// Free play's editor and core's script grammar agree on every verb. The
// editor offers every action kind core knows and nothing else, each named
// in the catalogue in both languages, with a hint for its argument; what
// it writes for each, given the argument core's grammar puts first and
// asked to hold it, ParseScript reads as that kind, by the client picked
// where a client performs it, held where it can be, and core writes back
// the same item. Its clients are core's.
func TestTheEditorSpeaksCoresGrammar(t *testing.T) {
	samples := map[core.Arg]string{core.ArgLease: "15", core.ArgValue: "v1", core.ArgResource: core.Row43, core.ArgTicks: "3", core.ArgMessage: "m1"}
	const before = "A:acquire@m1,backup" // a message to deliver, a backup to restore
	runs := state.NewRuns()
	for _, lang := range state.Langs {
		page := state.Settings{View: state.ViewPlay, Strategy: core.LeaseFencing, Lang: lang, Step: 1}
		editor := func(verb core.ActionKind) *playEditor {
			c := &playEditor{Script: before, Strategy: core.LeaseFencing, Lang: lang, Live: true, Runs: runs, Link: pageOf(&page)}
			c.OnInit()
			c.verb = verb
			return c
		}
		html := app.HTMLString(mounted(t, editor(core.ActAcquire)))
		if clients := values(options(t, html, "play-client")); !slices.Equal(clients, core.Clients()) {
			t.Errorf("%s: the editor offers the clients %q, core's are %q", lang, clients, core.Clients())
		}
		offered := options(t, html, "play-verb")
		for _, k := range core.ActionKinds() {
			if !slices.Contains(values(offered), string(k)) {
				t.Errorf("%s: the editor does not offer %q", lang, k)
			}
		}
		for _, o := range offered {
			verb := core.ActionKind(o[0])
			if !slices.Contains(core.ActionKinds(), verb) {
				t.Errorf("%s: the editor offers %q, which core does not know", lang, verb)
			}
			if strings.TrimSpace(o[1]) == "" || strings.Contains(o[1], "missing:") {
				t.Errorf("%s: %q is offered as %q", lang, verb, o[1])
			}
			c := editor(verb)
			// Drawn as it is (mounting would start it afresh, at acquire).
			if verb == core.ActDeliver {
				// A deliver offers the messages held, each said.
				if held := options(t, app.HTMLString(c), "play-arg"); len(held) != 1 || held[0][0] != "m1" || !strings.HasPrefix(held[0][1], "m1: ") ||
					strings.Contains(held[0][1], "missing:") {
					t.Errorf("%s: a deliver offers %q, want m1, held", lang, held)
				}
			} else if hint := attr(t, app.HTMLString(c), "play-arg", "placeholder"); hint == "" || strings.Contains(hint, "missing:") {
				t.Errorf("%s: %q's argument is hinted as %q", lang, verb, hint)
			}
			c.client, c.hold = "C", true
			if args, _ := verb.Args(); len(args) > 0 {
				sample, ok := samples[args[0]]
				if !ok {
					t.Fatalf("no sample of the argument %q", args[0])
				}
				c.arg = sample
			}
			page.Script = before
			c.onAdd(noCtx, app.Event{})
			item, ok := strings.CutPrefix(page.Script, before+",")
			if !ok || c.problem != "" {
				t.Errorf("%s: adding %q gives %q: %s", lang, verb, page.Script, c.problem)
				continue
			}
			if c.hold || c.arg != "" {
				t.Errorf("%s: after adding %q the editor still holds %v, with %q", lang, verb, c.hold, c.arg)
			}
			sc, err := core.ParseScript(page.Script)
			if err != nil {
				t.Errorf("%s: %q: %v", lang, page.Script, err)
				continue
			}
			a := sc.Steps[len(sc.Steps)-1].Action
			if a.Kind != verb || verb.ByClient() != (a.Client == "C") || verb.Holdable() != (a.Hold != "") {
				t.Errorf("%s: the editor writes %q for %q, which reads as %+v", lang, item, verb, a)
			}
			if back := a.String(); back != item {
				t.Errorf("%s: the editor writes %q for %q, which core writes back as %q", lang, item, verb, back)
			}
		}
	}
	if _, err := playItem("A", "no-such-verb", "", false, 1); !errors.Is(err, core.ErrScriptVerb) {
		t.Errorf("an action core does not know: %v", err)
	}
}

// options are the value and the text of each option of the select id in
// html.
func options(t *testing.T, html, id string) [][2]string {
	t.Helper()
	_, rest, ok := strings.Cut(html, `id="`+id+`"`)
	rest, _, closed := strings.Cut(rest, "</select>")
	if !ok || !closed {
		t.Fatalf("no select %q in %s", id, html)
	}
	var out [][2]string
	for _, m := range optionRE.FindAllStringSubmatch(rest, -1) {
		out = append(out, [2]string{stdhtml.UnescapeString(m[1]), stdhtml.UnescapeString(strings.TrimSpace(m[2]))})
	}
	return out
}

var optionRE = regexp.MustCompile(`<option[^>]*\svalue="([^"]*)"[^>]*>([^<]*)</option>`)

func values(opts [][2]string) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o[0])
	}
	return out
}

// attr is the attribute name of the element id in html.
func attr(t *testing.T, html, id, name string) string {
	t.Helper()
	start := strings.Index(html, `id="`+id+`"`)
	if start < 0 {
		t.Fatalf("no element %q in %s", id, html)
	}
	tag := html[strings.LastIndex(html[:start], "<"):]
	tag = tag[:strings.Index(tag, ">")]
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return ""
	}
	return stdhtml.UnescapeString(m[1])
}

// A second failover added in the editor is refused with a problem that
// names its action, and the run is left as it was; a sync after the
// failover too.
func TestASecondFailoverIsRefusedAndChangesNothing(t *testing.T) {
	runs := state.NewRuns()
	for _, lang := range state.Langs {
		const script = "A:acquire,failover"
		page := state.Settings{View: state.ViewPlay, Strategy: core.LeaseFencing, Lang: lang, Script: script, Step: 3}
		for _, verb := range []core.ActionKind{core.ActFailover, core.ActSync} {
			c := &playEditor{Script: script, Strategy: core.LeaseFencing, Single: true, Lang: lang, Live: true, Runs: runs, Link: pageOf(&page)}
			c.OnInit()
			c.verb = verb
			c.onAdd(noCtx, app.Event{})
			want := words.T(lang, "script.err.step", 3, words.T(lang, "script.err.failed-over"))
			if page.Script != script || page.Step != 3 || c.problem != want {
				t.Errorf("%s: %s after the failover: the page shows %q at step %d, problem %q, want %q", lang, verb, page.Script, page.Step, c.problem, want)
			}
		}
	}
}

// Where nothing is held, a deliver offers nothing and cannot be chosen;
// a deliver of a message not held names those that are.
func TestADeliverOffersTheHeldMessages(t *testing.T) {
	runs := state.NewRuns()
	page := state.Settings{View: state.ViewPlay, Strategy: core.LeaseFencing, Lang: state.English, Step: 1}
	c := &playEditor{Script: "A:acquire,A:write:v@m2", Strategy: core.LeaseFencing, Lang: state.English, Live: true, Runs: runs, Link: pageOf(&page)}
	c.OnInit()
	c.verb = core.ActDeliver
	if held := options(t, app.HTMLString(c), "play-arg"); len(held) != 1 || held[0][0] != "m2" {
		t.Errorf("held m2, the editor offers %q", held)
	}
	c.Script = "A:acquire"
	html := app.HTMLString(c)
	if held := options(t, html, "play-arg"); len(held) != 1 || held[0][0] != "-" || held[0][1] != "no message is held" || !regexp.MustCompile(`<select[^>]*\sdisabled[^>]*id="play-arg"|<select[^>]*id="play-arg"[^>]*\sdisabled`).MatchString(html) {
		t.Errorf("nothing held, the editor offers %q", held)
	}
	c.Script = "A:acquire,A:write:v@m2"
	if c.setScript(noCtx, "A:acquire,A:write:v@m2,deliver:m9", "") || c.problem != "action 3: no such message is held up; held now: m2" {
		t.Errorf("a deliver of m9 says %q", c.problem)
	}
}
