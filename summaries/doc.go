// Package summaries holds what the code under test calls but kiss does not
// execute from its own package's source: the models of channels and of
// packages sync, context, time and testing (the subtest protocol), written
// in the sequential IR's text form (models/*.ir), the tables that say which
// Go function or type each model stands for, and the form of another
// package's code lowered for its importers (Lowered, which the analyzer
// carries as a go/analysis fact).
//
// It is data only: package sequentialize reads the tables and emits the
// calls, so that every concurrency concept stays in one place (DESIGN.md,
// "Models"). The models call the runtime of sequentialize (rt.yield,
// rt.park, rt.ready, rt.wakeall, @rt.cur) and @rt.panic; each model file
// declares them (a function without a body) and linking resolves them.
package summaries
