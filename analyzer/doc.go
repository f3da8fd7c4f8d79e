// Package kiss is the go/analysis pass of kiss (imported as
// github.com/gokiss/kiss/analyzer, used as kiss.Analyzer).
//
// For each root of a package (TestXxx, BenchmarkXxx, ExampleXxx, main, and
// functions without parameters that start goroutines) it builds the
// sequential program of the scenario (package sequentialize), explores it
// with the symbolic executor (package smt) up to -contexts preemptions,
// cheapest first, and reports each violation once, at the position where it
// happens, with the schedule that makes it happen as related information.
//
// Each package that is not in the standard library and has concurrency of
// its own or through its imports exports its code lowered to kiss's IR as a
// package fact (facts.go), with that of its dependencies, so that a test
// in another package runs the callee's real code, under go vet (facts
// only) as under kiss ./... . The standard library is modelled instead
// (package summaries). A dependency go vet analyses only for its facts
// (VetxOnly) has no roots checked (Config.FactsOnly).
//
// The analyzer builds its own SSA of the package with
// ssa.InstantiateGenerics rather than using buildssa's, whose builder mode
// leaves generic instantiations as wrappers around type-parameterised code
// that cannot be executed.
package kiss
