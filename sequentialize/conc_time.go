package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/sequentialize/ir"
	"golang.org/x/tools/go/ssa"
)

// The time model (summaries/models/time.ir): Sleep yields, timers are
// goroutines that fire at any later scheduling point.
func (c *concLowering) timeModels(m map[string]ExternFunc) {
	m["time.After"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Ptr, c.fn("time.after"), ir.StringConst(pos)), nil
	}
	// NewTimer: a *Timer whose field C (Go's first) is the timer channel.
	// Stop and Reset say "maybe": the goroutine may already have fired.
	m["time.NewTimer"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		elem := call.Signature().Results().At(0).Type().(*types.Pointer).Elem()
		t := b.Alloc(l.Type(elem), nil)
		b.Store(b.Field(t, 0), b.Call(ir.Ptr, c.fn("time.after"), ir.StringConst(pos)))
		return t, nil
	}
	m["time.AfterFunc"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("time.afterfunc"), args[1], ir.StringConst(pos))
		elem := call.Signature().Results().At(0).Type().(*types.Pointer).Elem()
		return b.Alloc(l.Type(elem), nil), nil
	}
}
