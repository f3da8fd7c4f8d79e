// Package poolgetorcreate: check-then-act across a read lock and a write // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// lock. GetOrCreate looks the connection up under RLock, and on a miss dials
// and stores it under Lock without looking again, so two callers can both
// dial (a duplicate connection; kubernetes and grpc connection caches had it).
package poolgetorcreate

import "sync"

type Conn struct{ Target string }

type ConnPool struct {
	mu     sync.RWMutex
	conns  map[string]*Conn
	dialed int
}

func NewConnPool() *ConnPool { return &ConnPool{conns: make(map[string]*Conn)} }

func (p *ConnPool) GetOrCreate(target string) *Conn {
	p.mu.RLock()
	c, ok := p.conns[target]
	p.mu.RUnlock()
	if ok {
		return c
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c = &Conn{Target: target} // bug: another caller may have dialed meanwhile
	p.dialed++
	p.conns[target] = c
	return c
}

func (p *ConnPool) Dialed() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.dialed
}

type ConnPoolFixed struct {
	mu     sync.RWMutex
	conns  map[string]*Conn
	dialed int
}

func NewConnPoolFixed() *ConnPoolFixed { return &ConnPoolFixed{conns: make(map[string]*Conn)} }

func (p *ConnPoolFixed) GetOrCreate(target string) *Conn {
	p.mu.RLock()
	c, ok := p.conns[target]
	p.mu.RUnlock()
	if ok {
		return c
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.conns[target]; ok { // fix: check again under the write lock
		return c
	}
	c = &Conn{Target: target}
	p.dialed++
	p.conns[target] = c
	return c
}

func (p *ConnPoolFixed) Dialed() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.dialed
}
