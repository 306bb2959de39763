package lock_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"dlock/lab/lock"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// openFence opens a pool on a new database of the PostgreSQL server with
// the resource's table and a row row-42 in it.
func openFence() (lock.Fence, *pgxpool.Pool) {
	ctx := context.Background()
	name, _, err := postgres.NewDatabase(ctx)
	if err != nil {
		log.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, postgres.ConnString(name))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := pool.Exec(ctx, lock.Schema); err != nil {
		log.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO resource (id) VALUES ('row-42')`); err != nil {
		log.Fatal(err)
	}
	return lock.Fence{DB: pool}, pool
}

// The fence on a PostgreSQL row: once B has written with token 2, A's late
// write with token 1 is refused, and so is a write without a token; a read
// that shows an older token is refused too, and reads nothing.
func ExampleFence() {
	ctx := context.Background()
	fence, pool := openFence()
	defer pool.Close()

	ok, err := fence.Write(ctx, "row-42", "B-value", 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B writes with token 2:", ok)
	ok, err = fence.Write(ctx, "row-42", "A-STALE", 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's late write with token 1:", ok)
	ok, err = fence.Write(ctx, "row-42", "no token", 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("a write without a token:", ok)
	_, ok, err = fence.Read(ctx, "row-42", 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A reads with token 1:", ok)
	data, ok, err := fence.Read(ctx, "row-42", 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B reads with token 2:", ok, data)
	// Output:
	// B writes with token 2: true
	// A's late write with token 1: false
	// a write without a token: false
	// A reads with token 1: false
	// B reads with token 2: true B-value
}

// The optimistic lock on a PostgreSQL row, with no lock service: A and B
// both read version 1; B writes first, and the row moves to version 2; A's
// write, computed from what it read at version 1, updates no row. A reads
// again, sees B's value, and its write with version 2 lands.
func ExampleVersioned() {
	ctx := context.Background()
	_, pool := openFence()
	defer pool.Close()
	row := lock.Versioned{DB: pool}

	_, a, err := row.Read(ctx, "row-42")
	if err != nil {
		log.Fatal(err)
	}
	_, b, err := row.Read(ctx, "row-42")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A and B read versions", a, b)
	next, ok, err := row.Write(ctx, "row-42", "B-value", b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B writes with version", b, ok, "and the row is at", next)
	_, ok, err = row.Write(ctx, "row-42", "A-STALE", a)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A writes with version", a, ok)
	data, a, err := row.Read(ctx, "row-42")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("A reads again: %q at version %d\n", data, a)
	next, ok, err = row.Write(ctx, "row-42", data+"+A", a)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A writes with version", a, ok, "and the row is at", next)
	// Output:
	// A and B read versions 1 1
	// B writes with version 1 true and the row is at 2
	// A writes with version 1 false
	// A reads again: "B-value" at version 2
	// A writes with version 2 true and the row is at 3
}

// A one-node Redis lock without a token: once A's lease has ended B takes
// the lock, and A finds out only when it asks.
func ExampleRedisLocker() {
	rdb := redis.NewClient(&redis.Options{Addr: redisAddr})
	defer rdb.Close()
	ctx := context.Background()
	locks := lock.NewRedisLocker(rdb, "example:redislock")

	a, err := locks.Acquire(ctx, 300*time.Millisecond)
	if err != nil {
		log.Fatal(err)
	}
	_, err = locks.Acquire(ctx, 300*time.Millisecond)
	fmt.Println("B while A holds:", err)
	time.Sleep(400 * time.Millisecond) // A is paused, say, past its lease
	b, err := locks.Acquire(ctx, 5*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("tokens:", a.Token(), b.Token())
	standing, err := a.Standing(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's library says:", standing)
	fmt.Println("A renews:", a.Renew(ctx))
	if err := b.Release(ctx); err != nil {
		log.Fatal(err)
	}
	// Output:
	// B while A holds: the lock is held by another client
	// tokens: 0 0
	// A's library says: gone
	// A renews: the lock is not this client's any more
}

// The one-node Redis lock that issues its token in the step that grants it
// (one Lua script: SET NX PX, then INCR): tokens follow the grants, and the
// fence refuses the older holder's late write.
func ExampleFencedRedisLocker() {
	rdb := redis.NewClient(&redis.Options{Addr: redisAddr})
	defer rdb.Close()
	ctx := context.Background()
	fence, pool := openFence()
	defer pool.Close()
	locks := lock.NewFencedRedisLocker(rdb, "example:fenced", "example:fenced:tokens")

	a, err := locks.Acquire(ctx, 300*time.Millisecond)
	if err != nil {
		log.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond) // A is paused past its lease
	b, err := locks.Acquire(ctx, 5*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("tokens:", a.Token(), b.Token())
	ok, err := fence.Write(ctx, "row-42", "B-value", b.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B writes:", ok)
	ok, err = fence.Write(ctx, "row-42", "A-STALE", a.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's late write:", ok)
	if err := b.Release(ctx); err != nil {
		log.Fatal(err)
	}
	// Output:
	// tokens: 1 2
	// B writes: true
	// A's late write: false
}

// Redlock on five Redis servers: the lock is held on a majority, and its
// holder has no token, only its validity by its own clock.
func ExampleRedlock() {
	var nodes []*redis.Client
	for _, addr := range redlockAddrs {
		n := redis.NewClient(&redis.Options{Addr: addr})
		defer n.Close()
		nodes = append(nodes, n)
	}
	ctx := context.Background()
	locks := lock.NewRedlock(nodes, "example:redlock")

	a, err := locks.Acquire(ctx, 2*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	_, err = locks.Acquire(ctx, 2*time.Second)
	fmt.Println("B while A holds:", err)
	standing, err := a.Standing(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's validity:", standing, "token", a.Token())
	if err := a.Release(ctx); err != nil {
		log.Fatal(err)
	}
	b, err := locks.Acquire(ctx, 2*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B after A's release: token", b.Token())
	if err := b.Release(ctx); err != nil {
		log.Fatal(err)
	}
	// Output:
	// B while A holds: the lock is held by another client
	// A's validity: held token 0
	// B after A's release: token 0
}

// etcd's token is the lock key's CreateRevision: the holder after A has a
// larger one, and the fence refuses A's late write.
func ExampleEtcdLocker() {
	cli, err := clientv3.New(clientv3.Config{Endpoints: etcdEndpoints, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		log.Fatal(err)
	}
	defer cli.Close()
	ctx := context.Background()
	fence, pool := openFence()
	defer pool.Close()
	locks := lock.NewEtcdLocker(cli, "/example/etcd")

	a, err := locks.Acquire(ctx, 5*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	_, err = locks.Acquire(ctx, 5*time.Second)
	fmt.Println("B while A holds:", err)
	if err := a.Release(ctx); err != nil { // say A's lease ended
		log.Fatal(err)
	}
	b, err := locks.Acquire(ctx, 5*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B's token is larger than A's:", b.Token() > a.Token())
	ok, err := fence.Write(ctx, "row-42", "B-value", b.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B writes:", ok)
	ok, err = fence.Write(ctx, "row-42", "A-STALE", a.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's late write:", ok)
	standing, err := b.Standing(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B's library says:", standing)
	if err := b.Release(ctx); err != nil {
		log.Fatal(err)
	}
	// Output:
	// B while A holds: the lock is held by another client
	// B's token is larger than A's: true
	// B writes: true
	// A's late write: false
	// B's library says: held
}

// ZooKeeper's token is the lock node's czxid: the holder after A has a
// larger one, and the fence refuses A's late write. The session is the
// lease: releasing closes it.
func ExampleZooKeeperLocker() {
	ctx := context.Background()
	fence, pool := openFence()
	defer pool.Close()
	locks := lock.NewZooKeeperLocker(zooKeeperServers, "/example/zookeeper")

	a, err := locks.Acquire(ctx, 2*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	_, err = locks.Acquire(ctx, 2*time.Second)
	fmt.Println("B while A holds:", err)
	if err := a.Release(ctx); err != nil { // say A's session ended
		log.Fatal(err)
	}
	b, err := locks.Acquire(ctx, 2*time.Second)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B's token is larger than A's:", b.Token() > a.Token())
	ok, err := fence.Write(ctx, "row-42", "B-value", b.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B writes:", ok)
	ok, err = fence.Write(ctx, "row-42", "A-STALE", a.Token())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("A's late write:", ok)
	standing, err := b.Standing(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("B's library says:", standing)
	if err := b.Release(ctx); err != nil {
		log.Fatal(err)
	}
	// Output:
	// B while A holds: the lock is held by another client
	// B's token is larger than A's: true
	// B writes: true
	// A's late write: false
	// B's library says: held
}
