package smt

import (
	"context"
	"math/rand"
	"testing"
)

// TestLinearAgreesWithBruteForce checks decideLinear against every value
// of the variables, at widths small enough to try them all: random
// conditions over a 6-bit a and a 4-bit b, made of the operations the
// translation takes (sums that wrap, negation, complements, products,
// divisions, remainders, shifts, masks, ors and xors by constants, ors
// of unknowns, shifts by unknowns, extensions and
// truncations, signed and unsigned
// comparisons), must be decided sat
// exactly when some a, b satisfies them in Go, and the model given must
// satisfy them.
func TestLinearAgreesWithBruteForce(t *testing.T) {
	e, sol := testSolver(t)
	x := e.x
	const w = 6
	s6, s4 := bvSort(w), bvSort(4)
	a, b := x.newVar(s6, "a"), x.newVar(s4, "b")
	rng := rand.New(rand.NewSource(1))
	consts := []uint64{0, 1, 2, 3, 5, 31, 32, 33, 62, 63}
	cond := func(l, r *expr) *expr {
		return x.mk([]xop{xEq, xSLt, xSLe, xULt, xULe}[rng.Intn(5)], boolSort, l, r)
	}
	var term func(depth int) *expr
	term = func(depth int) *expr {
		if depth == 0 || rng.Intn(4) == 0 {
			switch rng.Intn(5) {
			case 0, 1:
				return a
			case 2:
				return x.mk(xSExt, s6, b)
			case 3:
				return x.mk(xZExt, s6, b)
			}
			return x.bvConst(w, consts[rng.Intn(len(consts))])
		}
		k := x.bvConst(w, consts[1+rng.Intn(len(consts)-1)])
		l := term(depth - 1)
		switch rng.Intn(16) {
		case 0:
			return x.mk(xAdd, s6, l, term(depth-1))
		case 1:
			return x.mk(xSub, s6, l, term(depth-1))
		case 2:
			return x.mk(xBNeg, s6, l)
		case 3:
			return x.mk(xBNot, s6, l)
		case 4:
			return x.mk(xMul, s6, l, k)
		case 5:
			d := x.bvConst(w, []uint64{1, 2, 3, 5, 7, 31}[rng.Intn(6)])
			return x.mk([]xop{xUDiv, xURem, xSDiv, xSRem}[rng.Intn(4)], s6, l, d)
		case 6:
			return x.mk([]xop{xShl, xLShr, xAShr}[rng.Intn(3)], s6, l, x.bvConst(w, uint64(rng.Intn(w))))
		case 7:
			return x.mk(xBAnd, s6, l, x.bvConst(w, uint64(1)<<(1+rng.Intn(w-1))-1))
		case 8: // through 4 bits and back
			n := x.mk(xTrunc, s4, l)
			n = x.mk(xAdd, s4, n, b)
			return x.mk([]xop{xSExt, xZExt}[rng.Intn(2)], s6, n)
		case 9:
			return x.mk(xIte, s6, cond(l, term(depth-1)), l, term(depth-1))
		case 10: // a mask, an or, an xor with any constant
			return x.mk([]xop{xBAnd, xBOr, xBXor}[rng.Intn(3)], s6, l, x.bvConst(w, uint64(rng.Intn(1<<w))))
		case 12: // a shift by an unknown amount (1 << (day % 7))
			amount := x.mk([]xop{xURem, xBAnd}[rng.Intn(2)], s6, term(depth-1), x.bvConst(w, []uint64{3, 5, 7, 15}[rng.Intn(4)]))
			switch rng.Intn(3) {
			case 0:
				amount = x.mk(xAdd, s6, amount, x.bvConst(w, 2))
			case 1:
				amount = term(depth - 1) // any amount: 64 and more shift every bit out
			}
			return x.mk([]xop{xShl, xLShr}[rng.Intn(2)], s6, l, amount)
		case 11: // fields packed into a word: a masked term or'ed with an unknown
			r := term(depth - 1)
			if rng.Intn(2) == 0 {
				r = x.mk(xLShr, s6, r, x.bvConst(w, uint64(rng.Intn(w))))
			}
			return x.mk(xBOr, s6, x.mk(xBAnd, s6, l, x.bvConst(w, uint64(rng.Intn(1<<w)))), r)
		}
		return l
	}
	// hasOr reports whether c has an or of two unknowns, which the
	// translation may leave to the bit-vectors (its guard)
	var hasOr func(c *expr) bool
	hasOr = func(c *expr) bool {
		if c.op == xBOr && !c.args[0].isConst() && !c.args[1].isConst() {
			return true
		}
		for _, a := range c.args[:c.narg] {
			if hasOr(a) {
				return true
			}
		}
		return false
	}
	var condition func(depth int) *expr
	condition = func(depth int) *expr {
		if depth > 0 && rng.Intn(3) == 0 {
			l, r := condition(depth-1), condition(depth-1)
			switch rng.Intn(3) {
			case 0:
				return x.mk(xAnd, boolSort, l, r)
			case 1:
				return x.mk(xOr, boolSort, l, r)
			}
			return not(x, l)
		}
		return cond(term(2), term(2))
	}
	decided, satCount, ors, orsDecided := 0, 0, 0, 0
	for i := 0; i < 1200; i++ {
		c := condition(2)
		if c.isConst() {
			continue
		}
		checkSpans(t, c, a, b)
		if !sol.linear(c) {
			t.Errorf("%s: not translated", c)
			continue
		}
		want := false
		for av := uint64(0); av < 1<<w && !want; av++ {
			for bv := uint64(0); bv < 16 && !want; bv++ {
				env := func(v *expr) cval {
					if v == a {
						return cval{n: av}
					}
					return cval{n: bv}
				}
				got, exact := eval(c, env, map[*expr]cval{})
				if !exact {
					t.Fatalf("%s: Go cannot evaluate it", c)
				}
				want = got.n != 0
			}
		}
		r, ok := sol.decideLinear(sol.extend(sol.root, c))
		or := hasOr(c)
		if or {
			ors++
		}
		if !ok && or {
			continue
		}
		if !ok {
			t.Fatalf("%s: no answer", c)
		}
		if or {
			orsDecided++
		}
		if (r == sat) != want {
			t.Errorf("%s: %v, but some a, b satisfies it: %v", c, r, want)
		}
		if r == sat {
			// its model satisfies it
			_, m, ok := sol.linearModel(sol.extend(sol.root, c))
			if !ok || m == nil {
				t.Fatalf("%s: no model", c)
			}
			if got, _ := eval(c, func(v *expr) cval { return m.vals[v] }, map[*expr]cval{}); got.n == 0 {
				t.Errorf("%s: false in its model a=%d b=%d", c, m.vals[a].n, m.vals[b].n)
			}
		}
		decided++
		if want {
			satCount++
		}
	}
	if decided < 800 || satCount < 100 || decided-satCount < 60 {
		t.Fatalf("only %d conditions decided, %d satisfiable", decided, satCount)
	}
	if ors < 100 || orsDecided*10 < ors*8 {
		t.Fatalf("of %d conditions with an or of unknowns, only %d decided", ors, orsDecided)
	}
	t.Logf("%d decided (%d sat), %d of %d with an or of unknowns", decided, satCount, orsDecided, ors)
}

