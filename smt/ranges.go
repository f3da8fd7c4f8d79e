package smt

import "math/big"

// Deciding a comparison from the ranges the path gives its variables,
// before asking Z3. Sleeps of random length are the common case: the fake
// clock orders timers by deadlines now+d1+d2 and now+d1, each d a draw in
// [0, n), and every such comparison was a 64-bit query of tens of
// milliseconds. Ring operations (+, -, ·, negation) agree with integer
// arithmetic modulo 2^w, so a side whose exact value provably lies in the
// signed range of its width has that value as its bit-vector; two such
// sides compare as integers, and the difference of their linear forms,
// where common terms cancel, often has a range of one sign.

// linForm is Σ coef·atom + k over the integers.
type linForm struct {
	terms map[*expr]*big.Int
	k     *big.Int
}

func newLinForm() *linForm { return &linForm{terms: map[*expr]*big.Int{}, k: new(big.Int)} }

// add adds c·x to l, expanding ring operations.
func (l *linForm) add(x *expr, c *big.Int) {
	switch x.op {
	case xConst:
		l.k.Add(l.k, new(big.Int).Mul(c, big.NewInt(sext(x.c.n, x.sort.W))))
		return
	case xAdd:
		l.add(x.args[0], c)
		l.add(x.args[1], c)
		return
	case xSub:
		l.add(x.args[0], c)
		l.add(x.args[1], new(big.Int).Neg(c))
		return
	case xBNeg:
		l.add(x.args[0], new(big.Int).Neg(c))
		return
	case xMul:
		if k := x.args[1]; k.isConst() {
			l.add(x.args[0], new(big.Int).Mul(c, big.NewInt(sext(k.c.n, k.sort.W))))
			return
		}
		if k := x.args[0]; k.isConst() {
			l.add(x.args[1], new(big.Int).Mul(c, big.NewInt(sext(k.c.n, k.sort.W))))
			return
		}
	}
	if t, ok := l.terms[x]; ok {
		t.Add(t, c)
	} else {
		l.terms[x] = new(big.Int).Set(c)
	}
}

// minus returns l - m.
func (l *linForm) minus(m *linForm) *linForm {
	d := newLinForm()
	d.k.Sub(l.k, m.k)
	for x, c := range l.terms {
		d.terms[x] = new(big.Int).Set(c)
	}
	for x, c := range m.terms {
		if t, ok := d.terms[x]; ok {
			t.Sub(t, c)
		} else {
			d.terms[x] = new(big.Int).Neg(c)
		}
	}
	return d
}

// bounds returns the least and greatest values of l over the atoms'
// ranges.
func (e *executor) bounds(st *state, l *linForm) (lo, hi *big.Int) {
	lo, hi = new(big.Int).Set(l.k), new(big.Int).Set(l.k)
	for x, c := range l.terms {
		if c.Sign() == 0 {
			continue
		}
		alo, ahi := e.atomRange(st, x)
		a, b := new(big.Int).Mul(c, alo), new(big.Int).Mul(c, ahi)
		if c.Sign() < 0 {
			a, b = b, a
		}
		lo.Add(lo, a)
		hi.Add(hi, b)
	}
	return lo, hi
}

// atomRange is the range of x's signed value: its span on the path, else
// what its operations allow, else its width's.
func (e *executor) atomRange(st *state, x *expr) (*big.Int, *big.Int) {
	w := x.sort.W
	if x.op == xVar {
		if sp, ok := st.spans.Get(x.c.n<<1 | 1); ok {
			bias := uint64(1) << (w - 1)
			return big.NewInt(sext(sp.lo^bias, w)), big.NewInt(sext(sp.hi^bias, w))
		}
		if sp, ok := st.spans.Get(x.c.n << 1); ok && sp.hi < 1<<(w-1) {
			return new(big.Int).SetUint64(sp.lo), new(big.Int).SetUint64(sp.hi)
		}
	}
	if x.op == xZExt {
		if a := x.args[0]; a.sort.W < w {
			return new(big.Int), new(big.Int).SetUint64(ones(a.sort.W))
		}
	}
	if x.op == xSExt {
		return e.atomRange(st, x.args[0])
	}
	// c / d for a constant c >= 0 and a divisor above zero: between c/hi
	// and c/lo (a benchmark's 1/b.N-like shares).
	if (x.op == xSDiv || x.op == xUDiv) && x.args[0].isConst() {
		if c := sext(x.args[0].c.n, w); c >= 0 {
			if lo, hi := e.atomRange(st, x.args[1]); lo.Sign() > 0 {
				k := big.NewInt(c)
				return new(big.Int).Quo(k, hi), new(big.Int).Quo(k, lo)
			}
		}
	}
	if u := upper(x, 8); u < 1<<(w-1) {
		// (a value its operations bound below the sign bit: a masked
		// unknown, such as the wall clock's seconds)
		return new(big.Int), new(big.Int).SetUint64(u)
	}
	return signedRange(w)
}

func signedRange(w uint8) (*big.Int, *big.Int) {
	hi := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	lo := new(big.Int).Neg(hi)
	return lo, hi.Sub(hi, big.NewInt(1))
}

// decideByRanges decides c, a signed comparison or an equality of two
// bit-vector terms (or its negation), when the ranges settle it.
func (e *executor) decideByRanges(st *state, c *expr) (val, ok bool) {
	neg := false
	if c.op == xNot {
		c, neg = c.args[0], true
	}
	switch c.op {
	case xSLt, xSLe, xEq:
	default:
		return false, false
	}
	a, b := c.args[0], c.args[1]
	w := a.sort.W
	if a.sort.K != sortBV || w == 0 || w > 64 {
		return false, false
	}
	smin, smax := signedRange(w)
	la, lb := newLinForm(), newLinForm()
	la.add(a, big.NewInt(1))
	lb.add(b, big.NewInt(1))
	for _, l := range []*linForm{la, lb} {
		if lo, hi := e.bounds(st, l); lo.Cmp(smin) < 0 || hi.Cmp(smax) > 0 {
			return false, false // a side may wrap
		}
	}
	lo, hi := e.bounds(st, la.minus(lb)) // a - b, exactly
	switch c.op {
	case xSLt:
		switch {
		case hi.Sign() < 0:
			val, ok = true, true
		case lo.Sign() >= 0:
			val, ok = false, true
		}
	case xSLe:
		switch {
		case hi.Sign() <= 0:
			val, ok = true, true
		case lo.Sign() > 0:
			val, ok = false, true
		}
	case xEq:
		switch {
		case lo.Sign() > 0 || hi.Sign() < 0:
			val, ok = false, true
		case lo.Sign() == 0 && hi.Sign() == 0:
			val, ok = true, true
		}
	}
	return val != neg, ok
}

// settle returns the condition c with the values the path fixes folded in,
// or true or false when that or the ranges decide it.
func (e *executor) settle(st *state, c *expr) *expr {
	c = e.withKnown(st, c)
	if c.isConst() {
		return c
	}
	if v, ok := e.decideByRanges(st, c); ok {
		return e.x.boolConst(v)
	}
	return c
}
