// Package servers starts the lock services the lab replays its runs on, in
// the process that asks for them or as its children, on free loopback
// ports, with their files in a directory of their own: redis-server without
// persistence, and an embedded three-member etcd cluster. None of them is
// the system's service.
//
// The etcd cluster takes seconds to start, so a process shares one
// (SharedEtcd), started on first use and stopped by StopShared; each run
// takes its own keys on it.
package servers

import "net"

// freePort returns a loopback port nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
