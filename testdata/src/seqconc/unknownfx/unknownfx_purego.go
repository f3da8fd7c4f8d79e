//go:build purego

package unknownfx

import "sync"

// The portable versions, as modules with assembly have behind the purego
// tag: kiss's hint names the tag only where such a file is.

func fill(p *int) { *p = 1 }

func recvSignal() uint32 { select {} }

func pending(n int) *sync.Cond { return sync.NewCond(new(sync.Mutex)) }
