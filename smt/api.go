package smt

import (
	"fmt"
	"time"
)

// Options bound and budget a Run. Bounds (MaxCost, Unroll, Recursion,
// MaxDepth) shape
// what is explored; budgets (the rest) stop exploration early. Every path
// cut by either, except cost pruning, is counted in Stats.Cuts and makes
// the result incomplete.
type Options struct {
	// Verified says the program passed ir.Verify (its builder verified
	// it): Run does not verify it again, which on a root linking net/http's
	// code took a tenth of its setup.
	Verified bool
	// MaxCost prunes paths whose cost exceeds it (counted in
	// Stats.PrunedByCost, not as a cut). Negative means no bound.
	MaxCost int
	// Unroll is how many times one activation may take the same edge of a
	// br whose condition is symbolic and could go either way (default 3).
	Unroll int
	// Recursion is how many times one call (a function called by the same
	// function; see executor.mayCall) may be nested on one coroutine's
	// stack (default 2): the call that would nest it once more is cut. Call
	// chains of any depth run; only recursion is bounded, since a fixed
	// depth cuts real code whose chains (test, constructor, method,
	// interface method, helper, and the models below them) are long but
	// finite, while only a repeated call can grow a stack without end.
	Recursion int
	// InitEnd is the trace event that ends the program's initialization
	// (the front end's "testbegins"): until a path has traced it, the
	// bound on recursion is at least 32 (initRecursion). Package
	// initialization runs on constants (testify's mock, objx and go-spew
	// compile regular expressions in theirs, whose parser recurses by the
	// pattern's nesting); "" bounds every call by Recursion.
	InitEnd string
	// MaxDepth is a backstop on the frames of one coroutine (default
	// 10000): with Recursion alone a stack is bounded by the number of
	// distinct calls times Recursion, which a large program makes huge.
	MaxDepth int

	MaxPaths     int // paths started (0 = unlimited)
	MaxSteps     int // instructions over all paths (0 = unlimited)
	MaxPathSteps int // instructions on one path (0 = unlimited)
	MaxQueued    int // states waiting to be explored (0 = unlimited): bounds memory
	// MaxMemory bounds the growth of the process's live memory during
	// the run, in bytes (0 = unlimited): Go's live heap at its last
	// collection and what Z3 has allocated, against their size as the run
	// started. Beyond it no state is queued: a path that forks goes on
	// alone and the other ways are cut (CutMemory), so that the states
	// waiting stop growing, and half of the states waiting are cut once
	// per collection while it lasts. At twice MaxMemory the run stops
	// (CutMemory), as at its Timeout.
	MaxMemory uint64
	Timeout   time.Duration // wall time of the whole run (0 = unlimited)
	// QueryLimit bounds the work of each solver query in Z3's resource
	// units (rlimit; a few million a second), counted in the querying
	// thread, so that cuts are the same on every machine; QueryTimeout
	// bounds its wall time too, for the queries that use few units for a
	// long time. Unknown => the path is cut (0 = none). Neither uses Z3's
	// own timeout, whose timer threads Z3 4.8.12 does not survive with
	// several contexts at once.
	QueryLimit   uint
	QueryTimeout time.Duration

	// MaxViolations stops the run after that many violations (0 = all).
	MaxViolations int

	// StopAt names the labels of nondets past which nothing the caller
	// would report can be found: a path whose condition comes to mention a
	// variable of such a nondet ends there, counted in Stats.Stopped by
	// label (not a cut: the run stays Complete). A violation found at the
	// step that first mentions it is still recorded, with its DependsOn.
	StopAt func(label string) bool

	// Running names a global of type i64 whose value changes the cost of a
	// state's futures by at most one, and not at all when it is -1: the
	// scheduler's running goroutine, which runs on for free where any
	// other costs a preemption (no goroutine, -1: every switch is free).
	// The state cache then compares states that differ only in it with
	// that slack ("" = none).
	Running string

	// Reduce turns on partial-order reduction over the caller's
	// scheduler: sleep sets (por.go) and, in a search bounded by cost,
	// source sets (dpor.go); it needs Running (nil = off).
	Reduce *Reduction

	// Symmetry turns on symmetry reduction in the state cache (symmetry.go):
	// states that differ only in which goroutine holds which slot of the
	// caller's goroutine table meet. It needs Running and Reduce (nil =
	// off).
	Symmetry *Symmetry

	// Observers are the factories of the observers that observe
	// instructions name; each path gets its own (cloned on forks). A name
	// mapped to nil has no observer: its observe instructions do nothing.
	Observers map[string]func() Observer
}

// Observer watches the observe instructions of one path.
type Observer interface {
	// Observe is called for `observe name, args...` with the arguments made
	// concrete; a non-nil Finding is reported as a violation there. The
	// args slice is the executor's, valid during the call only.
	Observe(name string, args []Concrete, pos string) *Finding
	// Clone returns an independent copy, for a forked path.
	Clone() Observer
}

// RangeObserver is implemented by observers with events on a range of
// array elements: Ranged reports whether the event args is one, and the
// partial-order reduction then counts it as a read of each pointer
// argument's whole object.
type RangeObserver interface {
	Ranged(args []Concrete) bool
}

