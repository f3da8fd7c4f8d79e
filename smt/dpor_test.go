package smt

import "testing"

// The first goroutine a scheduling choose runs: the running one, else,
// after one gave way of its own accord, the next after it round the ring;
// else the lowest.
func TestFirstOfIsFair(t *testing.T) {
	for _, c := range []struct {
		cur, prev int64
		vals      []uint64
		want      uint64
	}{
		{cur: 2, prev: 2, vals: []uint64{0, 2, 3}, want: 2},  // it goes on at no cost
		{cur: -1, prev: 2, vals: []uint64{0, 2, 3}, want: 3}, // it yielded: the next
		{cur: -1, prev: 3, vals: []uint64{0, 2, 3}, want: 0}, // round the ring
		{cur: -1, prev: 3, vals: []uint64{3}, want: 3},       // alone
		{cur: -1, prev: 1, vals: []uint64{0, 2, 3}, want: 0}, // it blocked or exited
		{cur: -1, prev: -1, vals: []uint64{2, 3}, want: 2},
	} {
		if got := firstOf(&group{cur: c.cur, prev: c.prev}, c.vals); got != c.want {
			t.Errorf("cur %d, prev %d, of %v: first %d, want %d", c.cur, c.prev, c.vals, got, c.want)
		}
	}
}
