package main

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"
)

// echoServer answers each line it reads with its name and the line.
func echoServer(t *testing.T, name string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				lines := bufio.NewScanner(c)
				for lines.Scan() {
					c.Write([]byte(name + ":" + lines.Text() + "\n"))
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// conversation is a connection to addr, and its lines as they come.
type conversation struct {
	conn  net.Conn
	lines chan string
}

func dialed(t *testing.T, addr string) *conversation {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	v := &conversation{conn: c, lines: make(chan string, 10)}
	go func() {
		s := bufio.NewScanner(c)
		for s.Scan() {
			v.lines <- s.Text()
		}
		close(v.lines)
	}()
	return v
}

// say sends line, and returns the answer, or "" if none comes within
// wait.
func (v *conversation) say(line string, wait time.Duration) string {
	v.conn.Write([]byte(line + "\n"))
	return v.answer(wait)
}

func (v *conversation) answer(wait time.Duration) string {
	select {
	case l := <-v.lines:
		return l
	case <-time.After(wait):
		return ""
	}
}

// A client's network reaches each server through a proxy of its own, and
// its connection of its own reaches the first; a client cut off from a
// server cannot connect to it until it is reopened.
func TestAClientsNetworkReachesEachServer(t *testing.T) {
	n, err := newClientNetwork([]string{echoServer(t, "one"), echoServer(t, "two")}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	addrs, apart := n.addrs(), n.apartAddrs()
	if len(addrs) != 2 || len(apart) != 1 || addrs[0] == addrs[1] || apart[0] == addrs[0] {
		t.Fatalf("addresses %v, apart %v", addrs, apart)
	}
	for addr, want := range map[string]string{addrs[0]: "one:hi", addrs[1]: "two:hi", apart[0]: "one:hi"} {
		if got := dialed(t, addr).say("hi", time.Second); got != want {
			t.Errorf("through %s: %q, want %q", addr, got, want)
		}
	}
	if plain, err := newClientNetwork([]string{echoServer(t, "one")}, false); err != nil || len(plain.apartAddrs()) != 0 {
		t.Errorf("a network without a connection of its own: %v, %v", plain.apartAddrs(), err)
	} else {
		plain.close()
	}
	cut := n.reachOnly([]int{2})
	if len(cut) != 1 {
		t.Fatalf("%d proxies cut, want 1", len(cut))
	}
	if c, err := net.DialTimeout("tcp", addrs[0], time.Second); err == nil {
		c.Close()
		t.Error("the client reached node 1, cut off")
	}
	if got := dialed(t, addrs[1]).say("hi", time.Second); got != "two:hi" {
		t.Errorf("node 2, not cut off: %q", got)
	}
	for _, p := range cut {
		p.reopen()
	}
	if got := dialed(t, addrs[0]).say("hi", time.Second); got != "one:hi" {
		t.Errorf("node 1, reopened: %q", got)
	}
}

// A partition holds every byte both ways until it heals; a held answer is
// held on the connection of the client's own alone, until released.
func TestAClientsNetworkHoldsWhatTheLabHolds(t *testing.T) {
	n, err := newClientNetwork([]string{echoServer(t, "one")}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	common, own := dialed(t, n.addrs()[0]), dialed(t, n.apartAddrs()[0])
	if common.say("hello", time.Second) == "" || own.say("hello", time.Second) == "" {
		t.Fatal("no answer before anything is held")
	}
	n.set(hold)
	if got := common.say("in the partition", 100*time.Millisecond); got != "" {
		t.Errorf("answered in a partition: %q", got)
	}
	n.set(pass)
	if got := common.answer(time.Second); got != "one:in the partition" {
		t.Errorf("after the partition heals: %q", got)
	}
	holding := n.holdAnswer("g1", nil)
	if len(holding) != 1 || holding[0] != n.apart[0] {
		t.Fatalf("the answer is held on %v, want the connection of the client's own", holding)
	}
	if got := own.say("acquire", 100*time.Millisecond); got != "" {
		t.Errorf("a held answer came: %q", got)
	}
	if !holding[0].requestSent("g1") {
		t.Error("the request whose answer is held did not go out")
	}
	if got := common.say("another call", time.Second); got != "one:another call" {
		t.Errorf("another connection's call, while an answer is held: %q", got)
	}
	n.releaseAnswer("g1")
	if got := own.answer(time.Second); !strings.HasSuffix(got, "acquire") {
		t.Errorf("the held answer, released: %q", got)
	}
}

// Where a node has a replica, a proxy to it stands by: the client dials it
// for the replica's address (as Sentinel names it), a partition holds it
// too, and once the replica is promoted it is the node's proxy, the one
// held answers and cuts are made on.
func TestAClientsNetworkReachesAReplicaThroughAProxyOfItsOwn(t *testing.T) {
	primary, replica := echoServer(t, "primary"), echoServer(t, "replica")
	n, err := newClientNetwork([]string{primary}, false)
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	if err := n.standBy(0, replica); err != nil {
		t.Fatal(err)
	}
	via := n.via(0)
	if len(via) != 2 || via[primary] != n.addrs()[0] || via[replica] == "" || via[replica] == via[primary] {
		t.Fatalf("dialled via %v; the node's proxy is %s", via, n.addrs()[0])
	}
	toReplica := dialed(t, via[replica])
	if got := toReplica.say("hi", time.Second); got != "replica:hi" {
		t.Errorf("through the standby proxy: %q", got)
	}
	n.set(hold)
	if got := toReplica.say("in the partition", 100*time.Millisecond); got != "" {
		t.Errorf("the replica answered in a partition: %q", got)
	}
	n.set(pass)
	if got := toReplica.answer(time.Second); got != "replica:in the partition" {
		t.Errorf("after the partition heals: %q", got)
	}
	n.promote(0)
	if n.addrs()[0] != via[replica] || n.via(0)[replica] != via[replica] || n.via(0)[primary] != via[primary] {
		t.Errorf("after the promotion the node is reached at %v, dialled via %v (before: %v)", n.addrs(), n.via(0), via)
	}
	if holding := n.holdAnswer("g1", nil); len(holding) != 1 || holding[0].target != replica {
		t.Errorf("after the promotion a held answer is held on %v, want the replica's proxy", holding)
	}
}