// Finding is what an observer reports. A run reports a finding once per
// (Kind, position, Message), or, when it has Keys, once per Kind and set
// of keys: it is reported unless every one of its keys was reported
// before (by a cheaper path), and then they all count as reported. Keys
// name what was found independently of where and how it was found first
// (the race detector: the two positions of a racing pair, in either order).
type Finding struct {
	Kind, Message string
	Keys          []string
	// Detail is the observer's own typed account of the finding, handed
	// on as Violation.Detail for the stage that reports it.
	Detail any
}

// Result is the outcome of a Run.
type Result struct {
	Violations []*Violation    // in the order found: cheapest first
	Errors     []*RuntimeError // internal errors of the IR program, each once
	Stats      Stats
}

// Violation is an assertion (or observer finding) that fails on some path.
type Violation struct {
	Kind, Message, Pos string
	Cost               int
	Nondets            []Concrete // every nondet leaf and choose on the path, in order, under the model
	Trace              []Event    // the trace events of the path, under the model
	Path               []string   // "func:block" entered on the path (capped at maxPathRecord)
	// DependsOn lists the labels of the labelled nondets (nondet "label")
	// the path condition mentions: the violation needs those origins to
	// produce particular values. Empty when it holds whatever they produce.
	DependsOn []string
	// Detail is the Finding.Detail of an observer's violation (nil for an
	// assertion's).
	Detail any
}

func (v *Violation) String() string {
	return fmt.Sprintf("%s: %s: %s (cost %d)", v.Pos, v.Kind, v.Message, v.Cost)
}

// Event is a trace instruction executed on a path.
type Event struct {
	Name string
	Args []Concrete
	Pos  string
}

// RuntimeError is an internal error of the IR program (nil dereference, out
// of bounds, division by zero, bad coroutine use...): the producer should
// have guarded it. The path ends there.
type RuntimeError struct{ Message, Pos, Func string }

func (e *RuntimeError) Error() string { return e.Pos + ": " + e.Func + ": " + e.Message }

// Stats describes a run.
type Stats struct {
	Paths         int // paths started (the first one and every fork)
	Completed     int // paths that returned from main or exited
	Steps         int // instructions executed
	ConcreteSteps int // of those, the ones that built no term and asked no solver
	Forks         int // states split off
	SolverCalls   int
	SolverTime    time.Duration
	SolverRenewed int            // solvers replaced after a query Z3 gave up on (it may leave one corrupt)
	PrunedByCost  int            // paths dropped above MaxCost
	Revisits      int            // paths dropped at a choose in a state explored before at no greater cost
	Slept         int            // paths dropped because the goroutine they would run sleeps (Options.Reduce)
	Backtracks    int            // goroutines races added to a scheduling choose that had not run them (source sets, Options.Reduce)
	Merged        int            // scheduling points that offered no preemption: the running goroutine had touched no shared memory since the last (Options.Reduce)
	Cuts          map[string]int // paths cut, by reason
	// CutAt is, per reason of Cuts, where the first path cut for it was:
	// the Go position of the instruction it stopped at, in the innermost
	// activation lowered from Go code ("" when none was, or the
	// exploration as a whole was cut).
	CutAt       map[string]string
	Stopped     map[string]int // paths ended by Options.StopAt, by label
	CutWhy      map[string]int // paths cut by cut instructions that say why, by what they say
	MaxCostSeen int            // largest cost of a path explored
	Complete    bool           // nothing was cut (cost pruning aside)
	// PeakMemory is the most the process's live memory (Go's heap at its
	// last collection, and Z3's) stood above where it was when the run
	// began, read every 4096 steps: the run's own, unless runs side by
	// side grew it too.
	PeakMemory uint64
}

// Cut reasons counted in Stats.Cuts (besides the reasons of the program's
// own cut instructions).
const (
	CutUnroll     = "unroll"     // Options.Unroll
	CutRecursion  = "recursion"  // Options.Recursion
	CutDepth      = "depth"      // Options.MaxDepth
	CutPaths      = "paths"      // Options.MaxPaths
	CutSteps      = "steps"      // Options.MaxSteps
	CutPathSteps  = "path-steps" // Options.MaxPathSteps
	CutTimeout    = "timeout"    // Options.Timeout
	CutCanceled   = "canceled"   // the context was canceled
	CutUnknown    = "solver"     // a query was unknown (Options.QueryLimit or Z3 gave up)
	CutEnumerate  = "enumerate"  // more feasible values than the executor forks over
	CutSymString  = "sym-string" // an operation on a symbolic string Z3 is not asked about
	CutQueued     = "queued"     // Options.MaxQueued
	CutMemory     = "memory"     // Options.MaxMemory
	CutViolations = "violations" // Options.MaxViolations reached
	CutAllocSize  = "alloc-size" // an array longer than maxAllocLen

	// unsafe (see ops_unsafe.go): what kiss cannot resolve of an address.
	CutUnsafeAddr   = "unsafe-addr"   // an integer that is no address of an object's bytes (of unknown origin, or beyond the object)
	CutUnsafeOffset = "unsafe-offset" // an address inside a field or element, in padding, or of a value that is no array element
	CutUnsafeLayout = "unsafe-layout" // an address inside a value whose byte layout the IR does not give (a model's state)
	CutUnsafeCast   = "unsafe-cast"   // memory read as a type other than the one it holds
)

// maxAllocLen bounds the arrays the executor makes, and the scalar values
// of one object: each is a value of its own, copied as states fork, so a
// path that makes a larger one (a megabyte buffer, a length chosen by the
// solver) is cut instead of taking the root's time and memory.
const maxAllocLen = 1 << 16
