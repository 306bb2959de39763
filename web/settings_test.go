package web

import (
	"net/url"
	"reflect"
	"testing"
)

func TestParseSettings(t *testing.T) {
	cases := []struct {
		query string
		want  Settings
		bad   []BadParam
	}{
		{"", Defaults(), nil},
		{"step=5&fencing=off&lang=en", Settings{Step: 5, Fencing: false, Lang: English}, nil},
		{"step=7&fencing=on&lang=ja", Settings{Step: 7, Fencing: true, Lang: Japanese}, nil},
		{"step=1", Settings{Step: 1, Fencing: true, Lang: Japanese}, nil},
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
		{"lang=xx&step=3&fencing=maybe", Settings{Step: 3, Fencing: true, Lang: Japanese}, []BadParam{{"fencing", "maybe"}, {"lang", "xx"}}},
		{"step=99&fencing=off", Settings{Step: 1, Fencing: false, Lang: Japanese}, []BadParam{{"step", "99"}}},
		{"step=2&step=9", Settings{Step: 2, Fencing: true, Lang: Japanese}, nil},
		{"utm_source=x&wasm=true", Defaults(), nil},
	}
	for _, c := range cases {
		q, err := url.ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		got, bad := ParseSettings(q, 7)
		if got != c.want || !reflect.DeepEqual(bad, c.bad) {
			t.Errorf("ParseSettings(%q) = %+v %v, want %+v %v", c.query, got, bad, c.want, c.bad)
		}
	}
}

func TestSettingsQueryRoundTrip(t *testing.T) {
	for step := 1; step <= 7; step++ {
		for _, fencing := range []bool{true, false} {
			for _, lang := range Langs {
				s := Settings{Step: step, Fencing: fencing, Lang: lang}
				q := s.Query(url.Values{"utm_source": {"book"}})
				got, bad := ParseSettings(q, 7)
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

func TestQueryReplacesEarlierValuesAndLeavesInputAlone(t *testing.T) {
	in := url.Values{"step": {"9", "3"}, "fencing": {"maybe"}}
	out := Settings{Step: 2, Fencing: false, Lang: English}.Query(in)
	if out.Encode() != "fencing=off&lang=en&step=2" {
		t.Errorf("Query = %q", out.Encode())
	}
	if in.Get("step") != "9" || len(in["step"]) != 2 {
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
	s := Settings{Step: 4, Fencing: true, Lang: English}
	cases := []struct {
		from Settings
		cmd  Command
		want Settings
	}{
		{s, CmdNext, Settings{5, true, English}},
		{s, CmdPrev, Settings{3, true, English}},
		{s, CmdFirst, Settings{1, true, English}},
		{s, CmdLast, Settings{7, true, English}},
		{s, CmdToggleFencing, Settings{4, false, English}},
		{Settings{7, false, Japanese}, CmdNext, Settings{7, false, Japanese}},
		{Settings{1, false, Japanese}, CmdPrev, Settings{1, false, Japanese}},
		{s, CmdNone, s},
	}
	for _, c := range cases {
		if got := c.from.Do(c.cmd, 7); got != c.want {
			t.Errorf("%+v.Do(%v) = %+v, want %+v", c.from, c.cmd, got, c.want)
		}
	}
}

func TestCanDisablesOnlyWhatCannotMove(t *testing.T) {
	for step := 1; step <= 7; step++ {
		s := Settings{Step: step, Fencing: true, Lang: Japanese}
		want := map[Command]bool{
			CmdFirst: step > 1, CmdPrev: step > 1, CmdNext: step < 7, CmdLast: step < 7, CmdToggleFencing: true,
		}
		for cmd, w := range want {
			if got := s.Can(cmd, 7); got != w {
				t.Errorf("step %d: Can(%v) = %v, want %v", step, cmd, got, w)
			}
		}
	}
}
