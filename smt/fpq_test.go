package smt

import (
	"math"
	"testing"
	"time"

	"github.com/gokiss/kiss/sequentialize/ir"
)

func TestFPQueryCost(t *testing.T) {
	for _, op := range []ir.Op{ir.OpAdd, ir.OpMul, ir.OpDiv, ir.OpLt, ir.OpConv} {
		for _, ty := range []*ir.Type{ir.F32, ir.F64} {
			c := arithCase{op: op, t: ty, bt: ty, rt: ty, a: fbits(-1.5), b: fbits(0.1)}
			if op == ir.OpLt {
				c.rt = ir.Bool
			}
			if op == ir.OpConv {
				c.rt, c.unary = ir.I32, true
			}
			start := time.Now()
			p := arithProgram([]arithCase{c}, true)
			var got []Concrete
			res := run(t, p, Options{Observers: map[string]func() Observer{"out": func() Observer { return outObserver{&got} }}})
			t.Logf("%v %v: %v, %d calls, %v", op, ty, time.Since(start), res.Stats.SolverCalls, got)
		}
	}
	_ = math.Pi
}
