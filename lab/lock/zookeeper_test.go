package lock_test

import (
	"context"
	"testing"
	"time"

	"dlock/lab/internal/servers"
	"dlock/lab/lock"

	"github.com/go-zookeeper/zk"
)

// takeZooKeeper takes the lock under parent in a session of its own, and
// fails the test if it cannot.
func takeZooKeeper(t *testing.T, locks *lock.ZooKeeperLocker) *lock.ZooKeeperLock {
	t.Helper()
	s, err := locks.Session(context.Background(), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	h, err := locks.AcquireOn(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func sequenceOf(t *testing.T, h *lock.ZooKeeperLock) int64 {
	t.Helper()
	n, err := lock.Sequence(h.Node())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The sequence number of a lock node is its parent's counter: the parent is
// a container, which the service deletes once it is empty, and the next
// holder's node, under the parent made again, starts the count again, below
// an earlier holder's. The czxid only grows: it is the token.
func TestZooKeeperSequenceRestartsUnderARemadeParentWhileCzxidRises(t *testing.T) {
	parent := "/test/sequence-restarts"
	locks := lock.NewZooKeeperLocker(zooKeeperServers, parent)
	ctx := context.Background()
	conn, _, err := zk.Connect(zooKeeperServers, 5*time.Second, zk.WithLogInfo(false))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	first := takeZooKeeper(t, locks)
	// The service deletes the container once it is empty, which it is
	// between first's release and a's node: a child that is no lock node
	// keeps it, so that a's node is made under the same parent.
	keep := parent + "/keep"
	if _, err := conn.Create(keep, nil, 0, zk.WorldACL(zk.PermAll)); err != nil {
		t.Fatal(err)
	}
	if err := first.Release(ctx); err != nil {
		t.Fatal(err)
	}
	a := takeZooKeeper(t, locks)
	if err := a.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if sequenceOf(t, a) <= sequenceOf(t, first) {
		t.Fatalf("under one parent the second node's sequence %d is not above the first's %d", sequenceOf(t, a), sequenceOf(t, first))
	}

	// Empty now, the container is deleted within the service's check
	// interval.
	if err := conn.Delete(keep, -1); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * servers.ContainerCheck)
	for {
		exists, _, err := conn.Exists(parent)
		if err != nil {
			t.Fatal(err)
		}
		if !exists {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the empty parent %s was not deleted within %v", parent, 10*servers.ContainerCheck)
		}
		time.Sleep(servers.ContainerCheck / 5)
	}

	b := takeZooKeeper(t, locks)
	defer b.Release(ctx)
	if sequenceOf(t, b) >= sequenceOf(t, a) {
		t.Errorf("under the parent made again B's sequence %d is not below A's %d", sequenceOf(t, b), sequenceOf(t, a))
	}
	if b.Token() <= a.Token() {
		t.Errorf("B's czxid %d is not above A's %d", b.Token(), a.Token())
	}
	t.Logf("A: sequence %d, czxid %d; B, under the parent made again: sequence %d, czxid %d",
		sequenceOf(t, a), a.Token(), sequenceOf(t, b), b.Token())
}
