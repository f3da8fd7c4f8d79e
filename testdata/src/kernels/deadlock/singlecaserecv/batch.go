// Package singlecaserecv: a select with one case and no default, which // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// go/ssa (and Go's compiler) make a plain receive. The producer sends one
// result fewer than Collect waits for (it skips the first item), so the
// last receive has no sender.
package singlecaserecv

type Batch struct {
	results chan int
}

func NewBatch() *Batch { return &Batch{results: make(chan int)} }

func (b *Batch) Produce(items []int) {
	for i := 1; i < len(items); i++ { // bug: starts at 1
		b.results <- items[i] * 2
	}
}

func (b *Batch) Collect(n int) int {
	sum := 0
	for i := 0; i < n; i++ {
		select {
		case v := <-b.results: // want `deadlock: .*\(0 preemptions\)`
			sum += v
		}
	}
	return sum
}

type BatchFixed struct {
	results chan int
}

func NewBatchFixed() *BatchFixed { return &BatchFixed{results: make(chan int)} }

func (b *BatchFixed) Produce(items []int) {
	for i := 0; i < len(items); i++ { // fix: every item
		b.results <- items[i] * 2
	}
}

func (b *BatchFixed) Collect(n int) int {
	sum := 0
	for i := 0; i < n; i++ {
		select {
		case v := <-b.results:
			sum += v
		}
	}
	return sum
}
