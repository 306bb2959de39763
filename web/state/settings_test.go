package state

import (
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/course"
)

// book is a setting of the chapter's demo: gc-pause, fenced or not.
func book(step int, fencing bool, l Lang) Settings {
	st := core.LeaseFencing
	if !fencing {
		st = core.Lease
	}
	return Settings{Scenario: "gc-pause", Strategy: st, Step: step, Lang: l, View: ViewDemo}
}

func TestParseSettings(t *testing.T) {
	cases := []struct {
		query string
		want  Settings
		bad   []BadParam
	}{
		{"", Defaults(), nil},
		{"step=5&fencing=off&lang=en", book(5, false, English), nil},
		{"step=7&fencing=on&lang=ja", book(7, true, Japanese), nil},
		{"step=1", book(1, true, Japanese), nil},
		{"step=0", Defaults(), []BadParam{{"step", "0"}}},
		{"step=8", Defaults(), []BadParam{{"step", "8"}}},
		{"step=99", Defaults(), []BadParam{{"step", "99"}}},
		{"step=abc", Defaults(), []BadParam{{"step", "abc"}}},
		{"step=", Defaults(), []BadParam{{"step", ""}}},
		{"step=-1", Defaults(), []BadParam{{"step", "-1"}}},
		{"step=99999999999999999999999", Defaults(), []BadParam{{"step", "99999999999999999999999"}}},
		{"fencing=maybe", Defaults(), []BadParam{{"fencing", "maybe"}}},
		{"fencing=ON", Defaults(), []BadParam{{"fencing", "ON"}}},
		{"lang=xx", Defaults(), []BadParam{{"lang", "xx"}}},
		{"lang=xx&step=3&fencing=maybe", book(3, true, Japanese), []BadParam{{"fencing", "maybe"}, {"lang", "xx"}}},
		{"step=99&fencing=off", book(1, false, Japanese), []BadParam{{"step", "99"}}},
		{"step=2&step=9", book(2, true, Japanese), nil},
		{"utm_source=x&wasm=true", Defaults(), nil},
		{"scenario=heartbeat&step=13", Settings{Scenario: "heartbeat", Strategy: core.LeaseFencing, Step: 13, Lang: Japanese, View: ViewDemo}, nil},
		{"scenario=heartbeat&step=14", Settings{Scenario: "heartbeat", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo}, []BadParam{{"step", "14"}}},
		{"scenario=nope&step=9", Defaults(), []BadParam{{"scenario", "nope"}, {"step", "9"}}},
		{"strategy=consensus", Settings{Scenario: "gc-pause", Strategy: core.Consensus, Step: 1, Lang: Japanese, View: ViewDemo}, nil},
		{"strategy=no-ttl&fencing=on", Settings{Scenario: "gc-pause", Strategy: core.NoTTL, Step: 1, Lang: Japanese, View: ViewDemo}, nil},
		{"strategy=lease&fencing=on", book(1, false, Japanese), nil},
		{"strategy=nope&fencing=off", book(1, false, Japanese), []BadParam{{"strategy", "nope"}}},
		{"view=matrix", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewMatrix}, nil},
		{"view=table", Defaults(), []BadParam{{"view", "table"}}},
		{"view=compare&vs=consensus", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Versus: core.Consensus, Step: 1, Lang: Japanese, View: ViewCompare}, nil},
		{"view=compare&vs=maybe", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewCompare}, []BadParam{{"vs", "maybe"}}},
		{"present=1&autoplay=1&pace=2", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Present: true, Autoplay: true, Pace: 200}, nil},
		{"pace=0.5&present=0", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Pace: 50}, nil},
		{"pace=3&present=yes&autoplay=", Defaults(), []BadParam{{"present", "yes"}, {"autoplay", ""}, {"pace", "3"}}},
		{"print=slides&step=3", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 3, Lang: Japanese, View: ViewDemo, Slides: true}, nil},
		{"print=handout", Defaults(), []BadParam{{"print", "handout"}}},
		{"theme=dark&controls=min&embed=1", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Embed: true}, nil},
		{"theme=light&controls=full", Defaults(), nil},
		{"quiz=1&step=6&fencing=off", Settings{Scenario: "gc-pause", Strategy: core.Lease, Step: 6, Lang: Japanese, View: ViewDemo, Quiz: true}, nil},
		{"quiz=1&future=1", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Quiz: true}, nil},
		{"quiz=0&future=1", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Future: true}, nil},
		{"quiz=yes&step=3", book(3, true, Japanese), []BadParam{{"quiz", "yes"}}},
		{"quiz=&future=1", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewDemo, Future: true}, []BadParam{{"quiz", ""}}},
		{"theme=auto", Defaults(), nil},
		{"controls=tiny&theme=Dark&lang=en", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: English, View: ViewDemo}, []BadParam{{"theme", "Dark"}, {"controls", "tiny"}}},
	}
	for _, c := range cases {
		q, err := url.ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		got, bad := ParseSettings(nil, q)
		if got != c.want || !reflect.DeepEqual(bad, c.bad) {
			t.Errorf("ParseSettings(%q) = %+v %v, want %+v %v", c.query, got, bad, c.want, c.bad)
		}
	}
}

