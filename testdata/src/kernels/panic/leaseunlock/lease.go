// Package leaseunlock: unlock of an unlocked mutex. A lease is released both // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// by its owner and by the expiry goroutine; Release checks held and releases
// in two separate critical sections, so both can pass the check and both
// unlock the leased resource ("fatal error: sync: unlock of unlocked mutex").
package leaseunlock

import "sync"

type Lease struct {
	resource sync.Mutex // held for as long as the lease is
	state    sync.Mutex
	held     bool
	Owner    string
}

func (l *Lease) Acquire(owner string) {
	l.resource.Lock()
	l.state.Lock()
	l.held = true
	l.Owner = owner
	l.state.Unlock()
}

func (l *Lease) Release() {
	l.state.Lock()
	held := l.held
	l.state.Unlock()
	if !held {
		return
	}
	l.state.Lock()
	l.held = false
	l.Owner = ""
	l.state.Unlock()
	l.resource.Unlock() // want `panic: .*\(1 preemption\)`
}

type LeaseFixed struct {
	resource sync.Mutex
	state    sync.Mutex
	held     bool
	Owner    string
}

func (l *LeaseFixed) Acquire(owner string) {
	l.resource.Lock()
	l.state.Lock()
	l.held = true
	l.Owner = owner
	l.state.Unlock()
}

// Release tests and clears held in one critical section; only the winner
// unlocks the resource.
func (l *LeaseFixed) Release() {
	l.state.Lock()
	held := l.held
	l.held = false
	l.Owner = ""
	l.state.Unlock()
	if held {
		l.resource.Unlock()
	}
}
