package sequentialize

import "golang.org/x/tools/go/ssa"

// rejectionSamplers are the methods of math/rand and math/rand/v2 that
// draw again while a draw falls outside the range they map onto [0, n)
// evenly (the modulo method's top, Lemire's low products, Float64's and
// Float32's rounding up to 1).
var rejectionSamplers = map[string]bool{
	"(*math/rand.Rand).Int31n":     true,
	"(*math/rand.Rand).Int63n":     true,
	"(*math/rand.Rand).int31n":     true,
	"(*math/rand.Rand).Float64":    true,
	"(*math/rand.Rand).Float32":    true,
	"(*math/rand/v2.Rand).uint64n": true,
}

// rejectionExit: in a rejection sampler, whose draws from a source seeded
// at run time are unknown values (sourceModels), the branch of a loop's
// test on a draw that leaves the loop, 0 or 1 (ok false for any other
// branch). The lowering assumes that an unknown draw leaves: the loop
// taken again on one would fork on every draw until the unroll bound cut
// the path, and the root was never complete. Nothing reportable is lost:
// a draw that stays in range gives each result the rejected ones could
// (the range is a multiple of n), and a finding on a path that rejects
// depends on the draw's label, so it is held back. A known draw (a
// constant seed's) runs Go's loop as written.
func (fl *funcLowerer) rejectionExit() (int, bool) {
	if !rejectionSamplers[fl.fn.String()] {
		return 0, false
	}
	s := fl.cur.Succs
	back0, back1 := reaches(s[0], fl.cur), reaches(s[1], fl.cur)
	switch {
	case back0 && !back1:
		return 1, true
	case back1 && !back0:
		return 0, true
	}
	return 0, false
}

// reaches reports whether a path of the function's control flow leads
// from from to to.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{from}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	return false
}
