package servers

import (
	"os"
	"sync"
)

// shared is a service a process starts once, on first use, and stops at
// its end.
type shared[S any] struct {
	once sync.Once
	srv  *S
	dir  string
	err  error
}

func (s *shared[S]) get(prefix string, start func(dir string) (*S, error)) (*S, error) {
	s.once.Do(func() {
		if s.dir, s.err = os.MkdirTemp("", prefix); s.err == nil {
			s.srv, s.err = start(s.dir)
		}
	})
	return s.srv, s.err
}

func (s *shared[S]) stop(stop func(*S)) {
	if s.srv != nil {
		stop(s.srv)
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

var (
	sharedEtcd      shared[Etcd]
	sharedZooKeeper shared[ZooKeeper]
	sharedPostgres  shared[Postgres]
)

// SharedEtcd is the process's etcd cluster, started on first use (in a
// temporary directory) and stopped by StopShared.
func SharedEtcd() (*Etcd, error) { return sharedEtcd.get("dlock-etcd-", StartEtcd) }

// SharedZooKeeper is the process's ZooKeeper ensemble, started on first use
// (in a temporary directory) and stopped by StopShared.
func SharedZooKeeper() (*ZooKeeper, error) {
	return sharedZooKeeper.get("dlock-zookeeper-", StartZooKeeper)
}

// SharedPostgres is the process's PostgreSQL server, started on first use
// (in a temporary directory) and stopped by StopShared; each run makes a
// database of its own on it (NewDatabase).
func SharedPostgres() (*Postgres, error) {
	return sharedPostgres.get("dlock-postgres-", StartPostgres)
}

// StopShared stops the shared services that were started, and removes
// their files.
func StopShared() {
	sharedEtcd.stop((*Etcd).Stop)
	sharedZooKeeper.stop((*ZooKeeper).Stop)
	sharedPostgres.stop((*Postgres).Stop)
}
