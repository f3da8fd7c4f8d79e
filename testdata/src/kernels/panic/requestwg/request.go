// Package requestwg: negative WaitGroup counter. A request is finished either // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// by its handler or by the client cancelling; Cancel checks the state but
// does not claim it, so when the client cancels first the handler's Finish
// calls Done a second time.
package requestwg

import "sync"

const (
	pending = iota
	finished
	cancelled
)

type Request struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	state int
}

func NewRequest() *Request {
	r := &Request{}
	r.wg.Add(1)
	return r
}

func (r *Request) Finish() {
	r.mu.Lock()
	r.state = finished
	r.mu.Unlock()
	r.wg.Done() // want `panic: .*\(0 preemptions\)`
}

func (r *Request) Cancel() {
	r.mu.Lock()
	s := r.state
	r.mu.Unlock()
	if s == pending {
		r.wg.Done() // want `panic: .*\(1 preemption\)`
	}
}

func (r *Request) Wait() { r.wg.Wait() }

type RequestFixed struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	state int
}

func NewRequestFixed() *RequestFixed {
	r := &RequestFixed{}
	r.wg.Add(1)
	return r
}

// complete moves pending to s; only the caller that wins calls Done.
func (r *RequestFixed) complete(s int) {
	r.mu.Lock()
	won := r.state == pending
	if won {
		r.state = s
	}
	r.mu.Unlock()
	if won {
		r.wg.Done()
	}
}

func (r *RequestFixed) Finish() { r.complete(finished) }
func (r *RequestFixed) Cancel() { r.complete(cancelled) }
func (r *RequestFixed) Wait()   { r.wg.Wait() }
