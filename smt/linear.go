package smt

import (
	"math/big"

	"github.com/gokiss/kiss/smt/z3"
)

// Deciding linear conditions on bit-vectors in integer arithmetic. Sleeps
// of random length make the fake clock compare deadlines such as
// now+d1+…+d9 against now+e1+e2, each d a draw in [0, n): ranges alone
// (ranges.go) do not settle them once the path relates the draws, and Z3
// bit-blasts every 64-bit adder of such a query (x/sync's TestWeighted
// spent 60 ms a query, its whole budget). Z3's simplex decides the same
// slice in integers at once.
//
// The translation is exact, not a relaxation: a bit-vector term of width w
// becomes an integer congruent to it modulo 2^w (ring operations are
// integer ones), a variable its signed value, and where the value itself
// matters (a comparison, an extension, a division) the term's
// representative in the signed or unsigned range is pinned with a fresh
// integer k: t − k·2^w within the range. Division, remainder, shifts and
// masks by constants become a quotient and a remainder with their bounds.
// Anything else (a product of two unknowns, a bitwise operation, floats,
// strings) leaves the slice to the bit-vector query.

// linear reports whether x translates (memoised).
func (s *solver) linear(x *expr) bool {
	if ok, found := s.lins[x]; found {
		return ok
	}
	ok := x.sort.K == sortBool || x.sort.K == sortBV
	nargs := int(x.narg)
	switch x.op {
	case xConst, xVar, xNot, xAnd, xOr, xXor, xIte, xBNeg, xBNot, xTrunc, xSExt, xZExt,
		xULt, xULe, xSLt, xSLe, xAdd, xSub:
	case xEq:
		ok = ok && (x.args[0].sort.K == sortBool || x.args[0].sort.K == sortBV)
	case xMul:
		ok = ok && (x.args[0].isConst() || x.args[1].isConst())
	case xUDiv, xURem, xSDiv, xSRem, xAShr:
		ok, nargs = ok && linConstOperand(x) != nil, 1
	case xShl, xLShr:
		if linConstOperand(x) != nil {
			nargs = 1
		}
	case xBAnd:
		ok = ok && linBitsOf(x) != nil
	case xBOr: // of any operands that translate, under a guard (bitwise)
	case xBXor:
		ok = ok && linBitsOf(x) != nil
	default:
		ok = false
	}
	for i := 0; ok && i < nargs; i++ {
		ok = s.linear(x.args[i])
	}
	if s.lins == nil {
		s.lins = make(map[*expr]bool)
	}
	s.lins[x] = ok
	return ok
}

// linConstOperand returns the divisor or shift of x, a division,
// remainder or shift, if it is a constant the translation takes: a
// divisor above zero (as the operation reads it), a shift below the width.
func linConstOperand(x *expr) *big.Int {
	d := x.args[1]
	if !d.isConst() {
		return nil
	}
	w := x.sort.W
	switch x.op {
	case xUDiv, xURem:
		if d.c.n == 0 {
			return nil
		}
		return new(big.Int).SetUint64(d.c.n)
	case xSDiv, xSRem:
		if v := sext(d.c.n, d.sort.W); v > 0 {
			return big.NewInt(v)
		}
		return nil
	}
	if d.c.n >= uint64(w) {
		return nil
	}
	return new(big.Int).Lsh(big.NewInt(1), uint(d.c.n))
}

// linShiftRange returns the values of x's unknown shift amount that
// matter: lo … hi, where hi = width stands for every amount from the
// width on (all shift every bit out). Its operations may bound the amount
// (cron's 1 << (day % 7)); at most it is 0 … width.
func linShiftRange(x *expr) (lo, hi uint64) {
	w := uint64(x.sort.W)
	q := linQuery{spans: map[*expr]linSpan{}, vars: map[*expr]linSpan{}}
	sp := q.span(x.args[1])
	if !q.fits(sp, x.args[1].sort.W, false) {
		return 0, w
	}
	lo, hi = sp.lo.Uint64(), w
	if sp.hi.IsUint64() && sp.hi.Uint64() < w {
		hi = sp.hi.Uint64()
	}
	return min(lo, w), hi
}

