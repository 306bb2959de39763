//go:build !wasm

package server

import (
	"fmt"
	"html"
	"io"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"dlock/core"
	"dlock/core/tables"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"
)

var routesOnce sync.Once

// prerender returns the page the server sends for a query: the real
// component tree, rendered by go-app on the server.
func prerender(t *testing.T, query string) string {
	t.Helper()
	routesOnce.Do(func() { ui.Routes(state.NewRuns()) })
	h := newHandler("", "test", "#123", "#fff")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/?"+query, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != 200 {
		t.Fatalf("GET /?%s = %d", query, rec.Code)
	}
	return string(body)
}

var (
	startTag = regexp.MustCompile(`<[a-zA-Z][a-zA-Z0-9]*((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*/?>`)
	attr     = regexp.MustCompile(`([^\s=>/]+)(?:="([^"]*)")?`)
)

// startTags returns the attributes part of every start tag of the page:
// what startTag's group matches, found by a scan rather than the regexp,
// which took most of the time of the tests that read every frame.
func startTags(page string) []string {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	letter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	var out []string
	for i := 0; i < len(page); i++ {
		if page[i] != '<' || i+1 >= len(page) || !letter(page[i+1]) {
			continue
		}
		j := i + 2
		for j < len(page) && (letter(page[j]) || '0' <= page[j] && page[j] <= '9') {
			j++
		}
		start, end, ok := j, j, false
	attrs:
		for {
			k := j
			for k < len(page) && space(page[k]) {
				k++
			}
			switch {
			case k < len(page) && page[k] == '>':
				ok, i = true, k
				break attrs
			case k+1 < len(page) && page[k] == '/' && page[k+1] == '>':
				ok, i = true, k+1
				break attrs
			case k == j:
				break attrs // an attribute not preceded by a space
			}
			n := k
			for n < len(page) && !space(page[n]) && page[n] != '=' && page[n] != '>' && page[n] != '/' {
				n++
			}
			if n == k {
				break
			}
			if n+1 < len(page) && page[n] == '=' && page[n+1] == '"' {
				q := strings.IndexByte(page[n+2:], '"')
				if q < 0 {
					break
				}
				n += 2 + q + 1
			}
			j, end = n, n
		}
		if ok {
			out = append(out, page[start:end])
		}
	}
	return out
}

// elements returns the attributes of every start tag of the page (go-app
// writes attributes in no fixed order). A bare attribute has the value
// "<bare>".
func elements(page string) []map[string]string {
	var out []map[string]string
	for _, tag := range startTags(page) {
		attrs := map[string]string{}
		for _, a := range attr.FindAllStringSubmatch(tag, -1) {
			if strings.Contains(a[0], "=") {
				attrs[a[1]] = html.UnescapeString(a[2])
			} else {
				attrs[a[1]] = "<bare>"
			}
		}
		out = append(out, attrs)
	}
	return out
}

// The scan finds the start tags the regexp does, attributes for
// attributes, on pages of each view and on markup made to trip it.
func TestStartTagsScanAsTheRegexpMatches(t *testing.T) {
	pages := []string{
		`<p>a < b, a<b c="d>e" f/> <br/><x-y a=b> <img src="x" alt="">`,
		`<div  a="1"b="2"></div><div a="1" /><div a="1"/ ><a =""></a><i """>`,
		"<p\ta\n=\"1\"\n>",
		`<a title="<b c>">x</a><a title="<b">`,
	}
	for _, q := range []string{"", "step=7&fencing=off&lang=en", "view=matrix", "view=compare&lang=en"} {
		pages = append(pages, prerender(t, q))
	}
	for i, page := range pages {
		var want []string
		for _, m := range startTag.FindAllStringSubmatch(page, -1) {
			want = append(want, m[1])
		}
		if got := startTags(page); !slices.Equal(got, want) {
			t.Errorf("page %d: the scan finds %d start tags, the regexp %d", i, len(got), len(want))
			for j := range min(len(got), len(want)) {
				if got[j] != want[j] {
					t.Errorf("first difference, tag %d: %q, the regexp %q", j, got[j], want[j])
					break
				}
			}
		}
	}
}

