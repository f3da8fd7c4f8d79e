package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The time model (summaries/models/time.ir, and the fake clock of
// runtime.ir): time.Sleep, timers and tickers sleep on the scheduler's
// clock, which advances only when no goroutine can run. Timers and
// Tickers are the model's $timer and $ticker (summaries.TypeModels),
// whose field C is Go's first.
func (c *concLowering) timeModels(m map[string]externFunc) {
	// call calls model with the receiver (if any), the duration (if any),
	// the position, C's value (if value: a new timer), and returns its
	// result or the result's field.
	call := func(model string, res *ir.Type, recv, dur, value bool, field int) externFunc {
		return func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			var ops []ir.Value
			if recv {
				ops, args = append(ops, args[0]), args[1:]
			}
			if dur {
				ops = append(ops, args[0])
			}
			ops = append(ops, ir.StringConst(pos))
			if value {
				ops = append(ops, c.timeValue(l, b))
			}
			var r *ir.Local
			if res != nil {
				r = b.Temp(res)
			}
			b.CallTo(r, c.fn(model), ops...)
			if field >= 0 {
				return b.Load(ir.Ptr, b.Field(r, field)), nil
			}
			if r == nil {
				return nil, nil
			}
			return r, nil
		}
	}
	m["time.NewTimer"] = call("time.newtimer", ir.Ptr, false, true, true, -1)
	m["time.After"] = call("time.newtimer", ir.Ptr, false, true, true, 0)
	m["(*time.Timer).Stop"] = call("time.stop", ir.Bool, true, false, false, -1)
	m["(*time.Timer).Reset"] = call("time.reset", ir.Bool, true, true, false, -1)
	m["time.AfterFunc"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Ptr, c.fn("time.afterfunc"), args[0], args[1], ir.StringConst(pos)), nil
	}
	m["time.NewTicker"] = c.newTicker(-1)
	m["time.Tick"] = c.newTicker(0)
	m["(*time.Ticker).Stop"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("time.tickerstop"), args[0])
		return nil, nil
	}
	m["(*time.Ticker).Reset"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.LibPanicUnless(b.Bin(ir.OpGt, args[1], ir.IntConst(ir.I64, 0)), "non-positive interval for Ticker.Reset")
		b.CallTo(nil, c.fn("time.tickerreset"), args[0], args[1])
		return nil, nil
	}
	m["time.Sleep"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.traceOp(b, "sleep", nil)
		b.CallTo(nil, c.fn("rt.sleep"), args[0], ir.StringConst(pos))
		return nil, nil
	}
}

// newTicker is time.NewTicker (field -1) and time.Tick (field 0, its C;
// Tick returns nil for a duration that is not positive, where NewTicker
// panics).
func (c *concLowering) newTicker(field int) externFunc {
	return func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		pos0 := ir.StringConst(pos)
		positive := b.Bin(ir.OpGt, args[0], ir.IntConst(ir.I64, 0))
		if field < 0 {
			b.LibPanicUnless(positive, "non-positive interval for NewTicker")
			return b.Call(ir.Ptr, c.fn("time.newticker"), args[0], pos0, c.timeValue(l, b)), nil
		}
		r := b.Temp(ir.Ptr)
		b.Copy(r, ir.ZeroConst(ir.Ptr))
		_, out := b.If(positive, "tick")
		b.Copy(r, b.Load(ir.Ptr, b.Field(b.Call(ir.Ptr, c.fn("time.newticker"), args[0], pos0, c.timeValue(l, b)), 0)))
		b.Jmp(out)
		b.SetBlock(out)
		return r, nil
	}
}

// timeValue is the closure whose call gives what a timer's or ticker's C
// receives (time.ir's time.value): a pointer to a fresh time.Time holding
// time.Now(). Its environment is unused. The zero closure when the
// program has no code for time.Now: C then receives the zero Time.
func (c *concLowering) timeValue(l *lowerer, b *builder) ir.Value {
	if c.timeValueFn == nil {
		now, _, _ := timeFuncs(l)
		if !l.hasCode(now) {
			return ir.ZeroConst(l.Closure())
		}
		hb := l.helper("time.now", ir.Ptr, "env", ir.Ptr)
		t := l.Type(now.Signature.Results().At(0).Type())
		r := hb.Temp(t)
		l.emitDirectCall(hb, now, nil, nil, r)
		p := hb.Alloc(t, nil)
		hb.Store(p, r)
		hb.Ret(p)
		c.timeValueFn = hb.Fn
	}
	return b.Make(l.Closure(), c.timeValueFn, ir.ZeroConst(ir.Ptr))
}

// deadline is how long until t, a time.Time, on the fake clock: its
// monotonic reading less the clock's now (Time.ext holds the reading less
// time's startNano, which is the clock's start less one). A Time without
// a monotonic reading (time.Unix, a parsed date) is on the wall clock,
// which kiss does not know: then the duration is an unknown input.
func (c *concLowering) deadline(l *lowerer, b *builder, t ir.Value) ir.Value {
	d := b.Temp(ir.I64)
	wall := b.Extract(t, 0)
	mono := b.Bin(ir.OpNe, b.Bin(ir.OpAnd, wall, ir.IntConst(ir.U64, -1<<63)), ir.IntConst(ir.U64, 0))
	_, els := b.If(mono, "mono")
	out := b.NewBlock("deadline")
	now := b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.now")), ir.IntConst(ir.I64, 1))
	b.Copy(d, b.Bin(ir.OpSub, b.Extract(t, 1), now))
	b.Jmp(out)
	b.SetBlock(els)
	b.Copy(d, l.unknownNondetLabel(b, ir.I64, clockLabel))
	b.Jmp(out)
	b.SetBlock(out)
	return d
}
