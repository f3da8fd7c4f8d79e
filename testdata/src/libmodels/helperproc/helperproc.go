// Package helperproc: a test binary that its own test runs again as a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// helper process, told apart by its command-line arguments, where the
// helper misuses a lock on purpose (the parent test checks that it
// crashes). go test never passes those arguments: the helper's code never
// runs there, so kiss must not report its crash.
package helperproc

import "sync"

// crash unlocks a mutex nobody holds: a fatal error.
func crash() {
	var mu sync.Mutex
	mu.Unlock()
}
