package core

import (
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// withoutNotes drops the story's words, which a script does not carry.
func withoutNotes(frames []Frame) []Frame {
	out := make([]Frame, len(frames))
	for i, f := range frames {
		f.Note = ""
		out[i] = f
	}
	return out
}

// The chapter's run, written out, gives the book's frames.
func TestTheBooksRunAsAScript(t *testing.T) {
	sc, err := ParseScript("A:acquire, A:write:A-value, A:pause:10, B:acquire, B:write:B-value, A:write:A-STALE")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []Strategy{LeaseFencing, Lease} {
		got, want := withoutNotes(mustReplay(t, sc, st)), withoutNotes(mustReplay(t, gcPause(), st))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the script's frames differ from the book's", st)
		}
	}
}

// Every scenario can be opened as a script, which gives the same run under
// every strategy.
func TestEveryScenarioIsAScript(t *testing.T) {
	for _, sc := range Scenarios() {
		script := sc.Script()
		back, err := ParseScript(script)
		if err != nil {
			t.Fatalf("%s: %q: %v", sc.ID, script, err)
		}
		if again := back.Script(); again != script {
			t.Errorf("%s: %q reads back as %q", sc.ID, script, again)
		}
		for _, st := range Strategies() {
			got, want := withoutNotes(mustReplay(t, back, st)), withoutNotes(mustReplay(t, sc, st))
			for i := range want {
				// A script names its clients and resources itself; the
				// frames must agree on everything the run did.
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("%s under %s, frame %d:\n got %+v\nwant %+v", sc.ID, st, i+1, got[i], want[i])
					break
				}
			}
		}
	}
	if got := clockJump().Script(); !strings.HasPrefix(got, "A:acquire:10:n123,") {
		t.Errorf("clock-jump's partition is not in its script: %q", got)
	}
	if got := slowGrant().Script(); !strings.HasPrefix(got, "A:counts-from-reply,A:acquire@g1,") {
		t.Errorf("slow-grant's client discipline is not in its script: %q", got)
	}
}

func TestBadScriptsSayWhichItemAndWhy(t *testing.T) {
	cases := []struct {
		script string
		item   int
		want   error
	}{
		{"A:acquire,A:teleport", 2, ErrScriptVerb},
		{"a:acquire", 1, ErrScriptClient},
		{"F:acquire", 1, ErrScriptClient},
		{"A:pause:-3", 1, ErrScriptNumber},
		{"tick:x", 1, ErrScriptNumber},
		{"A:acquire:0", 1, ErrScriptArgument},
		{"A:acquire:10:n6", 1, ErrScriptArgument},
		{"A:write:hello world", 1, ErrScriptValue},
		{"A:write:v:row-99", 1, ErrScriptResource},
		{"A:acquire,,B:acquire", 2, ErrEmptyItem},
		{"A:check@m1", 1, ErrNotHoldable},
		{"A:write:v@M1", 1, ErrScriptMessage},
		{"A:release:now", 1, ErrScriptArgument},
		{"dance", 1, ErrScriptVerb},
		{strings.Repeat("tick:1,", 200) + "tick:1", 201, ErrScriptTooLong},
		{strings.Repeat("A:check,", 9999) + "A:check", 201, ErrScriptTooLong},
	}
	for _, c := range cases {
		_, err := ParseScript(c.script)
		var se *ScriptError
		if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Item != c.item {
			t.Errorf("%.60q: %v, want item %d: %v", c.script, err, c.item, c.want)
		}
	}
	// Read but not run: a deliver of a message nothing holds.
	_, err := ParseScript("A:acquire,deliver:m9")
	var step *StepError
	if !errors.Is(err, ErrUnknownMessage) || !errors.As(err, &step) || step.Step != 3 {
		t.Errorf("deliver:m9 with nothing held: %v", err)
	}
	// A failover is once a run: a second one, or a sync after it, names
	// its action.
	for _, c := range []struct {
		script string
		step   int
	}{
		{"A:acquire,failover,B:acquire,failover", 5},
		{"sync,failover,sync", 4},
		{"failover,failover", 3},
	} {
		_, err := ParseScript(c.script)
		if !errors.Is(err, ErrFailedOver) || !errors.As(err, &step) || step.Step != c.step {
			t.Errorf("%s: %v, want ErrFailedOver at step %d", c.script, err, c.step)
		}
	}
	if sc, err := ParseScript("sync, A:acquire, sync, failover"); err != nil || sc.Script() != "sync,A:acquire,sync,failover" {
		t.Errorf("sync and failover do not read back: %q, %v", sc.Script(), err)
	}
	// 200 items are fine.
	if _, err := ParseScript(strings.Repeat("tick:1,", 199) + "tick:1"); err != nil {
		t.Errorf("200 items: %v", err)
	}
	if sc, err := ParseScript(""); err != nil || len(sc.Steps) != 0 || len(sc.Clients) != 2 {
		t.Errorf("the empty script: %+v %v", sc, err)
	}
}

