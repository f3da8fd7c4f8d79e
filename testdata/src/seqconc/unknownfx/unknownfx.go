// Package unknownfx has a function kiss cannot see into (its body would be
// assembly) that can reach memory the program shares.
package unknownfx

import "sync"

// fill may do anything to *p: synchronize, block, panic.
func fill(p *int)

// limit takes and returns plain values only: kiss goes on past a call of
// it, with *limit any int.
func limit(n int) *int

// pending returns a sync.Cond others may signal: kiss stops at a call of
// it (and must still build the root).
func pending(n int) *sync.Cond
