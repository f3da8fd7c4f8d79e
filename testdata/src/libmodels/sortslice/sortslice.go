// Package sortslice: sort.Slice on a slice another goroutine writes. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// The sort's swaps read and write the elements: a write of the worker
// races with them unless the worker is done first.
package sortslice

import "sort"

// Leaderboard ranks scores, highest first.
type Leaderboard struct {
	scores []int
}

// Rank sorts the scores; its Less reads only the indexes, so what races
// is the swaps themselves.
func (b *Leaderboard) Rank() {
	sort.Slice(b.scores, func(i, j int) bool { return i > j })
}

// Sorted sorts a copy by value and checks it as Go would.
func Sorted(xs []int, stable bool) []int {
	s := append([]int(nil), xs...)
	less := func(i, j int) bool { return s[i] < s[j] }
	if stable {
		sort.SliceStable(s, less)
	} else {
		sort.Slice(s, less)
	}
	if !sort.SliceIsSorted(s, less) {
		return nil
	}
	return s
}
