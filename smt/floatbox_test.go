package smt

import (
	"math"
	"math/rand"
	"testing"
)

// TestFloatsDecidedWithoutZ3 checks sampling (sat) and the interval box
// (unsat) against Z3 on conditions of a jittered interval, as backoff
// libraries compute it: r a rand.Float64 in [0, 1), the Duration
// int64(lo + r·(hi−lo+1)) compared with a constant. Each answer they give
// must be Z3's, and they must decide most conditions, each side of a
// branch, without it.
func TestFloatsDecidedWithoutZ3(t *testing.T) {
	e, sol := testSolver(t)
	x := e.x
	f64s, i64 := fpSort(64), bvSort(64)
	fc := func(f float64) *expr { return x.konst(f64s, cval{n: fbits(f)}) }
	rng := rand.New(rand.NewSource(3))
	decided, total := 0, 0
	for i := 0; i < 60; i++ {
		r := x.newVar(f64s, "r")
		path := sol.extend(sol.root, x.mk(xFLe, boolSort, fc(0), r))
		path = sol.extend(path, x.mk(xFLt, boolSort, r, fc(1)))
		if sol.decide(path, false) != sat {
			t.Fatal("0 <= r < 1 is not satisfiable")
		}
		interval := float64(rng.Intn(1e9) + 1)
		factor := []float64{0, 0.1, 0.5, 1}[rng.Intn(4)]
		lo, hi := interval-factor*interval, interval+factor*interval
		v := x.mk(xFAdd, f64s, fc(lo), x.mk(xFMul, f64s, r, fc(hi-lo+1)))
		in := x.mk(xAnd, boolSort, x.mk(xFLe, boolSort, fc(-math.Ldexp(1, 63)), v), x.mk(xFLt, boolSort, v, fc(math.Ldexp(1, 63))))
		d := x.mk(xIte, i64, in, x.mk(xFToS, i64, v), x.bvConst(64, indefinite(64)))
		// k at the ends of the values, beside them, or between
		ends := []int64{int64(lo + 0*(hi-lo+1)), int64(lo + math.Nextafter(1, 0)*(hi-lo+1))}
		kv := ends[rng.Intn(2)] + int64(rng.Intn(3)) - 1
		if rng.Intn(3) == 0 {
			kv = ends[0] + rng.Int63n(ends[1]-ends[0]+1)
		}
		k := x.bvConst(64, uint64(kv))
		c := x.mk([]xop{xSLe, xSLt}[rng.Intn(2)], boolSort, d, k)
		for _, cond := range []*expr{c, not(x, c)} {
			total++
			n := sol.extend(path, cond)
			calls := sol.calls
			got := sol.decide(n, false)
			if sol.calls > calls {
				continue // Z3 decided it
			}
			decided++
			// The condition is monotone in r: it holds for some r in
			// [0, 1) exactly when it holds at an end or at some point
			// between (tried densely).
			want := unsat
			for j := 0; j <= 4000 && want == unsat; j++ {
				rv := float64(j) / 4000
				if j == 4000 {
					rv = math.Nextafter(1, 0)
				}
				env := func(*expr) cval { return cval{n: fbits(rv)} }
				if v, exact := eval(cond, env, map[*expr]cval{}); !exact {
					t.Fatalf("%s: not exact at r = %v", cond, rv)
				} else if v.n != 0 {
					want = sat
				}
			}
			if got != want {
				t.Errorf("%s with 0 <= r < 1: %v, want %v", cond, got, want)
			}
			// each on its own
			slice, _ := sol.pathSlice(n, func(*expr) bool { return true })
			if floatBox(slice) && want == sat {
				t.Errorf("%s with 0 <= r < 1: the box says unsat", cond)
			}
			if sample(slice, []*expr{r}, n.depth) && want == unsat {
				t.Errorf("%s with 0 <= r < 1: a sample satisfies it", cond)
			}
		}
	}
	if decided*10 < total*8 {
		t.Errorf("only %d of %d decided without Z3", decided, total)
	}
	t.Logf("%d of %d decided without Z3", decided, total)
}

