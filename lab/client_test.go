package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"dlock/core"
)

// A client started with a configuration it cannot use says what is wrong
// with it, and runs nothing.
func TestAClientRefusesABadConfiguration(t *testing.T) {
	for config, want := range map[string]string{
		`{"name": "A"`:                                  "the client's configuration: unexpected end of JSON input",
		`{"name": "A", "backend": "consul"}`:            `no lock service "consul"`,
		`{"name": "A", "backend": "etcd", "addrs": []}`: "no server to reach etcd on",
	} {
		var out bytes.Buffer
		err := clientMain(config, strings.NewReader(""), &out)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", config, err, want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: it answered %q", config, out.String())
		}
	}
}

// lockerFake is a locker that answers as told and records what it was
// asked, for the client's dispatcher.
type lockerFake struct {
	asked []string
	holds bool
}

func (f *lockerFake) answer(what string) reply {
	f.asked = append(f.asked, what)
	return reply{Call: what, Result: "done"}
}
func (f *lockerFake) prepare(_ context.Context, req request) reply { return f.answer("prepare") }
func (f *lockerFake) acquire(_ context.Context, req request) (reply, arrival) {
	f.holds = true
	return f.answer("acquire"), nil
}
func (f *lockerFake) renew(context.Context, request) (reply, arrival) { return f.answer("renew"), nil }
func (f *lockerFake) release(context.Context) reply                   { return f.answer("release") }
func (f *lockerFake) check(context.Context) reply                     { return f.answer("check") }
func (f *lockerFake) read(_ context.Context, req request) reply       { return f.answer(string(req.Action)) }
func (f *lockerFake) write(_ context.Context, req request) (reply, arrival) {
	if req.Hold == "" {
		return f.answer("write"), nil
	}
	return reply{Outcome: outcome{Result: core.ResultHeld}}, func(context.Context) reply { return f.answer("deliver " + req.Hold) }
}
func (f *lockerFake) believes() (bool, int64) {
	if f.holds {
		return true, 7
	}
	return false, 0
}
func (f *lockerFake) close() error { return nil }

// The client does each request through its locker, the one kind of
// request there is, and says after each what it believes; a message held
// arrives once, when it is delivered; a request it cannot do says why.
func TestTheClientServesEachRequestThroughItsLocker(t *testing.T) {
	f := &lockerFake{}
	c := &client{locker: f, pending: map[string]arrival{}}
	ctx := context.Background()
	if r := c.serve(ctx, request{Action: core.ActWrite, Value: "x"}); r.Holds || r.Token != 0 {
		t.Errorf("before an acquire the client believes it holds %v, token %d", r.Holds, r.Token)
	}
	c.serve(ctx, request{Action: core.ActAcquire, Prepare: true})
	if r := c.serve(ctx, request{Action: core.ActAcquire}); !r.Holds || r.Token != 7 {
		t.Errorf("after its grant the client believes it holds %v, token %d", r.Holds, r.Token)
	}
	for _, a := range []core.ActionKind{core.ActRenew, core.ActRelease, core.ActCheck, core.ActRead, core.ActPeek} {
		c.serve(ctx, request{Action: a})
	}
	if r := c.serve(ctx, request{Action: core.ActWrite, Value: "late", Hold: "w1"}); r.Outcome.Result != core.ResultHeld {
		t.Errorf("a held write: %+v", r)
	}
	if r := c.serve(ctx, request{Action: core.ActDeliver, Hold: "w1"}); r.Call != "deliver w1" {
		t.Errorf("w1 delivered: %+v", r)
	}
	if r := c.serve(ctx, request{Action: core.ActDeliver, Hold: "w1"}); r.Outcome.Result != core.ResultNothing || r.Result != "nothing was sent" {
		t.Errorf("w1 delivered again: %+v", r)
	}
	want := []string{"write", "prepare", "acquire", "renew", "release", "check", "read", "peek", "deliver w1"}
	if strings.Join(f.asked, ",") != strings.Join(want, ",") {
		t.Errorf("the locker was asked %v, want %v", f.asked, want)
	}
	for req, err := range map[request]string{
		{Action: core.ActRenew, Prepare: true}: "only an acquire is prepared, not renew",
		{Action: core.ActPause}:                "unknown request pause",
	} {
		if r := c.serve(ctx, req); r.Err != err {
			t.Errorf("%v: %q, want %q", req, r.Err, err)
		}
	}
	if len(f.asked) != len(want) {
		t.Errorf("a request the client cannot do reached its locker: %v", f.asked[len(want):])
	}
}
