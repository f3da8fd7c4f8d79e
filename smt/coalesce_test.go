package smt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gokiss/kiss/ir"
)

// Locals that share a slot (ir.Coalesce) must not change what a program
// does: every program of testdata/ir runs to the same violations, paths
// and completion with its functions' locals coalesced as without.
func TestCoalescedProgramsRunAlike(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "ir", "*.ir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	outcome := func(p *ir.Program) string {
		res, err := Run(context.Background(), p, Options{MaxCost: 2, Timeout: time.Minute})
		if err != nil {
			return "error: " + err.Error()
		}
		var vs []string
		for _, v := range res.Violations {
			vs = append(vs, fmt.Sprintf("%s|%s|%s|%d", v.Kind, v.Message, v.Pos, v.Cost))
		}
		slices.Sort(vs)
		return fmt.Sprintf("paths %d complete %v violations %q", res.Stats.Paths, res.Stats.Complete, vs)
	}
	merged := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, errA := ir.Parse(f, src)
		b, errB := ir.Parse(f, src)
		if errA != nil || errB != nil {
			continue // the parser's own tests' bad inputs
		}
		if ir.Verify(a) != nil {
			continue
		}
		before := 0
		for _, fn := range b.Funcs {
			before += len(fn.Locals)
			ir.Coalesce(fn)
		}
		after := 0
		for _, fn := range b.Funcs {
			after += len(fn.Locals)
		}
		merged += before - after
		if err := ir.Verify(b); err != nil {
			t.Errorf("%s: coalesced program does not verify: %v", f, err)
			continue
		}
		if x, y := outcome(a), outcome(b); x != y {
			t.Errorf("%s: coalescing changed the outcome:\n  before: %s\n  after:  %s", filepath.Base(f), x, y)
		}
	}
	if merged == 0 {
		t.Error("no local was coalesced in any program: the test compares nothing")
	}
	t.Logf("%d locals merged over %d programs", merged, len(files))
}