// TestSignBitsDecomposed: a comparison of a bitwise term with zero
// (the sign bit of Go's Time.wall and'ed with another) is rewritten into
// comparisons of its operands (exprs.negative). Every rewrite must agree
// with the comparison it replaces on every value of the variables.
func TestSignBitsDecomposed(t *testing.T) {
	x := newExprs()
	const w = 6
	s6, s4 := bvSort(w), bvSort(4)
	a, b := x.newVar(s6, "a"), x.newVar(s4, "b")
	rng := rand.New(rand.NewSource(2))
	var term func(depth int) *expr
	term = func(depth int) *expr {
		if depth == 0 || rng.Intn(4) == 0 {
			switch rng.Intn(4) {
			case 0:
				return a
			case 1:
				return x.mk(xSExt, s6, b)
			case 2:
				return x.mk(xAdd, s6, a, x.mk(xZExt, s6, b))
			}
			return x.bvConst(w, uint64(rng.Intn(1<<w)))
		}
		switch rng.Intn(4) {
		case 0:
			return x.mk(xBAnd, s6, term(depth-1), term(depth-1))
		case 1:
			return x.mk(xBOr, s6, term(depth-1), term(depth-1))
		case 2:
			return x.mk(xBXor, s6, term(depth-1), term(depth-1))
		}
		return x.mk(xBNot, s6, term(depth-1))
	}
	zero := x.bvConst(w, 0)
	rewritten := 0
	for i := 0; i < 500; i++ {
		tm := term(3)
		for _, k := range []struct {
			c, plain *expr
		}{
			{x.mk(xSLt, boolSort, tm, zero), x.intern(xSLt, boolSort, []*expr{tm, zero}, cval{}, "")},
			{x.mk(xSLe, boolSort, zero, tm), x.intern(xSLe, boolSort, []*expr{zero, tm}, cval{}, "")},
			{x.mk(xEq, boolSort, x.mk(xBAnd, s6, tm, x.bvConst(w, 1<<(w-1))), zero), nil},
		} {
			if k.plain != nil && k.c == k.plain {
				continue
			}
			rewritten++
			for av := uint64(0); av < 1<<w; av++ {
				for bv := uint64(0); bv < 16; bv++ {
					env := func(v *expr) cval {
						if v == a {
							return cval{n: av}
						}
						return cval{n: bv}
					}
					got, _ := eval(k.c, env, map[*expr]cval{})
					want := int64(trunc(evalN(tm, env), w)<<(64-w)) < 0
					if k.plain != nil && k.plain.op == xSLe {
						want = !want
					}
					if k.plain == nil {
						want = !want // the sign bit masked out, against zero
					}
					if (got.n != 0) != want {
						t.Fatalf("%s at a=%d b=%d: %v, want %v", k.c, av, bv, got.n != 0, want)
					}
				}
			}
		}
	}
	if rewritten < 500 {
		t.Errorf("only %d comparisons rewritten", rewritten)
	}
}