func TestSettingsQueryRoundTrip(t *testing.T) {
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			for _, view := range Views {
				for _, lang := range Langs {
					for _, step := range []int{1, sc.Frames()} {
						s := Settings{Scenario: sc.ID, Strategy: st, Step: step, Lang: lang, View: view,
							Present: step == 1, Autoplay: lang == English, Pace: Paces[step%len(Paces)], Quiz: view != ViewSearch && step > 1,
							Slides: lang == Japanese}
						if s.Pace == 100 {
							s.Pace = 0 // 1× is the default, which the address leaves out
						}
						switch view {
						case ViewCompare:
							s.Versus = core.NoTTL
						case ViewPlay:
							// Free play names no scenario: its run is the script.
							s.Scenario, s.Script, s.Versus = "gc-pause", sc.Script(), core.Redlock
							s.Exercise = course.Exercises()[step%len(course.Exercises())].ID
						case ViewSearch:
							s.Search = Search{Goal: []core.Verdict{"", core.AtRisk, core.Stuck}[step%3], Depth: 4, Peek: true, Two: lang == English}
							if step%2 == 0 {
								s.Search.Depth, s.Search.Closure = 0, true
							}
						}
						q := s.Query(url.Values{"utm_source": {"book"}})
						got, bad := ParseSettings(nil, q)
						if got != s || bad != nil {
							t.Errorf("%+v → %q → %+v %v", s, q.Encode(), got, bad)
						}
						if q.Get("utm_source") != "book" {
							t.Errorf("Query dropped another parameter: %q", q.Encode())
						}
					}
				}
			}
		}
	}
}

func TestPlayAndSearchSettings(t *testing.T) {
	cases := []struct {
		query string
		want  Settings
		bad   []string
	}{
		{"view=play&script=A:acquire,A:write:x&step=3&lang=en", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 3, Lang: English, View: ViewPlay, Script: "A:acquire,A:write:x"}, nil},
		{"view=play&script=A:teleport&step=2", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewPlay}, []string{"script", "step"}},
		{"view=play&script=a:acquire", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewPlay}, []string{"script"}},
		{"view=play&script=deliver:m9", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewPlay}, []string{"script"}},
		{"view=search&strategy=consensus&goal=stuck&depth=5&peek=1&two=1", Settings{Scenario: "gc-pause", Strategy: core.Consensus, Step: 1, Lang: Japanese, View: ViewSearch, Search: Search{Goal: core.Stuck, Depth: 5, Peek: true, Two: true}}, nil},
		{"view=search&strategy=redlock&renew=1&partial=1&reply=1", Settings{Scenario: "gc-pause", Strategy: core.Redlock, Step: 1, Lang: Japanese, View: ViewSearch, Search: Search{Renew: true, Partial: true, Reply: true}}, nil},
		{"view=search&renew=0&partial=2&reply=on", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewSearch}, []string{"partial", "reply"}},
		{"view=search&goal=at-risk", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewSearch, Search: Search{Goal: core.AtRisk}}, nil},
		// goal=corrupted is the default, written as nothing.
		{"view=search&goal=corrupted", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewSearch}, nil},
		// A search to closure: runs of any length.
		{"view=search&strategy=consensus&depth=any", Settings{Scenario: "gc-pause", Strategy: core.Consensus, Step: 1, Lang: Japanese, View: ViewSearch, Search: Search{Closure: true}}, nil},
		{"view=search&depth=all", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewSearch}, []string{"depth"}},
		{"view=search&goal=both&depth=99&peek=yes", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewSearch}, []string{"goal", "depth", "peek"}},
		// The retired reads=1 (an acquire fused with a read) is ignored.
		{"view=search&strategy=consensus&reads=1", Settings{Scenario: "gc-pause", Strategy: core.Consensus, Step: 1, Lang: Japanese, View: ViewSearch}, nil},
		// An exercise in free play; an unknown one is said and changes
		// nothing; outside free play it is not read.
		{"view=play&exercise=stuck-with-fencing&strategy=lease-fencing", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewPlay, Exercise: "stuck-with-fencing"}, nil},
		{"view=play&exercise=fly", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: Japanese, View: ViewPlay}, []string{"exercise"}},
		{"exercise=stuck-with-fencing", Defaults(), nil},
		{"view=course&lang=en", Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing, Step: 1, Lang: English, View: ViewCourse}, nil},
		{"view=lessons", Defaults(), []string{"view"}},
		// A script outside free play is not read.
		{"script=A:teleport", Defaults(), nil},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		got, bad := ParseSettings(nil, q)
		var names []string
		for _, b := range bad {
			names = append(names, b.Name)
		}
		if got != c.want || !reflect.DeepEqual(names, c.bad) {
			t.Errorf("ParseSettings(%q) = %+v %v, want %+v %v", c.query, got, names, c.want, c.bad)
		}
	}
	// A script of 10,000 actions is refused at once, with its first bad item.
	long := strings.Repeat("A:check,", 9999) + "A:check"
	if _, bad := ParseSettings(nil, url.Values{"view": {"play"}, "script": {long}}); len(bad) != 1 || bad[0].Name != "script" {
		t.Errorf("10,000 actions: %v", bad)
	}
}

