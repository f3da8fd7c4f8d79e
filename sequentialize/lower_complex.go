package sequentialize

import (
	"go/constant"
	"go/types"
	"math"

	"github.com/gokiss/kiss/ir"
)

// Complex numbers are structs of their real and imaginary parts, with Go's
// layout, and their arithmetic is gc's on amd64: + and - part by part, *
// in float64 (a complex64's parts widened, the results narrowed), and /
// the runtime's complex128div (Smith's algorithm, with C99's correction
// of a NaN result), a complex64 widened to it and the quotient narrowed.

var (
	complex64T  = &ir.Type{Kind: ir.KindStruct, Fields: []*ir.Type{ir.F32, ir.F32}, Layout: &ir.Layout{Size: 8, Offsets: []int64{0, 4}}}
	complex128T = &ir.Type{Kind: ir.KindStruct, Fields: []*ir.Type{ir.F64, ir.F64}, Layout: &ir.Layout{Size: 16, Offsets: []int64{0, 8}}}
)

// isComplex reports whether t is a complex type.
func isComplex(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsComplex != 0
}

// complexConst is the complex constant c of IR type t.
func complexConst(b *builder, t *ir.Type, c constant.Value) ir.Value {
	re, _ := constant.Float64Val(constant.Real(c))
	im, _ := constant.Float64Val(constant.Imag(c))
	if re == 0 && im == 0 && !math.Signbit(re) && !math.Signbit(im) {
		return ir.ZeroConst(t)
	}
	pt := t.Fields[0]
	return b.Make(t, ir.FloatConst(pt, re), ir.FloatConst(pt, im))
}

// parts returns x's real and imaginary parts, as type pt.
func (b *builder) parts(x ir.Value, pt *ir.Type) (ir.Value, ir.Value) {
	return b.Conv(b.Extract(x, 0), pt), b.Conv(b.Extract(x, 1), pt)
}

// complexOf makes a complex number of type t from parts re and im.
func (b *builder) complexOf(t *ir.Type, re, im ir.Value) ir.Value {
	pt := t.Fields[0]
	return b.Make(t, b.Conv(re, pt), b.Conv(im, pt))
}

// complexEqual is x == y: both parts equal.
func (b *builder) complexEqual(x, y ir.Value) ir.Value {
	return b.And(b.Bin(ir.OpEq, b.Extract(x, 0), b.Extract(y, 0)), b.Bin(ir.OpEq, b.Extract(x, 1), b.Extract(y, 1)))
}

// complexNeg is -x.
func (b *builder) complexNeg(x ir.Value) ir.Value {
	t := x.Type()
	return b.Make(t, b.Op(ir.OpNeg, t.Fields[0], b.Extract(x, 0)), b.Op(ir.OpNeg, t.Fields[0], b.Extract(x, 1)))
}

// complexBin is x op y for op one of add, sub, mul and div.
func (b *builder) complexBin(op ir.Op, x, y ir.Value) ir.Value {
	t := x.Type()
	switch op {
	case ir.OpAdd, ir.OpSub:
		a, c := b.parts(x, t.Fields[0])
		d, e := b.parts(y, t.Fields[0])
		return b.Make(t, b.Bin(op, a, d), b.Bin(op, c, e))
	case ir.OpMul:
		a, c := b.parts(x, ir.F64)
		d, e := b.parts(y, ir.F64)
		re := b.Bin(ir.OpSub, b.Bin(ir.OpMul, a, d), b.Bin(ir.OpMul, c, e))
		im := b.Bin(ir.OpAdd, b.Bin(ir.OpMul, a, e), b.Bin(ir.OpMul, c, d))
		return b.complexOf(t, re, im)
	}
	return b.complexDiv(t, x, y)
}