// shift translates x, a shift by an unknown amount s: the term of the
// value s has, one of at most width+1.
func (q *linQuery) shift(x *expr) z3.Term {
	lo, hi := linShiftRange(x)
	z := q.s.z
	s := q.repr(x.args[1], false)
	var t z3.Term
	for i := hi; ; i-- {
		var v z3.Term
		switch {
		case i >= uint64(x.sort.W):
			v = z.IntVal(0)
		case x.op == xShl:
			v = q.term(x.args[0]).IntMul(q.intVal(pow2(uint8(i))))
		default:
			v, _ = q.divide(q.repr(x.args[0], false), pow2(uint8(i)), false)
		}
		if t.IsValid() {
			v = s.Eq(q.intVal(new(big.Int).SetUint64(i))).Ite(v, t)
		}
		t = v
		if i == lo {
			return t
		}
	}
}

// maxLinRuns bounds the runs of ones a constant mask may have for the
// translation to take it: each run is a quotient and a remainder.
const maxLinRuns = 4

// linRun is a run of ones of a mask: bits lo … lo+n−1.
type linRun struct{ lo, n uint8 }

// linRuns returns the runs of ones of m (of width w), nil if there are
// more than maxLinRuns.
func linRuns(m uint64, w uint8) []linRun {
	var runs []linRun
	for i := uint8(0); i < w; {
		if m>>i&1 == 0 {
			i++
			continue
		}
		j := i
		for j < w && m>>j&1 == 1 {
			j++
		}
		if len(runs) == maxLinRuns {
			return nil
		}
		runs = append(runs, linRun{i, j - i})
		i = j
	}
	return runs
}

// linBitsOf returns the constant operand of x, a bitwise operation, if
// the translation takes it: the runs of the bits the operation takes from
// the other operand (m for and and xor, ^m for or) are few.
func linBitsOf(x *expr) *cval {
	for _, m := range x.args[:2] {
		if !m.isConst() {
			continue
		}
		bits := m.c.n & ones(x.sort.W)
		if x.op == xBOr {
			bits = ^bits & ones(x.sort.W)
		}
		if bits != 0 && linRuns(bits, x.sort.W) != nil {
			return &m.c
		}
		return nil
	}
	return nil
}

// linMasked returns the constant mask of x if x is an and with one the
// translation takes.
func linMasked(x *expr) *cval {
	if x.op != xBAnd {
		return nil
	}
	return linBitsOf(x)
}

// decideLinear decides n, whose parent is satisfiable, when its condition
// and its slice of the path translate to integer arithmetic; ok is false
// otherwise or when Z3 gives no answer. A satisfiable n gets the model of
// its slice as its hint.
func (s *solver) decideLinear(n *pcNode) (r status, ok bool) {
	r, n.hint, ok = s.checkLinear(n, false)
	return r, ok
}

// linearModel is decideLinear with a model of n's path when it is
// satisfiable; it asks about the whole path.
func (s *solver) linearModel(n *pcNode) (status, *model, bool) {
	return s.checkLinear(n, true)
}

func (s *solver) checkLinear(n *pcNode, wantModel bool) (r status, m *model, ok bool) {
	if !s.linear(n.cond) {
		return unknown, nil, false
	}
	if n.depth > maxSlicePath || s.e.budgetExceeded() || !s.open() {
		return unknown, nil, false
	}
	var slice []*pcNode
	if wantModel {
		// the whole path, for the model to give every variable its value
		for m := n; m.depth > 0; m = m.parent {
			if !s.linear(m.cond) {
				return unknown, nil, false
			}
			slice = append(slice, m)
		}
	} else if slice, ok = s.pathSlice(n, s.linear); !ok {
		return unknown, nil, false
	}
	conds := make([]*expr, len(slice))
	for i, m := range slice {
		conds[i] = m.cond
	}
	// (a model of the slice alone, when deciding, is n's hint)
	return s.checkConds(conds, true)
}

// linearAlone decides c alone (decideAlone) in integers, if it translates.
func (s *solver) linearAlone(c *expr) (status, bool) {
	if !s.linear(c) || s.e.budgetExceeded() || !s.open() {
		return unknown, false
	}
	r, _, ok := s.checkConds([]*expr{c}, false)
	return r, ok
}

