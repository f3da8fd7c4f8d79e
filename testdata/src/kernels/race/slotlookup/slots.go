// Package slotlookup: callers count hits in a shard's slots, which a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// locked lookup returns, in one expression: t.Shard(k)[i]++. The lookup
// holds the table's lock; the count, after it, holds none, and two callers
// of one shard race on it. Replay hooks the access between the lookup
// (whose lock is a step of the schedule) and the element.
package slotlookup

import (
	"sync"
	"sync/atomic"
)

type Table struct {
	mu     sync.Mutex
	shards map[string][]int
}

func NewTable() *Table { return &Table{shards: map[string][]int{}} }

// Shard returns the slots of k, made on first use.
func (t *Table) Shard(k string) []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.shards[k]
	if s == nil {
		s = make([]int, 4)
		t.shards[k] = s
	}
	return s
}

type TableFixed struct {
	mu     sync.Mutex
	shards map[string][]atomic.Int64
}

func NewTableFixed() *TableFixed { return &TableFixed{shards: map[string][]atomic.Int64{}} }

func (t *TableFixed) Shard(k string) []atomic.Int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.shards[k]
	if s == nil {
		s = make([]atomic.Int64, 4)
		t.shards[k] = s
	}
	return s
}
