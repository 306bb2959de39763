package main

import (
	"maps"
	"slices"
)

// clientNetwork is the network between one client process and its lock
// service, where the lab holds messages and makes partitions: a proxy per
// server, in the service's order; and, where the backend wants it
// (backend.apart), a proxy to the first server for the client's connection
// of its own that carries a held request, so that holding that request's
// answer can catch no other call. The first server is one the lab never
// restarts: a held request must go on the one connection its session has
// opened, and a library that spreads its calls over several servers would
// not. Where a node has a replica that a failover promotes (Redis with
// Sentinel), a proxy to the replica stands by beside the node's: the
// client dials it once Sentinel names the replica as the primary.
type clientNetwork struct {
	toServers []*netProxy
	apart     []*netProxy
	// standby is the proxy to node k's replica (0-based), by k.
	standby map[int]*netProxy
}

// newClientNetwork puts a proxy before each of servers and, apart, one
// more before the first, for a connection of the client's own. What it
// made is closed if it fails.
func newClientNetwork(servers []string, apart bool) (*clientNetwork, error) {
	n := &clientNetwork{}
	for i, a := range servers {
		p, err := newNetProxy(a)
		if err != nil {
			n.close()
			return nil, err
		}
		n.toServers = append(n.toServers, p)
		if apart && i == 0 {
			q, err := newNetProxy(a)
			if err != nil {
				n.close()
				return nil, err
			}
			n.apart = append(n.apart, q)
		}
	}
	return n, nil
}

// standBy puts a proxy before node k's replica (0-based), at replica.
func (n *clientNetwork) standBy(k int, replica string) error {
	p, err := newNetProxy(replica)
	if err != nil {
		return err
	}
	if n.standby == nil {
		n.standby = map[int]*netProxy{}
	}
	n.standby[k] = p
	return nil
}

// promote: node k's replica is its primary now (a failover): the proxy
// to it is node k's, and the one to the dead primary stands by.
func (n *clientNetwork) promote(k int) {
	if p := n.standby[k]; p != nil {
		n.toServers[k], n.standby[k] = p, n.toServers[k]
	}
}

// via maps each server the client may be told of (node k's primary and
// its replica, as Sentinel names them) to the proxy the client dials for
// it.
func (n *clientNetwork) via(k int) map[string]string {
	m := map[string]string{n.toServers[k].target: n.toServers[k].addr}
	if p := n.standby[k]; p != nil {
		m[p.target] = p.addr
	}
	return m
}

// addrs are the servers as the client dials them, in order.
func (n *clientNetwork) addrs() []string { return addrsOf(n.toServers) }

// apartAddrs are the servers as the client's connection of its own dials
// them (none where the backend wants none).
func (n *clientNetwork) apartAddrs() []string { return addrsOf(n.apart) }

func addrsOf(proxies []*netProxy) []string {
	var out []string
	for _, p := range proxies {
		out = append(out, p.addr)
	}
	return out
}

// all are every proxy between the client and its service.
func (n *clientNetwork) all() []*netProxy {
	all := append(slices.Clone(n.toServers), n.apart...)
	for _, k := range slices.Sorted(maps.Keys(n.standby)) {
		all = append(all, n.standby[k])
	}
	return all
}

// reachOnly cuts the client off from every server but nodes (1-based, in
// the service's order): their proxies refuse connections until reopened.
// It returns the proxies it cut.
func (n *clientNetwork) reachOnly(nodes []int) []*netProxy {
	var cut []*netProxy
	for k, p := range n.toServers {
		if !slices.Contains(nodes, k+1) {
			p.refuse()
			cut = append(cut, p)
			if q := n.standby[k]; q != nil {
				q.refuse()
				cut = append(cut, q)
			}
		}
	}
	return cut
}

// holdAnswer holds, as message id's, the answer to the next request the
// client sends on the connection that carries a held request (its own, if
// it has one), on each server it is not cut off from; it returns the
// proxies that hold it.
func (n *clientNetwork) holdAnswer(id string, cut []*netProxy) []*netProxy {
	carriers := n.toServers
	if len(n.apart) > 0 {
		carriers = n.apart
	}
	var holding []*netProxy
	for _, p := range carriers {
		if !slices.Contains(cut, p) {
			p.holdAnswer(id)
			holding = append(holding, p)
		}
	}
	return holding
}

// releaseAnswer lets message id's held answer reach the client.
func (n *clientNetwork) releaseAnswer(id string) {
	for _, p := range n.all() {
		p.releaseAnswer(id)
	}
}

// set makes every byte between the client and its service, both ways, do
// f: held (a partition), passed (held ones first), or dropped.
func (n *clientNetwork) set(f flow) {
	for _, p := range n.all() {
		p.set(f, f)
	}
}

func (n *clientNetwork) close() {
	for _, p := range n.all() {
		p.close()
	}
}
