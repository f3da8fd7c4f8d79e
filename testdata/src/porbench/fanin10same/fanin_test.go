// Package fanin10same: ten goroutines of one go statement, alike (the same
// closure over the same variables), each send on one unbuffered channel;
// the test receives ten times. Only the order of their starts sets them
// apart: one order is explored (rt.twin).
package fanin10same

import "testing"

func TestFanIn10Same(t *testing.T) {
	done := make(chan bool)
	for range 10 {
		go func() {
			done <- true
		}()
	}
	for range 10 {
		<-done
	}
}
