package replay

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format renders a result for people: the steps the run followed, then the
// verdict.
func Format(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "replay %s: %s in %s (%s)\n", filepath.Base(r.File), r.Check, r.Root, r.Package)
	if r.Message != "" {
		fmt.Fprintf(&b, "  kiss said: %s\n", r.Message)
	}
	for _, st := range r.Trace {
		mark := "✓"
		if !st.OK {
			mark = "✗"
		}
		line := fmt.Sprintf("  step %d: goroutine %d %s", st.Step, st.G, st.Op)
		if st.Pos != "" {
			line += " at " + st.Pos
		}
		if st.Preempt {
			line += " (preemption)"
		}
		if st.Blocks {
			line += " (blocks)"
		}
		fmt.Fprintf(&b, "%s %s\n", line, mark)
	}
	switch r.Verdict {
	case Diverged:
		fmt.Fprintf(&b, "diverged at step %d: expected %s; instead %s\n", r.DivergedAt, r.Expected, r.Actual)
	case Failed:
		fmt.Fprintf(&b, "error: %s\n", r.Detail)
	default:
		fmt.Fprintf(&b, "%s: %s\n", r.Verdict, r.Detail)
	}
	return b.String()
}