// checkConds decides the conjunction of conds, which translate, in
// integers; with wantModel, with a model of it when it is satisfiable.
//
// An or translated under a guard (bitwise) makes the query an
// over-approximation: unsat is exact, sat only when the model satisfies
// the guards. Otherwise the query is asked again with the guards asserted,
// where sat is exact; unsat there leaves the answer to the bit-vectors.
func (s *solver) checkConds(conds []*expr, wantModel bool) (r status, m *model, ok bool) {
	guarded := false
	for {
		q := linQuery{s: s, terms: map[linKey]z3.Term{}, spans: map[*expr]linSpan{}, vars: map[*expr]linSpan{}, divs: map[linDiv][2]z3.Term{}}
		exact := true
		onSat := func(z *z3.Solver) {
			exact = q.guardsHold(z)
			if exact && wantModel {
				m = q.model(z)
			}
		}
		r, ok = s.checkAside(&s.lia, func(z *z3.Solver) bool {
			q.z = z
			for _, c := range conds {
				q.narrow(c, true)
			}
			for _, c := range conds {
				t := q.term(c)
				if !t.IsValid() {
					return false
				}
				z.Assert(t)
			}
			if guarded {
				for _, g := range q.guards {
					z.Assert(g)
				}
			}
			return s.z.Err() == nil
		}, onSat)
		switch {
		case !ok:
			return unknown, nil, false
		case guarded && (r == unsat || !exact):
			return unknown, nil, false
		case r == sat && !exact:
			guarded = true
			continue
		case r == sat && wantModel && m == nil:
			return unknown, nil, false
		}
		return r, m, true
	}
}

// guardsHold reports whether z's model satisfies every guard of q.
func (q *linQuery) guardsHold(z *z3.Solver) bool {
	if len(q.guards) == 0 {
		return true
	}
	zm, err := z.Model()
	if err != nil {
		q.s.z.ClearErr()
		return false
	}
	for _, g := range q.guards {
		if t, ok := zm.Eval(g, true); !ok || !t.IsTrue() {
			q.s.z.ClearErr()
			return false
		}
	}
	return true
}

// model reads the values of the query's variables (as bit-vectors: their
// integers modulo 2^width) from z's model.
func (q *linQuery) model(z *z3.Solver) *model {
	zm, err := z.Model()
	if err != nil {
		q.s.z.ClearErr()
		return nil
	}
	m := &model{vals: make(map[*expr]cval, len(q.seen))}
	for _, v := range q.seen {
		t, ok := zm.Eval(q.term(v), true)
		if !ok {
			q.s.z.ClearErr()
			return nil
		}
		if v.sort.K == sortBool {
			m.vals[v] = cval{}
			if t.IsTrue() {
				m.vals[v] = cval{n: 1}
			}
			continue
		}
		i, ok := t.AsBigInt()
		if !ok {
			q.s.z.ClearErr()
			return nil
		}
		m.vals[v] = cval{n: i.And(i, new(big.Int).SetUint64(ones(v.sort.W))).Uint64()}
	}
	return m
}

// linQuery translates one query's conditions.
type linQuery struct {
	s     *solver
	z     *z3.Solver
	terms map[linKey]z3.Term
	seen  []*expr           // the variables translated
	vars  map[*expr]linSpan // what the query's conditions bound variables to
	spans map[*expr]linSpan
	divs  map[linDiv][2]z3.Term // a term's quotient and remainder, made once
	// guards are the conditions under which an or is translated exactly
	// (bitwise): a model must satisfy them.
	guards []z3.Term
}

// linDiv is a division of a term (by Z3's id) by a constant.
type linDiv struct {
	v         uint32
	d         string
	truncated bool
}

// linSpan is an interval of integers.
type linSpan struct{ lo, hi *big.Int }

// narrow records the bound c (held when holds, else its negation) puts on a
// variable compared with a constant. Where the query's variables are
// bounded, a term's value is often provably its representative, and no k
// is needed: Z3's integer search, branching on a k of coefficient 2^64,
// took tens of milliseconds on ten conditions.
func (q *linQuery) narrow(c *expr, holds bool) {
	if c.op == xNot {
		q.narrow(c.args[0], !holds)
		return
	}
	if c.op == xAnd && holds {
		q.narrow(c.args[0], true)
		q.narrow(c.args[1], true)
		return
	}
	if c.op != xSLt && c.op != xSLe && (c.op != xEq || !holds) {
		return
	}
	a, b := c.args[0], c.args[1]
	if a.sort.K != sortBV {
		return
	}
	flip := false
	if a.op != xVar {
		a, b, flip = b, a, true
	}
	if a.op != xVar || !b.isConst() {
		return
	}
	k := big.NewInt(sext(b.c.n, b.sort.W))
	sp, ok := q.vars[a]
	if !ok {
		lo, hi := signedRange(a.sort.W)
		sp = linSpan{lo, hi}
	}
	one := big.NewInt(1)
	// a < k, a ≤ k, k < a, k ≤ a, or their negations
	upper := !flip
	strict := c.op == xSLt
	if !holds {
		upper, strict = !upper, !strict
	}
	switch {
	case c.op == xEq:
		sp = linSpan{maxBig(sp.lo, k), minBig(sp.hi, k)}
	case upper && strict:
		sp.hi = minBig(sp.hi, new(big.Int).Sub(k, one))
	case upper:
		sp.hi = minBig(sp.hi, k)
	case strict:
		sp.lo = maxBig(sp.lo, new(big.Int).Add(k, one))
	default:
		sp.lo = maxBig(sp.lo, k)
	}
	q.vars[a] = sp
}

func minBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func maxBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// span bounds the integer term(x) takes (x a bit-vector), by interval
// arithmetic over the variables' bounds; nil ends when it is unbounded.
func (q *linQuery) span(x *expr) linSpan {
	if sp, ok := q.spans[x]; ok {
		return sp
	}
	var sp linSpan // unbounded
	arg := func(i int) linSpan { return q.span(x.args[i]) }
	w := x.sort.W
	switch x.op {
	case xConst:
		k := big.NewInt(sext(x.c.n, w))
		sp = linSpan{k, k}
	case xVar:
		sp = q.vars[x]
		if sp.lo == nil {
			sp.lo, sp.hi = signedRange(w)
		}
	case xAdd, xSub:
		a, b := arg(0), arg(1)
		if a.lo != nil && b.lo != nil {
			if x.op == xSub {
				b = linSpan{new(big.Int).Neg(b.hi), new(big.Int).Neg(b.lo)}
			}
			sp = linSpan{new(big.Int).Add(a.lo, b.lo), new(big.Int).Add(a.hi, b.hi)}
		}
	case xBNeg, xBNot:
		if a := arg(0); a.lo != nil {
			sp = linSpan{new(big.Int).Neg(a.hi), new(big.Int).Neg(a.lo)}
			if x.op == xBNot {
				sp.lo.Sub(sp.lo, big.NewInt(1))
				sp.hi.Sub(sp.hi, big.NewInt(1))
			}
		}
	case xShl, xLShr:
		if d := linConstOperand(x); d != nil && x.op == xShl {
			sp = q.spanTimes(x.args[0], d)
			break
		}
		a := q.span(x.args[0])
		if x.op == xLShr {
			a = linSpan{new(big.Int), new(big.Int).Sub(pow2(w), big.NewInt(1))}
			if as := q.span(x.args[0]); as.lo != nil && q.fits(as, w, false) {
				a = as
			}
			if d := linConstOperand(x); d != nil {
				sp = linSpan{new(big.Int).Quo(a.lo, d), new(big.Int).Quo(a.hi, d)}
				break
			}
		}
		lo, hi := linShiftRange(x)
		if a.lo == nil {
			break
		}
		for i := lo; i <= hi; i++ {
			l, h := new(big.Int), new(big.Int)
			switch {
			case i >= uint64(w):
			case x.op == xShl:
				l.Mul(a.lo, pow2(uint8(i)))
				h.Mul(a.hi, pow2(uint8(i)))
			default:
				l.Div(a.lo, pow2(uint8(i)))
				h.Div(a.hi, pow2(uint8(i)))
			}
			if sp.lo == nil {
				sp = linSpan{l, h}
			}
			sp = linSpan{minBig(sp.lo, l), maxBig(sp.hi, h)}
		}
	case xMul:
		a, k := x.args[0], x.args[1]
		if a.isConst() {
			a, k = k, a
		}
		sp = q.spanTimes(a, big.NewInt(sext(k.c.n, k.sort.W)))
	case xTrunc:
		sp = arg(0)
	case xIte:
		if a, b := arg(1), arg(2); a.lo != nil && b.lo != nil {
			sp = linSpan{minBig(a.lo, b.lo), maxBig(a.hi, b.hi)}
		}
	case xSExt, xSDiv, xAShr: // of a's signed value
		a := x.args[0]
		sp.lo, sp.hi = signedRange(a.sort.W)
		if as := q.span(a); as.lo != nil && q.fits(as, a.sort.W, true) {
			sp = as
		}
		if x.op != xSExt {
			d := linConstOperand(x)
			sp = linSpan{new(big.Int).Div(sp.lo, d), new(big.Int).Div(sp.hi, d)} // (Euclidean: floored)
			if x.op == xSDiv && sp.hi.Sign() < 0 {
				sp.hi.Add(sp.hi, big.NewInt(1)) // truncated, a step nearer zero at most
			}
		}
	case xZExt, xUDiv: // of a's unsigned value
		a := x.args[0]
		sp = linSpan{new(big.Int), new(big.Int).Sub(pow2(a.sort.W), big.NewInt(1))}
		if as := q.span(a); as.lo != nil && q.fits(as, a.sort.W, false) {
			sp = as
		}
		if x.op != xZExt {
			d := linConstOperand(x)
			sp = linSpan{new(big.Int).Quo(sp.lo, d), new(big.Int).Quo(sp.hi, d)}
		}
	case xURem:
		sp = linSpan{new(big.Int), new(big.Int).Sub(linConstOperand(x), big.NewInt(1))}
	case xBAnd:
		if m := linBitsOf(x); m != nil {
			sp = linSpan{new(big.Int), new(big.Int).SetUint64(m.n & ones(w))}
		}
	case xBOr, xBXor: // of the operands' unsigned values
		sp = linSpan{new(big.Int), new(big.Int).Sub(pow2(w), big.NewInt(1))}
		if a, b := arg(0), arg(1); q.fits(a, w, false) && q.fits(b, w, false) {
			sp.hi = minBig(sp.hi, new(big.Int).Add(a.hi, b.hi)) // a | b, a ^ b ≤ a + b
		}
	case xSRem:
		d := linConstOperand(x)
		sp = linSpan{new(big.Int).Sub(big.NewInt(1), d), new(big.Int).Sub(d, big.NewInt(1))}
	}
	q.spans[x] = sp
	return sp
}

