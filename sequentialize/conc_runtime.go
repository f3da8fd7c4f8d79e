package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// runtimeHooks lowers the models of the functions through which the
// standard library's code reaches the runtime or the process
// (summaries/hooks.go).
func (c *concLowering) runtimeHooks(m map[string]externFunc) {
	m["os.Exit"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Emit(&ir.Instr{Op: ir.OpExit})
		b.SetBlock(b.NewBlock("exited")) // unreachable: the call returns nothing
		return nil, nil
	}
	nothing := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil
	}
	for _, f := range noOpHooks {
		m[f] = nothing
	}
	m["runtime.AddCleanup"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Store(finalizers(l), ir.BoolConst(true))
		return ir.ZeroConst(l.Type(call.Signature().Results().At(0).Type())), nil
	}
	m["runtime.SetFinalizer"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Store(finalizers(l), ir.BoolConst(true))
		return nil, nil
	}
	// GODEBUG changed by the program (t.Setenv("GODEBUG", ...)) reaches
	// internal/godebug's settings as in Go: the runtime calls the update
	// function the package registered, with the binary's default (none
	// here) and the new value.
	m["internal/godebug.setUpdate"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Store(godebugUpdate(l), args[0])
		return nil, nil
	}
	m["syscall.runtimeSetenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.setGodebug(l, b, args[0], args[1])
		return nil, nil
	}
	m["syscall.runtimeUnsetenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.setGodebug(l, b, args[0], ir.StringConst(""))
		return nil, nil
	}
	// Escape analysis is the compiler's: the pointer is the value.
	same := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return args[0], nil
	}
	m["internal/abi.NoEscape"] = same
	m["internal/abi.Escape"] = same
	// panic(nil)'s value (rt.gopanic); the runtime's code is not lowered.
	m["(*runtime.PanicNilError).Error"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return ir.StringConst(msgPanicNil), nil
	}
	m["(*runtime.PanicNilError).RuntimeError"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil
	}
	// No schedule has a garbage collection but runtime.GC's: a weak
	// pointer's handle is the pointer, and its Value is the pointer until
	// a runtime.GC, after which whether the object was freed (it was, if
	// nothing reached it) is an input kiss does not know.
	m["weak.runtime_registerWeakPointer"] = same
	m["runtime.GC"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Store(collected(l), ir.BoolConst(true))
		// The finalizers and cleanups of freed objects run then, and
		// kiss does not know which objects are freed: a path past a
		// runtime.GC with some registered stops, as at a call kiss does
		// not know (a test that waits for its finalizer is no deadlock).
		past := b.Op(ir.OpSelect, ir.Bool, b.Load(ir.Bool, finalizers(l)),
			l.unknownNondetLabel(b, ir.Bool, effectsLabel+"runtime.GC"), ir.BoolConst(true))
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{past}})
		return nil, nil
	}
	m["weak.runtime_makeStrongFromWeak"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		freed := b.And(b.Load(ir.Bool, collected(l)), l.unknownNondetLabel(b, ir.Bool, freedLabel))
		return b.Op(ir.OpSelect, args[0].Type(), freed, ir.ZeroConst(args[0].Type()), args[0]), nil
	}
	// The clock is an input kiss does not know, but not any int64: its
	// ranges are built by arithmetic rather than assumed, so that the
	// branches of time.Now and Time.Add that hold for every real clock
	// are decided without a condition on the input entering the path
	// (which would hold back every finding after a time.Now). The
	// monotonic clock is one unknown reading plus the fake clock, so that
	// the time between two readings (time.Since, Time.Sub) is known: the
	// time the goroutines slept.
	m["time.runtimeNano"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return c.monoNow(b, c.tick(b)), nil
	}
	// The wall clock goes on as the fake clock does from an unknown
	// reading when the root started (wallStart), as a machine's does
	// between two adjustments. Code that keeps deadlines as wall times
	// (an expiry's UnixNano against a later time.Now().UnixNano()) then
	// gets the time its goroutines slept, as with time.Since: the unknown
	// start cancels out. Each reading was an unknown of its own before, so
	// every such comparison went both ways, and Z3 spent roots' budgets on
	// them (go-cache's TestCacheTimes, ratelimit's, backoff's tests). In a
	// testing/synctest bubble the wall clock is the bubble's: its monotonic
	// reading, which starts at midnight UTC, 2000-01-01, as in Go
	// (bubbleEpoch). A time read there has no monotonic reading, as in Go:
	// Sub and Since of a time read before the bubble then use the wall
	// clock (std's internal/synctest TestMonotonicClock sleeps to such a
	// time's wall reading, and Since gives exactly the time slept after).
	m["time.runtimeNow"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		d := c.tick(b)
		mono := c.monoNow(b, d)
		bubble := b.Load(ir.Bool, c.rt.global("rt.bubble"))
		wall := b.Op(ir.OpSelect, ir.I64, bubble, mono, b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.now")), d))
		sec := b.Bin(ir.OpDiv, wall, ir.IntConst(ir.I64, 1e9))
		sec = b.Op(ir.OpSelect, ir.I64, bubble, sec, b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.wall")), sec))
		nsec := b.Conv(b.Bin(ir.OpRem, wall, ir.IntConst(ir.I64, 1e9)), ir.I32)
		mono = b.Op(ir.OpSelect, ir.I64, bubble, ir.IntConst(ir.I64, 0), mono)
		return b.Make(l.resultType(call.Signature()), sec, nsec, mono), nil
	}
	// Whether the goroutine is in a testing/synctest bubble: time.Since
	// and Until ask, to read the bubble's clock. Outside one it is an
	// input labelled as the clock: a test that needs time.Since to give
	// the time slept to the nanosecond fails with a real clock, and not
	// in kiss replay's bubble; such a finding is held back, naming the
	// clock.
	m["time.runtimeIsBubbled"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		bubble := b.Load(ir.Bool, c.rt.global("rt.bubble"))
		return b.Op(ir.OpSelect, ir.Bool, bubble, ir.BoolConst(true), l.unknownNondetLabel(b, ir.Bool, clockLabel)), nil
	}
	// The command line go test gives a test binary: its path, then the
	// flags it always passes (go test without flags of the user's).
	m["os.runtime_args"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		words := append([]ir.Value{l.unknownNondetLabel(b, ir.String, argsLabel)}, goTestArgs...)
		at := ir.Array(ir.String, len(words))
		p := b.Alloc(at, nil)
		b.Store(p, b.Make(at, words...))
		n := ir.IntConst(ir.I64, int64(len(words)))
		return b.Make(l.Slice(), p, ir.IntConst(ir.I64, 0), n, n), nil
	}
	m["syscall.runtime_envs"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return unknownStrings(l, b, 0, envLabel), nil
	}
}

const clockLabel = "the clock (time.Now)"

// freedLabel labels whether runtime.GC freed an object a weak pointer
// points to.
const freedLabel = "whether runtime.GC freed a weak pointer's object"

// bubbleEpoch is the time a testing/synctest bubble starts at, midnight
// UTC, 2000-01-01, in nanoseconds since 1970: inside it, the monotonic and
// the wall clock both read it plus the time the bubble's goroutines slept.
const bubbleEpoch = 946_684_800 * 1e9

// monoNow is the monotonic clock now: its reading when the root started
// (when a testing/synctest bubble began, in one) plus the fake clock, plus
// drift d (tick).
func (c *concLowering) monoNow(b *builder, d ir.Value) ir.Value {
	return b.Bin(ir.OpAdd, b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.clock")), b.Load(ir.I64, c.rt.global("rt.now"))), d)
}

// tick is a reading of the clock: outside a testing/synctest bubble, where
// real time passes while code runs, each reading is a nanosecond past the
// one before (rt.drift), so a test that sleeps exactly to a deadline and
// then asks whether it has passed gets the answer a real clock gives, not
// a tie (gobreaker's TestGeneration failed in kiss alone). In a bubble the
// clock moves only as goroutines sleep. It returns the drift so far.
func (c *concLowering) tick(b *builder) ir.Value {
	g := c.rt.global("rt.drift")
	d := b.Load(ir.I64, g)
	bubble := b.Load(ir.Bool, c.rt.global("rt.bubble"))
	d = b.Op(ir.OpSelect, ir.I64, bubble, d, b.Bin(ir.OpAdd, d, ir.IntConst(ir.I64, 1)))
	b.Store(g, d)
	return d
}

// monotonic is a reading of the monotonic clock: past 2^40, below
// 2^40+2^50.
func monotonic(l *lowerer, b *builder) ir.Value {
	x := l.unknownNondetLabel(b, ir.I64, clockLabel)
	return b.Bin(ir.OpAdd, ir.IntConst(ir.I64, 1<<40), b.Bin(ir.OpAnd, x, ir.IntConst(ir.I64, 1<<50-1)))
}

// wallStart is the wall clock's reading when the root starts, in whole
// seconds since 1970: from late 2023 on, 31 bits of seconds. (Its
// fraction of a second is not an input kiss varies: the clock starts on a
// second.)
func wallStart(l *lowerer, b *builder) ir.Value {
	x := l.unknownNondetLabel(b, ir.I64, clockLabel)
	return b.Bin(ir.OpAdd, ir.IntConst(ir.I64, 1_700_000_000), b.Bin(ir.OpAnd, x, ir.IntConst(ir.I64, 1<<31-1)))
}

// finalizers says whether the program has registered a finalizer or a
// cleanup (runtime.GC).
func finalizers(l *lowerer) *ir.Global { return l.sharedGlobal("rt.finalizers", ir.Bool) }

// collected says whether the program has called runtime.GC (weak
// pointers' Value).
func collected(l *lowerer) *ir.Global { return l.sharedGlobal("rt.collected", ir.Bool) }

// godebugUpdate holds the update function internal/godebug registered.
func godebugUpdate(l *lowerer) *ir.Global { return l.sharedGlobal("rt.godebugupdate", l.Closure()) }

// setGodebug is the runtime's godebugNotify when key is GODEBUG: the
// registered update function gets the binary's default (none here) and
// val.
func (c *concLowering) setGodebug(l *lowerer, b *builder, key, val ir.Value) {
	fn := b.Load(l.Closure(), godebugUpdate(l))
	code := b.Extract(fn, 0)
	ok := b.And(b.Bin(ir.OpEq, key, ir.StringConst("GODEBUG")), b.Bin(ir.OpNe, code, ir.ZeroConst(ir.FuncT)))
	_, done := b.If(ok, "godebug")
	b.CallTo(nil, code, b.Extract(fn, 1), ir.StringConst(""), val)
	b.CheckPanicking()
	b.Jmp(done)
	b.SetBlock(done)
}

// noOpHooks are hooks whose effect is on the runtime's own bookkeeping.
var noOpHooks = []string{
	"sync.runtime_registerPoolCleanup", "runtime.KeepAlive", "(runtime.Cleanup).Stop",
	"internal/godebug.registerMetric", "internal/godebug.setNewIncNonDefault",
	"crypto/internal/boring/sig.StandardCrypto", "crypto/internal/boring/bcache.registerCache",
	"internal/abi.EscapeNonString",
}

// unknownStrings is a fresh slice of min to min+3 strings kiss does not
// know, labelled. Its length is made by arithmetic, not assumed, so that
// a path that never looks at it does not depend on it.
func unknownStrings(l *lowerer, b *builder, min int, label string) ir.Value {
	const max = 4
	at := ir.Array(ir.String, min+3)
	p := b.Alloc(at, nil)
	b.Store(p, l.unknownNondetLabel(b, at, label))
	n := b.Bin(ir.OpAdd, ir.IntConst(ir.I64, int64(min)), b.Bin(ir.OpAnd, l.unknownNondetLabel(b, ir.I64, label), ir.IntConst(ir.I64, max-1)))
	return b.Make(l.Slice(), p, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, int64(min+3)))
}

// goTestArgs are the flags go test passes a test binary when its user
// gives none.
var goTestArgs = []ir.Value{ir.StringConst("-test.paniconexit0"), ir.StringConst("-test.timeout=10m0s")}