// FuzzParseScript reads arbitrary text: it is a run that replays (or a
// StepError), or a clear error; what it reads writes back as a script that
// reads the same; nothing panics.
func FuzzParseScript(f *testing.F) {
	for _, sc := range Scenarios() {
		f.Add(sc.Script())
	}
	for _, s := range []string{"", "A:acquire:15:n12@m1,deliver:m1,E:read:row-43,jump:3,restart", "a,b,,", "A:pause:-3", "deliver:m9", "A:write:x:row-43@q7",
		"A:acquire,sync,A:renew:3,failover,B:acquire", "failover,sync", "sync:1", "failover@m1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		sc, err := ParseScript(script)
		if err != nil {
			var se *ScriptError
			var step *StepError
			if !errors.As(err, &se) && !errors.As(err, &step) {
				t.Fatalf("%q: error %T %v", script, err, err)
			}
			return
		}
		back, err := ParseScript(sc.Script())
		if err != nil || !reflect.DeepEqual(back.Steps, sc.Steps) {
			t.Fatalf("%q writes as %q, which reads as %+v (%v)", script, sc.Script(), back.Steps, err)
		}
		for _, st := range []Strategy{Lease, Redlock, Consensus} {
			frames, err := Replay(sc, st)
			var step *StepError
			if err != nil && !errors.As(err, &step) {
				t.Fatalf("%q under %s: %v", script, st, err)
			}
			if err == nil {
				if err := checkRun(frames); err != nil {
					t.Fatalf("%q under %s: %v", script, st, err)
				}
			}
		}
	})
}

// TestScriptMatchersAreTheirPatterns checks the hand-written matchers
// against the patterns they stand for, over every string of up to three
// characters from an alphabet that reaches each class's edges, and a few
// longer ones.
func TestScriptMatchersAreTheirPatterns(t *testing.T) {
	pairs := []struct {
		name    string
		match   func(string) bool
		pattern *regexp.Regexp
	}{
		{"value", isScriptValue, regexp.MustCompile(`^[A-Za-z0-9-]+$`)},
		{"message", isScriptMessage, regexp.MustCompile(`^[a-z][0-9]+$`)},
		{"nodes", isScriptNodes, regexp.MustCompile(`^n[1-5]+$`)},
	}
	alphabet := []string{"", "a", "z", "A", "Z", "n", "m", "0", "1", "5", "6", "9", "-", "_", "/", "`", "{", "@", "[", ":", " ", "é", "\x00"}
	var inputs []string
	for _, x := range alphabet {
		for _, y := range alphabet {
			for _, z := range alphabet {
				inputs = append(inputs, x+y+z)
			}
		}
	}
	inputs = append(inputs, "m12345678901", "n12345", "n123456", "row-42", "row-42\n", "A\nB")
	for _, p := range pairs {
		for _, in := range inputs {
			if got, want := p.match(in), p.pattern.MatchString(in); got != want {
				t.Errorf("%s(%q) = %v, want %v as %s", p.name, in, got, want, p.pattern)
			}
		}
	}
}

// Every action kind is read from the item its grammar describes, with all
// its arguments given, and written back as that item: reading and writing
// follow the one grammar, argument by argument.
func TestEveryKindReadsAndWritesItsItem(t *testing.T) {
	samples := map[Arg]string{ArgLease: "15", ArgNodes: "n12", ArgValue: "v1", ArgResource: Row43, ArgTicks: "3", ArgMessage: "m1"}
	for _, k := range ActionKinds() {
		head := string(k)
		if k.ByClient() {
			head = "C:" + head
		}
		args, need := k.Args()
		if need < 0 || need > len(args) {
			t.Errorf("%s: needs %d of %d arguments", k, need, len(args))
			continue
		}
		var given []string
		for _, arg := range args {
			sample, ok := samples[arg]
			if !ok {
				t.Fatalf("%s: no sample of argument %q", k, arg)
			}
			given = append(given, sample)
		}
		item := strings.Join(append([]string{head}, given...), ":")
		// A message held and a backup taken before, for deliver and
		// restore.
		const before = "A:acquire@m1,backup,"
		sc, err := ParseScript(before + item)
		if err != nil {
			t.Errorf("%s: %q: %v", k, item, err)
			continue
		}
		a := sc.Steps[len(sc.Steps)-1].Action
		if a.Kind != k || k.ByClient() != (a.Client == "C") {
			t.Errorf("%q reads as %+v", item, a)
		}
		if got := a.String(); got != item {
			t.Errorf("%q writes back as %q", item, got)
		}
		// Leaving off an argument it needs, or giving one more, is wrong.
		if need > 0 {
			short := strings.Join(append([]string{head}, given[:need-1]...), ":")
			if _, err := ParseScript(before + short); !errors.Is(err, ErrScriptArgument) {
				t.Errorf("%q, an argument short: %v", short, err)
			}
		}
		if _, err := ParseScript(before + item + ":x"); !errors.Is(err, ErrScriptArgument) {
			t.Errorf("%q with one argument more: %v", item, err)
		}
	}
}

// The clients a script can name are Clients, and no other.
func TestScriptClientsAreClients(t *testing.T) {
	var named []string
	for c := 0; c < 256; c++ {
		if _, err := ParseScript(string(rune(c)) + ":check"); err == nil {
			named = append(named, string(rune(c)))
		}
	}
	if !reflect.DeepEqual(named, Clients()) {
		t.Errorf("a script names %q, Clients are %q", named, Clients())
	}
}
