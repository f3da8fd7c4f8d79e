// Package deadline: a test that passes only while the work beats its // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// deadline. On a fast machine the work always wins (Go's fake clock in
// testing/synctest never lets the 10ms deadline overtake it); on a loaded
// CI machine the deadline fires first and the test fails: a flaky test
// that relies on a duration. kiss reports it only with -timing.
package deadline

import (
	"context"
	"errors"
)

type Indexer struct{ docs map[string]int }

func NewIndexer() *Indexer { return &Indexer{docs: map[string]int{}} }

// Index counts the words of doc, giving up when ctx is done first.
func (ix *Indexer) Index(ctx context.Context, name, doc string) error {
	done := make(chan int, 1)
	go func() {
		n := 0
		for i := 0; i < len(doc); i++ {
			if doc[i] == ' ' {
				n++
			}
		}
		done <- n + 1
	}()
	select {
	case n := <-done:
		ix.docs[name] = n
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

var ErrTimedOut = errors.New("indexing timed out")
