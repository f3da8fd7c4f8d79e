package smt

import (
	"math"
	"math/rand"
)

// Sampling. Z3 bit-blasts float arithmetic: a jittered backoff's
// min + r·(max−min+1), r a rand.Float64, converted to a Duration and
// compared, took it hundreds of milliseconds and hundreds of megabytes a
// query, with one variable. A branch on such a value mostly goes both
// ways, and a value picked from the variable's range satisfies the side
// that holds for most of it: sampling finds such a model in Go, exactly
// (eval), and only what no sample satisfies goes to Z3.

// maxSampleVars bounds the variables of a slice sampling tries.
const maxSampleVars = 2

// sampleTries is the number of assignments sampling tries.
const sampleTries = 24

// decideFloats decides n's slice of the path in Go when it has few
// variables and float arithmetic: sat when an assignment sampling tries
// satisfies it, unsat when the intervals of its float variables prove it
// (floatBox); ok is false otherwise. alone says that n's condition shares
// no variable with the path (its slice is n).
func (s *solver) decideFloats(n *pcNode, alone bool) (r status, ok bool) {
	var vars []*expr
	seen := map[*expr]bool{}
	float := false
	var walk func(x *expr) bool
	walk = func(x *expr) bool {
		if !x.hasV || seen[x] {
			return true
		}
		seen[x] = true
		float = float || x.sort.K == sortFP // (a variable's, or a float made of bit-vectors)
		if x.op == xVar {
			if x.sort.K != sortFP && x.sort.K != sortBV && x.sort.K != sortBool {
				return false
			}
			vars = append(vars, x)
			return len(vars) <= maxSampleVars
		}
		for i := 0; i < int(x.narg); i++ {
			if !walk(x.args[i]) {
				return false
			}
		}
		return true
	}
	// (n's own condition first: most that fail, fail there, before the
	// slice is gathered)
	if !walk(n.cond) {
		return unknown, false
	}
	slice := []*pcNode{n}
	if !alone {
		if slice, ok = s.pathSlice(n, func(*expr) bool { return true }); !ok {
			return unknown, false
		}
	}
	for _, m := range slice {
		// The path has decided n's condition before (rand.Rand's Float64
		// asks whether its draw is 1 on each side of its loop): Z3 would
		// bit-blast the floats before it saw the contradiction.
		switch {
		case m == n:
		case m.cond == n.cond:
			return sat, true
		case m.cond.op == xNot && m.cond.args[0] == n.cond || n.cond.op == xNot && n.cond.args[0] == m.cond:
			return unsat, true
		}
	}
	for _, m := range slice {
		if !walk(m.cond) {
			return unknown, false
		}
	}
	switch {
	case !float:
		return unknown, false
	case sample(slice, vars, n.depth):
		return sat, true
	case floatBox(slice):
		return unsat, true
	}
	return unknown, false
}

// sample reports whether some assignment of vars it tries satisfies the
// conditions of slice; seed picks the samples (the same on every run).
func sample(slice []*pcNode, vars []*expr, seed int) bool {
	rng := rand.New(rand.NewSource(int64(seed)))
	vals := map[*expr]cval{}
	env := func(v *expr) cval { return vals[v] }
	// A bit-vector variable the conditions bound (a draw of Intn(n)) is
	// sampled in its interval every other try: 0..3 and random words
	// mostly fall outside a small one.
	bx := &box{f: map[*expr][2]float64{}, i: map[*expr][2]int64{}}
	for _, m := range slice {
		boxBound(bx, m.cond, true)
	}
	for try := range sampleTries {
		for _, v := range vars {
			if r, ok := bx.i[v]; ok && try%2 == 1 && r[0] <= r[1] {
				vals[v] = cval{n: trunc(uint64(inInterval(rng, r[0], r[1], try)), v.sort.W)}
				continue
			}
			vals[v] = sampleValue(rng, v.sort, try)
		}
		holds := true
		memo := map[*expr]cval{}
		for _, m := range slice {
			if c, exact := eval(m.cond, env, memo); !exact || c.n == 0 {
				holds = false
				break
			}
		}
		if holds {
			return true
		}
	}
	return false
}

// inInterval is lo or hi on the first tries, then a value between.
func inInterval(rng *rand.Rand, lo, hi int64, try int) int64 {
	switch {
	case try < 2:
		return lo
	case try < 4:
		return hi
	}
	span := uint64(hi - lo) // (the width less one, mod 2^64)
	if span == ^uint64(0) {
		return int64(rng.Uint64())
	}
	return lo + int64(rng.Uint64()%(span+1))
}

// sampleValue is the try-th value sampling gives a variable of sort so:
// for a float, the ends of [0, 1) (rand.Float64's range) and then values
// in it and beyond; for an integer, small values and then any.
func sampleValue(rng *rand.Rand, so sort, try int) cval {
	switch so.K {
	case sortFP:
		var f float64
		switch {
		case try == 0:
			f = 0
		case try == 1:
			f = math.Nextafter(1, 0)
		case try%4 == 3:
			f = rng.NormFloat64() * math.Pow(10, float64(rng.Intn(12)))
		default:
			f = rng.Float64()
		}
		return cval{n: fbits(roundF(f, so.W))}
	case sortBool:
		return cval{n: uint64(try & 1)}
	}
	switch {
	case try < 4:
		return cval{n: trunc(uint64(try), so.W)}
	case try < 7: // the ends of the signed range, and -1: a masked sum's largest value
		return cval{n: trunc([]uint64{1<<(so.W-1) - 1, 1 << (so.W - 1), ^uint64(0)}[try-4], so.W)}
	}
	if try%2 == 0 {
		return cval{n: trunc(uint64(rng.Intn(1024)), so.W)}
	}
	return cval{n: trunc(rng.Uint64(), so.W)}
}