// spanTimes bounds term(a)·c.
func (q *linQuery) spanTimes(a *expr, c *big.Int) linSpan {
	as := q.span(a)
	if as.lo == nil {
		return linSpan{}
	}
	l, h := new(big.Int).Mul(as.lo, c), new(big.Int).Mul(as.hi, c)
	return linSpan{minBig(l, h), maxBig(l, h)}
}

// fits reports whether sp lies in the signed or unsigned range of width w.
func (q *linQuery) fits(sp linSpan, w uint8, signed bool) bool {
	if sp.lo == nil {
		return false
	}
	lo, hi := new(big.Int), new(big.Int).Sub(pow2(w), big.NewInt(1))
	if signed {
		lo, hi = signedRange(w)
	}
	return sp.lo.Cmp(lo) >= 0 && sp.hi.Cmp(hi) <= 0
}

// linKey is a term as translated: as it comes (0), or its signed (1) or
// unsigned (2) representative.
type linKey struct {
	x    *expr
	repr uint8
}

func (q *linQuery) intVal(v *big.Int) z3.Term { return q.s.z.IntFromBig(v) }

func pow2(w uint8) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(w)) }

// term is x in integers: a Bool for a condition, else an integer congruent
// to x modulo 2^width.
func (q *linQuery) term(x *expr) z3.Term {
	k := linKey{x, 0}
	if t, ok := q.terms[k]; ok {
		return t
	}
	z := q.s.z
	var t z3.Term
	a := func(i int) z3.Term { return q.term(x.args[i]) }
	if (x.op == xShl || x.op == xLShr) && linConstOperand(x) == nil {
		t = q.shift(x)
		q.terms[k] = t
		return t
	}
	switch x.op {
	case xConst:
		if x.sort.K == sortBool {
			t = z.BoolVal(x.c.n != 0)
		} else {
			t = z.IntVal(sext(x.c.n, x.sort.W))
		}
	case xVar:
		q.seen = append(q.seen, x)
		if x.sort.K == sortBool {
			t = z.Const("#lin "+x.name, z.BoolSort())
		} else {
			t = z.Const("#lin "+x.name, z.IntSort())
			lo, hi := signedRange(x.sort.W)
			q.z.Assert(q.intVal(lo).IntLE(t))
			q.z.Assert(t.IntLE(q.intVal(hi)))
		}
	case xNot:
		t = a(0).Not()
	case xAnd:
		t = z.And(a(0), a(1))
	case xOr:
		t = z.Or(a(0), a(1))
	case xXor:
		t = a(0).Xor(a(1))
	case xIte:
		t = a(0).Ite(a(1), a(2))
	case xEq:
		if x.args[0].sort.K == sortBool {
			t = a(0).Iff(a(1))
		} else {
			t = q.repr(x.args[0], true).Eq(q.repr(x.args[1], true))
		}
	case xSLt:
		t = q.repr(x.args[0], true).IntLT(q.repr(x.args[1], true))
	case xSLe:
		t = q.repr(x.args[0], true).IntLE(q.repr(x.args[1], true))
	case xULt:
		t = q.repr(x.args[0], false).IntLT(q.repr(x.args[1], false))
	case xULe:
		t = q.repr(x.args[0], false).IntLE(q.repr(x.args[1], false))
	case xAdd:
		t = a(0).IntAdd(a(1))
	case xSub:
		t = a(0).IntSub(a(1))
	case xBNeg:
		t = z.IntVal(0).IntSub(a(0))
	case xBNot: // ^a = −a − 1
		t = z.IntVal(-1).IntSub(a(0))
	case xMul:
		t = a(0).IntMul(a(1))
	case xTrunc: // a mod 2^wide is a mod 2^narrow too
		t = a(0)
	case xSExt:
		t = q.repr(x.args[0], true)
	case xZExt:
		t = q.repr(x.args[0], false)
	case xUDiv, xURem, xLShr:
		quo, rem := q.divide(q.repr(x.args[0], false), linConstOperand(x), false)
		t = quo
		if x.op == xURem {
			t = rem
		}
	case xSDiv, xSRem:
		quo, rem := q.divide(q.repr(x.args[0], true), linConstOperand(x), true)
		t = quo
		if x.op == xSRem {
			t = rem
		}
	case xAShr: // floor division by 2^k
		quo, _ := q.divide(q.repr(x.args[0], true), linConstOperand(x), false)
		t = quo
	case xShl:
		t = a(0).IntMul(q.intVal(linConstOperand(x)))
	case xBAnd, xBOr, xBXor:
		t = q.bitwise(x)
	}
	q.terms[k] = t
	return t
}

