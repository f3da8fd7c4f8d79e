package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// randModels: the top-level functions of math/rand and math/rand/v2 draw
// from a generator seeded at random, so a test may see any value in the
// function's range. Each returns a fresh unlabelled nondet there: a
// violation that needs particular draws is real (some run draws them), and
// the draws on its path are recorded (trace "value") so that the schedule
// carries them and replay returns them at those calls. Go's panics on a
// bad bound are kept.
func (c *concLowering) randModels(m map[string]externFunc) {
	type draw struct {
		bound bool   // the first argument is the exclusive upper bound n; else any non-negative value
		msg   string // the panic of a bound n <= 0
		float bool   // in [0, 1)
	}
	fns := map[string]draw{
		"math/rand.Intn":       {bound: true, msg: "invalid argument to Intn"},
		"math/rand.Int63n":     {bound: true, msg: "invalid argument to Int63n"},
		"math/rand.Int31n":     {bound: true, msg: "invalid argument to Int31n"},
		"math/rand.Int":        {},
		"math/rand.Int63":      {},
		"math/rand.Int31":      {},
		"math/rand.Float64":    {float: true},
		"math/rand/v2.IntN":    {bound: true, msg: "invalid argument to IntN"},
		"math/rand/v2.Int64N":  {bound: true, msg: "invalid argument to Int64N"},
		"math/rand/v2.Int32N":  {bound: true, msg: "invalid argument to Int32N"},
		"math/rand/v2.Int":     {},
		"math/rand/v2.Int64":   {},
		"math/rand/v2.Int32":   {},
		"math/rand/v2.Float64": {float: true},
	}
	for name, d := range fns {
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			t := l.Type(call.Signature().Results().At(0).Type())
			if d.float {
				r := b.Temp(t)
				b.Emit(&ir.Instr{Op: ir.OpNondet, Dst: r})
				in := b.And(b.Bin(ir.OpGe, r, ir.FloatConst(t, 0)), b.Bin(ir.OpLt, r, ir.FloatConst(t, 1)))
				b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{in}})
				c.traceValue(b, name, r, b.Pos)
				return r, nil
			}
			r := b.Temp(t)
			b.Emit(&ir.Instr{Op: ir.OpNondet, Dst: r})
			zero := ir.IntConst(t, 0)
			in := b.Bin(ir.OpGe, r, zero)
			if d.bound {
				b.PanicStringUnless(b.Bin(ir.OpGt, args[0], zero), d.msg)
				in = b.And(in, b.Bin(ir.OpLt, r, args[0]))
			}
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{in}})
			c.traceValue(b, name, r, b.Pos)
			return r, nil
		}
	}
}

// traceValue records that the running goroutine got v from the call of fn
// at pos (EventValue), for the schedule's inputs.
func (c *concLowering) traceValue(b *builder, fn string, v ir.Value, pos string) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Trace(EventValue, g, ir.StringConst(fn), v, ir.StringConst(pos))
}
