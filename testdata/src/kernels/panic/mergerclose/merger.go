// Package mergerclose: close of a closed channel by the "last producer // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// closes" idiom split into two atomic operations. Each producer decrements
// the live count and then loads it; two producers can both load zero.
package mergerclose

import "sync/atomic"

type Merger struct {
	out    chan string
	active atomic.Int32
}

func NewMerger(producers int) *Merger {
	m := &Merger{out: make(chan string)}
	m.active.Store(int32(producers))
	return m
}

func (m *Merger) Produce(lines []string) {
	for _, l := range lines {
		m.out <- l
	}
	m.active.Add(-1)
	if m.active.Load() == 0 { // bug: another producer may have decremented in between
		close(m.out) // want `panic: .*\(1 preemption\)`
	}
}

type MergerFixed struct {
	out    chan string
	active atomic.Int32
}

func NewMergerFixed(producers int) *MergerFixed {
	m := &MergerFixed{out: make(chan string)}
	m.active.Store(int32(producers))
	return m
}

func (m *MergerFixed) Produce(lines []string) {
	for _, l := range lines {
		m.out <- l
	}
	if m.active.Add(-1) == 0 { // fix: decrement and test in one step
		close(m.out)
	}
}
