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
