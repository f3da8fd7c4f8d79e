// Package kiss is the go/analysis pass of kiss (imported as
// github.com/gokiss/kiss/analyzer, used as kiss.Analyzer), and the driver
// of its pipeline.
//
// It takes a package (typed syntax, from go vet, go/packages or
// golangci-lint) and the lowered code its imports exported as facts. It
// gives, for each root of the package (TestXxx, BenchmarkXxx, ExampleXxx,
// main, and functions without parameters that start goroutines), the
// violations that some schedule with at most -contexts preemptions
// reaches: as diagnostics (the check as category, the schedule's steps as
// related information), as its typed Result (report.Finding values with
// their schedules), and as schedule files with -schedules. It exports the
// package's own lowered code as a fact for its importers.
//
// It wires the stages, each a package that never calls a later one:
//
//	sequentialize    the root's Go SSA → the scenario: a sequential ir.Program
//	smt, smt/race    the program → its violations (explored by rounds of growing preemption bound)
//	analyzer/report  a violation → a typed finding with its schedule
//	analyzer/replay  a finding's schedule → the real test run under it, and whether the violation happened
//
// A finding is reported only when its schedule reproduces in the real test
// (Config.Verify, on by default): the schedule is kiss's proof.
//
// Every package kiss lowers (the standard library's included, but for the
// runtime and the wholly modelled context, testing and reflect) exports
// its own code lowered to kiss's IR as a package fact (facts.go); its
// dependencies' code is referred to by hash and kept in a store on disk
// (store.go: $KISS_CACHE, else the user cache directory's kiss/lowered),
// so that a test in another package runs the callee's real code, under
// go vet (facts only) as under kiss ./... . A dependency go vet analyses
// only for its facts (VetxOnly) has no roots checked (Config.FactsOnly).
// The code of a package of the standard library is kept in the store
// under a hash of its inputs too (reuse.go), and a later run of the same
// kiss exports it from there without building the package again.
//
// The analyzer builds its own SSA of the package with
// ssa.InstantiateGenerics rather than using buildssa's, whose builder mode
// leaves generic instantiations as wrappers around type-parameterised code
// that cannot be executed; generic code of other packages is instantiated
// against those packages checked again from source (generics.go). Of the
// package's imports, transitively, its SSA program holds only the
// packages its code names and those the models link by path (needed.go):
// calls into the others run the code of their facts.
//
// Each root explores for -timeout at most, and a package's roots share
// -package-timeout, their times added up (budget.go): equal shares first,
// then what is left to the roots a share cut; once it is used up, the
// roots not started are not checked, and a note says so. A root's notes and
// statistics are printed, in the roots' order, once its package's roots
// are done.
//
// For kiss's developers: KISS_DEBUG_TRACE=1 prints each violation's trace
// and path as the executor found it, KISS_DEBUG_LINK=1 each function a
// root links and why it was wanted, KISS_DEBUG_QUERIES=DIR writes each Z3
// query that takes over 30 ms into DIR.
package kiss
