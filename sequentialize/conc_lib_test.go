package sequentialize

import (
	"sort"
	"strings"
	"testing"
)

// TestLibErrors runs the roots of seqconc/liberr: every Test is silent
// (the models are faithful where the test checks them) except those named
// ...Bad, which must fail their assertion, with no preemption.
func TestLibErrors(t *testing.T) {
	fns := loadRoots(t, "seqconc/liberr")
	var roots []string
	for name := range fns {
		if strings.HasPrefix(name, "Test") {
			roots = append(roots, name)
		}
	}
	sort.Strings(roots)
	if len(roots) < 10 {
		t.Fatalf("roots: %v", roots)
	}
	for _, root := range roots {
		sc, res := runRoot(t, fns[root], 1)
		var got []string
		for _, v := range res.Violations {
			r := sc.Decode(v)
			got = append(got, r.Check+" at "+r.Pos+": "+r.Message)
		}
		if !res.Stats.Complete {
			t.Errorf("%s: exploration cut: %v", root, res.Stats.Cuts)
		}
		if len(sc.Unknown) > 0 {
			t.Errorf("%s: unknown functions: %v", root, sc.Unknown)
		}
		t.Logf("%s: %d paths, %d steps, %v", root, res.Stats.Paths, res.Stats.Steps, got)
		bad := strings.HasSuffix(root, "Bad")
		switch {
		case bad && (len(got) != 1 || !strings.HasPrefix(got[0], "assert")):
			t.Errorf("%s: want one test failure, got %v", root, got)
		case !bad && len(got) > 0:
			t.Errorf("%s: want no violation, got %v", root, got)
		}
	}
}
