package smt

import (
	"math/rand"
	"testing"
)

// TestBitFieldsSound checks the bit-field rules of simplify (shift, mask,
// maySet, upper) and the ranges they give decideByRanges against brute
// force at 8 bits: random terms of shifts and masks by constants, ors,
// sums and masked unknowns, built by mk (which simplifies) and evaluated
// by Go on every value of the unknown, with the other one sampled; and
// comparisons of two such terms, decided without spans only where every
// assignment agrees. Dropping the shifted-in bits in shift's (y<<c1)>>c
// rule, or taking a bound of a sum that may wrap, fails it.
func TestBitFieldsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	const w = 8
	s := bvSort(w)
	decided := 0
	for trial := 0; trial < 4000; trial++ {
		e := &executor{x: newExprs()}
		st := &state{id: 1}
		vars := []*expr{e.x.newVar(s, "a"), e.x.newVar(s, "b")}
		type term struct {
			x   *expr
			val func(v [2]uint64) uint64
		}
		var gen func(depth int) term
		gen = func(depth int) term {
			if depth == 0 || rng.Intn(4) == 0 {
				switch rng.Intn(3) {
				case 0:
					k := uint64(rng.Intn(256))
					return term{e.x.bvConst(w, k), func([2]uint64) uint64 { return k }}
				default:
					i := rng.Intn(2)
					return term{vars[i], func(v [2]uint64) uint64 { return v[i] }}
				}
			}
			a := gen(depth - 1)
			switch rng.Intn(6) {
			case 0, 1:
				c := uint64(rng.Intn(9))
				if rng.Intn(2) == 0 {
					return term{e.x.mk(xShl, s, a.x, e.x.bvConst(w, c)), func(v [2]uint64) uint64 { return trunc(a.val(v)<<c, w) }}
				}
				return term{e.x.mk(xLShr, s, a.x, e.x.bvConst(w, c)), func(v [2]uint64) uint64 { return a.val(v) >> c }}
			case 2:
				m := []uint64{0x0f, 0xf0, 0x3f, 0x7f, 0xfc, 0x03, uint64(rng.Intn(256))}[rng.Intn(7)]
				return term{e.x.mk(xBAnd, s, a.x, e.x.bvConst(w, m)), func(v [2]uint64) uint64 { return a.val(v) & m }}
			case 3:
				b := gen(depth - 1)
				return term{e.x.mk(xBOr, s, a.x, b.x), func(v [2]uint64) uint64 { return a.val(v) | b.val(v) }}
			case 4:
				b := gen(depth - 1)
				return term{e.x.mk(xAdd, s, a.x, b.x), func(v [2]uint64) uint64 { return trunc(a.val(v)+b.val(v), w) }}
			default:
				b := gen(depth - 1)
				return term{e.x.mk(xBAnd, s, a.x, b.x), func(v [2]uint64) uint64 { return a.val(v) & b.val(v) }}
			}
		}
		p, q := gen(4), gen(4)
		c := e.x.mk([]xop{xSLt, xSLe, xEq}[rng.Intn(3)], boolSort, p.x, q.x)
		val, ok := e.decideByRanges(st, c)
		if ok {
			decided++
		}
		for a := uint64(0); a < 256; a++ {
			for range 8 {
				v := [2]uint64{a, uint64(rng.Intn(256))}
				env := func(x *expr) cval { return cval{n: v[x.c.n]} }
				for _, tm := range []term{p, q} {
					if got, _ := eval(tm.x, env, map[*expr]cval{}); got.n != tm.val(v) {
						t.Fatalf("%s at a=%d b=%d is %d, want %d", tm.x, v[0], v[1], got.n, tm.val(v))
					}
				}
				if got, _ := eval(c, env, map[*expr]cval{}); ok && (got.n != 0) != val {
					t.Fatalf("%s decided %v, but it is %v at a=%d b=%d", c, val, got.n != 0, v[0], v[1])
				}
			}
		}
	}
	if decided < 100 {
		t.Errorf("only %d of 4000 comparisons decided: the test no longer exercises the bounds", decided)
	}
	t.Logf("%d comparisons decided and checked", decided)
}
