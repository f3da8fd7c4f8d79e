package spin // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`

import "testing"

// A goroutine busy-waits in a loop that never blocks; another one's send
// needs a receiver that never comes. The spinning path must not use up the
// root's budget: the leak is still found.
func TestSpinAndLeak(t *testing.T) {
	done := make(chan bool)
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	ch := make(chan int)
	go func() { ch <- 1 }() // want "goroutine leak"
	close(done)
}