// byTestID returns the attributes of each element with a data-testid.
func byTestID(page string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, el := range elements(page) {
		if id, ok := el["data-testid"]; ok {
			out[id] = el
		}
	}
	return out
}

// hooks extracts data-testid → data-value from prerendered HTML.
func hooks(page string) map[string]string {
	out := map[string]string{}
	for id, el := range byTestID(page) {
		if v, ok := el["data-value"]; ok {
			out[id] = v
		}
	}
	return out
}

// The tests word their expectations themselves, not with the page's
// helpers (orNone, tokenOrNone, ...): a bug in a helper must fail them.
func wantName(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func wantToken(t int64) string {
	if t == 0 {
		return "none"
	}
	return strconv.FormatInt(t, 10)
}

// badgeAtTheEnd is the badge a run ends with, for the verdict the
// hand-derived matrix (core/testdata/matrix.tsv) gives it.
var badgeAtTheEnd = map[string]string{"safe": "protected", "at-risk": "at-risk", "corrupted": "destroyed", "stuck": "stuck"}

// badgeRuns are runs whose badge is written out step by step, from the
// chapter and the scenarios' stories.
var badgeRuns = map[string]string{
	// The book: the late write destroys B's value at step 7...
	"gc-pause/lease": "running running running running running running destroyed",
	// ...and is refused with fencing: the data is protected.
	"gc-pause/lease-fencing": "running running running running running running protected",
	// A crashes holding a lock that never expires: stuck from then on.
	"crash-no-ttl/no-ttl": "running running running stuck stuck stuck stuck",
	// A's late write lands before B touched row-42: at risk, not yet harm.
	"stale-before-new-holder/lease-fencing": "running running running running running at-risk at-risk",
	// The late write lands after B's grant (at risk); B then writes what
	// it read before it: an update lost.
	"fenced-read/consensus-unfenced": "running running running running running running at-risk destroyed",
	// Renewals keep the lease: nothing goes wrong.
	"heartbeat/lease": "running running running running running running running running running running running running protected",
}

// The badge says, step by step, what the run has come to.
func TestPrerenderedBadgesTellTheStory(t *testing.T) {
	for run, want := range badgeRuns {
		sc, st, _ := strings.Cut(run, "/")
		var got []string
		for step := 1; step <= len(strings.Fields(want)); step++ {
			got = append(got, hooks(prerender(t, fmt.Sprintf("scenario=%s&strategy=%s&step=%d", sc, st, step)))["outcome-badge"])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: badges\n got  %s\n want %s", run, strings.Join(got, " "), want)
		}
	}
	// An empty free-play run has nothing to protect yet.
	page := prerender(t, "view=play&script=&lang=en")
	if got := hooks(page)["outcome-badge"]; got != "running" {
		t.Errorf("empty play: badge %q, want running", got)
	}
	if text, _ := textAfter(page, `data-testid="outcome-badge"`); text != "Nothing has happened yet" {
		t.Errorf("empty play: badge reads %q", text)
	}
}

func wantResult(r core.Result) string {
	switch r {
	case core.ResultAccepted, core.ResultStale:
		return "accepted"
	case core.ResultRejected:
		return "rejected"
	}
	return "none"
}

// TestPrerenderedHooksFollowTheFrames renders every step of every scenario
// under every strategy in both languages and checks each hook against
// core's frame. Each cell is a parallel subtest; under -short each cell is
// rendered in one language, the two languages taking turns cell by cell,
// so both are still rendered.
func TestPrerenderedHooksFollowTheFrames(t *testing.T) {
	verdicts := map[string]string{}
	for _, row := range tsv(t, "matrix.tsv") {
		for st, v := range row {
			verdicts[row["scenario"]+"/"+st] = v
		}
	}
	reordered := map[string]bool{}
	for _, row := range tsv(t, "reordered.tsv") {
		reordered[row["scenario"]+"/"+row["strategy"]] = true
	}
	cell := 0
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			langs := state.Langs
			if testing.Short() {
				langs = []state.Lang{state.Langs[cell%len(state.Langs)]}
			}
			cell++
			t.Run(sc.ID+"/"+string(st), func(t *testing.T) {
				t.Parallel()
				checkPrerenderedHooks(t, sc, st, langs, verdicts, reordered)
			})
		}
	}
}

