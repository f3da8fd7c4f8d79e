// Package errtext wraps the errors of tasks run in goroutines with // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// fmt.Errorf("%s: %w", ...), and its tests decide what to do by the
// message, as tests comparing err.Error() or calling assert.EqualError
// do: the message is the text fmt makes, by the operands' Error and
// String methods.
package errtext

import "fmt"

// Op names an operation; it prints as "op:" and its name.
type Op string

func (o Op) String() string { return "op:" + string(o) }

// TimeoutError says a task gave up.
type TimeoutError struct{ After int }

func (e *TimeoutError) Error() string { return fmt.Sprintf("timed out after %d tries", e.After) }

// run runs f in a goroutine; the channel gets its error, wrapped with the
// operation's name, or nil.
func run(op Op, f func() error) <-chan error {
	ch := make(chan error, 1)
	go func() {
		if err := f(); err != nil {
			ch <- fmt.Errorf("%v: %w", op, err)
			return
		}
		ch <- nil
	}()
	return ch
}
