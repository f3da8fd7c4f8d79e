// Package synctestbubble: tests that run in testing/synctest's bubble. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// kiss's clock is the bubble's already: timers fire when every goroutine
// is blocked, synctest.Wait returns once every other goroutine is blocked,
// and the clock stops when the bubble's function returns (a goroutine still
// asleep then is synctest's deadlock panic, as a blocked one is).
package synctestbubble

import "time"

// Debounce calls f once, d after the last of the calls of Trigger that
// came within d of each other.
type Debounce struct {
	t *time.Timer
}

func NewDebounce(d time.Duration, f func()) *Debounce {
	db := &Debounce{t: time.AfterFunc(d, f)}
	db.t.Stop()
	return db
}

func (db *Debounce) Trigger(d time.Duration) { db.t.Reset(d) }
