// Package servers starts the lock services the lab replays its runs on, in
// the process that asks for them or as its children, on free loopback
// ports, with their files in a directory of their own: redis-server without
// persistence, an embedded three-member etcd cluster, and a three-server
// ZooKeeper ensemble. None of them is the system's service.
//
// The etcd cluster and the ZooKeeper ensemble take seconds to start, so a
// process shares one of each (SharedEtcd, SharedZooKeeper), started on
// first use and stopped by StopShared; each run takes its own key or znode
// on them. A run that restores its service from a backup starts one of its
// own: a restore takes the whole service back.
package servers

import "net"

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
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