func TestBookURLsKeepTheirShape(t *testing.T) {
	cases := map[Settings]string{
		book(6, false, English): "fencing=off&lang=en&step=6",
		book(1, true, Japanese): "fencing=on&lang=ja&step=1",
		{Scenario: "heartbeat", Strategy: core.Consensus, Step: 2, Lang: Japanese, View: ViewDemo}:                  "lang=ja&scenario=heartbeat&step=2&strategy=consensus",
		{Scenario: "gc-pause", Strategy: core.Lease, Versus: core.NoTTL, Step: 3, Lang: English, View: ViewCompare}: "fencing=off&lang=en&step=3&view=compare&vs=no-ttl",
		{Scenario: "gc-pause", Strategy: core.Lease, Versus: core.NoTTL, Step: 3, Lang: English, View: ViewDemo}:    "fencing=off&lang=en&step=3",
	}
	for s, want := range cases {
		if got := s.Query(nil).Encode(); got != want {
			t.Errorf("%+v.Query() = %s, want %s", s, got, want)
		}
	}
}

func TestQueryReplacesEarlierValuesAndLeavesInputAlone(t *testing.T) {
	in := url.Values{"step": {"9", "3"}, "fencing": {"maybe"}, "strategy": {"x"}, "scenario": {"gc-pause"}}
	out := book(2, false, English).Query(in)
	if out.Encode() != "fencing=off&lang=en&step=2" {
		t.Errorf("Query = %q", out.Encode())
	}
	if in.Get("step") != "9" || len(in["step"]) != 2 || in.Get("strategy") != "x" {
		t.Errorf("Query modified its input: %v", in)
	}
}

