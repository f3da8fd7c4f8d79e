package smt

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/gokiss/kiss/ir"
)

// Table tests of the arithmetic: for a set of values per type and op, the
// executor's result must be Go's, both when the operands are concrete
// (computed in Go) and when they are symbolic nondets pinned by assume
// (computed by Z3: the observer receives the value from the model, and the
// enumeration asks Z3 to rule out any other).

var intTypes = []*ir.Type{ir.I8, ir.U8, ir.I16, ir.U16, ir.I32, ir.U32, ir.I64, ir.U64}

// intValues are interesting bit patterns, truncated to each width.
var intValues = []uint64{0, 1, 2, 3, 7, 100, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0x7fffffff, 0x80000000,
	0x7fffffffffffffff, 0x8000000000000000, ^uint64(0), ^uint64(1), ^uint64(99), 0x5555555555555555}

// symIntValues is the smaller set used with the solver.
var symIntValues = []uint64{0, 1, 7, 0x80, 0x8000000000000000, ^uint64(0), ^uint64(99)}

var intBinops = []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor,
	ir.OpAndNot, ir.OpShl, ir.OpShr, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe}

type integer interface {
	~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64
}

// goBinop is Go's own operator on the values of type T.
func goBinop[T integer](op ir.Op, a, b T, count uint64) uint64 {
	var r T
	switch op {
	case ir.OpAdd:
		r = a + b
	case ir.OpSub:
		r = a - b
	case ir.OpMul:
		r = a * b
	case ir.OpDiv:
		r = a / b
	case ir.OpRem:
		r = a % b
	case ir.OpAnd:
		r = a & b
	case ir.OpOr:
		r = a | b
	case ir.OpXor:
		r = a ^ b
	case ir.OpAndNot:
		r = a &^ b
	case ir.OpShl:
		r = a << count
	case ir.OpShr:
		r = a >> count
	case ir.OpEq:
		return b2n(a == b)
	case ir.OpNe:
		return b2n(a != b)
	case ir.OpLt:
		return b2n(a < b)
	case ir.OpLe:
		return b2n(a <= b)
	case ir.OpGt:
		return b2n(a > b)
	case ir.OpGe:
		return b2n(a >= b)
	case ir.OpNeg:
		r = -a
	case ir.OpNot:
		r = ^a
	}
	return uint64(r)
}

func goIntBinop(t *ir.Type, op ir.Op, a, b, count uint64) uint64 {
	var r uint64
	switch t {
	case ir.I8:
		r = goBinop(op, int8(a), int8(b), count)
	case ir.U8:
		r = goBinop(op, uint8(a), uint8(b), count)
	case ir.I16:
		r = goBinop(op, int16(a), int16(b), count)
	case ir.U16:
		r = goBinop(op, uint16(a), uint16(b), count)
	case ir.I32:
		r = goBinop(op, int32(a), int32(b), count)
	case ir.U32:
		r = goBinop(op, uint32(a), uint32(b), count)
	case ir.I64:
		r = goBinop(op, int64(a), int64(b), count)
	case ir.U64:
		r = goBinop(op, a, b, count)
	}
	if op.IsComparison() {
		return r
	}
	return ir.Truncate(r, int(t.Bits))
}

// goConv is Go's conversion of the integer bits a of type from to type to.
func goConv(from, to *ir.Type, a uint64) uint64 {
	v := ir.SignExtend(a, int(from.Bits), from.Signed) // Go extends per the source's signedness
	switch to.Kind {
	case ir.KindInt:
		return ir.Truncate(uint64(v), int(to.Bits))
	case ir.KindFloat:
		var f float64
		switch {
		case to.Bits == 32 && from.Signed:
			f = float64(float32(v))
		case to.Bits == 32:
			f = float64(float32(a))
		case from.Signed:
			f = float64(v)
		default:
			f = float64(a)
		}
		return math.Float64bits(f)
	}
	panic("goConv")
}

// arithCase is one computation: r = op(a, b) (or conv a) with the expected
// bits of r.
type arithCase struct {
	op         ir.Op
	t, bt, rt  *ir.Type // operand types and result type
	a, b       uint64   // operand bits (floats: math.Float64bits)
	unary      bool
	want       uint64
	label      string
	nanOK      bool // float result: any NaN matches
	concreteOk bool
}

