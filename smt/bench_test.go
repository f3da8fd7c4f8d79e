package smt

import (
	"testing"
	"time"
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
