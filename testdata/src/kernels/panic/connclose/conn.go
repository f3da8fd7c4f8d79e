// Package connclose: close of a closed channel. Close checks whether the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// closing channel is already closed and then closes it, in two steps; the
// reader goroutine hitting EOF and the user can both pass the check (the
// "select default then close" idiom, a frequent etcd/grpc bug; sync.Once is
// the fix).
package connclose

import "sync"

type Conn struct {
	closing chan struct{}
}

func NewConn() *Conn { return &Conn{closing: make(chan struct{})} }

func (c *Conn) Close() {
	select {
	case <-c.closing:
		return // already closed
	default:
		close(c.closing) // want `panic: .*\(1 preemption\)`
	}
}

func (c *Conn) Closed() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

type ConnFixed struct {
	closing chan struct{}
	once    sync.Once
}

func NewConnFixed() *ConnFixed { return &ConnFixed{closing: make(chan struct{})} }

func (c *ConnFixed) Close() {
	c.once.Do(func() { close(c.closing) }) // fix: check and close are one step
}

func (c *ConnFixed) Closed() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}
