// Package jobwaitif: condition variable waited on with if instead of for, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// on a Cond shared by two predicates. The job broadcasts when it starts and
// when it finishes; Wait is woken by the "started" broadcast and, testing its
// predicate only once, returns the result before it exists.
package jobwaitif

import "sync"

const (
	pending = iota
	running
	done
)

type Job struct {
	mu     sync.Mutex
	cond   *sync.Cond
	state  int
	result int
}

func NewJob() *Job {
	j := &Job{}
	j.cond = sync.NewCond(&j.mu)
	return j
}

func compute() int { return 6 * 7 }

func (j *Job) Run() {
	j.mu.Lock()
	j.state = running
	j.mu.Unlock()
	j.cond.Broadcast() // for observers of "started"

	r := compute()

	j.mu.Lock()
	j.result = r
	j.state = done
	j.mu.Unlock()
	j.cond.Broadcast()
}

// Wait blocks until the job is done and returns its result.
func (j *Job) Wait() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.state != done { // bug: if, not for
		j.cond.Wait()
	}
	return j.result
}

type JobFixed struct {
	mu     sync.Mutex
	cond   *sync.Cond
	state  int
	result int
}

func NewJobFixed() *JobFixed {
	j := &JobFixed{}
	j.cond = sync.NewCond(&j.mu)
	return j
}

func (j *JobFixed) Run() {
	j.mu.Lock()
	j.state = running
	j.mu.Unlock()
	j.cond.Broadcast()

	r := compute()

	j.mu.Lock()
	j.result = r
	j.state = done
	j.mu.Unlock()
	j.cond.Broadcast()
}

func (j *JobFixed) Wait() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.state != done { // fix
		j.cond.Wait()
	}
	return j.result
}
