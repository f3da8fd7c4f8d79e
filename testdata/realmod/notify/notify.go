// Package notify fans an event out to senders: the code under test of the
// module's testify mocks.
package notify

import "sync"

// A Sender delivers a message.
type Sender interface {
	Send(to, msg string) error
}

// Notifier sends each event to every recipient, concurrently.
type Notifier struct {
	S    Sender
	sent int
	mu   sync.Mutex
}

// Notify sends msg to each of to on a goroutine of its own and waits;
// it counts the sends without a lock.
func (n *Notifier) Notify(msg string, to ...string) {
	var wg sync.WaitGroup
	for _, r := range to {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if n.S.Send(r, msg) == nil {
				n.sent++
			}
		}()
	}
	wg.Wait()
}

// NotifyLocked is Notify counting under the lock.
func (n *Notifier) NotifyLocked(msg string, to ...string) {
	var wg sync.WaitGroup
	for _, r := range to {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if n.S.Send(r, msg) == nil {
				n.mu.Lock()
				n.sent++
				n.mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// Sent is the number of messages sent.
func (n *Notifier) Sent() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.sent
}
