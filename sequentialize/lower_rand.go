package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

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
	if !fl.rejection {
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

// unknownStateDraws are the generators of math/rand/v2 whose state a seed
// the path does not know (the clock's) makes unknown, by the label of
// their draws then. (ChaCha8 is not: its seeding reads the seed's bytes
// through unsafe, where kiss cuts the path before any draw.)
var unknownStateDraws = map[string]string{
	"(*math/rand/v2.PCG).Uint64": "a math/rand/v2 PCG seeded at run time",
}

// unknownStateDraw is the result a generator's draw returns for r: r
// when known, else a fresh unknown value, labelled. The draw runs as
// written, so its reads and writes of the state are Go's (two goroutines
// drawing from one generator race where Go's do); only its result is new.
// Of an unknown state (a seed the path does not know), PCG's 128-bit
// products and DXSM mixing make a term on which every branch was a Z3
// query that ran out of time. As with math/rand's sources seeded at run
// time, a finding that needs particular draws is held back. A known state
// (a constant seed's) draws as Go does.
func (fl *funcLowerer) unknownStateDraw(label string, r ir.Value) ir.Value {
	b := fl.b
	return b.ifElse(b.Op(ir.OpKnown, ir.Bool, r), r.Type(), "draw.known", func() ir.Value { return r },
		func() ir.Value { return fl.l.unknownNondetLabel(b, r.Type(), label) })
}
