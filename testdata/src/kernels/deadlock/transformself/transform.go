// Package transformself: a function that sends its results on an // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// unbuffered channel it only reads from later, in the same goroutine (the
// stage used to run in a goroutine of its own). The first send has no
// receiver: one goroutine blocked for good.
package transformself

import "strings"

func Upper(words []string) []string {
	out := make(chan string)
	for _, w := range words {
		out <- strings.ToUpper(w) // want `deadlock: .*\(0 preemptions\)`
	}
	close(out)
	var res []string
	for s := range out {
		res = append(res, s)
	}
	return res
}

func UpperFixed(words []string) []string {
	out := make(chan string, len(words)) // fix: room for every result
	for _, w := range words {
		out <- strings.ToUpper(w)
	}
	close(out)
	var res []string
	for s := range out {
		res = append(res, s)
	}
	return res
}
