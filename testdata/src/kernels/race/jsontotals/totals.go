// Package jsontotals: workers decode JSON records and add them to a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// shared total. The decoding runs encoding/json's code, whose type cache
// (a sync.Map) takes steps inside the call; the total is added unlocked,
// and two workers race on it. Replay credits a worker's steps inside
// json.Unmarshal once it is past them, at its access.
package jsontotals

import (
	"encoding/json"
	"sync"
)

type Record struct {
	Name  string `json:"name"`
	Bytes int    `json:"bytes"`
}

type Totals struct {
	mu    sync.Mutex
	bytes int
}

// Add decodes rec and adds its bytes, unlocked.
func (t *Totals) Add(rec []byte) error {
	var r Record
	if err := json.Unmarshal(rec, &r); err != nil {
		return err
	}
	t.bytes += r.Bytes // want `data race on t\.bytes: write at totals.go:29:4 by goroutine [12] and read at totals.go:29:4 by goroutine [12] \(0 preemptions\)`
	return nil
}

// AddFixed adds under the lock.
func (t *Totals) AddFixed(rec []byte) error {
	var r Record
	if err := json.Unmarshal(rec, &r); err != nil {
		return err
	}
	t.mu.Lock()
	t.bytes += r.Bytes
	t.mu.Unlock()
	return nil
}
