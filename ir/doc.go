// Package ir is kiss's sequential intermediate representation: the contract
// between sequentialize (which lowers concurrent Go into it) and smt (which
// checks it symbolically).
//
// A program is sequential: at any moment exactly one function activation runs.
// Its only source of choice is nondet (a fresh unconstrained value) and choose
// (a value in [0, n) explored case by case); its properties are asserts. Go's
// goroutines appear as coroutines: cocreate makes a suspended activation,
// resume runs it until it yields or returns, yield hands control back to the
// resumer. The scheduler that decides which goroutine runs next is ordinary IR
// code built on those three operations; smt knows nothing of goroutines.
//
// # Values and types
//
// Scalars are bool, iN/uN (N = 8, 16, 32, 64; two's complement with
// wrap-around), f32/f64 (IEEE 754), str (immutable bytes), ptr (a reference to
// a heap object or to a field or element inside one, or nil), func (a
// function reference, or nil), co (a coroutine handle, or nil) and opaque
// (values compared only for equality). Aggregates are structs {T1, T2} and
// arrays [n]T; they are values (copied on assignment, like Go's). Memory is a
// set of heap objects made by alloc, mapnew, strtobytes and the globals; an
// object holds one value, and field/index derive pointers into it. Every local
// and every new object starts at its type's zero value.
//
// # Text form
//
//	// A comment runs to the end of the line.
//	type $pair = {i64, ptr}            // a named type
//	global @counter i64                // a global object; @counter is a ptr to it
//
//	func @triple(%x i64) i64 {
//	  var %y i64                       // locals, after the parameters
//	entry:                             // the first block is the entry
//	  %y = mul %x, 3:i64
//	  ret %y
//	}
//
//	func @main() {
//	  var %x i64
//	  var %y i64
//	  var %ok bool
//	entry:
//	  %x = nondet
//	  %y = call @triple(%x)
//	  %ok = ne %y, 42:i64
//	  assert %ok, assert, "x*3 must not be 42" at "triple.go:7:2"
//	  ret
//	}
//
// Locals are %name, globals and functions @name, named types $name, labels
// bare identifiers. A name is made of letters, digits, '_', '.', '-' and '$'
// (a label starts with a letter or '_'); any other name is written Go-quoted,
// as in @"(*T).Lock" or %"a b" or the label "for.body#2". Constants: 42:i64,
// -1:i8, 255:u8, 0xff:u8 (read, never printed), 1.5:f64, nan:f32, inf:f64,
// -inf:f64, true, false, "a Go-quoted string", nil:ptr, nil:func, nil:co,
// zero:T (the zero value of any type, e.g. zero:{i64, ptr} or zero:$pair).
// An integer must fit its type (300:u8 is an error; a signed type takes the
// signed value, -1:i8, not 255:i8). In a constant, as in every type position,
// a declared named type is written $name (7:$myint). Any instruction may end
// with `at "file.go:line:col"`, the Go position it was lowered from, and so
// may a function header, before its brace: func @f(%x i64) at "f.go:3:6" {.
// An instruction's result type is its destination local's declared type.
//
// The form is line-oriented: one declaration, var, label or instruction per
// line (a label may share its line with the instruction after it). Types,
// globals and functions may be used before they are declared. Print writes
// the canonical form; Parse reads it (and the variations above) back; Verify
// checks the typing rules of the instruction set.
//
// # Semantics worth spelling out
//
//   - Integer div and rem truncate toward zero (rem takes the dividend's sign),
//     as Go's; the signedness of the operands' type decides. Division by zero,
//     a nil or out-of-bounds dereference, resuming a finished coroutine and
//     yield outside a coroutine are runtime errors of the IR program: the
//     producer is expected to guard them with asserts that say what Go would
//     do (panic), so reaching one is an internal error, not a finding.
//   - Shift counts are unsigned; a count >= the width gives 0 (or all sign
//     bits for shr of a negative signed value), as Go's.
//   - nondet "label" is a nondet whose origin the producer names (kiss
//     labels the results of functions it does not know); a violation
//     reports the labels its path depends on, so that a producer can tell
//     findings that hold for every behaviour of those origins from those
//     that need particular ones.
//   - choose n needs a concrete n; each value in [0, n) is a separate path.
//   - cost n adds n to the path's cost; the executor explores paths of lower
//     cost first and prunes paths above its cost bound (kiss counts
//     preemptions this way).
//   - assert c, kind, "msg" reports a violation of the given kind when c can be
//     false on the path, then continues with c assumed true.
//   - observe "name", args... hands the arguments, made concrete, to the
//     observer the executor was given under that name (kiss's race detector
//     is one); the observer may report a violation.
//   - trace "name", args... records an event on the path; the events of a
//     violating path, with their values under the model, are part of its
//     report (kiss decodes the schedule from them).
//   - exit ends the whole execution normally, whatever coroutines remain.
//     Returning from main ends it too.
//   - cut "reason" ends the path because the producer's own bound was hit
//     (kiss's goroutine cap, say): the path is neither a success nor a
//     violation, and the executor counts it under reason, so that a result
//     can say what it did not explore.
package ir
