package sequentialize

// The trace events a scenario's program records (`trace "name", args...`),
// which the report stage reads back into a schedule. The runtime and the
// models (runtime.ir, summaries/models) write the same names in IR text.
//
//	trace "op", g, opname, obj, pos   a visible operation by goroutine g
//	trace "spawn", parent, child [, pos]
//	                                  a go statement (the event's position), or a
//	                                  goroutine a model starts at pos (a deadline)
//	trace "block", g                  g parked (on its last op)
//	trace "exit", g                   g returned
//	trace "preempt", from, to         the scheduler preempted from for to
//	trace "slotwait", g               g's go statement waits for a goroutine to
//	                                  exit (-goroutines): a preemption of g
//	                                  the bound does not count
//	trace "panic", msg, pos, extra... a panic started at pos
//	trace "misuse", msg, pos          a panic that only the interleaving causes
//	                                  started at pos: misuse of a channel or of
//	                                  package sync (close of a closed channel)
//	trace "site", g, pos              g called another package's code at pos ("": returned)
//	trace "helper", g, pos            g called, from code that is no test helper, a
//	                                  function of the package that calls t.Helper,
//	                                  at pos ("": returned)
//	trace "case", g, i                g's select chose case i (-1: default)
//	trace "active", g                 g, blocked at a leak's report, ran after the root
//	                                  returned (it ticks on): not left blocked
//	trace "early", g, d, pos, mask    -timing: g, asleep for d since pos, woke
//	                                  while other goroutines could run (those
//	                                  below 64 are mask's bits)
//	trace "value", g, fn, v, pos      g's call of fn at pos returned v, a value
//	                                  any run may see (a random draw)
//	trace "testbegins"                the package's initialization is over and
//	                                  the root starts: what came before is no
//	                                  step of the test's (replay's hooks run in
//	                                  the test, not in init)
const (
	EventOp       = "op"
	EventSpawn    = "spawn"
	EventBlock    = "block"
	EventExit     = "exit"
	EventPreempt  = "preempt"
	EventSlotWait = "slotwait"
	EventPanic    = "panic"
	EventMisuse   = "misuse"
	EventSite     = "site"
	EventHelper   = "helper"
	EventActive   = "active"
	EventCase     = "case"
	EventEarly    = "early"
	EventValue    = "value"
	EventBegins   = "testbegins"
)

// Running is the global of the scheduler that holds the running goroutine
// (-1: none, every switch free), for smt.Options.Running.
const Running = "rt.cur"

// Symmetry names the runtime's goroutine table for smt.Options.Symmetry:
// the records of @rt.gs (runtime.ir's $g: the coroutine, the status, the
// number, the twin's slot + 1), the masks of slots, the panic states saved
// per slot, and the go statements' twin sites ({slot + 1, number, key},
// the key's last field the parent's number). In a testing/synctest bubble
// goroutines are ordered by number (rt.bubblewait), and once a stack trace
// has written a slot into the program's memory (rt.slotshown) it is the
// program's data: no renaming then.
var Symmetry = GoroutineTable{Table: "rt.gs", Used: "rt.hi", Status: 1, Co: 0, Number: 8, TwinPlus1: 10,
	Masks: []string{"rt.rmask", "rt.tmask", "rt.wmask"}, PerSlot: []string{"rt.pstates"}, Sites: "rt.twin.", Off: []string{"rt.bubble", "rt.slotshown"}}

// GoroutineTable has smt.Symmetry's fields (see there).
type GoroutineTable struct {
	Table, Used                   string
	Status, Co, Number, TwinPlus1 int
	Masks, PerSlot                []string
	Sites                         string
	Off                           []string
}

// Scheduler is the function whose chooses pick the goroutine to run, for
// smt.Reduction.Scheduler.
const Scheduler = "rt.schedule"

// Bookkeeping lists the runtime's functions whose own memory accesses are
// no communication between goroutines, for smt.Reduction.Bookkeeping:
// rt.wakeall scans every goroutine's record, but whether a goroutine waits
// for what it wakes is decided by the object waited on, which every model
// writes before it wakes and reads before it parks. rt.twin and rt.untwin
// read and write the twin marks of goroutines, which only choose which of
// two interchangeable goroutines the scheduler offers. rt.grow moves the
// records to a larger array, each holding what it held.
var Bookkeeping = []string{"rt.wakeall", "rt.twin", "rt.untwin", "rt.grow"}

// Runnable is the runtime's count of the goroutines that can run, the
// running one included, for smt.Reduction.Runnable.
const Runnable = "rt.runnable"

// Private lists the runtime's globals that are no memory shared between
// goroutines, for smt.Reduction.Private: the running goroutine (only the
// scheduler writes it), the counters goroutines only add to and only the
// scheduler reads (and the masks of runnable and blocked goroutines, which
// mirror the status in each goroutine's record, where the dependence is;
// and rt.spawn's count of go statements waiting for a slot and the flag
// a go statement sets for the call), the -timing and symmetry flags
// (fixed when the root starts), rt.slotshown (no goroutine reads it), the goroutines
// waiting for their twins (rt.twin), the clock's drift (each reading's
// nanosecond, in any order of the readings), and the panic state, which
// is the running goroutine's own (the scheduler swaps it at every switch;
// rt.pstates holds each goroutine's, touched only for it; rt.paniced says
// whether any has been other than zero).
var Private = []string{"rt.cur", "rt.runnable", "rt.rmask", "rt.wmask", "rt.blocked", "rt.asleep", "rt.testlive", "rt.pstates", "rt.timing", "rt.tmask", "rt.nosym", "rt.drift", "rt.slotwaiters", "rt.gostmt", "rt.slotshown",
	"rt.panicking", "rt.panicval", "rt.panicmsg", "rt.recoverval", "rt.recoverable", "rt.recovered", "rt.goexiting", "rt.paniced"}

// The kinds of the program's assertions (`assert c, kind, "msg"`).
const (
	KindDeadlock = "deadlock" // no goroutine can run, some are blocked
	KindLeak     = "leak"     // the root returned with goroutines blocked forever
	KindPanic    = "panic"    // a panic no one recovered
	KindAssert   = "assert"   // a test failed (t.Error, t.Fatal, ...)
	// KindMisuse is a fatal misuse of package sync that only the
	// interleaving causes (unlock of an unlocked mutex).
	KindMisuse = "misuse"
)
