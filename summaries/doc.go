// Package summaries holds what the code under test calls but kiss does not
// execute from its own package's source: the models, and the form of
// another package's code lowered for its importers (Lowered, which the
// analyzer carries as a go/analysis fact).
//
// # The registry
//
// Models (and Lookup) is the one list of kiss's models of Go functions:
// every function a call of which kiss lowers to a model rather than to its
// body or to an unknown function, named as package ssa names it
// ("(*sync.Mutex).Lock", "sync/atomic.AddInt64"). Each entry says how the
// model is implemented (Impl) and what the rest of kiss needs to know of
// it: whether it may be a scheduling point (Visible), block (Blocks),
// synchronize (Syncs) or start a goroutine (Spawns), what program code it
// may call and when (Calls, CallArg, CallsMethods), and what it does (Doc).
// TypeModels lists the Go types whose values are a model's own (sync.Mutex
// is the IR type $mutex, reflect.Value $rvalue). Models of functions outside
// the standard library (testify's; Model.Standard) key on the import path
// too: they apply to programs that have the function.
//
// A model is implemented in one of two ways:
//
//   - InIR: a function of models/*.ir, in the sequential IR's text form,
//     that takes the Go arguments and the call's position. The front end
//     emits a call of it. These are the synchronization objects of package
//     sync.
//   - InGo: package sequentialize lowers the call in Go (its conc_*.go),
//     where the call needs more than a call of an IR function: interface
//     calls inside Cond.Wait, per-type atomics, test failures, spawning a
//     goroutine, kiss's own dynamic types for contexts and errors. The code
//     it emits calls the IR functions of models/*.ir where they exist
//     (channels, context, time, testing). The front end registers each such
//     lowering under the model's name; a test of package sequentialize
//     (TestModelRegistry) fails when a registry entry has no
//     implementation or an implementation no registry entry.
//
// What is not in the registry, and why: Go's own concurrency constructs
// (go statements, channel operations, select, close, len and cap of a
// channel) are not functions; the front end lowers them to the channel
// model (models/chan.ir) and the runtime. The methods of kiss's own
// dynamic types (a context's Done and Err, @ctx.Done and @ctx.Err; an
// error's Error) are reached through interface dispatch, not by a Go
// function's name. The scheduler (sequentialize/runtime.ir) is the
// scenario's runtime, not a model of a Go API.
//
// The registry is data only: package sequentialize reads it and emits the
// calls, so that every concurrency concept stays in one place. The models
// call the runtime (rt.yield, rt.park, rt.ready, rt.wakeall, @rt.cur) and
// @rt.panic; each model file declares them (a function without a body)
// and linking resolves them.
package summaries