// bitwise translates x, a bitwise operation the translation takes. With a
// constant m, v & m is the sum of v's bits in m's runs, each run a
// quotient and a remainder by powers of two; v | m is v & ^m plus m; v ^ m
// is v + m − 2·(v & m). An or of two unknowns a | b is b where a is zero,
// a where b is, a + b where a is masked by m and b has no bit in m, and an
// unknown in [0, 2^w) otherwise: the guard, kept in q.guards, says the
// value is exact (see checkConds). Such ors are how Go packs fields into a
// word (time.Time's wall: the seconds, and the nanoseconds' bits shifted
// out, zero when they are in range).
func (q *linQuery) bitwise(x *expr) z3.Term {
	w := x.sort.W
	if m := linBitsOf(x); m != nil {
		v := x.args[0]
		if v.isConst() {
			v = x.args[1]
		}
		vu := q.repr(v, false)
		mv := new(big.Int).SetUint64(m.n & ones(w))
		switch x.op {
		case xBAnd:
			return q.maskOf(vu, m.n, w)
		case xBOr:
			return q.maskOf(vu, ^m.n&ones(w), w).IntAdd(q.intVal(mv))
		}
		return vu.IntAdd(q.intVal(mv)).IntSub(q.maskOf(vu, m.n, w).IntMul(q.s.z.IntVal(2)))
	}
	a, b := x.args[0], x.args[1]
	if linMasked(a) == nil {
		a, b = b, a
	}
	ma := linMasked(a)
	if mb := linMasked(b); ma != nil && mb != nil && mb.n&ma.n&ones(w) == 0 {
		return q.term(a).IntAdd(q.term(b)) // disjoint bits
	}
	z := q.s.z
	au, bu := q.repr(a, false), q.repr(b, false)
	zero := z.IntVal(0)
	t := z.FreshConst("or", z.IntSort())
	q.z.Assert(zero.IntLE(t))
	q.z.Assert(t.IntLE(q.intVal(q.span(x).hi))) // (as the value, so an over-approximation)
	aZero, bZero := au.Eq(zero), bu.Eq(zero)
	t = bZero.Ite(au, aZero.Ite(bu, t))
	exact := z.Or(aZero, bZero)
	if ma != nil {
		disjoint := q.maskOf(bu, ma.n&ones(w), w).Eq(zero)
		t = disjoint.Ite(au.IntAdd(bu), t)
		exact = z.Or(exact, disjoint)
	}
	q.guards = append(q.guards, exact)
	return t
}

