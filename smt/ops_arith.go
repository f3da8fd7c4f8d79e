package smt

import (
	"math"
	"unicode/utf8"

	"github.com/gokiss/kiss/ir"
)

// Scalar operations. Each computes on concrete operands directly (apply on
// cvals, no term is built) and builds a term only when an operand is
// symbolic; the term builder folds and simplifies.

// binop executes the binary operations and comparisons.
func (e *executor) binop(st *state, f *frame, in *ir.Instr) {
	t := in.Args[0].Type()
	a := e.operand(st, f, in.Args[0])
	b := e.operand(st, f, in.Args[1])
	var r value
	var ok bool
	switch t.Kind {
	case ir.KindInt:
		r, ok = e.intBinop(st, in, t, a, b, in.Args[1].Type())
	case ir.KindFloat:
		r, ok = e.floatBinop(st, in.Op, t, a, b)
	case ir.KindString:
		r, ok = e.strBinop(st, in.Op, a, b)
	case ir.KindBool:
		r, ok = e.boolBinop(st, in.Op, a, b)
	default:
		switch in.Op {
		case ir.OpEq, ir.OpNe:
			r = e.valEq(st, a, b, t)
			if in.Op == ir.OpNe {
				r = e.notValue(r)
			}
			ok = true
		default:
			e.rtError(st, in.Op.String()+" on "+t.String())
		}
	}
	if !ok {
		return
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// compute applies op to a and b of sort so (result sort rs), concretely when
// it can.
func (e *executor) compute(op xop, rs sort, so sort, a, b value) value {
	if a.x == nil && b.x == nil {
		v, _ := apply(op, rs, [3]sort{so, so}, [3]cval{{n: a.n, s: a.s}, {n: b.n, s: b.s}})
		return value{n: v.n, s: v.s}
	}
	return fromTerm(e.x.mk(op, rs, e.lift(a, so), e.lift(b, so)))
}

func (e *executor) lift(v value, so sort) *expr {
	if v.x != nil {
		return v.x
	}
	return e.x.konst(so, cval{n: v.n, s: v.s})
}

func (e *executor) notValue(v value) value {
	if v.x == nil {
		return value{n: 1 - v.n}
	}
	return fromTerm(not(e.x, v.x))
}

func (e *executor) intBinop(st *state, in *ir.Instr, t *ir.Type, a, b value, bt *ir.Type) (value, bool) {
	so := bvSort(t.Bits)
	s := t.Signed
	switch in.Op {
	case ir.OpAdd:
		return e.compute(xAdd, so, so, a, b), true
	case ir.OpSub:
		return e.compute(xSub, so, so, a, b), true
	case ir.OpMul:
		return e.compute(xMul, so, so, a, b), true
	case ir.OpDiv, ir.OpRem:
		if !e.guard(st, e.compute(xEq, boolSort, so, b, value{}).not(e), "integer divide by zero") {
			return value{}, false
		}
		op := xUDiv
		switch {
		case in.Op == ir.OpDiv && s:
			op = xSDiv
		case in.Op == ir.OpRem && s:
			op = xSRem
		case in.Op == ir.OpRem:
			op = xURem
		}
		return e.compute(op, so, so, a, b), true
	case ir.OpAnd:
		return e.compute(xBAnd, so, so, a, b), true
	case ir.OpOr:
		return e.compute(xBOr, so, so, a, b), true
	case ir.OpXor:
		return e.compute(xBXor, so, so, a, b), true
	case ir.OpAndNot:
		if b.x == nil {
			return e.compute(xBAnd, so, so, a, value{n: trunc(^b.n, t.Bits)}), true
		}
		return e.compute(xBAnd, so, so, a, fromTerm(e.x.mk(xBNot, so, b.x))), true
	case ir.OpShl, ir.OpShr:
		op := xShl
		if in.Op == ir.OpShr {
			op = xLShr
			if s {
				op = xAShr
			}
		}
		if a.x == nil && b.x == nil {
			// apply treats the count as unsigned and saturates it itself.
			v, _ := apply(op, so, [3]sort{so, so}, [3]cval{{n: a.n}, {n: b.n}})
			return value{n: v.n}, true
		}
		return fromTerm(e.x.mk(op, so, e.lift(a, so), e.shiftCount(b, bt, t.Bits))), true
	case ir.OpEq:
		return e.compute(xEq, boolSort, so, a, b), true
	case ir.OpNe:
		return e.compute(xEq, boolSort, so, a, b).not(e), true
	case ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		op := xULt
		if in.Op == ir.OpLe || in.Op == ir.OpGe {
			op = xULe
		}
		if s {
			op += xSLt - xULt
		}
		if in.Op == ir.OpGt || in.Op == ir.OpGe {
			a, b = b, a
		}
		return e.compute(op, boolSort, so, a, b), true
	}
	e.rtError(st, in.Op.String()+" on "+t.String())
	return value{}, false
}

func (v value) not(e *executor) value { return e.notValue(v) }

// shiftCount brings a shift count of type ct to width w: Go's counts are
// unsigned and saturate, so a wider count is clamped to w (which w bits can
// hold) and a narrower one zero-extended.
func (e *executor) shiftCount(c value, ct *ir.Type, w uint8) *expr {
	cw := ct.Bits
	x := e.lift(c, bvSort(cw))
	switch {
	case cw == w:
		return x
	case cw < w:
		return e.x.mk(xZExt, bvSort(w), x)
	}
	wide := e.x.bvConst(cw, uint64(w))
	in := e.x.mk(xULt, boolSort, x, wide)
	return e.x.mk(xIte, bvSort(w), in, e.x.mk(xTrunc, bvSort(w), x), e.x.bvConst(w, uint64(w)))
}

func (e *executor) floatBinop(st *state, op ir.Op, t *ir.Type, a, b value) (value, bool) {
	so := fpSort(t.Bits)
	switch op {
	case ir.OpAdd:
		return e.compute(xFAdd, so, so, a, b), true
	case ir.OpSub:
		return e.compute(xFSub, so, so, a, b), true
	case ir.OpMul:
		return e.compute(xFMul, so, so, a, b), true
	case ir.OpDiv:
		return e.compute(xFDiv, so, so, a, b), true
	case ir.OpEq:
		return e.compute(xFEq, boolSort, so, a, b), true
	case ir.OpNe:
		return e.compute(xFEq, boolSort, so, a, b).not(e), true
	case ir.OpLt:
		return e.compute(xFLt, boolSort, so, a, b), true
	case ir.OpLe:
		return e.compute(xFLe, boolSort, so, a, b), true
	case ir.OpGt:
		return e.compute(xFLt, boolSort, so, b, a), true
	case ir.OpGe:
		return e.compute(xFLe, boolSort, so, b, a), true
	}
	e.rtError(st, op.String()+" on "+t.String())
	return value{}, false
}

func (e *executor) strBinop(st *state, op ir.Op, a, b value) (value, bool) {
	switch op {
	case ir.OpAdd:
		// Go's concatenation returns a lone non-empty operand itself,
		// data pointer (strdata) and all.
		if a.x == nil && b.x == nil && (a.s == "" || b.s == "") {
			if a.s == "" {
				return b, true
			}
			return a, true
		}
		return e.compute(xConcat, strSort, strSort, a, b), true
	case ir.OpEq:
		return e.compute(xEq, boolSort, strSort, a, b), true
	case ir.OpNe:
		return e.compute(xEq, boolSort, strSort, a, b).not(e), true
	case ir.OpLt:
		return e.compute(xStrLt, boolSort, strSort, a, b), true
	case ir.OpLe:
		return e.compute(xStrLe, boolSort, strSort, a, b), true
	case ir.OpGt:
		return e.compute(xStrLt, boolSort, strSort, b, a), true
	case ir.OpGe:
		return e.compute(xStrLe, boolSort, strSort, b, a), true
	}
	e.rtError(st, op.String()+" on str")
	return value{}, false
}

func (e *executor) boolBinop(st *state, op ir.Op, a, b value) (value, bool) {
	switch op {
	case ir.OpAnd:
		return e.compute(xAnd, boolSort, boolSort, a, b), true
	case ir.OpOr:
		return e.compute(xOr, boolSort, boolSort, a, b), true
	case ir.OpXor, ir.OpNe:
		return e.compute(xXor, boolSort, boolSort, a, b), true
	case ir.OpEq:
		return e.compute(xEq, boolSort, boolSort, a, b), true
	}
	e.rtError(st, op.String()+" on bool")
	return value{}, false
}

// valEq is Go's == on values of type t (aggregates compare field by field).
func (e *executor) valEq(st *state, a, b value, t *ir.Type) value {
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		r := value{n: 1}
		for i := range a.elems {
			et := t.Elem
			if t.Kind == ir.KindStruct {
				et = t.Fields[i]
			}
			r = e.compute(xAnd, boolSort, boolSort, r, e.valEq(st, a.elems[i], b.elems[i], et))
			if r.x == nil && r.n == 0 {
				return r
			}
		}
		return r
	case ir.KindFloat:
		return e.compute(xFEq, boolSort, fpSort(t.Bits), a, b)
	case ir.KindPtr:
		return e.ptrEq(st, a, b)
	case ir.KindFunc, ir.KindCo:
		return boolValue(a.n == b.n)
	}
	return e.compute(xEq, boolSort, sortOf(t), a, b)
}

// ptrEq compares pointers, as addresses: two paths into one object at one
// byte offset are equal (see sameAddr). Only a symbolic index can make it
// symbolic.
func (e *executor) ptrEq(st *state, a, b value) value {
	if a.n != b.n {
		return boolValue(false)
	}
	if a.x == nil && b.x == nil {
		return boolValue(intsEqual(a.path, b.path) || sameAddr(st, a, b))
	}
	// Bring both to (prefix, index) with the index as a term.
	idx := func(v value) ([]int, *expr, bool) {
		if v.x != nil {
			return v.path, v.x, true
		}
		if len(v.path) == 0 {
			return nil, nil, false
		}
		return v.path[:len(v.path)-1], e.x.bvConst(64, uint64(v.path[len(v.path)-1])), true
	}
	pa, xa, oka := idx(a)
	pb, xb, okb := idx(b)
	if !oka || !okb || !intsEqual(pa, pb) {
		return boolValue(false)
	}
	return fromTerm(e.x.mk(xEq, boolSort, xa, xb))
}

func intsEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// unop executes neg and not.
func (e *executor) unop(st *state, f *frame, in *ir.Instr) {
	t := in.Args[0].Type()
	a := e.operand(st, f, in.Args[0])
	var op xop
	switch {
	case t.Kind == ir.KindBool && in.Op == ir.OpNot:
		op = xNot
	case t.Kind == ir.KindInt && in.Op == ir.OpNot:
		op = xBNot
	case t.Kind == ir.KindInt:
		op = xBNeg
	case t.Kind == ir.KindFloat && in.Op == ir.OpNeg:
		op = xFNeg
	default:
		e.rtError(st, in.Op.String()+" on "+t.String())
		return
	}
	so := sortOf(t)
	var r value
	if a.x == nil {
		v, _ := apply(op, so, [3]sort{so}, [3]cval{{n: a.n}})
		r = value{n: v.n}
	} else {
		r = fromTerm(e.x.mk(op, so, a.x))
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// conv executes conversions between numeric types, and int to string.
func (e *executor) conv(st *state, f *frame, in *ir.Instr) {
	from, to := in.Args[0].Type(), in.Dst.Typ
	a := e.operand(st, f, in.Args[0])
	if ir.Identical(from, to) {
		e.set(st, in.Dst, a)
		e.next(st)
		return
	}
	var op xop
	switch {
	case from.Kind == ir.KindInt && to.Kind == ir.KindInt:
		switch {
		case to.Bits < from.Bits:
			op = xTrunc
		case to.Bits == from.Bits:
			e.set(st, in.Dst, a) // same bits, other signedness
			e.next(st)
			return
		case from.Signed:
			op = xSExt
		default:
			op = xZExt
		}
	case from.Kind == ir.KindInt && to.Kind == ir.KindFloat:
		op = xFFromU
		if from.Signed {
			op = xFFromS
		}
	case from.Kind == ir.KindFloat && to.Kind == ir.KindInt:
		op = xFToU
		if to.Signed {
			op = xFToS
		}
	case from.Kind == ir.KindFloat && to.Kind == ir.KindFloat:
		op = xFConv
	case from.Kind == ir.KindPtr && to.Kind == ir.KindInt, from.Kind == ir.KindInt && to.Kind == ir.KindPtr:
		var r value
		var ok bool
		if from.Kind == ir.KindPtr {
			r, ok = e.ptrToInt(st, a)
		} else {
			r, ok = e.intToPtr(st, a)
		}
		if ok {
			e.set(st, in.Dst, r)
			e.next(st)
		}
		return
	case from.Kind == ir.KindInt && to.Kind == ir.KindString:
		if a.x != nil {
			e.cut(st, CutSymString)
			return
		}
		e.set(st, in.Dst, value{s: runeString(a.n, from)})
		e.next(st)
		return
	default:
		e.rtError(st, "conversion from "+from.String()+" to "+to.String())
		return
	}
	so, fs := sortOf(to), sortOf(from)
	var r value
	switch {
	case a.x == nil:
		v, _ := apply(op, so, [3]sort{fs}, [3]cval{{n: a.n}})
		r = value{n: v.n}
	case op == xFToS || op == xFToU:
		r = fromTerm(e.floatToInt(a.x, op, so))
	default:
		r = fromTerm(e.x.mk(op, so, a.x))
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// runeString is Go's string(rune(v)) for an integer v of type t.
func runeString(n uint64, t *ir.Type) string {
	v := ir.SignExtend(n, int(t.Bits), t.Signed)
	if !t.Signed && n > utf8.MaxRune {
		return string(utf8.RuneError)
	}
	if v < 0 || v > utf8.MaxRune {
		return string(utf8.RuneError)
	}
	return string(rune(v))
}

// selectOp executes select c, a, b: an ite per scalar leaf, or a fork when
// the two sides hold different references (pointers stay concrete).
func (e *executor) selectOp(st *state, f *frame, in *ir.Instr) {
	c := e.operand(st, f, in.Args[0])
	a := e.operand(st, f, in.Args[1])
	b := e.operand(st, f, in.Args[2])
	t := in.Dst.Typ
	if c.x != nil && refsDiffer(a, b, t) {
		v, ok := e.decide(st, c)
		if !ok {
			return
		}
		c = boolValue(v)
	}
	var r value
	switch {
	case c.x == nil && c.n != 0:
		r = a
	case c.x == nil:
		r = b
	default:
		r = e.ite(c.x, a, b, t)
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// ite merges two values of type t under a condition, leaf by leaf. The
// reference leaves must be equal.
func (e *executor) ite(c *expr, a, b value, t *ir.Type) value {
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		es := make([]value, len(a.elems))
		for i := range es {
			et := t.Elem
			if t.Kind == ir.KindStruct {
				et = t.Fields[i]
			}
			es[i] = e.ite(c, a.elems[i], b.elems[i], et)
		}
		return value{elems: es}
	case ir.KindPtr, ir.KindFunc, ir.KindCo:
		return a
	}
	if a.x == nil && b.x == nil && a.n == b.n && a.s == b.s && intsEqual(a.path, b.path) {
		return a
	}
	so := sortOf(t)
	return fromTerm(e.x.mk(xIte, so, c, e.lift(a, so), e.lift(b, so)))
}

// refsDiffer reports whether a and b differ in a reference leaf.
func refsDiffer(a, b value, t *ir.Type) bool {
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		for i := range a.elems {
			et := t.Elem
			if t.Kind == ir.KindStruct {
				et = t.Fields[i]
			}
			if refsDiffer(a.elems[i], b.elems[i], et) {
				return true
			}
		}
		return false
	case ir.KindPtr:
		return a.n != b.n || a.x != b.x || !intsEqual(a.path, b.path)
	case ir.KindFunc, ir.KindCo:
		return a.n != b.n
	}
	return false
}

// floatToInt converts a symbolic float to an integer of sort so: out of
// range (or NaN) the result is fixed to indefinite (as amd64 gives it), not
// left to Z3, which would make it anything.
func (e *executor) floatToInt(x *expr, op xop, so sort) *expr {
	fs := x.sort
	fc := func(f float64) *expr { return e.x.konst(fs, cval{n: fbits(f)}) }
	w := int(so.W)
	var in *expr
	if op == xFToS {
		lo := e.x.mk(xFLe, boolSort, fc(-math.Ldexp(1, w-1)), x)
		hi := e.x.mk(xFLt, boolSort, x, fc(math.Ldexp(1, w-1)))
		in = e.x.mk(xAnd, boolSort, lo, hi)
	} else {
		lo := e.x.mk(xFLt, boolSort, fc(-1), x)
		hi := e.x.mk(xFLt, boolSort, x, fc(math.Ldexp(1, w)))
		in = e.x.mk(xAnd, boolSort, lo, hi)
	}
	return e.x.mk(xIte, so, in, e.x.mk(op, so, x), e.x.bvConst(so.W, indefinite(so.W)))
}
