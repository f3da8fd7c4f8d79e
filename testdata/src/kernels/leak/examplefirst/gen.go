// Package examplefirst: Numbers streams values on an unbuffered channel // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// and First takes one and returns; the generator blocks forever on its
// next send. The bug shows in the package's example, a root of its own:
// replay runs it as the body of a generated test.
package examplefirst

// Numbers sends 1..n on the channel it returns.
func Numbers(n int) <-chan int {
	ch := make(chan int)
	go func() {
		for i := 1; i <= n; i++ {
			ch <- i // want `goroutine leak: .*\(0 preemptions\)`
		}
		close(ch)
	}()
	return ch
}

// First is the first value of ch.
func First(ch <-chan int) int { return <-ch }

// FirstFixed is First, for the fixed twin's example.
func FirstFixed(ch <-chan int) int { return <-ch }

// NumbersFixed stops when done is closed.
func NumbersFixed(n int, done <-chan struct{}) <-chan int {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := 1; i <= n; i++ {
			select {
			case ch <- i:
			case <-done:
				return
			}
		}
	}()
	return ch
}
