package smt

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gokiss/kiss/ir"
)

// BenchmarkForkHeavy explores 3*1024 paths forked on symbolic branches (the
// branch sits in a loop, hence the unroll bound above 10).
func BenchmarkForkHeavy(b *testing.B) {
	p := load(b, "exec_bench_fork.ir")
	var paths, calls int
	var solver time.Duration
	start := time.Now()
	for b.Loop() {
		res := run(b, p, Options{Unroll: 16})
		checkWants(b, "exec_bench_fork.ir", "", res)
		if !res.Stats.Complete || res.Stats.Paths != 3*1024 {
			b.Fatalf("stats %+v", res.Stats)
		}
		paths += res.Stats.Paths
		calls += res.Stats.SolverCalls
		solver += res.Stats.SolverTime
	}
	el := time.Since(start)
	b.ReportMetric(float64(paths)/el.Seconds(), "paths/s")
	b.ReportMetric(float64(calls)/float64(b.N), "solver-calls/op")
	b.ReportMetric(float64(paths)/float64(b.N), "paths/op")
	b.ReportMetric(100*solver.Seconds()/el.Seconds(), "%solver-time")
}

// BenchmarkMostlyConcrete runs a concrete bubble sort with a few symbolic
// inputs at the end; nearly every step runs without terms or the solver.
func BenchmarkMostlyConcrete(b *testing.B) {
	p := load(b, "exec_bench_concrete.ir")
	var steps, conc int
	for b.Loop() {
		res := run(b, p, Options{})
		checkWants(b, "exec_bench_concrete.ir", "", res)
		if !res.Stats.Complete {
			b.Fatalf("stats %+v", res.Stats)
		}
		steps += res.Stats.Steps
		conc += res.Stats.ConcreteSteps
	}
	b.ReportMetric(float64(conc)/float64(steps), "concrete-share")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
}

// callChainProgram loops n times over a chain of depth calls (main → f1 →
// … → f<depth>), each adding one to its argument: nearly every step is a
// call or a return, at the depth of kiss's stacks (scheduler, goroutine
// wrapper, test, the code under test, models).
func callChainProgram(depth, n int) *ir.Program {
	var src strings.Builder
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&src, "func @f%d(%%x i64) i64 {\n  var %%y i64\nentry:\n  %%y = add %%x, 1:i64\n", i)
		if i < depth {
			fmt.Fprintf(&src, "  %%y = call @f%d(%%y)\n", i+1)
		}
		src.WriteString("  ret %y\n}\n\n")
	}
	fmt.Fprintf(&src, `func @main() {
  var %%i i64
  var %%s i64
  var %%more bool
  var %%ok bool
entry:
  jmp loop
loop:
  %%more = lt %%i, %d:i64
  br %%more, body, done
body:
  %%s = call @f1(%%i)
  %%i = add %%i, 1:i64
  jmp loop
done:
  %%ok = eq %%s, %d:i64
  assert %%ok, assert, "sum" at "calls.go:1:1"
  ret
}
`, n, n-1+depth)
	p, err := ir.Parse("calls.ir", []byte(src.String()))
	if err != nil {
		panic(err)
	}
	return p
}

// BenchmarkCalls measures the executor's calls and returns: 2000
// iterations of a chain 24 deep, concrete throughout.
func BenchmarkCalls(b *testing.B) {
	p := callChainProgram(24, 2000)
	var steps int
	start := time.Now()
	for b.Loop() {
		res := run(b, p, Options{})
		if len(res.Violations) > 0 || len(res.Errors) > 0 || !res.Stats.Complete {
			b.Fatalf("violations %v errors %v stats %+v", res.Violations, res.Errors, res.Stats)
		}
		steps += res.Stats.Steps
	}
	b.ReportMetric(float64(2000*24)*float64(b.N)/time.Since(start).Seconds(), "calls/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
}
