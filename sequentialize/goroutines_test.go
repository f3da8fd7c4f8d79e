package sequentialize

import (
	"math/rand"
	"testing"

	"github.com/gokiss/kiss/ir"
)

// TestMentionFlagsIsTheWalk checks the per-component union of mentionFlags
// against a plain walk from each root, on random mention graphs with cycles,
// mentions not followed, and roots asked in random order (a component asked
// after another that reaches it is where a wrong union shows).
func TestMentionFlagsIsTheWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 300; round++ {
		n := 1 + rng.Intn(12)
		fns := make([]*ir.Func, n)
		for i := range fns {
			fns[i] = &ir.Func{Name: "f"}
		}
		// each mention: flag bits and whether it is followed
		type mention struct {
			flags  uint8
			follow bool
		}
		how := map[*ir.Instr]mention{}
		for _, f := range fns {
			b := &ir.Block{}
			for k := rng.Intn(4); k > 0; k-- {
				in := &ir.Instr{Op: ir.OpCall, Args: []ir.Value{fns[rng.Intn(n)]}}
				how[in] = mention{uint8(rng.Intn(8)) &^ uint8(rng.Intn(8)), rng.Intn(4) > 0}
				b.Instrs = append(b.Instrs, in)
			}
			f.Blocks = []*ir.Block{b}
		}
		edge := func(_ *ir.Func, in *ir.Instr, _ *ir.Func) (uint8, bool) { return how[in].flags, how[in].follow }
		walk := func(root *ir.Func) uint8 {
			var flags uint8
			seen := map[*ir.Func]bool{root: true}
			work := []*ir.Func{root}
			for len(work) > 0 {
				f := work[len(work)-1]
				work = work[:len(work)-1]
				for _, in := range f.Blocks[0].Instrs {
					g := in.Args[0].(*ir.Func)
					flags |= how[in].flags
					if how[in].follow && !seen[g] {
						seen[g] = true
						work = append(work, g)
					}
				}
			}
			return flags
		}
		reach := mentionFlags(edge)
		for _, i := range rng.Perm(n) {
			if got, want := reach(fns[i]), walk(fns[i]); got != want {
				t.Fatalf("round %d, function %d: flags %03b, the walk's %03b", round, i, got, want)
			}
		}
	}
}
