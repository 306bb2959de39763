package main

import (
	"io"
	"net"
	"sync"
	"time"
)

// A netProxy is the network between one client process and one server of
// its lock service: a loopback TCP proxy the client dials instead of the
// server. The lab holds messages and partitions here, below the client's
// library, which sees a network that stops answering, as it would in a
// real partition.
//
// The lab chose a proxy of its own over toxiproxy: it needs a direction
// held (every byte kept, in order) and released later, which toxiproxy's
// toxics do not do (its timeout toxic drops what it stops, and closes the
// connection when it is removed).
type netProxy struct {
	addr   string // where the client dials
	target string

	mu   sync.Mutex
	ln   net.Listener
	up   flow // client → server
	down flow // server → client
	// lag is how late a direction that is slow delivers what it reads.
	lag   time.Duration
	open  bool // false: the client is cut off, connections refused
	conns map[*proxyConn]bool
	// answer, if set, is the message whose answer is held: the next
	// connection to send a request holds what comes back on it (and only
	// on it), as that message's, until released.
	answer string
}

// flow is what a direction of the network does with the bytes sent on it.
type flow int

const (
	pass flow = iota // forwarded at once
	hold             // kept, in order, until the flow passes again
	drop             // lost
	slow             // forwarded, in order, lag after it was read
)

// proxyConn is one client connection and its server connection, with the
// bytes each direction holds.
type proxyConn struct {
	client, server net.Conn
	heldUp         [][]byte
	heldDown       [][]byte
	// answer is the message whose answer this connection holds ("" for
	// none); answerHeld is what came back on it meanwhile.
	answer     string
	answerHeld [][]byte
	// heard: the server has sent something on this connection, so its
	// handshake is done; only then may it take a hold, which is for the
	// answer to a request, not for a handshake a new connection opens with.
	heard bool
}

// newNetProxy listens on a free loopback port and forwards to target.
func newNetProxy(target string) (*netProxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &netProxy{ln: ln, addr: ln.Addr().String(), target: target, open: true, conns: map[*proxyConn]bool{}}
	go p.accept(ln)
	return p, nil
}

func (p *netProxy) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		pc := &proxyConn{client: c, server: s}
		p.mu.Lock()
		p.conns[pc] = true
		p.mu.Unlock()
		go p.copy(pc, true)
		go p.copy(pc, false)
	}
}

// copy carries one direction of pc, as its flow says: one goroutine reads,
// noting when each chunk came, and this one forwards, so a slow direction
// delays each chunk by lag from its own arrival, not from the one before.
func (p *netProxy) copy(pc *proxyConn, up bool) {
	src, dst := pc.server, pc.client
	if up {
		src, dst = pc.client, pc.server
	}
	type chunk struct {
		b   []byte
		at  time.Time
		err error
	}
	chunks := make(chan chunk, 1024)
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			chunks <- chunk{append([]byte(nil), buf[:n]...), time.Now(), err}
			if err != nil {
				close(chunks)
				return
			}
		}
	}()
	flowOf := func() flow {
		if up {
			return p.up
		}
		return p.down
	}
	answerHeld := func() bool { return !up && pc.answer != "" }
	for c := range chunks {
		if len(c.b) > 0 {
			p.mu.Lock()
			if !up {
				pc.heard = true
			}
			if up && p.answer != "" && pc.answer == "" && pc.heard {
				pc.answer, p.answer = p.answer, ""
			}
			if flowOf() == slow && !answerHeld() {
				// Wait out the lag, then forward as if passing.
				lag := p.lag
				p.mu.Unlock()
				time.Sleep(time.Until(c.at.Add(lag)))
				p.mu.Lock()
			}
			switch f := flowOf(); {
			case answerHeld() && f != drop:
				pc.answerHeld = append(pc.answerHeld, c.b)
			case f == pass, f == slow:
				dst.Write(c.b)
			case f == hold:
				if up {
					pc.heldUp = append(pc.heldUp, c.b)
				} else {
					pc.heldDown = append(pc.heldDown, c.b)
				}
			}
			p.mu.Unlock()
		}
		if c.err != nil {
			if c.err != io.EOF {
				// A reset: pass it on.
				reset(dst)
			} else if tc, ok := dst.(*net.TCPConn); ok {
				tc.CloseWrite()
			}
			p.mu.Lock()
			delete(p.conns, pc)
			p.mu.Unlock()
			return
		}
	}
}

// set sets what each direction does from now on; bytes held in a direction
// that now passes are sent on first, in order. A direction that now drops
// loses what it held.
func (p *netProxy) set(up, down flow) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.up, p.down = up, down
	for pc := range p.conns {
		if up != hold {
			if up == pass {
				for _, b := range pc.heldUp {
					pc.server.Write(b)
				}
			}
			pc.heldUp = nil
		}
		if down != hold {
			if down == pass {
				for _, b := range pc.heldDown {
					pc.client.Write(b)
				}
			}
			pc.heldDown = nil
		}
	}
}

// holdAnswer holds the answer to the next request sent, as message id's,
// on the connection that carries it, until releaseAnswer(id).
func (p *netProxy) holdAnswer(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.answer = id
}

// requestSent reports whether the request whose answer holdAnswer(id)
// holds has gone through to the server.
func (p *netProxy) requestSent(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answer != id
}

// releaseAnswer lets message id's answer, and what came after it on its
// connection, arrive, and reports whether there was one.
func (p *netProxy) releaseAnswer(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answer == id {
		p.answer = "" // no request was sent
	}
	found := false
	for pc := range p.conns {
		if pc.answer == id {
			for _, b := range pc.answerHeld {
				pc.client.Write(b)
			}
			pc.answer, pc.answerHeld, found = "", nil, true
		}
	}
	return found
}

// setLag sets how late a slow direction delivers.
func (p *netProxy) setLag(lag time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lag = lag
}

// refuse cuts the client off, as a host it cannot reach whose router
// answers at once: open connections are reset, and the listener is closed,
// so a new connection is refused; reopen listens again, on the same port.
func (p *netProxy) refuse() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.open {
		return
	}
	p.open = false
	p.ln.Close()
	for pc := range p.conns {
		reset(pc.client)
		pc.server.Close()
		delete(p.conns, pc)
	}
}

func (p *netProxy) reopen() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open {
		return nil
	}
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		return err
	}
	p.ln, p.open = ln, true
	go p.accept(ln)
	return nil
}

func (p *netProxy) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ln.Close()
	for pc := range p.conns {
		pc.client.Close()
		pc.server.Close()
	}
	p.conns = map[*proxyConn]bool{}
}

// reset closes c at once, with a reset rather than an orderly end, as a
// refused or broken connection does.
func reset(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	c.Close()
}
