// Package periodic: a periodic worker without a ticker. Each round waits on // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// time.After or the context, whichever comes first; cancelling the context
// stops it, and Run returns.
package periodic

import (
	"context"
	"sync"
	"time"
)

type Refresher struct {
	Interval time.Duration
	First    chan struct{} // closed after the first refresh

	once      sync.Once
	mu        sync.Mutex
	refreshes int
}

func NewRefresher(d time.Duration) *Refresher {
	return &Refresher{Interval: d, First: make(chan struct{})}
}

func (r *Refresher) refresh() {
	r.mu.Lock()
	r.refreshes++
	r.mu.Unlock()
	r.once.Do(func() { close(r.First) })
}

func (r *Refresher) Refreshes() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refreshes
}

func (r *Refresher) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(r.Interval):
			r.refresh()
		}
	}
}
