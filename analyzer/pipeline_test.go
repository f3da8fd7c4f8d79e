package kiss

// Tests that run roots of testdata packages through every stage: build the
// scenario, explore it, decode each violation.

import (
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/report"
)

// What kiss replay reads besides the steps: a race's two accesses, the
// goroutines blocked at the end of a deadlock or a leak.
func TestDecodeReplayFields(t *testing.T) {
	fns := loadPackage(t, "seqconc/basic").fns
	for _, root := range []string{"TestABBA", "TestLeak", "TestRace"} {
		sc, res := runRoot(t, fns[root])
		if len(res.Violations) == 0 {
			t.Fatalf("%s: no violation", root)
		}
		s := report.Decode(sc, res.Violations[0]).Schedule
		switch s.Check {
		case "race":
			if s.Race == nil || s.Race.First.G == s.Race.Second.G || s.Race.Second.Pos != s.Pos {
				t.Errorf("%s: race %+v, report at %s", root, s.Race, s.Pos)
			}
		case "deadlock", "leak":
			if len(s.Blocked) == 0 {
				t.Errorf("%s: no blocked goroutine", root)
			}
			for _, b := range s.Blocked {
				if b.Pos == "" || !strings.Contains(s.Message, b.Pos) {
					t.Errorf("%s: blocked %+v not in %q", root, b, s.Message)
				}
			}
		default:
			t.Errorf("%s: check %s", root, s.Check)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", root, err)
		}
	}
}