func intCases(values []uint64) []arithCase {
	var cs []arithCase
	for _, t := range intTypes {
		w := int(t.Bits)
		for _, av := range values {
			a := ir.Truncate(av, w)
			for _, op := range intBinops {
				for _, bv := range values {
					b := ir.Truncate(bv, w)
					bt := t
					count := b
					if op == ir.OpShl || op == ir.OpShr {
						// Counts of another type, small and large.
						bt = ir.U8
						b = ir.Truncate(bv, 8)
						count = b
					}
					if (op == ir.OpDiv || op == ir.OpRem) && b == 0 {
						continue
					}
					rt := t
					if op.IsComparison() {
						rt = ir.Bool
					}
					cs = append(cs, arithCase{op: op, t: t, bt: bt, rt: rt, a: a, b: b,
						want:  goIntBinop(t, op, a, b, count),
						label: fmt.Sprintf("%v %s %d, %d", t, op, a, b)})
				}
			}
			for _, op := range []ir.Op{ir.OpNeg, ir.OpNot} {
				cs = append(cs, arithCase{op: op, t: t, rt: t, a: a, unary: true,
					want: goIntBinop(t, op, a, 0, 0), label: fmt.Sprintf("%v %s %d", t, op, a)})
			}
			for _, to := range append(append([]*ir.Type(nil), intTypes...), ir.F32, ir.F64) {
				cs = append(cs, arithCase{op: ir.OpConv, t: t, rt: to, a: a, unary: true,
					want: goConv(t, to, a), label: fmt.Sprintf("conv %v %d to %v", t, a, to)})
			}
		}
	}
	return cs
}

var floatValues = []float64{0, math.Copysign(0, -1), 1, -1.5, 3.25, 0.1, 1e300, -1e-300, 3.4e38, 1e-45,
	math.Inf(1), math.Inf(-1), math.NaN(), 2147483647.5, -2147483648.9, 1 << 53}

// symFloatValues is a small set: Z3's floating-point queries are slow (one
// float64 division takes about a second), so the symbolic test keeps the
// arithmetic to a few pairs (symFloatCase).
var symFloatValues = []float64{math.Copysign(0, -1), -1.5, 0.1, math.Inf(1), math.NaN()}

func symFloatCase(c arithCase) bool {
	a, b := math.Float64frombits(c.a), math.Float64frombits(c.b)
	switch {
	case c.unary:
		return true
	case c.op.IsComparison():
		return a != 0.1 && b != 0.1
	case c.op == ir.OpDiv && c.t == ir.F64:
		return false
	}
	return a == -1.5 && b == 0.1 || math.IsInf(a, 1) && b == 0 || a != a && b == -1.5
}

func floatCases(values []float64) []arithCase {
	var cs []arithCase
	for _, t := range []*ir.Type{ir.F32, ir.F64} {
		round := func(f float64) float64 { return roundF(f, t.Bits) }
		for _, av := range values {
			a := round(av)
			for _, bv := range values {
				b := round(bv)
				for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe} {
					var r float64
					var cmp uint64
					if t.Bits == 32 {
						x, y := float32(a), float32(b)
						switch op {
						case ir.OpAdd:
							r = float64(x + y)
						case ir.OpSub:
							r = float64(x - y)
						case ir.OpMul:
							r = float64(x * y)
						case ir.OpDiv:
							r = float64(x / y)
						}
					} else {
						switch op {
						case ir.OpAdd:
							r = a + b
						case ir.OpSub:
							r = a - b
						case ir.OpMul:
							r = a * b
						case ir.OpDiv:
							r = a / b
						}
					}
					switch op {
					case ir.OpEq:
						cmp = b2n(a == b)
					case ir.OpNe:
						cmp = b2n(a != b)
					case ir.OpLt:
						cmp = b2n(a < b)
					case ir.OpLe:
						cmp = b2n(a <= b)
					case ir.OpGt:
						cmp = b2n(a > b)
					case ir.OpGe:
						cmp = b2n(a >= b)
					}
					c := arithCase{op: op, t: t, bt: t, rt: t, a: fbits(a), b: fbits(b), want: fbits(r),
						nanOK: r != r, label: fmt.Sprintf("%v %s %g, %g", t, op, a, b)}
					if op.IsComparison() {
						c.rt, c.want, c.nanOK = ir.Bool, cmp, false
					}
					cs = append(cs, c)
				}
			}
			cs = append(cs, arithCase{op: ir.OpNeg, t: t, rt: t, a: fbits(a), unary: true,
				want: fbits(-a), nanOK: a != a, label: fmt.Sprintf("%v neg %g", t, a)})
			other := ir.F64
			if t.Bits == 64 {
				other = ir.F32
			}
			cs = append(cs, arithCase{op: ir.OpConv, t: t, rt: other, a: fbits(a), unary: true,
				want: fbits(roundF(a, other.Bits)), nanOK: a != a, label: fmt.Sprintf("conv %v %g to %v", t, a, other)})
			for _, to := range intTypes {
				// Go defines the conversion only in range; out of it the
				// executor gives the integer indefinite (as amd64 does for
				// 32 and 64 bits).
				want := indefinite(to.Bits)
				if floatInRange(a, to.Bits, to.Signed) {
					if to.Signed {
						want = ir.Truncate(uint64(int64(a)), int(to.Bits))
					} else {
						want = uint64(a)
					}
				}
				cs = append(cs, arithCase{op: ir.OpConv, t: t, rt: to, a: fbits(a), unary: true,
					want: want, label: fmt.Sprintf("conv %v %g to %v", t, a, to)})
			}
		}
	}
	return cs
}

// outObserver records every observed value, in order, for all paths.
type outObserver struct{ got *[]Concrete }

