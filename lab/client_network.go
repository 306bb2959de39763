package main

import "slices"

// clientNetwork is the network between one client process and its lock
// service, where the lab holds messages and makes partitions: a proxy per
// server, in the service's order; and, where the backend wants it
// (backend.apart), a proxy to the first server for the client's connection
// of its own that carries a held request, so that holding that request's
// answer can catch no other call. The first server is one the lab never
// restarts: a held request must go on the one connection its session has
// opened, and a library that spreads its calls over several servers would
// not.
type clientNetwork struct {
	toServers []*netProxy
	apart     []*netProxy
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
func (n *clientNetwork) all() []*netProxy { return append(slices.Clone(n.toServers), n.apart...) }

// reachOnly cuts the client off from every server but nodes (1-based, in
// the service's order): their proxies refuse connections until reopened.
// It returns the proxies it cut.
func (n *clientNetwork) reachOnly(nodes []int) []*netProxy {
	var cut []*netProxy
	for k, p := range n.toServers {
		if !slices.Contains(nodes, k+1) {
			p.refuse()
			cut = append(cut, p)
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
