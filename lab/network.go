package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"dlock/core"
	"dlock/core/recording"
)

// The lab's side of the calls to the lock service: it waits for what the
// model's clock has ended to end at the service, holds messages in the
// network a client reaches its service through, and lets them through.

// waitLeaseEnd waits, at most bound, until the service holds the lock
// for nobody, and says how long it waited and whether the lock was free
// at the end of it.
func (c *cell) waitLeaseEnd(ctx context.Context, bound time.Duration) (time.Duration, bool, error) {
	waited := time.Now()
	for {
		held, err := c.svc.held(ctx)
		if err != nil {
			return 0, false, err
		}
		if !held || time.Since(waited) > bound {
			return time.Since(waited), !held, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// leaseEndWait is a wait for a lease to end (waitLeaseEnd) worth saying as
// timing: the service held the lock when it began, and freed it more than
// 50 ms later; 0 otherwise.
func (c *cell) leaseEndWait(ctx context.Context, bound time.Duration) (time.Duration, error) {
	held, err := c.svc.held(ctx)
	if err != nil || !held {
		return 0, err
	}
	w, free, err := c.waitLeaseEnd(ctx, bound)
	if err != nil || !free || w <= 50*time.Millisecond {
		return 0, err
	}
	return w, nil
}

// leaseEndBound is how long the lab waits for a lease the model has ended
// to end at the service: etcd ends a lease up to 0.5 s past its TTL; where
// the library renews, its renewals (each a heartbeat of the running
// holder) move the end by up to a lease; after a restart, a new leader may
// have been elected (a busy machine makes the restarted member's peers
// miss heartbeats), and etcd's new leader renews every lease by its TTL
// and the election timeout (the lessor's Promote).
func (c *cell) leaseEndBound(lease int64) time.Duration {
	bound := 2 * time.Second
	if c.renewal == recording.RenewedByLibrary {
		bound += time.Duration(lease) * time.Millisecond
	}
	if c.restarted {
		bound += time.Duration(lease) * time.Millisecond
	}
	return bound
}

// afterModelLeaseEnd waits before a renewal or a release (what) that the
// model refuses, its lease having ended at its tick: etcd ends a lease up
// to 0.5 s later, so the lab waits for the service to end it, as before an
// acquire. It returns the wait as timing (none where none is worth saying).
func (c *cell) afterModelLeaseEnd(what core.ActionKind) ([]recording.Timing, error) {
	w, err := c.leaseEndWait(context.Background(), 2*time.Second)
	if err != nil || w == 0 {
		return nil, err
	}
	timing := recording.Timing{Kind: recording.SentLate, What: what, Seconds: w.Seconds()}
	c.trace.log("", "wait", timingWords(timing))
	return []recording.Timing{timing}, nil
}

// acquire asks for the lock. Where the model grants it and the real service
// still holds an earlier lease, it waits a little for that lease to end
// (leaseEndBound). Waiting changes when the grant comes, not whether it
// does: it is listed apart, as timing.
func (c *cell) acquire(a core.Action, lease int64, model core.Event) (outcome, []recording.Timing, error) {
	ctx := context.Background()
	var timing []recording.Timing
	if model.Grant != 0 {
		w, err := c.leaseEndWait(ctx, c.leaseEndBound(lease))
		if err != nil {
			return outcome{}, nil, err
		}
		if w != 0 {
			timing = append(timing, recording.Timing{Kind: recording.GrantedLate, Seconds: w.Seconds()})
			c.trace.log("", "wait", timingWords(timing[0]))
		}
	}
	if _, err := c.ask(a.Client, request{Action: core.ActAcquire, Prepare: true, LeaseMS: lease, Hold: a.Hold}); err != nil {
		return outcome{}, nil, err
	}
	// Redlock's client reaches only the nodes the action names: the others
	// are cut off at the client's network while it asks. (A replicated
	// service answers as one: the nodes an action names do not apply.)
	var cut []*netProxy
	if len(a.Nodes) > 0 && c.st.Nodes() > 1 {
		cut = c.nets[a.Client].reachOnly(a.Nodes)
		c.trace.log(a.Client, "network", "nodes "+nodeList(a.Nodes)+" reachable, the others cut off")
	}
	defer func() {
		for _, p := range cut {
			p.reopen()
		}
	}()
	if a.Hold == "" {
		r, err := c.ask(a.Client, request{Action: core.ActAcquire, LeaseMS: lease})
		if err != nil {
			return outcome{}, nil, err
		}
		if r.Outcome.is(core.ResultGranted) {
			c.judge.grant(a.Client, r.Token)
		}
		return r.Outcome, timing, nil
	}
	// The answer is held in the network on its way back, on the connection
	// that carries the request (and only on it); the service decides now.
	was, err := c.svc.held(ctx)
	if err != nil {
		return outcome{}, nil, err
	}
	reached := c.nets[a.Client].holdAnswer(a.Hold, cut)
	if _, err := c.ask(a.Client, request{Action: core.ActAcquire, LeaseMS: lease, Hold: a.Hold}); err != nil {
		return outcome{}, nil, err
	}
	// The library sends the request in the background: the step is over
	// once it has gone out.
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if !slices.ContainsFunc(reached, func(p *netProxy) bool { return !p.requestSent(a.Hold) }) {
			break
		}
	}
	granted := false
	for deadline := time.Now().Add(time.Second); !was && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if granted, err = c.svc.held(ctx); err != nil || granted {
			break
		}
	}
	c.judge.hold(a, 0)
	if granted {
		c.judge.grant(a.Client, 0)
		c.trace.log("", "the service", "granted "+a.Client+"'s request; its answer is held in the network")
	}
	return outcome{Result: core.ResultHeld, Granted: granted}, timing, nil
}

// renew renews a's client's lease. A held renewal is a partition between
// the client and its lock service, made before the client sends it.
func (c *cell) renew(a core.Action, lease int64, model core.Event) (outcome, []recording.Timing, error) {
	var timing []recording.Timing
	partitioned := a.Hold != "" && c.clients[a.Client].holds
	if partitioned {
		c.partition(a.Client, true)
	} else if model.Result == core.ResultRefused && c.clients[a.Client].holds && c.renewal == recording.RenewedByClient {
		var err error
		if timing, err = c.afterModelLeaseEnd(core.ActRenew); err != nil {
			return outcome{}, nil, err
		}
	}
	r, err := c.ask(a.Client, request{Action: core.ActRenew, LeaseMS: lease, Hold: a.Hold})
	if err != nil {
		return outcome{}, nil, err
	}
	if r.Outcome.is(core.ResultHeld) {
		c.judge.hold(a, 0)
	} else if partitioned {
		c.partition(a.Client, false)
	}
	if c.renewal == recording.RenewedByLibrary && !r.Outcome.is(core.ResultSkipped) {
		timing = append(timing, recording.Timing{Kind: recording.LibraryRenews})
	}
	return r.Outcome, timing, nil
}

// partition holds every byte between client and its lock service, both
// ways (on), or lets them pass again, held ones first (off).
func (c *cell) partition(client string, on bool) {
	if on {
		c.nets[client].set(hold)
		c.trace.log(client, "network", "partitioned from the lock service: its messages are held, both ways")
	} else {
		c.nets[client].set(pass)
		c.trace.log(client, "network", "the partition heals: what was held is sent on")
	}
}

// deliver lets a held message arrive: the network lets it pass, and the
// client hears its answer, or sends a write it kept.
func (c *cell) deliver(a core.Action) (outcome, error) {
	h, ok := c.judge.take(a.Message)
	if !ok {
		c.trace.log("", "deliver "+a.Message, "nothing was sent")
		return outcome{Result: core.ResultNothing}, nil
	}
	switch h.action.Kind {
	case core.ActAcquire:
		c.nets[h.client].releaseAnswer(a.Message)
	case core.ActRenew:
		c.partition(h.client, false)
	}
	if c.clients[h.client].crashed {
		c.trace.log("", "deliver "+a.Message, "its client has crashed: nobody receives it")
		return outcome{Result: core.ResultDropped}, nil
	}
	r, err := c.ask(h.client, request{Action: core.ActDeliver, Hold: a.Message})
	if err != nil {
		return outcome{}, err
	}
	switch {
	case h.action.Kind == core.ActWrite && r.Outcome.is(core.ResultAccepted):
		i, _ := c.resource(h.action)
		c.judged(c.judge.landed(i, h.grant, h.sent))
	case h.action.Kind == core.ActWrite && r.Outcome.Aborted:
		if err := c.databaseSaid(r.Session, h.logFrom); err != nil {
			return outcome{}, err
		}
	case h.action.Kind == core.ActAcquire && r.Outcome.is(core.ResultGranted):
		c.judge.heardGrant(h.client, r.Token)
	}
	return r.Outcome, nil
}

// databaseSaid logs what the PostgreSQL server's log says, from offset
// from on, of the session served by backend process pid: why it aborted a
// transaction, or ended the session.
func (c *cell) databaseSaid(pid uint32, from int64) error {
	said, err := c.db.said(pid, from)
	if err != nil {
		return err
	}
	for _, l := range said {
		c.trace.log("", fmt.Sprintf("PostgreSQL's log, session %d", pid), fmt.Sprintf("at %.1f s: %s", c.trace.since(l.At).Seconds(), l.Text))
	}
	return nil
}

func nodeList(nodes []int) string {
	var s []string
	for _, n := range nodes {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}

// behindWorth is how far behind the model's clock the lab says it is: less
// is a step's own work, and the service's granularity.
const behindWorth = 500 * time.Millisecond

// fellBehind says why the step about to begin may differ from the model's
// for timing alone: the lab is behind the model's clock (by the step that
// took longest so far), and the lease the model still counts (prev's) has
// ended at the service meanwhile. nil when the lab is not behind, the model
// counts no lease, or the service still holds it.
func (c *cell) fellBehind(prev core.Frame, behind time.Duration) (*recording.Timing, error) {
	if behind < behindWorth || prev.Lock.Holder == "" || !prev.Lock.TTL {
		return nil, nil
	}
	if held, err := c.svc.held(context.Background()); err != nil || held {
		return nil, err
	}
	t := recording.Timing{Kind: recording.FellBehind, Seconds: behind.Seconds(), Holder: prev.Lock.Holder, Until: prev.Lock.Expiry}
	if slowest, took := c.trace.slowest(); slowest != 0 {
		t.Step, t.Item, t.Took = slowest, c.sc.Steps[slowest-2].Action.String(), took.Seconds()
	}
	return &t, nil
}
