package replay

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format renders a result for people: the steps the run followed, each
// marked ✓ (performed) or ✗ (where the run left the schedule), then the
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
		fmt.Fprintf(&b, "  %s %s\n", st.Text(st.N, true), mark)
	}
	switch r.Verdict {
	case diverged:
		fmt.Fprintf(&b, "diverged at step %d: expected %s; instead %s\n", r.DivergedAt, r.Expected, r.Actual)
	case failed:
		fmt.Fprintf(&b, "error: %s\n", r.Detail)
	default:
		fmt.Fprintf(&b, "%s: %s\n", r.Verdict, r.Detail)
	}
	return b.String()
}
