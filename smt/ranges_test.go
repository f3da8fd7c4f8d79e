package smt

import (
	"math/rand"
	"testing"
)

// TestDecideByRangesSound checks every decision of decideByRanges against
// brute force: narrow widths (8 and 16 bits) so that sums wrap often,
// random spans, random linear terms and comparisons; a decision must hold
// for every assignment the spans allow.
func TestDecideByRangesSound(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	decided := 0
	for trial := 0; trial < 3000; trial++ {
		e := &executor{x: newExprs()}
		st := &state{id: 1}
		w := []uint8{8, 16}[rng.Intn(2)]
		s := bvSort(w)
		type ranged struct {
			v      *expr
			lo, hi uint64 // in the span's order, unbiased below
			signed bool
		}
		var vars []ranged
		for i := 0; i < 3; i++ {
			v := e.x.newVar(s, "v")
			signed := rng.Intn(2) == 0
			size := uint64(rng.Intn(12))
			lo := uint64(rng.Intn(1 << w))
			if lo+size >= 1<<w {
				lo = 1<<w - 1 - size
			}
			hi := lo + size
			key := v.c.n << 1
			if signed {
				key |= 1
			}
			st.spans.Set(key, span{lo, hi}, st.id)
			vars = append(vars, ranged{v, lo, hi, signed})
		}
		var term func(depth int) *expr
		term = func(depth int) *expr {
			if depth == 0 || rng.Intn(3) == 0 {
				if rng.Intn(4) == 0 {
					return e.x.bvConst(w, uint64(rng.Intn(1<<w)))
				}
				return vars[rng.Intn(len(vars))].v
			}
			switch rng.Intn(5) {
			case 4: // a constant over a variable (ranged when its range is above zero)
				op := []xop{xSDiv, xUDiv}[rng.Intn(2)]
				return e.x.mk(op, s, e.x.bvConst(w, uint64(rng.Intn(1<<(w-1)))), vars[rng.Intn(len(vars))].v)
			case 0:
				return e.x.mk(xAdd, s, term(depth-1), term(depth-1))
			case 1:
				return e.x.mk(xSub, s, term(depth-1), term(depth-1))
			case 2:
				return e.x.mk(xMul, s, term(depth-1), e.x.bvConst(w, uint64(rng.Intn(7))-3))
			default:
				return e.x.mk(xBNeg, s, term(depth-1))
			}
		}
		op := []xop{xSLt, xSLe, xEq}[rng.Intn(3)]
		c := e.x.mk(op, boolSort, term(3), term(3))
		if rng.Intn(2) == 0 {
			c = not(e.x, c)
		}
		if c.isConst() {
			continue
		}
		val, ok := e.decideByRanges(st, c)
		if !ok {
			continue
		}
		decided++
		// Every assignment within the spans (signed spans are biased).
		vals := make([]uint64, len(vars))
		var each func(i int)
		each = func(i int) {
			if i == len(vars) {
				env := func(x *expr) cval {
					for j, r := range vars {
						if r.v == x {
							return cval{n: vals[j]}
						}
					}
					t.Fatalf("unexpected variable %s", x)
					return cval{}
				}
				got, _ := eval(c, env, map[*expr]cval{})
				if (got.n != 0) != val {
					t.Fatalf("width %d: %s decided %v, but it is %v at %v", w, c, val, got.n != 0, vals)
				}
				return
			}
			r := vars[i]
			for u := r.lo; u <= r.hi; u++ {
				vals[i] = u
				if r.signed {
					vals[i] = u ^ 1<<(w-1)
				}
				each(i + 1)
			}
		}
		each(0)
	}
	if decided < 300 {
		t.Errorf("only %d of 3000 comparisons decided: the test no longer exercises the ranges", decided)
	}
	t.Logf("%d comparisons decided and checked", decided)
}

// TestNarrowSound checks the ranges narrow keeps against brute force over
// an 8-bit variable: after random comparisons with constants (either
// order, signed or unsigned, negated or not) that some value satisfies
// (no path holds unsatisfiable ones), the values that satisfy them all are
// exactly those the spans allow, and a variable fixed has the one.
func TestNarrowSound(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := 0; trial < 2000; trial++ {
		e := &executor{x: newExprs()}
		st := &state{id: 1}
		s := bvSort(8)
		x := e.x.newVar(s, "x")
		var conds []*expr
		for i := 0; i < 1+rng.Intn(4); i++ {
			k := e.x.bvConst(8, uint64(rng.Intn(256)))
			op := []xop{xSLt, xSLe, xULt, xULe}[rng.Intn(4)]
			var c *expr
			if rng.Intn(2) == 0 {
				c = e.x.mk(op, boolSort, x, k)
			} else {
				c = e.x.mk(op, boolSort, k, x)
			}
			if rng.Intn(2) == 0 {
				c = not(e.x, c)
			}
			conds = append(conds, c)
		}
		var fixed *cval
		for _, c := range conds {
			if c.isConst() {
				continue
			}
			if _, k, ok := e.narrow(st, c); ok {
				fixed = &k
			}
		}
		satisfies := func(v uint64) bool {
			env := func(*expr) cval { return cval{n: v} }
			for _, c := range conds {
				if got, _ := eval(c, env, map[*expr]cval{}); got.n == 0 {
					return false
				}
			}
			return true
		}
		some := false
		for v := uint64(0); v < 256; v++ {
			some = some || satisfies(v)
		}
		if !some {
			continue
		}
		for v := uint64(0); v < 256; v++ {
			env := func(*expr) cval { return cval{n: v} }
			sat := true
			for _, c := range conds {
				if got, _ := eval(c, env, map[*expr]cval{}); got.n == 0 {
					sat = false
				}
			}
			allowed := true
			for _, signed := range []bool{false, true} {
				if sp, ok := st.spans.Get(x.c.n<<1 | b2n(signed)); ok {
					u := v
					if signed {
						u ^= 0x80
					}
					if u < sp.lo || u > sp.hi {
						allowed = false
					}
				}
			}
			if sat != allowed {
				t.Fatalf("%v: value %d satisfies them: %v; the spans allow it: %v", conds, v, sat, allowed)
			}
			if sat && fixed != nil && fixed.n != v {
				t.Fatalf("%v: fixed to %d, but %d satisfies them", conds, fixed.n, v)
			}
		}
	}
}
