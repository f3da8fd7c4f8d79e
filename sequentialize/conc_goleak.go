package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// goleakFind is the function of go.uber.org/goleak behind VerifyNone and
// VerifyTestMain: it takes every goroutine's stack trace (runtime.Stack
// with all) and parses it, retrying with growing sleeps until no goroutine
// but the caller and those its options ignore is left, or its retries run
// out. Run as written, it parsed kiss's trace of unknown frames byte by
// byte: every root of a module whose TestMain calls VerifyTestMain forked
// on each byte, ran 1,300 to 3,000 paths and 3 s after the test itself
// was done, and ended incomplete. The model waits as the retries do,
// until no other goroutine can run (@rt.idle); then, with none left, it
// finds nothing, as goleak does. With some left, blocked or asleep,
// goleak's answer depends on its options and on what its retries wait
// for, so whether it finds them is an unknown input: a test failure that
// needs it is not reported. kiss reports goroutines blocked for good
// itself (leak). Where the model is coarser than goleak: a subtest's
// parent blocked in t.Run counts as left (goleak ignores it), so Find in
// a subtest always gives the unknown verdict; a goroutine that never
// blocks keeps the model waiting until the path's budget (goleak gives up
// and reports it); goroutines of code kiss does not run are not seen; and
// in a testing/synctest bubble the wait acquires the bubble's
// happens-before edge, as synctest.Wait does and goleak does not.
const goleakFind = "go.uber.org/goleak.Find"

const goleakLabel = "goleak's verdict on the goroutines still alive (kiss reports those blocked for good itself)"

func (c *concLowering) goleakModels(m map[string]externFunc) {
	m[goleakFind] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("rt.idle"), ir.StringConst(pos))
		cur := b.Load(ir.I64, c.rt.global("rt.cur"))
		left := b.Alloc(ir.I64, nil)
		b.forLoop("g", b.Load(ir.I64, c.rt.global("rt.hi")), func(g ir.Value) {
			p := b.Call(ir.Ptr, c.fn("rt.g"), g)
			st := b.Load(ir.I64, b.Field(p, 1))
			// runnable or blocked (asleep too), not a daemon such as
			// os/signal's watcher, which goleak ignores as std's
			alive := b.And(b.Bin(ir.OpNe, g, cur), b.And(b.Bin(ir.OpGe, st, ir.IntConst(ir.I64, 1)), b.Bin(ir.OpLe, st, ir.IntConst(ir.I64, 2))))
			alive = b.And(alive, b.Not(b.Load(ir.Bool, b.Field(p, 4))))
			n := b.Load(ir.I64, left)
			b.Store(left, b.Op(ir.OpSelect, ir.I64, alive, b.Bin(ir.OpAdd, n, ir.IntConst(ir.I64, 1)), n))
		})
		some := b.Bin(ir.OpGt, b.Load(ir.I64, left), ir.IntConst(ir.I64, 0))
		found := b.ifElse(some, ir.Bool, "goleak.left",
			func() ir.Value { return l.unknownNondetLabel(b, ir.Bool, goleakLabel) },
			func() ir.Value { return ir.BoolConst(false) })
		return b.Op(ir.OpSelect, l.Iface(), found, unknownError(l, b), ir.ZeroConst(l.Iface())), nil
	}
}
