package main

import (
	"context"
	"testing"
	"time"

	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// etcd's client ends a session (Session.Done) on its own timer: TTL after
// the last keep-alive answer it heard, checked once a second. The service
// ends the lease TTL after the last keep-alive that reached it. With the
// answers slow, the library's reckoning counts from later than the
// service's, and Done closes after the service has already ended the
// lease: a holder that waits for Done to stop writing is still writing
// when another client may hold the lock. This is what partitioned-holder
// says on the page.
func TestSessionDoneClosesAfterTheServiceEndsTheLease(t *testing.T) {
	if testing.Short() {
		t.Skip("runs etcd and waits out a lease (about 12 s); make test runs it")
	}
	cluster, err := servers.SharedEtcd()
	if err != nil {
		t.Fatal(err)
	}
	// The answers come lag late, less than TTL/3, so each comes before the
	// library's deadline: the session lives until the partition.
	const ttl, lag = 3 * time.Second, time.Second
	var proxies []*netProxy
	var addrs []string
	for _, a := range cluster.Endpoints() {
		p, err := newNetProxy(a)
		if err != nil {
			t.Fatal(err)
		}
		defer p.close()
		proxies, addrs = append(proxies, p), append(addrs, p.addr)
	}
	var start time.Time
	cli, err := clientv3.New(clientv3.Config{Endpoints: addrs, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	watcher, err := clientv3.New(clientv3.Config{Endpoints: cluster.URLs(), DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	defer watcher.Close()
	prefix := "/dlock/session-done-" + t.Name()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	deleted := make(chan time.Time, 1)
	w := watcher.Watch(ctx, prefix+"/", clientv3.WithPrefix())
	go func() {
		for resp := range w {
			for _, ev := range resp.Events {
				if ev.Type == clientv3.EventTypeDelete {
					deleted <- time.Now()
					return
				}
			}
		}
	}()

	held, err := lock.NewEtcdLocker(cli, prefix).Acquire(ctx, ttl) // the session keeps its lease alive
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	for _, p := range proxies {
		p.setLag(lag)
		p.set(pass, slow) // the answers come lag late
	}
	time.Sleep(ttl) // keep-alives go out, their answers late
	for _, p := range proxies {
		p.set(hold, slow) // then the partition: no keep-alive reaches the service
	}
	parted := time.Since(start)
	var ended, done time.Duration
	lost := held.Lost()
	for ended == 0 || done == 0 {
		select {
		case at := <-deleted:
			ended = at.Sub(start)
		case <-lost:
			done, lost = time.Since(start), nil
		case <-ctx.Done():
			t.Fatalf("partitioned at %v: the service ended the lease at %v, Session.Done at %v", parted, ended, done)
		}
	}
	t.Logf("answers %v late, partitioned at %.1f s: the service ended the lease at %.1f s, Session.Done closed at %.1f s",
		lag, parted.Seconds(), ended.Seconds(), done.Seconds())
	// The service ends the lease up to 0.5 s after its TTL (it looks for
	// expired leases twice a second); the library closes Done up to 1 s
	// after its deadline (it looks once a second), and its deadline is lag
	// later than the service's.
	if done < ended+lag/4 {
		t.Errorf("Session.Done closed at %v, the service ended the lease at %v: the library did not count from the late answers", done, ended)
	}
}
