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
// assignment agrees; products, quotients and remainders by constants too
// (divide). Dropping the shifted-in bits in shift's (y<<c1)>>c rule,
// taking a bound of a sum that may wrap, or dividing a dividend that may
// be negative as if it were not, fails it.
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
			k := []uint64{2, 3, 4, 10, 16, 32}[rng.Intn(6)]
			switch rng.Intn(9) {
			case 6:
				return term{e.x.mk(xMul, s, a.x, e.x.bvConst(w, k)), func(v [2]uint64) uint64 { return trunc(a.val(v)*k, w) }}
			case 7:
				if rng.Intn(2) == 0 {
					return term{e.x.mk(xUDiv, s, a.x, e.x.bvConst(w, k)), func(v [2]uint64) uint64 { return a.val(v) / k }}
				}
				return term{e.x.mk(xURem, s, a.x, e.x.bvConst(w, k)), func(v [2]uint64) uint64 { return a.val(v) % k }}
			case 8:
				if rng.Intn(2) == 0 {
					return term{e.x.mk(xSDiv, s, a.x, e.x.bvConst(w, k)), func(v [2]uint64) uint64 { return trunc(uint64(int64(int8(a.val(v)))/int64(k)), w) }}
				}
				return term{e.x.mk(xSRem, s, a.x, e.x.bvConst(w, k)), func(v [2]uint64) uint64 { return trunc(uint64(int64(int8(a.val(v)))%int64(k)), w) }}
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
		op := []xop{xSLt, xSLe, xEq}[rng.Intn(3)]
		c := e.x.mk(op, boolSort, p.x, q.x)
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
				got, _ := eval(c, env, map[*expr]cval{})
				if ok && (got.n != 0) != val {
					t.Fatalf("%s decided %v, but it is %v at a=%d b=%d", c, val, got.n != 0, v[0], v[1])
				}
				pv, qv := int8(p.val(v)), int8(q.val(v))
				if want := op == xSLt && pv < qv || op == xSLe && pv <= qv || op == xEq && pv == qv; (got.n != 0) != want {
					t.Fatalf("%s built as %s is %v at a=%d b=%d, want %v", xopNames[op], c, got.n != 0, v[0], v[1], want)
				}
			}
		}
	}
	if decided < 100 {
		t.Errorf("only %d of 4000 comparisons decided: the test no longer exercises the bounds", decided)
	}
	t.Logf("%d comparisons decided and checked", decided)
}

// TestDivideSound checks divide's rule, (u·m·k + c) / k = u·m + c/k and
// % k = c%k, at 8 bits against brute force, over bounds of u, multiples
// and constants on both sides of where the dividend wraps or turns
// negative, for the four operations.
func TestDivideSound(t *testing.T) {
	const w = 8
	s := bvSort(w)
	x := newExprs()
	v := x.newVar(s, "v")
	folded := 0
	for _, m := range []uint64{0x03, 0x07, 0x0f, 0x1f} { // u = v & m
		for _, km := range []uint64{2, 4, 6, 8, 10, 16, 20} {
			for _, k := range []uint64{2, 4, 5, 8, 10} {
				for _, c := range []uint64{0, 1, 7, 9, 100, 127, 128, 200} {
					for _, op := range []xop{xUDiv, xURem, xSDiv, xSRem} {
						u := x.mk(xBAnd, s, v, x.bvConst(w, m))
						a := x.mk(xAdd, s, x.mk(xMul, s, u, x.bvConst(w, km)), x.bvConst(w, c))
						r := x.mk(op, s, a, x.bvConst(w, k))
						if r.op != op {
							folded++
						}
						for n := uint64(0); n < 256; n++ {
							d := trunc((n&m)*km+c, w)
							var want uint64
							switch op {
							case xUDiv:
								want = d / k
							case xURem:
								want = d % k
							case xSDiv:
								want = trunc(uint64(int64(int8(d))/int64(k)), w)
							case xSRem:
								want = trunc(uint64(int64(int8(d))%int64(k)), w)
							}
							env := func(*expr) cval { return cval{n: n} }
							if got, _ := eval(r, env, map[*expr]cval{}); got.n != want {
								t.Fatalf("%s at v=%d is %d, want %d", r, n, got.n, want)
							}
						}
					}
				}
			}
		}
	}
	if folded < 200 {
		t.Errorf("only %d quotients and remainders folded", folded)
	}
}
