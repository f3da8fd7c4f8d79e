package smt

import "math"

// Deciding float conditions by intervals. What sampling (sample.go) does
// not satisfy is often unsatisfiable: a backoff's test that its jittered
// interval min + r·(max−min+1) lies within ±10% of the expected one, r a
// rand.Float64 in [0, 1). Z3 proves it by bit-blasting the float
// multiplier (half a second to a second, hundreds of megabytes). IEEE
// rounding is monotone, so evaluating the operations on the ends of their
// operands' intervals bounds their values soundly: when the slice's
// conditions bound each float variable to an interval (no NaN) and some
// condition is false everywhere in that box, the slice is unsatisfiable.
// A bit-vector variable ranges over its whole width: a float made of one
// (rand.Rand's Float64 of a source of unknown state: its Int63, the sum of
// two register words masked to 63 bits, over 2^63) is still bounded.

// ival is an interval: of floats (f: neither end NaN), of a bit-vector's
// signed values (i), or a truth value (b: 0 false, 1 true, 2 either).
type ival struct {
	flo, fhi float64
	ilo, ihi int64
	b        uint8
	none     bool // (in boxEval's memo: no bound)
}

// box holds the intervals the conditions bound variables to: floats (f)
// and bit-vectors' signed values (i). A nil box bounds nothing.
type box struct {
	f map[*expr][2]float64
	i map[*expr][2]int64
}

// floatBox reports whether the conditions of slice are unsatisfiable by
// the intervals they bound their variables to.
func floatBox(slice []*pcNode) bool {
	bx := &box{f: map[*expr][2]float64{}, i: map[*expr][2]int64{}}
	for _, m := range slice {
		boxBound(bx, m.cond, true)
	}
	for _, m := range slice {
		memo := map[*expr]ival{}
		if v, ok := boxEval(bx, m.cond, memo); ok && v.b == 0 {
			return true
		}
	}
	return false
}

// boxBound narrows the box by c (held when holds): a float variable
// compared with a constant by <, ≤ (a comparison that holds excludes
// NaN); a bit-vector variable compared with a constant, signed, or
// unsigned with a constant of a clear sign bit (a bounded draw of
// rand.Int64N: 0 ≤ r < n).
func boxBound(bx *box, c *expr, holds bool) {
	switch {
	case c.op == xNot:
		boxBound(bx, c.args[0], !holds)
		return
	case c.op == xAnd && holds:
		boxBound(bx, c.args[0], true)
		boxBound(bx, c.args[1], true)
		return
	case c.op == xSLt || c.op == xSLe || c.op == xULt || c.op == xULe:
		intBound(bx, c, holds)
		return
	case !holds || c.op != xFLt && c.op != xFLe:
		return // (a negated comparison may hold of NaN)
	}
	a, b := c.args[0], c.args[1]
	var v *expr
	var k float64
	upper := true // v < k, v ≤ k
	switch {
	case a.op == xVar && b.isConst():
		v, k = a, f64(b.c)
	case b.op == xVar && a.isConst():
		v, k, upper = b, f64(a.c), false
	default:
		return
	}
	if math.IsNaN(k) {
		return
	}
	r, ok := bx.f[v]
	if !ok {
		r = [2]float64{math.Inf(-1), math.Inf(1)}
	}
	if upper {
		if c.op == xFLt {
			k = math.Nextafter(k, math.Inf(-1))
		}
		r[1] = min(r[1], k)
	} else {
		if c.op == xFLt {
			k = math.Nextafter(k, math.Inf(1))
		}
		r[0] = max(r[0], k)
	}
	bx.f[v] = r
}

// intBound narrows the box by the bit-vector comparison c of a variable
// and a constant (held when holds; its negation is the converse
// comparison, integers having no NaN).
func intBound(bx *box, c *expr, holds bool) {
	a, b := c.args[0], c.args[1]
	var v *expr
	var k int64
	upper := true // v < k, v ≤ k
	switch {
	case a.op == xVar && b.isConst():
		v, k = a, sext(b.c.n, b.sort.W)
	case b.op == xVar && a.isConst():
		v, k, upper = b, sext(a.c.n, a.sort.W), false
	default:
		return
	}
	w := v.sort.W
	if w == 0 || w > 64 {
		return
	}
	strict := c.op == xSLt || c.op == xULt
	unsigned := c.op == xULt || c.op == xULe
	if !holds { // ¬(v < k) is k ≤ v, ¬(v ≤ k) is k < v
		upper, strict = !upper, !strict
	}
	if unsigned && (k < 0 || !upper) {
		// (k ≥ 2^(w-1) unsigned, or a lower bound on an unsigned value,
		// which says nothing of its sign)
		return
	}
	r, ok := bx.i[v]
	if !ok {
		r = [2]int64{-1 << (w - 1), 1<<(w-1) - 1}
	}
	if unsigned { // below a k of a clear sign bit: not negative
		r[0] = max(r[0], 0)
	}
	if upper {
		if strict {
			if k == math.MinInt64 {
				return
			}
			k--
		}
		r[1] = min(r[1], k)
	} else {
		if strict {
			if k == math.MaxInt64 {
				return
			}
			k++
		}
		r[0] = max(r[0], k)
	}
	bx.i[v] = r
}

