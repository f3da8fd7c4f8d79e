// Package queueclosesignal: condition variable, Signal instead of Broadcast // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// on shutdown. Close marks the job queue closed and signals, waking a single
// parked consumer; the other consumer waits for a wake-up that never comes.
package queueclosesignal

import "sync"

type JobQueue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	jobs   []string
	closed bool
}

func NewJobQueue() *JobQueue {
	q := &JobQueue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Next blocks for a job; false means the queue is closed and empty.
func (q *JobQueue) Next() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.jobs) == 0 && !q.closed {
		q.cond.Wait()
	}
	if len(q.jobs) == 0 {
		return "", false
	}
	j := q.jobs[0]
	q.jobs = q.jobs[1:]
	return j, true
}

func (q *JobQueue) Add(j string) {
	q.mu.Lock()
	q.jobs = append(q.jobs, j)
	q.mu.Unlock()
	q.cond.Signal() // one job: one consumer
}

func (q *JobQueue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Signal() // bug: every parked consumer must see the close
}

type JobQueueFixed struct {
	mu     sync.Mutex
	cond   *sync.Cond
	jobs   []string
	closed bool
}

func NewJobQueueFixed() *JobQueueFixed {
	q := &JobQueueFixed{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *JobQueueFixed) Next() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.jobs) == 0 && !q.closed {
		q.cond.Wait()
	}
	if len(q.jobs) == 0 {
		return "", false
	}
	j := q.jobs[0]
	q.jobs = q.jobs[1:]
	return j, true
}

func (q *JobQueueFixed) Add(j string) {
	q.mu.Lock()
	q.jobs = append(q.jobs, j)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *JobQueueFixed) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast() // fix
}
