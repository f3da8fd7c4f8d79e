//go:build !purego

package unknownfx

import "sync"

// Declared without bodies, as a package with assembly declares them (the
// portable versions are in unknownfx_purego.go).

// fill may do anything to *p: synchronize, block, panic.
func fill(p *int)

// recvSignal is declared without a body, as os/signal's signal_recv: it
// may block in the runtime, plain as its signature is.
func recvSignal() uint32

// pending returns a sync.Cond others may signal: kiss stops at a call of
// it (and must still build the root).
func pending(n int) *sync.Cond
