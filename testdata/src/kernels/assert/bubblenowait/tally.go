// Package bubblenowait: a tally fed through a channel by its own // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// goroutine, tested in a testing/synctest bubble. The test reads the tally
// right after its send: the receiver has the value but may not have added
// it yet. The fixed twin calls synctest.Wait first, which returns once
// the tally's goroutine is blocked in its next receive.
package bubblenowait

import "sync/atomic"

type Tally struct {
	In  chan int
	sum atomic.Int64
}

func NewTally() *Tally {
	t := &Tally{In: make(chan int)}
	go func() {
		for v := range t.In {
			t.sum.Add(int64(v))
		}
	}()
	return t
}

func (t *Tally) Sum() int64 { return t.sum.Load() }

func (t *Tally) Close() { close(t.In) }
