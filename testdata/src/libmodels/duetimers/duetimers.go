// Package duetimers: work bounded by a deadline that may already have // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// passed (a timeout of 0, a timer of 0), as pollers and retry loops meet
// it. Go cancels such a context, and readies such a timer's C, at once.
package duetimers

import (
	"context"
	"time"
)

// Drain counts the jobs it takes from in until in is closed or ctx is
// done; once ctx is done it takes no job.
func Drain(ctx context.Context, in <-chan int) (int, error) {
	n := 0
	for {
		select {
		case <-ctx.Done():
			return n, ctx.Err()
		default:
		}
		select {
		case <-ctx.Done():
			return n, ctx.Err()
		case _, ok := <-in:
			if !ok {
				return n, nil
			}
			n++
		}
	}
}

// DrainRacy is Drain without the first select: when a job is ready and
// ctx is done too, select picks either, so a job is taken after the
// deadline now and then.
func DrainRacy(ctx context.Context, in <-chan int) (int, error) {
	n := 0
	for {
		select {
		case <-ctx.Done():
			return n, ctx.Err()
		case _, ok := <-in:
			if !ok {
				return n, nil
			}
			n++
		}
	}
}

// Tick reports whether the wait d has already ended: a timer of d, asked
// without waiting.
func Tick(d time.Duration) bool {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	default:
		return false
	}
}
