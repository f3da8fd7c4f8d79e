package sequentialize

import (
	"go/token"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
)

// Options bound the sequential program Build makes.
type Options struct {
	// Goroutines caps the goroutines alive at once on a path. A go
	// statement while that many are alive waits, while others can run,
	// until none can, and looks again; else, and for the schedules where it
	// goes on, the path is cut (counted as "goroutines"). A goroutine
	// started after one exited takes its slot once every slot below the cap
	// has been used. Above 64 the scheduler picks goroutines by rank, not by
	// number, and the reduction puts none to sleep.
	Goroutines int
	// Imports are the lowered code of other packages (Export), each once:
	// calls into them run that code instead of assuming the callee does
	// nothing. A package's code is linked when the root reaches it.
	Imports []*summaries.Lowered
	// Fetch gets the code of an import given by reference only
	// (summaries.Lowered.Stub); nil when there are none.
	Fetch func(*summaries.Lowered) (*summaries.Lowered, error)
	// Timing lets the scheduler wake the earliest sleepers (timers, sleeps,
	// deadlines) while goroutines can still run: a goroutine slower than a
	// timer. The wakings are traced ("early"). Off, time passes only when
	// no goroutine can run (testing/synctest's fake clock).
	Timing bool
	// NoSymmetry turns off the symmetry reduction of the goroutines of one
	// go statement (rt.twin), as -por=false turns off partial-order
	// reduction: the search then runs every order of their starts.
	NoSymmetry bool
}

// DefaultOptions are kiss's default bounds (README, "Flags").
var DefaultOptions = Options{Goroutines: 64}

// Scenario is a root lowered to a sequential program, with what is needed to
// check it and to explain its violations: the program's observe
// instructions name the race detector ("race"), its trace events and
// assertion kinds are those of trace.go.
type Scenario struct {
	Package string    // import path of the root's package
	Root    string    // the root function, as users name it (TestTransfer, (*T).Run)
	RootPos token.Pos // where the root is declared

	Program *ir.Program

	// Positions maps the positions written in the program ("file.go:12:3")
	// back to the FileSet's.
	Positions map[string]token.Pos

	// Unknown lists the functions without a body or a model that the root
	// calls: kiss assumed they return any value and touch no shared state.
	Unknown []string
	// Effects maps the labels of the program's nondets that stand for
	// "this unknown function did nothing to shared memory kiss would see"
	// to the function: nothing on a path that relies on one can be shown.
	// It also holds the labels where a model stops the path on purpose, in
	// a case it does not cover (a reflect Value of a type kiss does not
	// hold): their labels begin with LimitLabel.
	Effects map[string]string
	// Unsupported says, one line each, which functions the root reaches
	// hold a construct kiss does not model yet: a path that calls one is
	// cut ("unsupported"), never reported.
	Unsupported []string
	// OneGoroutine says that no path of the root can start a second
	// goroutine (no go statement, timer, deadline, AfterFunc or subtest is
	// reachable from it). Such a root has one schedule, and nothing in it
	// can race; it can still block for good (go test shows that only as a
	// hang until its -timeout) or misuse a primitive (Primitives).
	OneGoroutine bool
	// Primitives says, for a one-goroutine root, that code of its own
	// package operates a channel or a blocking type of package sync: its
	// one schedule may deadlock or misuse one, so it is worth running.
	Primitives bool
}
