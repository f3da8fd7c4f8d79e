// Package itoakeys keys a map by strconv.Itoa of a loop's index, as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// tests of caches and maps do, or by fmt.Sprintf("job-%d", i) or
// fmt.Sprint(i): the keys are the text Go makes.
package itoakeys

import (
	"fmt"
	"strconv"
)

// counter is written by a goroutine and read by the test.
type counter struct{ n int }

// fill makes a map of n counters keyed "0", "1", ...
func fill(n int) map[string]*counter {
	m := map[string]*counter{}
	for i := 0; i < n; i++ {
		m[strconv.Itoa(i)] = &counter{}
	}
	return m
}

// fillJobs makes a map of n counters keyed "job-0", "job-1", ...
func fillJobs(n int) map[string]*counter {
	m := map[string]*counter{}
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("job-%d", i)] = &counter{}
	}
	return m
}

// fillPrinted makes a map of n counters keyed "0x0", "0x1", ... by
// fmt.Sprint of a string and an unsigned integer in hex.
func fillPrinted(n uint) map[string]*counter {
	m := map[string]*counter{}
	for i := uint(0); i < n; i++ {
		m[fmt.Sprint("0x", fmt.Sprintf("%x", i))] = &counter{}
	}
	return m
}
