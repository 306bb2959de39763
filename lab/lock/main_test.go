package lock_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"dlock/lab/internal/servers"
)

// The examples and tests run against the lab's own servers, which TestMain
// starts: one Redis server, five for Redlock, an etcd cluster, a ZooKeeper
// ensemble, and a PostgreSQL server for the fences.
var (
	redisAddr        string
	redlockAddrs     []string
	etcdEndpoints    []string
	zooKeeperServers []string
	postgres         *servers.Postgres
	// dir holds the Redis servers' files.
	dir string
)

func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	var err error
	if dir, err = os.MkdirTemp("", "dlock-lock-"); err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	defer servers.StopShared()
	for i := range 6 {
		d := filepath.Join(dir, fmt.Sprintf("redis%d", i))
		if err := os.Mkdir(d, 0o755); err != nil {
			return 0, err
		}
		srv, err := servers.StartRedis(d)
		if err != nil {
			return 0, err
		}
		defer srv.Stop()
		if i == 0 {
			redisAddr = srv.Addr()
		} else {
			redlockAddrs = append(redlockAddrs, srv.Addr())
		}
	}
	etcd, err := servers.SharedEtcd()
	if err != nil {
		return 0, err
	}
	etcdEndpoints = etcd.Endpoints()
	zoo, err := servers.SharedZooKeeper()
	if err != nil {
		return 0, err
	}
	zooKeeperServers = zoo.Endpoints()
	if postgres, err = servers.SharedPostgres(); err != nil {
		return 0, err
	}
	return m.Run(), nil
}
