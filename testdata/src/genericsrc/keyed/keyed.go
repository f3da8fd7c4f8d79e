// Package keyed has a generic table whose options hold a constructor of
// digest.Digest. Its external test instantiates the table and fills the
// options with sum.New: under go vet, kiss checks keyed from source for
// the instance, digest too (go vet gave the test only a mention of it),
// and then sum as well, or sum.New's digest.Digest would be the export
// data's and keyed.Opts's the source's, and the test would not
// type-check against them.
package keyed

import (
	"sync"

	"genericsrc/digest"
)

// Opts says how a table sums.
type Opts struct{ New func() digest.Digest }

// Table sums bytes by key.
type Table[K comparable] struct {
	mu   sync.Mutex
	m    map[K]int
	opts Opts
}

// NewTable returns an empty table.
func NewTable[K comparable](o Opts) *Table[K] { return &Table[K]{m: map[K]int{}, opts: o} }

// Add forgets the lock (the bug).
func (t *Table[K]) Add(k K, b byte) { t.m[k] += t.opts.New().Sum(b) } // want `data race on t.m: write at keyed.go:30:42 by goroutine [12] and (read|write) at keyed.go:30:42 by goroutine [12] \(0 preemptions\)`

// AddFixed takes it.
func (t *Table[K]) AddFixed(k K, b byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[k] += t.opts.New().Sum(b)
}

// Get returns k's sum.
func (t *Table[K]) Get(k K) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[k]
}