// maskOf is vu & m, vu an unsigned value of width w, m of few runs.
func (q *linQuery) maskOf(vu z3.Term, m uint64, w uint8) z3.Term {
	var sum z3.Term
	for _, r := range linRuns(m, w) {
		piece := vu
		if r.lo > 0 {
			piece, _ = q.divide(piece, pow2(r.lo), false)
		}
		if r.lo+r.n < w {
			_, piece = q.divide(piece, pow2(r.n), false)
		}
		if r.lo > 0 {
			piece = piece.IntMul(q.intVal(pow2(r.lo)))
		}
		if sum.IsValid() {
			piece = sum.IntAdd(piece)
		}
		sum = piece
	}
	return sum
}

// repr is x's signed or unsigned value: term(x) − k·2^w in the range.
func (q *linQuery) repr(x *expr, signed bool) z3.Term {
	if x.op == xConst {
		if signed {
			return q.s.z.IntVal(sext(x.c.n, x.sort.W))
		}
		return q.intVal(new(big.Int).SetUint64(x.c.n))
	}
	if x.op == xVar && signed || q.fits(q.span(x), x.sort.W, signed) {
		return q.term(x)
	}
	var r uint8 = 2
	if signed {
		r = 1
	}
	key := linKey{x, r}
	if t, ok := q.terms[key]; ok {
		return t
	}
	z := q.s.z
	lo, hi := new(big.Int), new(big.Int).Sub(pow2(x.sort.W), big.NewInt(1))
	if signed {
		lo, hi = signedRange(x.sort.W)
	}
	// Where term(x) is bounded, so is k: a value that wraps once (time's
	// seconds since year 1 times 10^9) has k one of two integers, and Z3
	// no longer searches for it among all of them.
	var k z3.Term
	if sp := q.span(x); sp.lo != nil {
		m := pow2(x.sort.W)
		klo := new(big.Int).Sub(sp.lo, hi)
		klo.Add(klo, new(big.Int).Sub(m, big.NewInt(1))).Div(klo, m) // ⌈(lo−H)/2^w⌉
		khi := new(big.Int).Sub(sp.hi, lo)
		khi.Div(khi, m) // ⌊(hi−L)/2^w⌋
		if klo.Cmp(khi) == 0 {
			k = q.intVal(klo)
		} else {
			k = z.FreshConst("k", z.IntSort())
			q.z.Assert(q.intVal(klo).IntLE(k))
			q.z.Assert(k.IntLE(q.intVal(khi)))
		}
	} else {
		k = z.FreshConst("k", z.IntSort())
	}
	t := q.term(x).IntSub(k.IntMul(q.intVal(pow2(x.sort.W))))
	q.z.Assert(q.intVal(lo).IntLE(t))
	q.z.Assert(t.IntLE(q.intVal(hi)))
	q.terms[key] = t
	return t
}

// divide returns the quotient and remainder of v by d > 0: v = quo·d + rem,
// with 0 ≤ rem < d (floor division) or, truncating as Go's signed
// division, rem of v's sign.
func (q *linQuery) divide(v z3.Term, d *big.Int, truncated bool) (quo, rem z3.Term) {
	key := linDiv{v.ID(), d.String(), truncated}
	if qr, ok := q.divs[key]; ok {
		return qr[0], qr[1]
	}
	defer func() { q.divs[key] = [2]z3.Term{quo, rem} }()
	z := q.s.z
	quo, rem = z.FreshConst("q", z.IntSort()), z.FreshConst("r", z.IntSort())
	dt := q.intVal(d)
	zero := z.IntVal(0)
	q.z.Assert(v.Eq(quo.IntMul(dt).IntAdd(rem)))
	nonneg := z.And(zero.IntLE(rem), rem.IntLT(dt))
	if !truncated {
		q.z.Assert(nonneg)
		return quo, rem
	}
	nonpos := z.And(rem.IntLE(zero), zero.IntSub(dt).IntLT(rem))
	q.z.Assert(zero.IntLE(v).Implies(nonneg))
	q.z.Assert(v.IntLT(zero).Implies(nonpos))
	return quo, rem
}
