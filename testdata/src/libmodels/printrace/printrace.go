// Package printrace: races through what fmt reads of its operands. A // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Stats printed while a worker updates it is read by fmt's reflection (it
// prints &{...}, every field); a Writer of the package's own runs when
// fmt.Fprintf writes to it.
package printrace

import "sync"

type Stats struct {
	Hits, Misses int
}

// Tally is an io.Writer counting the lines written to it, without a lock.
type Tally struct{ lines int }

func (t *Tally) Write(p []byte) (int, error) {
	t.lines++ // want `data race on t.lines.*\(0 preemptions\)`
	return len(p), nil
}

// TallyFixed counts under a lock.
type TallyFixed struct {
	mu    sync.Mutex
	lines int
}

func (t *TallyFixed) Write(p []byte) (int, error) {
	t.mu.Lock()
	t.lines++
	t.mu.Unlock()
	return len(p), nil
}
