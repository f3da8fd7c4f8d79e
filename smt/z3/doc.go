// Package z3 is a small cgo binding to the Z3 SMT solver's C API (libz3
// 4.8.12 as shipped by Debian), covering what kiss's symbolic executor
// needs: Booleans, bit-vectors, arrays, byte strings, IEEE floats and
// incremental solvers. It is the only cgo in the module.
//
// # Ownership
//
// Every Term, Sort, Solver and Model holds one Z3 reference. It is given
// back after the Go value becomes unreachable: a runtime cleanup queues it
// on its Context, and the Context's next call (or Close) releases it on the
// caller's goroutine, because Z3 contexts are not thread-safe and cleanups
// run on a goroutine of their own. Close frees everything at once; queued
// references are then dropped. A Context that becomes unreachable without
// Close is closed by a cleanup.
//
// Go's collector does not see Z3's memory, which is far larger per term than
// a wrapper: a program that makes many short-lived terms on a small Go heap
// may want to call runtime.GC now and then to bound it.
//
// # Threading
//
// A Context, and everything made from it, must be used by one goroutine at
// a time. Only Interrupt may be called from another goroutine, to stop a
// running Check. Separate Contexts may be used in parallel.
//
// # Errors
//
// A Z3 error (a sort mismatch, a bad extract, ...) does not end the
// process, as Z3's default handler would. It is recorded in the Context,
// which keeps the first one until ClearErr (see Context.Err), and the call
// returns a zero value. The zero Term and the zero Sort mean "no value":
// every method given one returns another without calling Z3, so an
// expression can be built in one go and the error checked once at the end.
// Calls on a closed Context record ErrClosed. Solver.Check and Solver.Model
// also return their error.
//
// Semantics follow SMT-LIB, which for bit-vectors matches Go's fixed-width
// integers (wrap-around, truncating signed division, Go's shifts) except
// that division by zero is defined instead of panicking. Strings are byte
// sequences, like Go's.
package z3
