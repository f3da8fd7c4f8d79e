// Package condqueue: condition variable waited on with if instead of for. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// woken consumer assumes the queue is non-empty, but another consumer that
// never waited can take the item between the Signal and the woken consumer
// re-acquiring the lock; the index then panics.
package condqueue

import "sync"

type Task struct{ Name string }

type Queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  []Task
	closed bool
}

func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Push(t Task) {
	q.mu.Lock()
	q.items = append(q.items, t)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// Pop blocks until a task is available; false means closed and drained.
func (q *Queue) Pop() (Task, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 { // bug: if, not for
		if q.closed {
			return Task{}, false
		}
		q.cond.Wait()
	}
	t := q.items[0] // want `panic: .*\(1 preemption\)`
	q.items = q.items[1:]
	return t, true
}

type QueueFixed struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  []Task
	closed bool
}

func NewQueueFixed() *QueueFixed {
	q := &QueueFixed{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *QueueFixed) Push(t Task) {
	q.mu.Lock()
	q.items = append(q.items, t)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *QueueFixed) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

func (q *QueueFixed) Pop() (Task, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 { // fix: re-check after every wake-up
		if q.closed {
			return Task{}, false
		}
		q.cond.Wait()
	}
	t := q.items[0]
	q.items = q.items[1:]
	return t, true
}
