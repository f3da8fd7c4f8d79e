package sequentialize

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// Roots named _one can never start a second goroutine; roots named _many
// can. Build says so of each root alone. OneGoroutine, which lowers the
// roots of a package together, says the same of them, except that a root
// may look concurrent only because of another's types (wantTogether).
func TestOneGoroutine(t *testing.T) {
	for _, c := range []struct {
		dir          string
		wantTogether map[string]bool // where OneGoroutine's answer is not Build's
	}{
		{"seqconc/onegoroutine", nil},
		{"seqconc/foreignctx", map[string]bool{"TestOwnContexts_one": false}},
	} {
		fns := loadRoots(t, c.dir)
		var roots []*ssa.Function
		for name, fn := range fns {
			if strings.HasSuffix(name, "_one") || strings.HasSuffix(name, "_many") {
				roots = append(roots, fn)
			}
		}
		slices.SortFunc(roots, func(a, b *ssa.Function) int { return strings.Compare(a.Name(), b.Name()) })
		if len(roots) < 2 {
			t.Fatalf("%s: only %d roots", c.dir, len(roots))
		}
		together, err := OneGoroutine(roots[0].Prog, roots, DefaultOptions)
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range roots {
			want := strings.HasSuffix(fn.Name(), "_one")
			sc, err := Build(fn.Prog, fn, DefaultOptions)
			if err != nil {
				t.Fatal(err)
			}
			if sc.OneGoroutine != want {
				t.Errorf("%s: Build says one goroutine = %v", fn.Name(), sc.OneGoroutine)
			}
			if w, ok := c.wantTogether[fn.Name()]; ok {
				want = w
			}
			if together[fn] != want {
				t.Errorf("%s: OneGoroutine says %v", fn.Name(), together[fn])
			}
		}
	}
}
