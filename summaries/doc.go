// Package summaries holds what the code under test calls but kiss does not
// execute from source: the models of channels and of packages sync,
// context, time and testing (the subtest protocol), written in the
// sequential IR's text form (models/*.ir), and the tables that say
// which Go function or type each model stands for.
//
// It is data only: package sequentialize reads the tables and emits the
// calls, so that every concurrency concept stays in one place (DESIGN.md,
// "Models"). The models call the runtime of sequentialize (rt.yield,
// rt.park, rt.ready, rt.wakeall, @rt.cur) and @rt.panic; each model file
// declares them (a function without a body) and linking resolves them.
package summaries
