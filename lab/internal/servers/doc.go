// Package servers starts the servers the lab replays its runs on, in
// the process that asks for them or as its children, on free loopback
// ports, with their files in a directory of their own: redis-server without
// persistence (and, where a run fails a server over, a replica of it and
// a Sentinel, the same binary run with --sentinel), an embedded
// three-member etcd cluster, a three-server ZooKeeper ensemble, and the
// resource's PostgreSQL server (on a Unix socket only). None of them is
// the system's service.
//
// The etcd cluster, the ZooKeeper ensemble and the PostgreSQL server take a
// second or more to start, so a process shares one of each (SharedEtcd,
// SharedZooKeeper, SharedPostgres), started on first use and stopped by
// StopShared; each run takes its own key or znode on them, and its own
// database. A run that restores its service from a backup, or kills its
// leader (KillLeader), starts one of its own: a restore takes the whole
// service back, and a killed leader stays down.
package servers

import (
	"fmt"
	"math/rand/v2"
	"net"
)

// freePort returns a loopback port nobody listens on now.
func freePort() (int, error) {
	ports, err := freePorts(1)
	if err != nil {
		return 0, err
	}
	return ports[0], nil
}

// freePorts returns n distinct loopback ports nobody listens on now: each
// is held until all are chosen, so none is chosen twice.
//
// They are chosen below Linux's ephemeral range (32768–60999 by default),
// from which the kernel picks the source port of every outgoing connection
// and every listener on port 0. A service restarted on its port (etcd's
// and ZooKeeper's followers, Redis) lets it go for a moment; a port in the
// ephemeral range could meanwhile become some connection's source port,
// and the restart would fail with "address already in use".
func freePorts(n int) ([]int, error) {
	const low, high = 10000, 32768
	var ports []int
	for tries := 0; len(ports) < n; tries++ {
		if tries == 1000 {
			return nil, fmt.Errorf("no free loopback port in %d–%d after %d tries", low, high-1, tries)
		}
		port := low + rand.IntN(high-low)
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		defer l.Close()
		ports = append(ports, port)
	}
	return ports, nil
}
