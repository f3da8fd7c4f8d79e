// Package auditrange: a range over a channel nobody closes. The audit log's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// writer goroutine ranges over entries; Close marks the log closed for new
// records but never closes the channel, so the writer outlives the test.
package auditrange

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("audit log closed")

type AuditLog struct {
	entries chan string

	mu      sync.Mutex
	closed  bool
	written []string
}

func NewAuditLog() *AuditLog { return &AuditLog{entries: make(chan string)} }

func (a *AuditLog) Writer() {
	for e := range a.entries { // want `goroutine leak: .*\(0 preemptions\)`
		a.mu.Lock()
		a.written = append(a.written, e)
		a.mu.Unlock()
	}
}

func (a *AuditLog) Record(e string) error {
	a.mu.Lock()
	closed := a.closed
	a.mu.Unlock()
	if closed {
		return ErrClosed
	}
	a.entries <- e
	return nil
}

func (a *AuditLog) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true // bug: the writer still ranges over a.entries
	return nil
}

type AuditLogFixed struct {
	entries chan string

	mu      sync.Mutex
	closed  bool
	written []string
}

func NewAuditLogFixed() *AuditLogFixed { return &AuditLogFixed{entries: make(chan string)} }

func (a *AuditLogFixed) Writer() {
	for e := range a.entries {
		a.mu.Lock()
		a.written = append(a.written, e)
		a.mu.Unlock()
	}
}

func (a *AuditLogFixed) Record(e string) error {
	a.mu.Lock()
	closed := a.closed
	a.mu.Unlock()
	if closed {
		return ErrClosed
	}
	a.entries <- e
	return nil
}

func (a *AuditLogFixed) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.closed {
		a.closed = true
		close(a.entries) // fix: ends the writer's range
	}
	return nil
}