func (o outObserver) Observe(_ string, args []Concrete, _ string) *Finding {
	*o.got = append(*o.got, args[0])
	return nil
}
func (o outObserver) Clone() Observer { return o }

// arithProgram computes every case in main and observes each result. In
// symbolic mode the operands are nondets pinned by assume.
func arithProgram(cs []arithCase, symbolic bool) *ir.Program {
	main := &ir.Func{Name: "main"}
	b := main.NewBlock("entry")
	ok := main.NewLocal("ok", ir.Bool)
	type key struct {
		t    *ir.Type
		bits uint64
	}
	pinned := map[key]ir.Value{} // one nondet per value, shared by the cases
	operand := func(t *ir.Type, bits uint64) ir.Value {
		if v, ok := pinned[key{t, bits}]; ok {
			return v
		}
		var c *ir.Const
		if t.Kind == ir.KindFloat {
			c = &ir.Const{Typ: t, Float: math.Float64frombits(bits)}
		} else {
			c = &ir.Const{Typ: t, Bits: bits}
		}
		if !symbolic {
			return c
		}
		x := main.NewLocal(fmt.Sprintf("x%d", len(main.Locals)), t)
		b.Add(&ir.Instr{Op: ir.OpNondet, Dst: x})
		assume := func(op ir.Op, a, c ir.Value) {
			b.Add(&ir.Instr{Op: op, Dst: ok, Args: []ir.Value{a, c}})
			b.Add(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
		}
		// x == c; the test turns off implied-value concretization, which
		// would replace x by c and compute without the solver.
		if c.Float != c.Float {
			assume(ir.OpNe, x, x)
		} else {
			assume(ir.OpEq, x, c)
		}
		if t.Kind == ir.KindFloat && c.Float == 0 {
			// 1/x tells -0 from +0.
			inv := main.NewLocal(fmt.Sprintf("inv%d", len(main.Locals)), t)
			one := &ir.Const{Typ: t, Float: 1}
			b.Add(&ir.Instr{Op: ir.OpDiv, Dst: inv, Args: []ir.Value{one, x}})
			assume(ir.OpEq, inv, &ir.Const{Typ: t, Float: 1 / c.Float})
		}
		pinned[key{t, bits}] = x
		return x
	}
	for i, c := range cs {
		r := main.NewLocal(fmt.Sprintf("r%d", i), c.rt)
		args := []ir.Value{operand(c.t, c.a)}
		if !c.unary {
			args = append(args, operand(c.bt, c.b))
		}
		b.Add(&ir.Instr{Op: c.op, Dst: r, Args: args})
		b.Add(&ir.Instr{Op: ir.OpObserve, Name: "out", Args: []ir.Value{r}})
	}
	b.Add(&ir.Instr{Op: ir.OpRet})
	return &ir.Program{Funcs: []*ir.Func{main}}
}

func checkArith(t *testing.T, cs []arithCase, symbolic bool) {
	t.Helper()
	p := arithProgram(cs, symbolic)
	if err := ir.Verify(p); err != nil {
		t.Fatal(err)
	}
	var got []Concrete
	obs := map[string]func() Observer{"out": func() Observer { return outObserver{&got} }}
	concretizeImplied = false
	defer func() { concretizeImplied = true }()
	res, err := Run(context.Background(), p, Options{Observers: obs})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 || res.Stats.Paths != 1 || !res.Stats.Complete {
		t.Fatalf("errors %v, stats %+v: want one complete path", res.Errors, res.Stats)
	}
	if len(got) != len(cs) {
		t.Fatalf("%d results for %d cases (more than one feasible value?)", len(got), len(cs))
	}
	bad := 0
	for i, c := range cs {
		g := got[i].Bits
		if g == c.want || c.nanOK && math.IsNaN(math.Float64frombits(g)) {
			continue
		}
		if bad++; bad <= 20 {
			t.Errorf("%s = %s (bits %#x), want bits %#x", c.label, got[i], g, c.want)
		}
	}
	if symbolic && res.Stats.SolverCalls == 0 {
		t.Error("symbolic mode made no solver call")
	}
	if !symbolic && res.Stats.SolverCalls != 0 {
		t.Error("concrete mode called the solver")
	}
	t.Logf("%d cases, %d steps, %d solver calls in %v", len(cs), res.Stats.Steps, res.Stats.SolverCalls, res.Stats.SolverTime)
}

func TestArithIntConcrete(t *testing.T)   { checkArith(t, intCases(intValues), false) }
func TestArithIntSymbolic(t *testing.T)   { checkArith(t, intCases(symIntValues), true) }
func TestArithFloatConcrete(t *testing.T) { checkArith(t, floatCases(floatValues), false) }

func TestArithFloatSymbolic(t *testing.T) {
	if testing.Short() {
		t.Skip("floating-point queries are slow")
	}
	var cs []arithCase
	for _, c := range floatCases(symFloatValues) {
		if symFloatCase(c) {
			cs = append(cs, c)
		}
	}
	checkArith(t, cs, true)
}