// checkPrerenderedHooks renders every step of one cell in each language
// given and checks each hook against core's frame.
func checkPrerenderedHooks(t *testing.T, sc core.Scenario, st core.Strategy, langs []state.Lang, verdicts map[string]string, reordered map[string]bool) {
	frames, err := core.Replay(sc, st)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range langs {
		for _, f := range frames {
			s := state.Settings{Scenario: sc.ID, Strategy: st, Step: f.Step, Lang: lang, View: state.ViewDemo}
			q := s.Query(nil).Encode()
			page := prerender(t, q)
			checkWords(t, q, page, lang)
			fencing := "off"
			if st == core.LeaseFencing || st == core.Consensus || st == core.Optimistic {
				fencing = "on" // the optimistic lock's version is the resource's fencing
			}
			want := map[string]string{
				"step-counter":    strconv.Itoa(f.Step),
				"fencing-switch":  fencing,
				"scenario-picker": sc.ID,
				"strategy-picker": string(st),
				"lang-switch":     string(lang),
				"lock-holder":     wantName(f.Lock.Holder),
				"lock-token":      wantToken(f.Lock.Token),
				"action-actor":    wantName(f.Event.Client),
				"action-result":   wantResult(f.Event.Result),
				"timeline":        strconv.Itoa(len(frames) - 1),
			}
			if f.Step == len(frames) {
				cell := sc.ID + "/" + string(st)
				want["outcome-badge"] = badgeAtTheEnd[verdicts[cell]]
				if verdicts[cell] == "safe" && reordered[cell] {
					want["outcome-badge"] = "reordered"
				}
			}
			switch st {
			case core.Optimistic:
				// No lock service: its card has nothing to hold.
				want["lock-kind"] = "none"
				delete(want, "lock-holder")
				delete(want, "lock-token")
			case core.Redlock:
				want["lock-nodes"] = "5"
				for n, node := range f.Lock.Nodes {
					id := "lock-node-" + strconv.Itoa(n+1)
					want[id+"-holder"] = wantName(node.Holder)
					want[id+"-clock"] = strconv.Itoa(node.Clock)
				}
			default:
				want["lock-expiry"] = strconv.Itoa(f.Lock.Expiry)
				if f.Lock.Expiry == core.Never {
					want["lock-expiry"] = "never"
				}
				want["lock-now"] = strconv.Itoa(f.Lock.Now)
			}
			for i, r := range f.Resources {
				suffix := ""
				if i > 0 {
					suffix = "-" + r.Name
				}
				want["resource-data"+suffix] = wantName(r.Data)
				if r.Versioned {
					want["resource-version"+suffix] = strconv.FormatInt(r.Version, 10)
				} else {
					want["resource-max-token"+suffix] = strconv.FormatInt(r.MaxToken, 10)
				}
				want["resource-rejected"+suffix] = strconv.Itoa(r.Rejected)
			}
			for _, c := range f.Clients {
				want["client-"+c.Name+"-state"] = string(c.State)
				want["client-"+c.Name+"-token"] = wantToken(c.Token)
			}
			if sc.HoldsMessages() {
				want["network"] = strconv.Itoa(len(f.Network))
			}
			got := hooks(page)
			for id, w := range want {
				if got[id] != w {
					t.Errorf("%s: %s = %q, want %q", q, id, got[id], w)
				}
			}
			if _, ok := got["url-notice"]; ok {
				t.Errorf("%s: a valid query shows the URL notice", q)
			}
			if _, ok := got["lock-holder"]; ok == f.Lock.Lockless {
				t.Errorf("%s: the lock's holder is shown %v, and the row has a lock service %v", q, ok, !f.Lock.Lockless)
			}
			if _, ok := got["clients-now"]; ok != (f.Lock.Now != f.Clock && st != core.Redlock && !f.Lock.Lockless) {
				t.Errorf("%s: the clients' clock is shown %v, service t=%d clients t=%d", q, ok, f.Lock.Now, f.Clock)
			}
			// The timeline tells the story in order: the marks of the
			// steps so far, none of a later one.
			if n := strings.Count(page, `data-testid="timeline-event"`); n != f.Step-1 {
				t.Errorf("%s: %d timeline events, want %d (the steps so far)", q, n, f.Step-1)
			}
		}
	}
}