func TestCommands(t *testing.T) {
	keys := map[string]Command{
		"ArrowRight": CmdNext, "ArrowLeft": CmdPrev, "Home": CmdFirst, "End": CmdLast,
		"f": CmdToggleFencing, "F": CmdToggleFencing, "Enter": CmdNone, " ": CmdNone, "a": CmdNone,
	}
	for k, want := range keys {
		if got := CommandForKey(k); got != want {
			t.Errorf("CommandForKey(%q) = %v, want %v", k, got, want)
		}
	}
	s := book(4, true, English)
	withStrategy := func(s Settings, st core.Strategy) Settings { s.Strategy = st; return s }
	withView := func(s Settings, v View) Settings { s.View = v; return s }
	cases := []struct {
		from Settings
		cmd  Command
		want Settings
	}{
		{s, CmdNext, book(5, true, English)},
		{s, CmdPrev, book(3, true, English)},
		{s, CmdFirst, book(1, true, English)},
		{s, CmdLast, book(7, true, English)},
		{s, CmdToggleFencing, book(4, false, English)},
		{book(4, false, English), CmdToggleFencing, s},
		{withStrategy(s, core.Consensus), CmdToggleFencing, withStrategy(s, core.ConsensusUnfenced)},
		{withStrategy(s, core.ConsensusUnfenced), CmdToggleFencing, withStrategy(s, core.Consensus)},
		// Within the lock service shown: Redlock has no token to check,
		// and no row fences a lock without TTL, so the switch does nothing.
		{withStrategy(s, core.NoTTL), CmdToggleFencing, withStrategy(s, core.NoTTL)},
		{withStrategy(s, core.Redlock), CmdToggleFencing, withStrategy(s, core.Redlock)},
		{book(7, false, Japanese), CmdNext, book(7, false, Japanese)},
		{book(1, false, Japanese), CmdPrev, book(1, false, Japanese)},
		{s, CmdNone, s},
		{withView(s, ViewCompare), CmdNext, withView(book(5, true, English), ViewCompare)},
		{withView(s, ViewCompare), CmdToggleFencing, withView(s, ViewCompare)},
		{withView(s, ViewMatrix), CmdNext, withView(s, ViewMatrix)},
	}
	for _, c := range cases {
		if got := c.from.Do(nil, c.cmd); got != c.want {
			t.Errorf("%+v.Do(%v) = %+v, want %+v", c.from, c.cmd, got, c.want)
		}
	}
	hb := Settings{Scenario: "heartbeat", Strategy: core.Lease, Step: 1, Lang: Japanese, View: ViewDemo}
	if got := hb.Do(nil, CmdLast).Step; got != 13 {
		t.Errorf("End in heartbeat goes to step %d, want 13", got)
	}
}

func TestCanDisablesOnlyWhatCannotMove(t *testing.T) {
	for step := 1; step <= 7; step++ {
		s := book(step, true, Japanese)
		want := map[Command]bool{
			CmdFirst: step > 1, CmdPrev: step > 1, CmdNext: step < 7, CmdLast: step < 7, CmdToggleFencing: true,
		}
		for cmd, w := range want {
			if got := s.Can(nil, cmd); got != w {
				t.Errorf("step %d: Can(%v) = %v, want %v", step, cmd, got, w)
			}
		}
	}
}

func TestComparedPairFollowsTheScenario(t *testing.T) {
	cases := []struct {
		s    Settings
		want [2]core.Strategy
	}{
		{Settings{Scenario: "gc-pause", Strategy: core.LeaseFencing}, [2]core.Strategy{core.LeaseFencing, core.Lease}},
		{Settings{Scenario: "gc-pause", Strategy: core.Lease}, [2]core.Strategy{core.Lease, core.LeaseFencing}},
		{Settings{Scenario: "counter-reset", Strategy: core.LeaseFencing}, [2]core.Strategy{core.LeaseFencing, core.Consensus}},
		{Settings{Scenario: "crash-no-ttl", Strategy: core.Consensus}, [2]core.Strategy{core.Consensus, core.NoTTL}},
		{Settings{Scenario: "gc-pause", Strategy: core.Lease, Versus: core.Consensus}, [2]core.Strategy{core.Lease, core.Consensus}},
	}
	for _, c := range cases {
		if got := c.s.Compared(nil); got != c.want {
			t.Errorf("%+v.Compared(nil) = %v, want %v", c.s, got, c.want)
		}
	}
}

// The embed's theme and size are not the page's to write: every address it
// writes keeps them as the host gave them.
func TestQueryKeepsTheEmbedsLook(t *testing.T) {
	q := url.Values{ParamTheme: {"dark"}, ParamControls: {"min"}, ParamEmbed: {"1"}, ParamStep: {"3"}}
	s := Defaults()
	s.Embed, s.Step = true, 5
	got := s.Query(q)
	if got.Get(ParamTheme) != "dark" || got.Get(ParamControls) != "min" || got.Get(ParamStep) != "5" {
		t.Errorf("Query(%v) = %v: want theme=dark, controls=min kept and step=5", q, got.Encode())
	}
	for _, p := range []string{ParamTheme, ParamControls} {
		if slices.Contains(PageParams, p) {
			t.Errorf("%s is in PageParams: the loader's addresses, written from its states, would drop it", p)
		}
	}
}