// complexDiv is the runtime's complex128div(n, m), as type t.
func (b *builder) complexDiv(t *ir.Type, n, m ir.Value) ir.Value {
	f64 := func(v float64) ir.Value { return ir.FloatConst(ir.F64, v) }
	bin := b.Bin
	abs := func(x ir.Value) ir.Value {
		return b.Op(ir.OpSelect, ir.F64, bin(ir.OpLt, x, f64(0)), b.Op(ir.OpNeg, ir.F64, x), x)
	}
	isNaN := func(x ir.Value) ir.Value { return bin(ir.OpNe, x, x) }
	isInf := func(x ir.Value) ir.Value {
		return b.Bin(ir.OpOr, bin(ir.OpEq, x, f64(math.Inf(1))), bin(ir.OpEq, x, f64(math.Inf(-1))))
	}
	isFinite := func(x ir.Value) ir.Value { return b.Not(isNaN(bin(ir.OpSub, x, x))) }
	a, bb := b.parts(n, ir.F64)
	c, d := b.parts(m, ir.F64)
	q := b.ifElse(bin(ir.OpGe, abs(c), abs(d)), complex128T, "cdiv", func() ir.Value {
		ratio := bin(ir.OpDiv, d, c)
		denom := bin(ir.OpAdd, c, bin(ir.OpMul, ratio, d))
		return b.Make(complex128T, bin(ir.OpDiv, bin(ir.OpAdd, a, bin(ir.OpMul, bb, ratio)), denom),
			bin(ir.OpDiv, bin(ir.OpSub, bb, bin(ir.OpMul, a, ratio)), denom))
	}, func() ir.Value {
		ratio := bin(ir.OpDiv, c, d)
		denom := bin(ir.OpAdd, d, bin(ir.OpMul, ratio, c))
		return b.Make(complex128T, bin(ir.OpDiv, bin(ir.OpAdd, bin(ir.OpMul, a, ratio), bb), denom),
			bin(ir.OpDiv, bin(ir.OpSub, bin(ir.OpMul, bb, ratio), a), denom))
	})
	e, f := b.Extract(q, 0), b.Extract(q, 1)
	q = b.ifElse(b.And(isNaN(e), isNaN(f)), complex128T, "cdiv.nan", func() ir.Value {
		inf := f64(math.Inf(1))
		mZero := b.And(bin(ir.OpEq, c, f64(0)), bin(ir.OpEq, d, f64(0)))
		return b.ifElse(b.And(mZero, b.Bin(ir.OpOr, b.Not(isNaN(a)), b.Not(isNaN(bb)))), complex128T, "cdiv.zero", func() ir.Value {
			s := b.copysign(inf, c)
			return b.Make(complex128T, bin(ir.OpMul, s, a), bin(ir.OpMul, s, bb))
		}, func() ir.Value {
			infNum := b.And(b.Bin(ir.OpOr, isInf(a), isInf(bb)), b.And(isFinite(c), isFinite(d)))
			return b.ifElse(infNum, complex128T, "cdiv.infnum", func() ir.Value {
				a, bb := b.inf2one(a), b.inf2one(bb)
				return b.Make(complex128T, bin(ir.OpMul, inf, bin(ir.OpAdd, bin(ir.OpMul, a, c), bin(ir.OpMul, bb, d))),
					bin(ir.OpMul, inf, bin(ir.OpSub, bin(ir.OpMul, bb, c), bin(ir.OpMul, a, d))))
			}, func() ir.Value {
				infDen := b.And(b.Bin(ir.OpOr, isInf(c), isInf(d)), b.And(isFinite(a), isFinite(bb)))
				return b.ifElse(infDen, complex128T, "cdiv.infden", func() ir.Value {
					c, d := b.inf2one(c), b.inf2one(d)
					return b.Make(complex128T, bin(ir.OpMul, f64(0), bin(ir.OpAdd, bin(ir.OpMul, a, c), bin(ir.OpMul, bb, d))),
						bin(ir.OpMul, f64(0), bin(ir.OpSub, bin(ir.OpMul, bb, c), bin(ir.OpMul, a, d))))
				}, func() ir.Value { return q })
			})
		})
	}, func() ir.Value { return q })
	return b.complexOf(t, b.Extract(q, 0), b.Extract(q, 1))
}

// inf2one is the runtime's: ±1 for an infinity, else ±0, with f's sign.
func (b *builder) inf2one(f ir.Value) ir.Value {
	g := b.Op(ir.OpSelect, ir.F64, b.Bin(ir.OpOr, b.Bin(ir.OpEq, f, ir.FloatConst(ir.F64, math.Inf(1))),
		b.Bin(ir.OpEq, f, ir.FloatConst(ir.F64, math.Inf(-1)))), ir.FloatConst(ir.F64, 1), ir.FloatConst(ir.F64, 0))
	return b.copysign(g, f)
}

// copysign is math.Copysign(x, s) for x ≥ 0 (not NaN): s's sign bit,
// read through its bits only for a NaN (a zero's is 1/s's sign).
func (b *builder) copysign(x, s ir.Value) ir.Value {
	f64 := func(v float64) ir.Value { return ir.FloatConst(ir.F64, v) }
	neg := b.ifElse(b.Bin(ir.OpNe, s, s), ir.Bool, "signbit", func() ir.Value {
		p := b.Alloc(ir.F64, nil)
		b.Store(p, s)
		u := b.Temp(ir.Ptr)
		b.Emit(&ir.Instr{Op: ir.OpPtrCast, Dst: u, Args: []ir.Value{p}, Type: ir.U64})
		return b.Bin(ir.OpNe, b.Bin(ir.OpShr, b.Load(ir.U64, u), ir.IntConst(ir.U64, 63)), ir.IntConst(ir.U64, 0))
	}, func() ir.Value {
		zero := b.Bin(ir.OpEq, s, f64(0))
		return b.Op(ir.OpSelect, ir.Bool, zero, b.Bin(ir.OpLt, b.Bin(ir.OpDiv, f64(1), s), f64(0)), b.Bin(ir.OpLt, s, f64(0)))
	})
	return b.Op(ir.OpSelect, ir.F64, neg, b.Op(ir.OpNeg, ir.F64, x), x)
}
