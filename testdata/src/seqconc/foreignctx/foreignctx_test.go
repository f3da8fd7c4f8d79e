// Package foreignctx has a context type of its own: a context derived from
// one is watched by a goroutine (Go's propagateCancel).
package foreignctx

import (
	"context"
	"testing"
	"time"
)

type myCtx struct{ done chan struct{} }

func (myCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c myCtx) Done() <-chan struct{}     { return c.done }
func (myCtx) Err() error                  { return nil }
func (myCtx) Value(key any) any           { return nil }

func TestForeignParent(t *testing.T) {
	ctx, cancel := context.WithCancel(myCtx{make(chan struct{})})
	defer cancel()
	_ = ctx
}

// Alone, this root derives only from kiss's contexts; lowered with the
// other root, it may look as if its parent could be a myCtx.
func TestOwnContexts(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	<-ctx.Done()
}
