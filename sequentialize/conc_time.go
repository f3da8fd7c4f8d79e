package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The time model (summaries/models/time.ir; time.Sleep is in
// conc_models.go): timers and tickers are goroutines that fire at any
// later scheduling point. Timers and Tickers are the model's $timer and
// $ticker (summaries.TypeModels), whose field C is Go's first.
func (c *concLowering) timeModels(m map[string]externFunc) {
	call := func(model string, res *ir.Type, withPos bool, field int) externFunc {
		return func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			var ops []ir.Value
			// Durations and times are not modelled: timers fire at any later point.
			if len(args) > 0 && args[0].Type().Kind == ir.KindPtr {
				ops = append(ops, args[0]) // a receiver
			}
			if withPos {
				ops = append(ops, ir.StringConst(pos))
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
	m["time.NewTimer"] = call("time.newtimer", ir.Ptr, true, -1)
	m["time.After"] = call("time.newtimer", ir.Ptr, true, 0)
	m["(*time.Timer).Stop"] = call("time.stop", ir.Bool, true, -1)
	m["(*time.Timer).Reset"] = call("time.reset", ir.Bool, true, -1)
	m["time.AfterFunc"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Ptr, c.fn("time.afterfunc"), args[1], ir.StringConst(pos)), nil
	}
	m["time.NewTicker"] = call("time.newticker", ir.Ptr, true, -1)
	m["time.Tick"] = call("time.newticker", ir.Ptr, true, 0)
	m["(*time.Ticker).Stop"] = call("time.tickerstop", nil, false, -1)
	m["(*time.Ticker).Reset"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil // the period does not matter: ticks come at any later point
	}
}
