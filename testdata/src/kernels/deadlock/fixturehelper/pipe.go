// Package fixturehelper: a test helper without parameters (newFixture) // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// starts a pipeline stage and drains its output with a range; the stage
// never closes its output, so the range never ends. kiss checks the
// helper as a root of its own (a function without parameters that starts
// goroutines); replay runs it as the body of a test.
package fixturehelper

func stage(in <-chan int, out chan<- int) {
	for v := range in {
		out <- v * 10
	}
}

func stageFixed(in <-chan int, out chan<- int) {
	for v := range in {
		out <- v * 10
	}
	close(out) // fix
}
