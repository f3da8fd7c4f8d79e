// Package reporterstop: channel and context. Stop cancels the reporter's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// context and waits for it to acknowledge, but the cancellation path returns
// without closing the stopped channel; only the end-of-input path closes it.
package reporterstop

import (
	"context"
	"sync"
)

type Reporter struct {
	events  chan string
	stopped chan struct{}
	cancel  context.CancelFunc

	mu   sync.Mutex
	sent []string
}

func NewReporter(cancel context.CancelFunc) *Reporter {
	return &Reporter{events: make(chan string), stopped: make(chan struct{}), cancel: cancel}
}

func (r *Reporter) Run(ctx context.Context) {
	for {
		select {
		case ev, ok := <-r.events:
			if !ok {
				close(r.stopped)
				return
			}
			r.mu.Lock()
			r.sent = append(r.sent, ev)
			r.mu.Unlock()
		case <-ctx.Done():
			return // bug: Stop waits for r.stopped, which only the other exit closes
		}
	}
}

func (r *Reporter) Report(ev string) { r.events <- ev }

func (r *Reporter) Stop() {
	r.cancel()
	<-r.stopped // want `deadlock: .*\(0 preemptions\)`
}

type ReporterFixed struct {
	events  chan string
	stopped chan struct{}
	cancel  context.CancelFunc

	mu   sync.Mutex
	sent []string
}

func NewReporterFixed(cancel context.CancelFunc) *ReporterFixed {
	return &ReporterFixed{events: make(chan string), stopped: make(chan struct{}), cancel: cancel}
}

func (r *ReporterFixed) Run(ctx context.Context) {
	defer close(r.stopped) // fix: every exit acknowledges
	for {
		select {
		case ev, ok := <-r.events:
			if !ok {
				return
			}
			r.mu.Lock()
			r.sent = append(r.sent, ev)
			r.mu.Unlock()
		case <-ctx.Done():
			return
		}
	}
}

func (r *ReporterFixed) Report(ev string) { r.events <- ev }

func (r *ReporterFixed) Stop() {
	r.cancel()
	<-r.stopped
}
