// Package sequentialize turns the Go SSA of a root scenario into kiss's
// sequential IR (package ir), which smt checks symbolically, and decodes
// the executor's findings back into schedules.
//
// # Lowering sequential Go (lower*.go)
//
// A lowerer maps each Go function it reaches to one IR function, on first
// reference (FuncRef, LowerFunc), and Program completes the whole program.
// buildSequential is the sequential driver: its main runs the package's
// init, then the root, and asserts that no panic is left unrecovered.
//
// Values: bool, sized integers, floats and strings map to their IR scalars;
// complex numbers are structs of their parts (lower_complex.go); pointers, maps and
// channels are ptr; a struct is an IR struct with the same field indices; an
// array is an IR array; a slice is $slice = {ptr, i64, i64, i64}, the
// backing array (an object from `alloc T, cap`), offset, length, capacity;
// an interface is $iface = {i64, ptr}, a dynamic type id (0: nil) and a box
// holding the value; a func value is $closure = {func, ptr}, a function and
// its environment. Several results travel as a struct.
//
// Package unsafe (lower_unsafe.go, lower_convert.go): every struct type
// made from Go carries Go's byte layout (gc's sizes, 64-bit), and $slice,
// $iface and $closure their Go sizes, so that the executor, which knows
// at run time what a pointer points into, can turn unsafe.Pointer into
// uintptr and back (conv), unsafe.Add included; unsafe.Pointer to *T is
// ptrcast to T. unsafe.String and StringData are strview and strdata,
// unsafe.Slice an arrayof and a length check, SliceData the first
// element; their panics are Go's. What the executor cannot resolve cuts
// the path (unsafe-addr, unsafe-offset, unsafe-layout, unsafe-cast).
//
// Calls: every IR function lowered from Go takes %env ptr first (the object
// holding a closure's free variables; nil for plain functions), then the Go
// parameters, receiver first. Interface method calls go through generated
// dispatchers (@rt.invoke.M) that switch on the type id; the type table is
// lowerInfo.Types and may grow (TypeID) until Program. A call of a function
// that has a model is lowered by the model (lowerOptions.Externs, by the
// function's ssa name; a model overrides a body, but for the package under
// analysis' own functions); a function without a body and without a model
// is an unknown function: unconstrained results, no effects, listed in
// lowerInfo.Unknown. Go's concurrency constructs go to a concurrencyLowering.
//
// Panics are explicit control flow (lower_panic.go): @rt.panicking,
// @rt.panicval and @rt.panicmsg hold the panic in flight, `trace "panic",
// msg, pos, ...` records where it started, a check after every call jumps
// to the frame's unwind code, which runs the deferred calls (a per-frame
// list) and returns or, after a recover, resumes at the Recover block.
// Models raise runtime panics with `call @rt.panic(msg, pos)`, and the
// library's panic("...") with `call @rt.libpanic(msg, pos)`, and return.
// Go's runtime checks (nil dereference, bounds, division, conversions,
// nil maps and funcs) are emitted where an operand is not known safe.
//
// Names: functions and globals are @pkg.Name, @"(*pkg.T).M" (package names,
// not paths; quoted when not bare), kiss's runtime is @rt.*; locals are
// named after the SSA values and Go parameters; positions are
// "file.go:line:col" (posString). Dynamic type ids hash the type's full
// name, so a type has the same id in every program.
//
// # The scenario, the runtime and the models (build.go, conc*.go)
//
// Build lowers a root's scenario: goroutine 0 runs the package's init and
// the root (ending a test as tRunner does), under the scheduler of
// runtime.ir, the scenario's runtime. The runtime is not a model of a Go
// API: goroutines are coroutines, @rt.schedule picks the next one at every
// scheduling point, and the models and the lowering call rt.yield,
// rt.park, rt.spawn and the rest of @rt.*. Time is the runtime's fake
// clock (testing/synctest's): rt.sleep parks a goroutine until a wake
// time, and the clock advances to the earliest one only when no goroutine
// can run; timers, tickers and deadlines are goroutines that sleep
// (Options.Timing also lets the earliest sleepers wake while goroutines
// can run). concLowering, the
// concurrencyLowering of a build, lowers go statements, channels and
// select into calls of the runtime and of the channel model
// (summaries/models/chan.ir), and reports memory accesses to the race
// detector (conc_race.go).
//
// The models of Go functions are listed in one place, the registry of
// package summaries (summaries.Models), with how each is implemented and
// what it does (may block, synchronizes, may start a goroutine, calls
// back). externs makes lowerOptions.Externs from it: a model implemented
// in IR (summaries.InIR, functions of summaries/models/*.ir) is a call of
// its IR function with the Go arguments and the call's position; a model
// the front end lowers in Go (summaries.InGo) is the externFunc that
// lowerings registers under the same name, in conc_models.go (sync,
// time.Sleep, runtime.Gosched and Goexit), conc_atomic.go,
// conc_context.go, conc_time.go, conc_testing.go, conc_lib.go (errors,
// fmt's Sprint family, strconv, strings, flag, runtime's counts, go test's
// flags), conc_print.go (fmt's printing, log), conc_reflect.go (reflect),
// conc_sys.go (the call stack, the environment), conc_runtime.go (the
// runtime's hooks the standard library reaches), conc_syncdata.go
// (sync.Map and Pool), conc_bytealg.go (internal/bytealg's searches and
// comparisons), conc_sort.go (sort.Slice and its kin; a sort the model
// does not step as Go does is cut, sort-length) and conc_testify.go
// (testify's assert and require, which apply in testify's exported code
// too). A model whose answer depends on the dynamic type is a late
// function with a recipe (modelLate), remade by an importer of exported
// code. TestModelRegistry
// checks that the registry and the lowerings name the same functions. The
// Go types whose values are a model's own (summaries.TypeModels) get the
// model's IR type (lowerOptions.Types). The models' IR is parsed and
// linked with runtime.ir once per build (loadRuntime, linkRuntime).
//
// # Code across packages (export.go, import.go)
//
// Export lowers a package's functions and methods for its importers
// (summaries.Lowered, which the analyzer carries as a fact): names are full
// ("(*example.com/p.T).M", generated ones prefixed by the package path),
// positions are "importpath/file.go:line:col", and the functions that
// depend on the whole program's dynamic types (dispatch, equality,
// assertions to interfaces) are declarations with a recipe. Build's
// Options.Imports links such code: a call of a function without a body
// that it defines runs it; the recipes are remade against this program's
// type table, and the exported dynamic types join it.
package sequentialize
