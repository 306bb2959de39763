package servers

import (
	"io"
	"net"
	"sync"
)

// front is a loopback TCP forwarder in front of one server, through which
// every client reaches it, so that a restart can drop the server's
// connections at once, as a process that dies does.
type front struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	conns map[net.Conn]bool
	down  bool // the server is stopped: new connections are closed at once
}

// newFront listens on a free loopback port and forwards to target.
func newFront(target string) (*front, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &front{ln: ln, target: target, conns: map[net.Conn]bool{}}
	go f.accept()
	return f, nil
}

func (f *front) addr() string { return f.ln.Addr().String() }

func (f *front) accept() {
	for {
		c, err := f.ln.Accept()
		if err != nil {
			return
		}
		f.mu.Lock()
		down := f.down
		f.mu.Unlock()
		if down {
			c.Close()
			continue
		}
		s, err := net.Dial("tcp", f.target)
		if err != nil {
			c.Close()
			continue
		}
		f.mu.Lock()
		f.conns[c], f.conns[s] = true, true
		f.mu.Unlock()
		go f.pipe(c, s)
		go f.pipe(s, c)
	}
}

// pipe copies from src to dst until either ends, then closes both.
func (f *front) pipe(src, dst net.Conn) {
	io.Copy(dst, src)
	src.Close()
	dst.Close()
	f.mu.Lock()
	delete(f.conns, src)
	delete(f.conns, dst)
	f.mu.Unlock()
}

// stop resets every connection through the front, and closes every new
// one until start: the clients see their connection broken, and the server
// its clients gone, as when it dies.
func (f *front) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = true
	for c := range f.conns {
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0)
		}
		c.Close()
		delete(f.conns, c)
	}
}

// start forwards new connections again.
func (f *front) start() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = false
}

func (f *front) close() {
	f.ln.Close()
	f.stop()
}
