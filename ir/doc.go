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
// # Byte layout
//
// Memory is values, not bytes, but a producer may give the bytes a value
// occupies, so that a pointer can become an address and back (conv) as
// Go's unsafe.Pointer and uintptr do. Sizes: bool, i8, u8 1; i16, u16 2;
// i32, u32, f32 4; i64, u64, f64, ptr 8; str 16; [n]T n times T's; a
// struct the size its layout says. A struct's layout is written after its
// fields, {i64, str; size 24 offsets 0 8}: its size and each field's byte
// offset; without offsets ({ptr, i64, i64, i64; size 24}) it has a size
// but no addressable inside (its IR fields are not the source's, as a Go
// slice header's). func, co, opaque and a struct without a layout have no
// size. Element i of an array is at i times the element's size. Like a
// name, a layout is not part of a type's identity. kiss's lowering gives
// every struct made from a Go type Go's layout (gc's, 64-bit).
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
// A struct type may end in its byte layout, {i64, str; size 24 offsets 0 8}
// (see Byte layout).
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
//   - known v is true when the executor holds one value for v on the
//     path (every scalar in it concrete), else false. It is no input:
//     each way the code goes from it must compute Go's result or an
//     over-approximation of it, a model's exact computation for a concrete
//     operand (strconv.Itoa's digits) and its approximation (an unknown
//     string) for a symbolic one, so that concrete values stay concrete
//     without forking on symbolic ones.
//   - choose n needs a concrete n; each value in [0, n) is a separate path.
//     choosebit m needs a concrete m; each k whose bit 1<<k is set in m is
//     a separate path, in increasing order.
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
//   - conv between ptr and u64 converts a pointer to its address and back.
//     An address is made when a pointer's object is first converted: the
//     k-th object converted on the path owns the addresses from k<<40 on,
//     and a pointer's address is that base plus the byte offset of its
//     field/element path (Byte layout); nil is 0. Converting back gives
//     the outermost value at the address in the object that owns it; an
//     integer that is no such address, inside a scalar or padding, beyond
//     its object, or in a value without a layout cuts the path (the
//     executor's unsafe-addr, unsafe-offset, unsafe-layout). eq on pointers
//     compares places: two paths into one object are equal when the
//     layout puts them at one address (a struct and its first field).
//   - ptrcast p, T is p if p points to a T, else the pointer to the value
//     of type T at p's address (an enclosing struct or array, a field or
//     element at offset 0 of it); integers of one width match whatever
//     their signedness, and a float an integer of its width: a load or
//     store of the one through a pointer to the other reads or writes the
//     IEEE bits (of a concrete float; a symbolic one cuts, unsafe-cast).
//     No value of type T there cuts the path (unsafe-cast): memory read
//     as a type it does not hold.
//   - index p, 0 of a pointer to a value that is not an array gives p, and
//     len of it is 1: a value of its own is an array of one (as Go's
//     unsafe.Slice(&x, 1) views it). arrayof p gives the array p points
//     into and p's index in it ({p, 0} for a value of its own; a pointer
//     to a whole array that is not an element cuts, unsafe-offset).
//   - strview p, n is the string of the n bytes from the u8 p points to
//     (0 bytes: "", whatever p); the string remembers p, and strdata gives
//     it back, and the data of a substring moves with it, as Go's
//     unsafe.String and StringData do. strdata of any other string is a
//     pointer to the first byte of an array holding its bytes, the same
//     array for every string of those contents on the path; nil for "".
//     Bytes beyond p's array cut the path (unsafe-addr), a p that points
//     to no u8 too (unsafe-cast).
//   - cut "reason" ends the path because the producer's own bound was hit
//     (kiss's goroutine cap, say): the path is neither a success nor a
//     violation, and the executor counts it under reason, so that a result
//     can say what it did not explore.
package ir