// TestDrawOfUnknownSource checks the floats made of bit-vector variables
// as math/rand's Float64 makes them of a source of unknown state
// (float64(Int63())/2^63, Int63 the sum of two register words masked to
// 63 bits): their conversions and comparisons that the draw's interval
// [0, 1] decides fold to constants, and the branch on the draw being 1
// (it is, for the largest Int63 values) is decided on each side without Z3.
func TestDrawOfUnknownSource(t *testing.T) {
	e, sol := testSolver(t)
	x := e.x
	f64s, i64 := fpSort(64), bvSort(64)
	fc := func(f float64) *expr { return x.konst(f64s, cval{n: fbits(f)}) }
	a, b := x.newVar(i64, "a"), x.newVar(i64, "b")
	draw := x.mk(xFDiv, f64s, x.mk(xFFromS, f64s, x.mk(xBAnd, i64, x.mk(xAdd, i64, a, b), x.bvConst(64, math.MaxInt64))), fc(math.Ldexp(1, 63)))
	// d + Duration((2r−1)·jitter·d), d = 10ms
	d := 10e6
	jitter := func(factor float64) *expr {
		return x.mk(xAdd, i64, x.bvConst(64, uint64(d)), x.mk(xFToS, i64,
			x.mk(xFMul, f64s, x.mk(xFMul, f64s, x.mk(xFSub, f64s, x.mk(xFMul, f64s, draw, fc(2)), fc(1)), fc(factor)), fc(d))))
	}
	if j := jitter(0); !j.isConst() || j.c.n != uint64(d) {
		t.Errorf("jitter 0: %v, want the constant %v", j, d)
	}
	j := jitter(0.25)
	if j.isConst() {
		t.Fatalf("jitter 0.25: the constant %v", j)
	}
	for _, c := range []*expr{
		x.mk(xSLt, boolSort, j, x.bvConst(64, 7_500_000)),
		x.mk(xSLt, boolSort, x.bvConst(64, 12_500_000), j),
	} {
		n := sol.extend(sol.root, c)
		calls := sol.calls
		if r := sol.decide(n, false); r != unsat || sol.calls > calls {
			t.Errorf("%v: %v with %d Z3 calls, want unsat without Z3", c, r, sol.calls-calls)
		}
	}
	isOne := x.mk(xFEq, boolSort, draw, fc(1))
	if isOne.isConst() {
		t.Fatalf("draw = 1 folded to %v; it holds for the largest draws", isOne)
	}
	if c := x.mk(xFLe, boolSort, fc(0), draw); c != x.t {
		t.Errorf("0 <= draw: %v, want true", c)
	}
	// a branch before on the same words, so that the slice is not alone
	pc := sol.extend(sol.root, x.mk(xFLt, boolSort, fc(0.5), draw))
	if sol.decide(pc, false) != sat {
		t.Fatal("0.5 < draw is not satisfiable")
	}
	nF := sol.extend(pc, not(x, isOne))
	nT := sol.extend(pc, isOne)
	for _, n := range []*pcNode{nF, nT} {
		calls := sol.calls
		if r := sol.decide(n, false); r != sat || sol.calls > calls {
			t.Errorf("%v: %v with %d Z3 calls, want sat without Z3", n.cond, r, sol.calls-calls)
		}
	}
	calls := sol.calls
	// asked again past its other side: a contradiction, unsat without Z3
	if r := sol.decide(sol.extend(nF, isOne), false); r != unsat || sol.calls > calls {
		t.Errorf("draw = 1 past draw != 1: %v with %d Z3 calls, want unsat without Z3", r, sol.calls-calls)
	}
}

// TestBoundedDrawInTheBox checks that a bit-vector variable the path
// bounds (a draw of rand.Int64N(10): 0 ≤ r < 10) bounds the floats made of
// it: a jitter of ±5% as go-retry computes it, 1 − (r − 5)/100 times a
// second, converted to a Duration, is never below 950 ms or above 1050 ms,
// decided without Z3; the side that holds is satisfiable.
func TestBoundedDrawInTheBox(t *testing.T) {
	e, sol := testSolver(t)
	x := e.x
	f64s, i64 := fpSort(64), bvSort(64)
	fc := func(f float64) *expr { return x.konst(f64s, cval{n: fbits(f)}) }
	k := func(n int64) *expr { return x.bvConst(64, uint64(n)) }
	r := x.newVar(i64, "r")
	path := sol.extend(sol.root, x.mk(xSLe, boolSort, k(0), r))
	path = sol.extend(path, x.mk(xSLt, boolSort, r, k(10)))
	if sol.decide(path, false) != sat {
		t.Fatal("0 <= r < 10 is not satisfiable")
	}
	pct := x.mk(xFSub, f64s, fc(1), x.mk(xFDiv, f64s, x.mk(xFFromS, f64s, x.mk(xSub, i64, r, k(5))), fc(100)))
	d := x.mk(xFToS, i64, x.mk(xFMul, f64s, fc(1e9), pct))
	for _, c := range []struct {
		cond *expr
		want status
	}{
		{x.mk(xSLt, boolSort, d, k(950_000_000)), unsat},
		{x.mk(xSLt, boolSort, k(1_050_000_000), d), unsat},
		{x.mk(xSLt, boolSort, d, k(1_000_000_000)), sat},
	} {
		calls := sol.calls
		if got := sol.decide(sol.extend(path, c.cond), false); got != c.want || sol.calls > calls {
			t.Errorf("%v: %v with %d Z3 calls, want %v without Z3", c.cond, got, sol.calls-calls, c.want)
		}
	}
}