// evalN is the value of the bit-vector term t under env.
func evalN(t *expr, env func(*expr) cval) uint64 {
	v, _ := eval(t, env, map[*expr]cval{})
	return v.n
}

// checkSpans checks the bounds the translation puts on c's terms (span,
// which decides where a term needs no wrap count and the values a shift's
// amount takes) against every value of the variables a (6 bits) and b.
func checkSpans(t *testing.T, c, a, b *expr) {
	t.Helper()
	q := linQuery{spans: map[*expr]linSpan{}, vars: map[*expr]linSpan{}}
	var terms []*expr
	var walk func(x *expr)
	walk = func(x *expr) {
		if x.sort.K == sortBV && !x.isConst() {
			terms = append(terms, x)
		}
		for _, y := range x.args[:x.narg] {
			walk(y)
		}
	}
	walk(c)
	for _, x := range terms {
		sp := q.span(x)
		unsigned := q.fits(sp, x.sort.W, false)
		if !unsigned && !q.fits(sp, x.sort.W, true) {
			continue // (a term with a wrap count: its value is not bounded)
		}
		for av := uint64(0); av < 1<<a.sort.W; av++ {
			for bv := uint64(0); bv < 1<<b.sort.W; bv++ {
				env := func(v *expr) cval {
					if v == a {
						return cval{n: av}
					}
					return cval{n: bv}
				}
				got, _ := eval(x, env, map[*expr]cval{})
				v := int64(got.n)
				if !unsigned {
					v = sext(got.n, x.sort.W)
				}
				if v < sp.lo.Int64() || v > sp.hi.Int64() {
					t.Fatalf("%s = %d at a=%d b=%d, out of its span [%v, %v]", x, v, av, bv, sp.lo, sp.hi)
				}
			}
		}
	}
}

// testSolver is an executor with a solver, open on Z3, for tests of the
// solver's own decisions; it closes when t ends.
func testSolver(t *testing.T) (*executor, *solver) {
	e := &executor{x: newExprs(), ctx: context.Background(), opts: Options{QueryLimit: 1 << 24}}
	sol := newSolver(e)
	if !sol.open() {
		t.Fatal(sol.err)
	}
	t.Cleanup(sol.close)
	return e, sol
}
