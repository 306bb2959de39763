package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// The fencing token of an etcd lock is its key's CreateRevision: B, who
// takes the lock after A, holds a larger one, and the resource, which keeps
// the largest token it has seen, refuses A's late write.
func ExampleEtcdLock_fencingToken() {
	cluster, err := sharedEtcd()
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "dlock-example-")
	defer os.RemoveAll(dir)
	db, err := openStore(filepath.Join(dir, "resource.db"), []string{"row-42"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	cli, err := clientv3.New(clientv3.Config{Endpoints: cluster.urls, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	locks := NewEtcdLock(cli, "/dlock/example-"+filepath.Base(dir), nil)
	defer locks.Close()

	a, _ := locks.Acquire(ctx, 5*time.Second)
	_, err = locks.Acquire(ctx, 5*time.Second)
	fmt.Println("B while A holds:", err)
	a.Release(ctx) // say A's lease ended: B takes the lock
	b, _ := locks.Acquire(ctx, 5*time.Second)
	fmt.Println("B's token is larger than A's:", b.Token() > a.Token())

	_, n, _ := write(db, "row-42", "B-value", b.Token(), true)
	fmt.Println("B writes:", n, "row")
	_, n, _ = write(db, "row-42", "A-STALE", a.Token(), true)
	fmt.Println("A's late write:", n, "rows")
	data, _, _ := state(db, "row-42")
	fmt.Println("row-42 holds:", data)
	b.Release(ctx)
	// Output:
	// B while A holds: the lock is held by another client
	// B's token is larger than A's: true
	// B writes: 1 row
	// A's late write: 0 rows
	// row-42 holds: B-value
}

// The one-node Redis lock issues its token in the step that grants it
// (one Lua script: SET NX PX, then INCR): tokens follow the grants, and a
// holder's token is larger than every one before it.
func ExampleFencedRedisLock() {
	dir, _ := os.MkdirTemp("", "dlock-example-")
	defer os.RemoveAll(dir)
	srv, err := startRedis(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.stop()
	rdb := redis.NewClient(&redis.Options{Addr: srv.addr()})
	defer rdb.Close()
	db, err := openStore(filepath.Join(dir, "resource.db"), []string{"row-42"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	ctx := context.Background()
	locks := NewFencedRedisLock(rdb, "lock", "lock:tokens")

	a, _ := locks.Acquire(ctx, 500*time.Millisecond)
	fmt.Println("A's token:", a.Token())
	_, err = locks.Acquire(ctx, 500*time.Millisecond)
	fmt.Println("B while A holds:", errors.Is(err, ErrHeld))
	time.Sleep(600 * time.Millisecond) // A's lease ends: A is paused, say
	b, _ := locks.Acquire(ctx, 5*time.Second)
	fmt.Println("B's token:", b.Token())

	_, n, _ := write(db, "row-42", "B-value", b.Token(), true)
	fmt.Println("B writes:", n, "row")
	_, n, _ = write(db, "row-42", "A-STALE", a.Token(), true)
	fmt.Println("A's late write:", n, "rows")
	fmt.Println("A's renewal:", a.Renew(ctx))
	// Output:
	// A's token: 1
	// B while A holds: true
	// B's token: 2
	// B writes: 1 row
	// A's late write: 0 rows
	// A's renewal: the lock is not this client's any more
}