// pointValue is the value of a comparison of floats, or of a float's
// conversion to an integer, that its operands' intervals decide whatever
// the variables' values: a bit-vector variable ranges over its width, so
// a draw of rand.Rand's Float64 is in [0, 1] and d·(2·r−1)·0, a backoff's
// jitter of factor 0, converts to the Duration 0 without a query.
func pointValue(x *expr) (cval, bool) {
	switch x.op {
	case xFLt, xFLe, xFEq, xFToS, xFToU:
	default:
		return cval{}, false
	}
	v, ok := boxEval(nil, x, map[*expr]ival{})
	switch {
	case !ok:
	case x.sort.K == sortBool && v.b != 2:
		return cval{n: uint64(v.b)}, true
	case x.sort.K == sortBV && v.ilo == v.ihi:
		return cval{n: trunc(uint64(v.ilo), x.sort.W)}, true
	}
	return cval{}, false
}

// maxBoxNodes bounds the nodes boxEval looks at.
const maxBoxNodes = 1024

// boxEval bounds x's values over the box; ok is false where it cannot (a
// variable out of the box, an operation it does not take, NaN or an
// overflow possible).
func boxEval(bx *box, x *expr, memo map[*expr]ival) (v ival, ok bool) {
	if v, ok := memo[x]; ok {
		return v, !v.none
	}
	if len(memo) > maxBoxNodes {
		return ival{}, false
	}
	defer func() {
		if !ok {
			v = ival{none: true}
		}
		memo[x] = v
	}()
	arg := func(i int) (ival, bool) { return boxEval(bx, x.args[i], memo) }
	w := x.sort.W
	switch x.op {
	case xConst:
		switch x.sort.K {
		case sortBool:
			return ival{b: uint8(x.c.n & 1)}, true
		case sortBV:
			n := sext(x.c.n, w)
			return ival{ilo: n, ihi: n}, true
		case sortFP:
			f := f64(x.c)
			return ival{flo: f, fhi: f}, !math.IsNaN(f)
		}
		return ival{}, false
	case xVar:
		switch x.sort.K {
		case sortBV: // any value of its width, unless the box bounds it
			if w == 0 || w > 64 {
				return ival{}, false
			}
			if bx != nil {
				if r, ok := bx.i[x]; ok {
					return ival{ilo: r[0], ihi: r[1]}, r[0] <= r[1]
				}
			}
			return ival{ilo: -1 << (w - 1), ihi: 1<<(w-1) - 1}, true
		case sortBool:
			return ival{b: 2}, true
		}
		if bx == nil {
			return ival{}, false
		}
		r, ok := bx.f[x]
		return ival{flo: r[0], fhi: r[1]}, ok
	case xBAnd: // with a mask of a clear sign bit, whatever the other side
		for i := range 2 {
			if m := x.args[i]; m.isConst() {
				if k := sext(m.c.n, w); k >= 0 {
					return ival{ilo: 0, ihi: k}, true
				}
			}
		}
		return ival{}, false
	case xZExt, xSExt, xTrunc:
		a, ok := arg(0)
		if !ok || x.op == xZExt && a.ilo < 0 || x.op == xTrunc && (!fitsSigned(a.ilo, w) || !fitsSigned(a.ihi, w)) {
			return ival{}, false
		}
		return ival{ilo: a.ilo, ihi: a.ihi}, true
	case xFFromS, xFFromU: // rounding is monotone
		a, ok := arg(0)
		if !ok || x.op == xFFromU && a.ilo < 0 {
			return ival{}, false
		}
		return ival{flo: intToFloat(a.ilo, 0, true, w), fhi: intToFloat(a.ihi, 0, true, w)}, true
	case xNot:
		a, ok := arg(0)
		if a.b == 2 {
			return a, ok
		}
		return ival{b: 1 - a.b}, ok
	case xAnd, xOr:
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		short := uint8(0) // what decides an and alone
		if x.op == xOr {
			short = 1
		}
		switch {
		case ok1 && a.b == short || ok2 && b.b == short:
			return ival{b: short}, true
		case ok1 && ok2 && a.b == 1-short && b.b == 1-short:
			return ival{b: 1 - short}, true
		}
		return ival{b: 2}, ok1 && ok2
	case xIte:
		c, ok := arg(0)
		if !ok {
			return ival{}, false
		}
		if c.b != 2 {
			return arg(int(2 - c.b))
		}
		a, ok1 := arg(1)
		b, ok2 := arg(2)
		return ival{flo: min(a.flo, b.flo), fhi: max(a.fhi, b.fhi), ilo: min(a.ilo, b.ilo), ihi: max(a.ihi, b.ihi), b: joinB(a.b, b.b)}, ok1 && ok2
	case xFAdd, xFSub, xFMul, xFDiv:
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		if !ok1 || !ok2 {
			return ival{}, false
		}
		if x.op == xFSub {
			b = ival{flo: -b.fhi, fhi: -b.flo}
		}
		if x.op == xFDiv && b.flo <= 0 && b.fhi >= 0 {
			return ival{}, false
		}
		op := x.op
		if op == xFSub {
			op = xFAdd
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, p := range [][2]float64{{a.flo, b.flo}, {a.flo, b.fhi}, {a.fhi, b.flo}, {a.fhi, b.fhi}} {
			r := floatArith(op, p[0], p[1], w)
			if math.IsNaN(r) {
				return ival{}, false
			}
			lo, hi = min(lo, r), max(hi, r)
		}
		return ival{flo: lo, fhi: hi}, true
	case xFNeg:
		a, ok := arg(0)
		return ival{flo: -a.fhi, fhi: -a.flo}, ok
	case xFEq:
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		if !ok1 || !ok2 {
			return ival{}, false
		}
		if a.fhi < b.flo || a.flo > b.fhi {
			return ival{b: 0}, true
		}
		return ival{b: 2}, true
	case xFLt, xFLe:
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		if !ok1 || !ok2 {
			return ival{}, false
		}
		lt := x.op == xFLt
		switch {
		case a.fhi < b.flo || !lt && a.fhi <= b.flo:
			return ival{b: 1}, true
		case a.flo > b.fhi || lt && a.flo >= b.fhi:
			return ival{b: 0}, true
		}
		return ival{b: 2}, true
	case xFToS:
		a, ok := arg(0)
		if !ok || !floatInRange(a.flo, w, true) || !floatInRange(a.fhi, w, true) {
			return ival{}, false
		}
		return ival{ilo: int64(math.Trunc(a.flo)), ihi: int64(math.Trunc(a.fhi))}, true
	case xAdd, xSub:
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		if !ok1 || !ok2 {
			return ival{}, false
		}
		if x.op == xSub {
			if b.ilo == math.MinInt64 {
				return ival{}, false
			}
			b = ival{ilo: -b.ihi, ihi: -b.ilo}
		}
		lo, hi := new(bigSum).add(a.ilo, b.ilo), new(bigSum).add(a.ihi, b.ihi)
		if !lo.ok || !hi.ok || !fitsSigned(lo.n, w) || !fitsSigned(hi.n, w) {
			return ival{}, false // it may wrap
		}
		return ival{ilo: lo.n, ihi: hi.n}, true
	case xSLt, xSLe, xEq:
		if x.args[0].sort.K != sortBV {
			return ival{}, false
		}
		a, ok1 := arg(0)
		b, ok2 := arg(1)
		if !ok1 || !ok2 {
			return ival{}, false
		}
		switch x.op {
		case xEq:
			if a.ihi < b.ilo || a.ilo > b.ihi {
				return ival{b: 0}, true
			}
			if a.ilo == a.ihi && b.ilo == b.ihi && a.ilo == b.ilo {
				return ival{b: 1}, true
			}
		case xSLt:
			if a.ihi < b.ilo {
				return ival{b: 1}, true
			}
			if a.ilo >= b.ihi {
				return ival{b: 0}, true
			}
		default:
			if a.ihi <= b.ilo {
				return ival{b: 1}, true
			}
			if a.ilo > b.ihi {
				return ival{b: 0}, true
			}
		}
		return ival{b: 2}, true
	}
	return ival{}, false
}

func joinB(a, b uint8) uint8 {
	if a == b {
		return a
	}
	return 2
}

// bigSum is an int64 sum that says whether it overflowed.
type bigSum struct {
	n  int64
	ok bool
}

func (s *bigSum) add(a, b int64) bigSum {
	r := a + b
	return bigSum{r, (r > a) == (b > 0) || b == 0}
}

// fitsSigned reports whether n lies in the signed range of width w.
func fitsSigned(n int64, w uint8) bool {
	if w >= 64 {
		return true
	}
	return n >= -(1<<(w-1)) && n < 1<<(w-1)
}
