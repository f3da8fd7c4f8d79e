// Package smt is kiss's symbolic executor: it runs a sequential program of
// package ir (see its doc.go for the semantics) on every path, by rounds of
// increasing cost bound, and reports the assertions that can fail, each with a model (the
// values of the nondets on the path) and the trace events under it. It knows
// nothing of goroutines: they reach it as coroutines and a scheduler written
// in the IR, whose preemptions are the paths' cost.
//
// It takes an ir.Program, Options (bounds, budgets, and the observers its
// observe instructions name: kiss's race detector, package smt/race) and
// gives a Result: the violations (smt.Violation, with the observer's typed
// Detail when an observer found it), the IR program's own runtime errors,
// and Stats saying what was explored and what was cut. It runs on Z3
// through package smt/z3, the module's only cgo.
//
// # Values
//
// A value is concrete (Go bits, a float64, a string) or a term of the
// executor's own expression language (expr.go), hash-consed per run and
// translated to Z3 once per term. A term is built only when an operand is
// symbolic, and the builder folds constants and simplifies (x*0, x+0,
// ite(c, a, a), ...), so code that touches no nondet value runs as a plain
// interpreter: no terms, no solver. Integers are bit-vectors with Go's
// wrap-around, division and shifts; floats use Z3's IEEE theory; strings
// its string theory (as byte strings) for eq, len, concat and comparisons,
// other operations on a symbolic string cut the path (Cuts["sym-string"]);
// opaque values are an uninterpreted sort. Comparisons of lengths go to Z3
// as integers, and a condition whose slice of the path (the conditions
// sharing its variables) uses strings only through their lengths and ""
// is decided without the string theory (lengths.go), and one of equalities
// and disequalities of string variables and constants (a map's unknown
// keys against each other and the keys looked up) by union-find
// (streq.go). A slice whose
// conditions are linear on bit-vectors (sums, products, divisions, shifts,
// masks, ors and xors by constants, shifts by unknown amounts, ors of
// unknowns under a guard, extensions, comparisons: the fake clock's
// deadlines, a duration's digits, the calendar of time.Now's wall clock) is
// decided, and a path's model read, in integer arithmetic, by an exact
// translation (linear.go): Z3 bit-blasts 64-bit adders and dividers at tens
// of milliseconds and up to a gigabyte a query. A slice of one or two
// variables, one a float (a rand.Float64's jitter), is decided in Go where
// it can be: a sampled value that satisfies it (sample.go), or a condition
// false over the box its interval bounds give (floatbox.go).
//
// # Memory
//
// A heap object holds one value tree; a pointer is an object and a path of
// field/element indices, always concrete except for a symbolic last index
// into an array of at most 256 scalars, which loads and stores resolve by
// case analysis (an ite chain) instead of forking. Other symbolic indices,
// sizes and keys fork over their feasible values. Maps are objects with
// insertion-ordered entries whose keys compare concretely when they can and
// fork on a symbolic equality otherwise.
//
// Addresses exist only where the program makes them (ops_unsafe.go): a
// pointer converted to an integer exposes its object, which gets the next
// region of addresses on the path (PNVI-ae: Memarian et al., "Exploring C
// Semantics and Pointer Provenance"), and the address adds the byte offset
// of the pointer's path, from the layout the IR's types carry (the
// lowering knows Go's sizes, the executor which object and path a pointer
// designates). An integer converted back resolves to the outermost value
// at that offset of the exposed object whose region holds it; ptrcast
// picks the one of the type read (a float's slot may be read as its bits,
// which loads and stores then convert). A state's exposed objects (in order)
// and the arrays strdata made (by contents) are roots of its hash. A
// string strview made keeps its origin pointer in its path field. What
// cannot be resolved is cut, by reason: unsafe-addr (no object's address,
// or beyond it), unsafe-offset (inside a scalar, in padding), unsafe-layout
// (a value without a layout), unsafe-cast (memory read as another type).
//
// # Paths
//
// A state is one path: coroutine stacks of frames, a heap, a path
// condition and the records of nondets and trace events. Forking is cheap:
// frames, coroutines, objects and observers are copy-on-write, owned by one
// state id, and a fork gives both sides new ids. With a cost bound the
// search is iterative context bounding (Musuvathi and Qadeer, Iterative
// Context Bounding for Systematic Testing of Multithreaded Programs): a
// depth-first round per bound 0, 1, ..., MaxCost, each pruning the paths
// that cost more, so every violation is first met at its fewest
// preemptions while the work list holds only the pending siblings of one
// path. Later rounds start from a copy of the state at the first branch
// (the package initialisation is not run again), and stop early when a
// round left nothing out for its bound. The program may ask whether a
// preemption fits (the preemptible instruction): a scheduler need not offer
// a choice that the bound, or the reduction below, would prune. Without a
// bound the work list orders states by cost, then most recent first.
//
// At every choose, a state equal to one explored before with no less of
// the bound left (in this round or an earlier one) is dropped
// (statecache.go): the state is hashed with its heap objects
// numbered by reachability and only the live locals of its frames, so
// that interleavings which reach the same memory by different routes
// meet; the objects of the heap at the first choose past initialization
// keep their ids and are hashed only where a state changed their value,
// since on real code they are most of the heap and seldom written;
// observers take part through StateHasher. Options.Running names
// the global of the caller's scheduler that holds the running goroutine:
// it is kept beside the hash, and a state is also dropped when the same
// memory was seen with another running goroutine at a cost at least one
// less (a preemption reaches what that one could), or with none at no
// greater cost.
//
// Options.Reduce adds partial-order reduction by sleep sets (por.go): a
// transition is what runs between two chooses of the caller's scheduler,
// its footprint the memory it touches (reads of frozen objects, a
// closure's environment, are none); a goroutine whose block (its run
// until it stops or is preempted) a sibling explored first sleeps while
// the path runs only transitions independent of it (a scheduler that
// picks goroutines by number with choosebit has the sleeping ones left
// out before they fork a path). Sleep sets are
// restricted so that the path kept never costs more preemptions than the
// one dropped (Coons, Musuvathi and McKinley, Bounded Partial-Order
// Reduction), and the state cache keeps each state's sleep set (a state
// met again with goroutines awake that slept when it was explored runs
// only those). A
// goroutine whose transition so far touched nothing shared is not
// preemptible: switching away reaches only what switching away at the
// transition's start did, at no less cost. The scheduler's chooses where
// the running goroutine blocked or exited are checked against the state
// cache even when one goroutine can run: the orders of what ran before
// meet there.
//
// Options.Symmetry adds symmetry reduction to the state cache
// (symmetry.go): each state is hashed under a permutation of the caller's
// goroutine slots that sorts the goroutines by what they are, renaming
// every slot it holds (the table's records, masks, the values loaded from
// the running goroutine's global wherever they went, the coroutines), so
// that states that differ only in which of two alike goroutines is where
// meet; the sleep sets and footprints kept beside them are kept by
// canonical slot.
//
// # Solver
//
// The path condition is an immutable list of nodes shared between forks and
// hash-consed on (parent, condition), so each node caches its
// satisfiability (and a model, once one was needed): paths that differ only
// in concrete choices share their queries. One incremental Z3 solver
// mirrors the node last decided: deciding another pops to the common prefix
// and pushes the rest. Before asking Z3, the executor answers what it can:
// a condition over variables newer than the whole path condition that is
// satisfiable alone (x, !x, x == k, x != k) is independent of it; a
// condition true under the parent's model inherits the model. Models are
// fetched from Z3 only for reports and enumerations, as building one costs
// more than deciding a typical branch. A condition that fixes a variable
// (x == k, x, !x, or comparisons with constants that narrow its range to
// one value) also makes it concrete on the path: operands holding the
// variable read as k from then on, and a condition to decide, an assertion
// or a value to enumerate is folded with the fixed values first (a term
// built before the path fixed them needs no query once it folds to a
// constant). Fixed values and ranges live in persistent tries (package
// pmap) that forks share, as the race detector's shadow memory does: a
// fork copies the few nodes it writes, not the tables. A violation already
// recorded costs a later path neither a query nor a model. A query Z3 leaves unknown (its timeout,
// the budget, a theory giving up) costs the solver: a fresh one replaces
// it, as Z3 4.8.12 can leave it corrupt (solver.renew).
//
// # Bounds and budgets
//
// Options bound the exploration (cost, unrolling of symbolic loops,
// recursion, with a backstop on a stack's depth) and budget it (paths, steps, time, per-query work and time). No
// query starts once the time is spent; a watchdog interrupts one that
// outlives QueryTimeout, the deadline or the context. Everything cut
// is counted by reason in Stats.Cuts; Stats.Complete says nothing was, in
// which case a run without violations proves the assertions hold within the
// cost bound. Runtime errors of the IR program (nil dereference, bounds,
// division by zero, coroutine misuse) end their path and are reported apart
// from violations: they are bugs of the IR producer.
//
// The code follows golang.org/x/tools/go/ssa/interp in shape: one method per
// instruction kind (ops_*.go), a frame per activation.
package smt