// tsv reads a table from core/testdata: one map per row, column → cell.
func tsv(t *testing.T, name string) []map[string]string {
	t.Helper()
	rows, err := tables.Read(filepath.Join("..", "..", "core", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// The book's seven frames, in both modes, from the book's own table.
func TestPrerenderedBookMatchesTheBooksTable(t *testing.T) {
	cell := func(v string) string {
		if v == "-" {
			return "none"
		}
		return v
	}
	for _, mode := range []string{"on", "off"} {
		for _, row := range tsv(t, "book-frames.tsv") {
			q := "step=" + row["step"] + "&fencing=" + mode
			got := hooks(prerender(t, q))
			want := map[string]string{
				"step-counter": row["step"], "fencing-switch": mode,
				"action-actor": cell(row["actor"]), "lock-now": row["clock"], "lock-holder": cell(row["holder"]),
				"lock-token": cell(row["token"]), "lock-expiry": row["expiry"], "resource-data": cell(row["data_"+mode]),
				"resource-max-token": row["max_token"], "resource-rejected": row["rejected_"+mode],
				"action-result": cell(row["write_"+mode]), "outcome-badge": row["badge_"+mode],
				"client-A-state": row["a_state"], "client-A-token": cell(row["a_token"]),
				"client-B-state": row["b_state"], "client-B-token": cell(row["b_token"]),
			}
			for id, w := range want {
				if got[id] != w {
					t.Errorf("%s: %s = %q, the book says %q", q, id, got[id], w)
				}
			}
		}
	}
}

// checkWords fails on a missing catalogue key, a badly formatted message or
// the wrong document language.
func checkWords(t *testing.T, q, page string, lang state.Lang) {
	t.Helper()
	if i := strings.Index(page, "⟦missing"); i >= 0 {
		t.Errorf("%s: a catalogue key is missing: %s", q, page[i:min(len(page), i+60)])
	}
	if strings.Contains(page, "%!") {
		t.Errorf("%s: a message was formatted with the wrong arguments", q)
	}
	if !strings.Contains(page, `<html lang="`+string(lang)+`">`) {
		t.Errorf("%s: <html lang> is not %s", q, lang)
	}
}

func TestPrerenderedCompareAndMatrixViews(t *testing.T) {
	for _, lang := range state.Langs {
		for _, sc := range core.Scenarios() {
			q := state.Settings{Scenario: sc.ID, Strategy: core.LeaseFencing, Step: sc.Frames(), Lang: lang, View: state.ViewCompare}.Query(nil).Encode()
			page := prerender(t, q)
			checkWords(t, q, page, lang)
			els := byTestID(page)
			pair := state.Settings{Scenario: sc.ID, Strategy: core.LeaseFencing}.Compared(nil)
			if els["compare-left"]["data-value"] != string(pair[0]) || els["compare-right"]["data-value"] != string(pair[1]) {
				t.Errorf("%s: columns %v %v, want %v", q, els["compare-left"], els["compare-right"], pair)
			}
			if strings.Count(page, `data-testid="outcome-badge"`) != 2 || strings.Count(page, `data-testid="step-counter"`) != 1 {
				t.Errorf("%s: want two badges and one step counter", q)
			}
		}
		q := state.Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: lang, View: state.ViewMatrix}.Query(nil).Encode()
		page := prerender(t, q)
		checkWords(t, q, page, lang)
		want := map[string]string{}
		for _, row := range tsv(t, "matrix.tsv") {
			for _, st := range core.Strategies() {
				want[row["scenario"]+"/"+string(st)] = row[string(st)]
			}
		}
		harms := map[string]string{}
		for _, row := range tsv(t, "harm.tsv") {
			harms[row["scenario"]+"/"+row["strategy"]] = row["harm"]
		}
		harmWords := map[state.Lang]map[string]string{
			state.Japanese: {"overwrite": `<span class="verdict-harm">(上書き)</span>`, "lost-update": `<span class="verdict-harm">(ロストアップデート)</span>`},
			state.English:  {"overwrite": `<span class="verdict-harm"> (overwrite)</span>`, "lost-update": `<span class="verdict-harm"> (lost update)</span>`},
		}
		cells := 0
		for _, el := range elements(page) {
			if el["data-testid"] != "matrix-cell" {
				continue
			}
			cells++
			key := el["data-scenario"] + "/" + el["data-strategy"]
			if w := want[key]; el["data-value"] != w {
				t.Errorf("matrix cell %s = %s, the hand-derived matrix says %q", key, el["data-value"], w)
			}
			wantHarm := harms[key]
			if wantHarm == "" {
				wantHarm = "none"
			} else if !strings.Contains(page, harmWords[lang][wantHarm]) {
				t.Errorf("matrix cell %s: no cell reads %q", key, harmWords[lang][wantHarm])
			}
			if el["data-harm"] != wantHarm {
				t.Errorf("matrix cell %s: harm %s, the hand-derived table says %s", key, el["data-harm"], wantHarm)
			}
		}
		if cells != len(want) || cells != len(core.Scenarios())*len(core.Strategies()) {
			t.Errorf("%d matrix cells, want %d", cells, len(want))
		}
	}
}

func TestPrerenderedActionResults(t *testing.T) {
	cases := map[string]string{
		"step=1":             "none",
		"step=2":             "none",
		"step=3":             "accepted",
		"step=7&fencing=on":  "rejected",
		"step=7&fencing=off": "accepted",
	}
	for q, want := range cases {
		if got := hooks(prerender(t, q))["action-result"]; got != want {
			t.Errorf("%s: action-result = %q, want %q", q, got, want)
		}
	}
}

func TestPrerenderedWordsAreTheCataloguesInBothLanguages(t *testing.T) {
	ja := prerender(t, "step=7&fencing=off&lang=ja")
	en := prerender(t, "step=7&fencing=off&lang=en")
	for _, c := range []struct {
		html, key string
		lang      state.Lang
	}{
		{ja, "gc-pause.a-writes-late.destroys", state.Japanese},
		{en, "gc-pause.a-writes-late.destroys", state.English},
		{ja, "badge.destroyed", state.Japanese},
		{en, "badge.destroyed", state.English},
		{ja, "result.stale.overwrote", state.Japanese},
		{en, "result.stale.overwrote", state.English},
	} {
		if !strings.Contains(html.UnescapeString(c.html), words.T(c.lang, c.key)) {
			t.Errorf("%s page lacks %s = %q", c.lang, c.key, words.T(c.lang, c.key))
		}
	}
	if strings.Contains(html.UnescapeString(en), words.T(state.Japanese, "gc-pause.a-writes-late.destroys")) {
		t.Error("the English page shows the Japanese note")
	}
}

func TestPrerenderedNoticeNamesTheBadParameter(t *testing.T) {
	page := prerender(t, "step=abc&lang=en")
	if got := hooks(page)["url-notice"]; got != "step" {
		t.Fatalf("url-notice = %q, want step", got)
	}
	if !strings.Contains(html.UnescapeString(page), words.T(state.English, "notice.bad", "step", "abc")) {
		t.Error("the notice does not say which value was bad")
	}
	if got := hooks(page)["step-counter"]; got != "1" {
		t.Errorf("a bad step shows step %s, want the default 1", got)
	}
}

// Before the app is live nothing on the prerendered page can act, so every
// control says it is disabled (which ones stay disabled at the ends, once
// live, is state.Settings.Can's job and the browser tests').
func TestPrerenderedControlsAreInactiveUntilLive(t *testing.T) {
	for _, step := range []string{"1", "4", "7"} {
		els := byTestID(prerender(t, "step="+step))
		for _, id := range []string{"btn-first", "btn-prev", "btn-next", "btn-last", "btn-advance", "fencing-switch", "lang-switch", "copy-embed"} {
			// go-app writes the value "true" as a bare attribute; the
			// server repairs that (see serve.go's fixBareARIA).
			if got := els[id]["aria-disabled"]; got != "<bare>" && got != "true" {
				t.Errorf("step %s: prerendered %s aria-disabled=%q, want true", step, id, got)
			}
		}
		for _, id := range []string{"scenario-picker", "strategy-picker"} {
			if _, ok := els[id]["disabled"]; !ok {
				t.Errorf("step %s: prerendered %s is not disabled", step, id)
			}
		}
	}
}

// The prerendered pickers show the settings' choice: only that option has
// the selected attribute (HTML reads selected="false" as selected); so
// does play's pace.
func TestPrerenderedPickersShowTheirChoice(t *testing.T) {
	for query, want := range map[string]string{
		"scenario=heartbeat&strategy=redlock&lang=en":        "heartbeat redlock 100",
		"scenario=heartbeat&strategy=redlock&lang=en&pace=2": "heartbeat redlock 200",
	} {
		page := prerender(t, query)
		var selected []string
		for _, el := range elements(page) {
			if _, ok := el["selected"]; ok {
				selected = append(selected, el["value"])
			}
		}
		if strings.Join(selected, " ") != want {
			t.Errorf("%s: selected options %v, want %s", query, selected, want)
		}
	}
}

// Free play and the search, as the server draws them: the run written, the
// editor, and a search not started yet.
func TestPrerenderedPlayAndSearch(t *testing.T) {
	for _, lang := range state.Langs {
		q := "view=play&lang=" + string(lang) + "&step=3&script=A:acquire,B:acquire@m2"
		page := prerender(t, q)
		checkWords(t, q, page, lang)
		got := hooks(page)
		for id, want := range map[string]string{"play-items": "2", "step-counter": "3", "lock-holder": "A", "network": "1", "play-client": "A", "play-verb": "acquire"} {
			if got[id] != want {
				t.Errorf("%s: %s = %q, want %q", q, id, got[id], want)
			}
		}
		q = "view=search&strategy=redlock&goal=stuck&depth=3&lang=" + string(lang)
		page = prerender(t, q)
		checkWords(t, q, page, lang)
		got = hooks(page)
		for id, want := range map[string]string{"search-result": "idle", "search-goal": "stuck", "search-depth": "3", "strategy-picker": "redlock"} {
			if got[id] != want {
				t.Errorf("%s: %s = %q, want %q", q, id, got[id], want)
			}
		}
		if _, ok := got["scenario-picker"]; ok {
			t.Errorf("%s: the search view offers a scenario", q)
		}
		// An exercise is judged as the server draws the page: a lock
		// whose holder crashes comes back with a TTL, so this run is not
		// stuck; with its restart and acquire it is.
		for script, want := range map[string]string{"A:acquire,A:crash": "unsolved",
			"A:acquire,A:pause:10,A:acquire,A:write:A,restart,A:acquire": "solved"} {
			q = "view=play&exercise=stuck-with-fencing&script=" + script + "&lang=" + string(lang)
			page = prerender(t, q)
			checkWords(t, q, page, lang)
			if got := hooks(page)["exercise-status"]; got != want {
				t.Errorf("%s: exercise-status = %q, want %q", q, got, want)
			}
		}
		q = "view=course&lang=" + string(lang)
		page = prerender(t, q)
		checkWords(t, q, page, lang)
		if n := strings.Count(page, `data-testid="course-lesson"`); n != len(core.Scenarios())+1 {
			t.Errorf("%s: %d lessons", q, n)
		}
	}
}

// TestNoSettingsCrashThePage prerenders every view with and without a
// second strategy, with no script, an empty one, a short one, an
// unreadable one and the longest a scenario gives, at the first step and
// past the last, in both languages, embedded or not: none may end in the
// crash view. (Free play beside a second strategy crashed once: the view
// built the single run's frame before choosing the two columns.)
func TestNoSettingsCrashThePage(t *testing.T) {
	longest := ""
	for _, sc := range core.Scenarios() {
		if s := sc.Script(); len(s) > len(longest) {
			longest = s
		}
	}
	scripts := []string{"-", "", "A:acquire,A:pause:10,B:acquire,A:write:A", "A:fly", longest}
	for _, view := range state.Views {
		for _, vs := range []string{"", "consensus", "no-ttl"} {
			for _, script := range scripts {
				for _, step := range []string{"1", "99"} {
					for _, lang := range state.Langs {
						for _, embed := range []string{"0", "1"} {
							q := url.Values{"view": {string(view)}, "step": {step}, "lang": {string(lang)}, "embed": {embed}}
							if vs != "" {
								q.Set("vs", vs)
							}
							if script != "-" {
								q.Set("script", script)
							}
							page := prerender(t, q.Encode())
							if strings.Contains(page, `data-view="crash"`) {
								msg := page[strings.Index(page, `data-testid="crash-message"`):]
								t.Fatalf("?%s crashes: %.200s", q.Encode(), msg)
							}
							if !strings.Contains(page, `data-view="`+string(view)+`"`) {
								t.Fatalf("?%s does not show the %s view", q.Encode(), view)
							}
						}
					}
				}
			}
		}
	}
}

// The title names what is shown, literally: the book's title for the
// book's run, the row under any other, the scenario unless it is the
// chapter's, both rows when comparing, the view elsewhere.
func TestTheTitleNamesWhatIsShown(t *testing.T) {
	cases := map[string]string{
		"":                                     "distributed-lock(リース + フェンシング、1 台)",
		"fencing=off&lang=en":                  "distributed-lock (lease, no fencing)",
		"strategy=redlock&scenario=clock-jump": "distributed-lock(Redlock)— 時計の跳躍",
		"strategy=consensus&scenario=lock-delay&lang=en": "distributed-lock (consensus + fencing) — Lock-delay",
		"view=compare&scenario=counter-reset&lang=en":    "distributed-lock (lease + fencing, one node vs consensus + fencing) — Counter reset",
		"scenario=counter-reset":                         "distributed-lock(リース + フェンシング、1 台)— カウンタのリセット",
		"view=matrix":                                    "distributed-lock(方式 × シナリオ表)",
		"view=search&lang=en":                            "distributed-lock (Search)",
		"view=course&lang=en":                            "distributed-lock (Course)",
	}
	for q, want := range cases {
		got, ok := textAfter(prerender(t, q), `id="demo-title"`)
		if !ok {
			t.Fatalf("%s: no title", q)
		}
		if got != want {
			t.Errorf("%q: the title reads %q, want %q", q, got, want)
		}
	}
}

// Each view closes with its own point, or none.
func TestEachViewClosesWithItsOwnPoint(t *testing.T) {
	cases := map[string]string{
		"lang=en":                        "Only a resource that checks the token (or, with no lock at all, a version) can stop its late write.",
		"lang=ja":                        "S3 の If-Match",
		"scenario=counter-reset&lang=en": "Fencing tokens mean something only if they keep increasing across restarts.",
		"view=compare&scenario=stale-before-new-holder&lang=en": "not mutual exclusion in real time",
		"view=matrix&lang=en": "never corrupted wherever the resource checks atomically",
		"view=matrix&lang=ja": "同じトランザクションで書き、永続させる",
		"view=search&lang=en": "",
		"view=play&lang=en":   "",
		"view=course&lang=en": "",
	}
	for q, want := range cases {
		els := byTestID(prerender(t, q))
		closing, ok := els["closing"]
		if want == "" {
			if ok {
				t.Errorf("%q: a closing paragraph %v where none belongs", q, closing)
			}
			continue
		}
		text, ok := textAfter(prerender(t, q), `data-testid="closing"`)
		if !ok {
			t.Fatalf("%q: no closing paragraph", q)
		}
		if !strings.Contains(text, want) {
			t.Errorf("%q: closes with %q, want %q in it", q, text, want)
		}
	}
}

// The fencing switch says what it does, and switches within the lock
// service shown; where no row fences that service, it is disabled and says
// why.
func TestTheFencingSwitchSaysWhatItDoes(t *testing.T) {
	cases := []struct{ q, disabled, help string }{
		{"lang=en", "false", "Switches whether the resource checks tokens (the lock service stays as it is)"},
		{"strategy=consensus&lang=en", "false", "Switches whether the resource checks tokens"},
		{"strategy=redlock&lang=en", "true", "Redlock issues no token, so there is nothing for the resource to check"},
		{"strategy=no-ttl&lang=en", "true", "no row combining a lock without TTL with fencing"},
		{"strategy=optimistic&lang=en", "true", "the resource checks a version, which, as the chapter says, is fencing at the resource itself"},
	}
	for _, c := range cases {
		page := prerender(t, c.q+"&step=2")
		els := byTestID(page)
		// Prerendered controls are disabled until the app runs, except in
		// the book's frames; the settings decide the rest.
		st, _ := state.ParseSettings(nil, mustQuery(t, c.q))
		if got := st.Can(nil, state.CmdToggleFencing); got != (c.disabled == "false") {
			t.Errorf("%s: Can(toggle) = %v", c.q, got)
		}
		if els["fencing-switch"]["aria-describedby"] != "fencing-help" {
			t.Errorf("%s: the switch is not described by its help: %v", c.q, els["fencing-switch"])
		}
		if !strings.Contains(html.UnescapeString(page), c.help) {
			t.Errorf("%s: the switch's help does not say %q", c.q, c.help)
		}
	}
}

func mustQuery(t *testing.T, q string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// textAfter returns the text of the element whose start tag holds marker
// (up to its first child tag), unescaped; false if there is none.
func textAfter(page, marker string) (string, bool) {
	i := strings.Index(page, marker)
	if i < 0 {
		return "", false
	}
	start := strings.Index(page[i:], ">") + i + 1
	end := strings.Index(page[start:], "<") + start
	return html.UnescapeString(page[start:end]), true
}

// A download is named for its run: scenario (free play for a script),
// strategy, step and language.
func TestTimelineFileNames(t *testing.T) {
	cases := map[string]string{
		"fencing=off&step=7&lang=en":                          "dlock-gc-pause-lease-step7-en.svg",
		"scenario=heartbeat&strategy=no-ttl":                  "dlock-heartbeat-no-ttl-step1-ja.svg",
		"view=play&script=A:acquire,A:write:x&step=3&lang=en": "dlock-play-lease-fencing-step3-en.svg",
	}
	for q, want := range cases {
		els := byTestID(prerender(t, q))
		if got := els["timeline-download"]["data-file"]; got != want {
			t.Errorf("%s: the download is named %q, want %q", q, got, want)
		}
	}
}
