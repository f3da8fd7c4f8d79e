package sequentialize

import (
	"fmt"
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The testing model (the protocol is in summaries/models/testing.ir). A
// test failure (Error, Fatal, Fail and their variants) reached under some
// schedule is an "assert" violation; SkipNow marks the test finished and
// is Goexit on the goroutine that calls it. Every test has its own
// *testing.T and its own Cleanup functions, which run, last first, when the
// test ends: after its function has returned and its parallel subtests
// have finished, and before leaks are judged. t.Run runs the subtest on a
// goroutine spawned at the Run call, as tRunner does, and blocks until the
// subtest has finished or called t.Parallel; a parallel subtest goes on
// once its parent's function has returned. b.Run is the same without
// Parallel. t.Context() is a context cancelled just before the cleanups. The rest do nothing kiss needs to see.
func (c *concLowering) testingModels(m map[string]externFunc) {
	fail := func(recv, method string) externFunc {
		key := testKey(recv)
		return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			// After the test has ended (a goroutine it did not wait for),
			// Fail panics in package testing: a crash of the test binary,
			// not a failure of the test.
			st := b.Call(ir.I64, c.fn("testing.failstate"), key(b, args[0]))
			after := "Fail in goroutine after " + c.rootName
			b.PanicStringUnless(b.Bin(ir.OpNe, st, ir.IntConst(ir.I64, 1)), after+" has completed")
			// a subtest's name is the root's, a slash and its own
			b.PanicStringUnless(b.Bin(ir.OpNe, st, ir.IntConst(ir.I64, 2)), after+"/")
			msg := "t." + method + " called"
			if len(call.Args) > 1 {
				if s, ok := constString(call.Args[1]); ok {
					msg = fmt.Sprintf("t.%s(%q)", method, s)
				}
			}
			b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{ir.BoolConst(false)}, Name: KindAssert, Msg: msg})
			return nil, nil
		}
	}
	nothing := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return l.UnknownResults(b, call.Signature()), nil
	}
	// testing.common's methods, and the wrappers ssa makes of them for
	// T, B and F, which embed it.
	for _, recv := range []string{"(*testing.common).", "(*testing.T).", "(*testing.B).", "(*testing.F)."} {
		key := testKey(recv)
		for _, meth := range []string{"Error", "Errorf", "Fatal", "Fatalf", "Fail", "FailNow"} {
			m[recv+meth] = fail(recv, meth)
		}
		// SkipNow marks the test finished and is runtime.Goexit, as in Go:
		// the deferred calls and the cleanups run, and leaks are still judged.
		for _, meth := range []string{"Skip", "Skipf", "SkipNow"} {
			m[recv+meth] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
				b.CallTo(nil, c.fn("testing.finish"), key(b, args[0]))
				b.CallTo(nil, l.helpers["rt.goexit"])
				return nil, nil
			}
		}
		for _, meth := range []string{"Log", "Logf", "Helper", "Chdir", "Attr", "TempDir", "Output", "ArtifactDir"} {
			m[recv+meth] = nothing
		}
		m[recv+"Setenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.setGodebug(l, b, args[1], args[2])
			return nil, nil
		}
		m[recv+"Failed"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return ir.BoolConst(false), nil
		}
		m[recv+"Skipped"] = m[recv+"Failed"]
		m[recv+"Name"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return ir.StringConst(c.rootName), nil
		}
		m[recv+"Context"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			id := c.contextType(l, call.Signature().Results().At(0).Type())
			return b.Make(l.Iface(), ir.IntConst(ir.I64, id), b.Call(ir.Ptr, c.fn("testing.context"), key(b, args[0]))), nil
		}
		m[recv+"Cleanup"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			b.CallTo(nil, c.fn("testing.cleanup"), key(b, args[0]), args[1])
			return nil, nil
		}
	}
	// T's and B's own methods that do nothing kiss needs to see.
	// A synctest.Test's T panics in Deadline, Run and Parallel, as Go's
	// (testing.notsynctest; Parallel's check is testing.parallel's).
	notSynctest := func(b *builder, t ir.Value, meth, pos string) {
		b.CallTo(nil, c.fn("testing.notsynctest"), b.Field(t, 0), ir.StringConst("testing: t."+meth+" called inside synctest bubble"), ir.StringConst(pos))
		b.CheckPanicking()
	}
	m["(*testing.T).Deadline"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		notSynctest(b, args[0], "Deadline", pos)
		return nothing(l, b, call, args, pos)
	}
	for _, meth := range []string{"ResetTimer", "StartTimer", "StopTimer", "ReportAllocs", "ReportMetric", "SetBytes", "SetParallelism", "Elapsed"} {
		m["(*testing.B)."+meth] = nothing
	}
	m["(*testing.T).Parallel"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("testing.parallel"), b.Field(args[0], 0), ir.StringConst(pos))
		b.CheckPanicking()
		return nil, nil
	}
	// subtest runs f(sub) on a subtest's goroutine, sub a new *T or *B of
	// type tt whose parent is t, and blocks until it has finished.
	// (synctest marks sub as synctest.Test's.)
	subtest := func(l *lowerer, b *builder, t, f ir.Value, tt types.Type, pos string, synctest bool) {
		which := testingParam(tt)
		sub := c.newTest(b, which, tt)
		parent := b.Call(ir.Ptr, c.fn("testing.of"), b.Field(t, 0))
		st := b.Call(ir.Ptr, c.fn("testing.new"), b.Field(sub, 0), parent)
		if synctest {
			b.CallTo(nil, c.fn("testing.synctest"), b.Field(sub, 0))
		}
		for in := range b.emitted(func() { c.spawn(b, c.testRunner(l, which), f, sub, st, ir.StringConst(pos)) }) {
			c.subtestSpawns[in] = true
		}
		b.CallTo(nil, c.fn("testing.wait"), st, ir.StringConst(pos))
	}
	run := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// Run(name, f): f's parameter is the subtest's *T (or *B).
		tt := call.Signature().Params().At(1).Type().Underlying().(*types.Signature).Params().At(0).Type()
		subtest(l, b, args[0], args[2], tt, pos, false)
		// A failed subtest failed the scenario already: Run reports success.
		return ir.BoolConst(true), nil
	}
	// testing/synctest: kiss's clock is already the bubble's (time passes
	// only when no goroutine can run); a bubble's starts at midnight UTC,
	// 2000-01-01. Test runs f as a subtest and then
	// waits, as the bubble does, until nothing else can run: a goroutine
	// started in it that has not exited then (blocked, or asleep: the
	// bubble's clock stops with its main goroutine) is synctest's deadlock
	// panic. Wait blocks until every other goroutine is blocked or asleep.
	// Once a bubble has begun, what a goroutine did before it blocked or
	// exited happens before Wait's return and the bubble's end, as in Go
	// (rt.bubblesync; kiss does not tell the bubble's goroutines apart).
	// (A bubble's goroutines are all those started since it began: kiss
	// does not tell apart one started outside and woken from inside.)
	// begin starts a bubble: its goroutines are those numbered from the
	// result on; end waits for them.
	// Its clock starts at bubbleEpoch.
	begin := func(b *builder, pos string) ir.Value {
		b.Store(c.rt.global("rt.bubble"), ir.BoolConst(true))
		b.Store(c.rt.global("rt.bubblepos"), ir.StringConst(pos))
		b.Store(c.rt.global("rt.bubblefirst"), b.Load(ir.I64, c.rt.global("rt.n")))
		// (less the drift of the readings before it, which stops here)
		since := b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.now")), b.Load(ir.I64, c.rt.global("rt.drift")))
		b.Store(c.rt.global("rt.clock"), b.Bin(ir.OpSub, ir.IntConst(ir.I64, bubbleEpoch), since))
		return b.Load(ir.I64, c.rt.global("rt.n"))
	}
	end := func(b *builder, first ir.Value, pos string) {
		ok := b.Call(ir.Bool, c.fn("rt.bubblewait"), first, ir.StringConst(pos))
		b.Store(c.rt.global("rt.bubblepos"), ir.StringConst(""))
		b.PanicStringUnless(ok, "deadlock: main bubble goroutine has exited but blocked goroutines remain")
	}
	m["testing/synctest.Test"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		first := begin(b, pos)
		tt := call.Signature().Params().At(0).Type()
		subtest(l, b, args[0], args[1], tt, pos, true)
		b.CheckPanicking()
		end(b, first, pos)
		return nil, nil
	}
	// internal/synctest.Run (what testing/synctest and std's own tests
	// call), as the runtime runs it: f on a new goroutine, the bubble's
	// first, while the caller waits outside the bubble. A deadlock of the
	// bubble with f still running panics in the caller, which may recover
	// it (rt.bubblerunwake).
	m["internal/synctest.Run"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		first := begin(b, pos)
		fn, env := b.Extract(args[0], 0), b.Extract(args[0], 1)
		b.PanicUnless(b.Bin(ir.OpNe, fn, ir.ZeroConst(ir.FuncT)), msgNilDeref)
		cell := b.Alloc(ir.I64, nil)
		b.Store(c.rt.global("rt.bubblerun"), cell)
		c.spawn(b, c.bubbleMain(l), fn, env, cell)
		how := b.Call(ir.I64, c.fn("rt.bubblerunwait"), cell)
		b.Store(c.rt.global("rt.bubblerun"), ir.ZeroConst(ir.Ptr))
		dead := b.Bin(ir.OpEq, how, ir.IntConst(ir.I64, 2))
		b.Store(c.rt.global("rt.bubblepos"), b.Op(ir.OpSelect, ir.String, dead, ir.StringConst(""), ir.StringConst(pos)))
		b.PanicStringUnless(b.Not(dead), "deadlock: all goroutines in bubble are blocked")
		end(b, first, pos)
		return nil, nil
	}
	wait := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.visible(b, "synctest.wait", nil)
		b.CallTo(nil, c.fn("rt.idle"), ir.StringConst(pos))
		return nil, nil
	}
	m["testing/synctest.Wait"] = wait
	m["internal/synctest.Wait"] = wait
	// m.Run() in TestMain runs the root's test (rootGoroutine); the tests
	// failed the scenario already, so it returns 0.
	m["(*testing.M).Run"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		r := b.Temp(ir.I64)
		b.CallTo(r, b.Load(ir.FuncT, c.mainRun(l)))
		b.CheckPanicking()
		return b.Conv(r, l.Type(call.Signature().Results().At(0).Type())), nil
	}
	m["(*testing.T).Run"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		notSynctest(b, args[0], "Run", pos)
		return run(l, b, call, args, pos)
	}
	m["(*testing.B).Run"] = run
	// RunParallel(body) runs body on two goroutines (a machine with two
	// CPUs: Go starts GOMAXPROCS of them), sharing b.N's iterations
	// through their PBs, and returns once both have returned.
	m["(*testing.B).RunParallel"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		bt := call.Signature().Recv().Type().(*types.Pointer).Elem()
		pbt := call.Signature().Params().At(0).Type().Underlying().(*types.Signature).Params().At(0).Type().(*types.Pointer).Elem()
		n, global := fieldIndex(bt, "N"), fieldIndex(pbt, "globalN")
		if n < 0 || global < 0 {
			return nil, errorf("kiss does not model %s of this Go version yet (%s)", call.Value, pos)
		}
		left := b.Alloc(ir.I64, nil)
		b.Store(left, b.Load(ir.I64, b.Field(args[0], n)))
		wg := b.Alloc(c.rt.typ("waitgroup"), nil)
		for range 2 {
			b.CallTo(nil, c.fn("sync.WaitGroup.Add"), wg, ir.IntConst(ir.I64, 1), ir.StringConst(pos))
			pb := b.Alloc(l.Type(pbt), nil)
			b.Store(b.Field(pb, global), left)
			c.spawn(b, c.fn("testing.parallelbody"), wg, args[1], pb, ir.StringConst(pos))
		}
		b.CallTo(nil, c.fn("sync.WaitGroup.Wait"), wg, ir.StringConst(pos))
		b.CheckPanicking()
		return nil, nil
	}
	m["(*testing.PB).Next"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		global := fieldIndex(call.Signature().Recv().Type().(*types.Pointer).Elem(), "globalN")
		if global < 0 {
			return nil, errorf("kiss does not model %s of this Go version yet (%s)", call.Value, pos)
		}
		return b.Call(ir.Bool, c.fn("testing.pbnext"), b.Load(ir.Ptr, b.Field(args[0], global))), nil
	}
	m["(*testing.B).Loop"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// One iteration: the first call says go on, the next says stop.
		g := c.benchLoop(l)
		first := b.Not(b.Load(ir.Bool, g))
		b.Store(g, ir.BoolConst(true))
		return first, nil
	}
}

// testKey returns how a method of recv finds the address of its test's
// testing.common, the key of its $test: the receiver itself for common's
// methods, its first field (the embedded common) for T's, B's and F's.
func testKey(recv string) func(b *builder, p ir.Value) ir.Value {
	if recv == "(*testing.common)." {
		return func(b *builder, p ir.Value) ir.Value { return p }
	}
	return func(b *builder, p ir.Value) ir.Value { return b.Field(p, 0) }
}

func (c *concLowering) benchLoop(l *lowerer) *ir.Global {
	if c.gLoop == nil { // a fixed name: code linked from other packages' facts shares it
		c.gLoop = l.sharedGlobal("rt.benchloop", ir.Bool)
	}
	return c.gLoop
}

// bubbleMain returns the body of an internal/synctest.Run bubble's main
// goroutine: it calls fn(env), then lets the Run caller go on (cell).
func (c *concLowering) bubbleMain(l *lowerer) *ir.Func {
	const name = "synctest.runmain"
	if f := l.helpers[name]; f != nil {
		return f
	}
	b := l.helper(name, nil, "fn", ir.FuncT, "env", ir.Ptr, "cell", ir.Ptr)
	b.CallTo(nil, c.fn("rt.restore"))
	b.CallTo(nil, b.Fn.Params[0], b.Fn.Params[1])
	b.CallTo(nil, c.fn("rt.bubbleran"), b.Fn.Params[2])
	c.exitGoroutine(b, "unrecovered panic in goroutine")
	b.Ret(nil)
	return b.Fn
}

// testRunner returns the body of a subtest's goroutine, Go's tRunner (or,
// for a benchmark, run1's goroutine): it calls f(t), then ends the test.
func (c *concLowering) testRunner(l *lowerer, which string) *ir.Func {
	name := "testing.runner" + which
	if f := l.helpers[name]; f != nil {
		return f
	}
	b := l.helper(name, nil, "fn", l.Closure(), "t", ir.Ptr, "test", ir.Ptr, "pos", ir.String)
	fn, t, test, pos := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2], b.Fn.Params[3]
	b.CallTo(nil, c.fn("rt.restore"))
	b.CallTo(nil, b.Extract(fn, 0), b.Extract(fn, 1), t)
	c.endTest(b, test, which == "T", pos, "unrecovered panic in goroutine")
	b.CallTo(nil, c.fn("rt.exit"))
	b.Ret(nil)
	return b.Fn
}

// endTest is tRunner's deferred work once a test function has returned,
// Goexited or panicked: a panic crashes the program; a Goexit that is not
// the testing package's own is a panic of a test (not of a benchmark);
// then the parallel subtests run and finish, the cleanups run, last first,
// and whoever waits for the test goes on.
func (c *concLowering) endTest(b *builder, test ir.Value, isT bool, pos ir.Value, panicMsg string) {
	// Marked for mayStartGoroutines: it starts goroutines only through
	// what the test set up.
	for in := range b.emitted(func() { c.emitEndTest(b, test, isT, pos, panicMsg) }) {
		c.epilogue[in] = true
	}
}

func (c *concLowering) emitEndTest(b *builder, test ir.Value, isT bool, pos ir.Value, panicMsg string) {
	l := b.Lowerer()
	panicking, goexiting := l.rt["rt.panicking"], l.rt["rt.goexiting"]
	p := b.And(b.Load(ir.Bool, panicking), b.Not(b.Load(ir.Bool, goexiting)))
	b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{b.Not(p)}, Name: KindPanic, Msg: panicMsg})
	if isT {
		_, els := b.If(b.Load(ir.Bool, goexiting), "goexited")
		b.CallTo(nil, c.fn("testing.goexited"), test, pos)
		b.Jmp(els)
		b.SetBlock(els)
	}
	// What follows runs in tRunner's deferred calls: a Goexit in flight is
	// set aside.
	b.Call(deferStateType(l), l.helpers["rt.deferenter"])
	b.CallTo(nil, c.fn("testing.release"), test, pos)
	b.CallTo(nil, c.fn("testing.cancelctx"), test)
	loop, body, done := b.NewBlock("cleanup"), b.NewBlock("cleanup.run"), b.NewBlock("cleanup.done")
	b.Jmp(loop)
	b.SetBlock(loop)
	fn := b.Call(l.Closure(), c.fn("testing.nextcleanup"), test)
	b.Br(b.Bin(ir.OpEq, b.Extract(fn, 0), ir.ZeroConst(ir.FuncT)), done, body)
	b.SetBlock(body)
	b.CallTo(nil, b.Extract(fn, 0), b.Extract(fn, 1))
	// A cleanup that panics crashes the program; one that calls SkipNow
	// ends, and the rest run (runCleanup's deferred call).
	p = b.And(b.Load(ir.Bool, panicking), b.Not(b.Load(ir.Bool, goexiting)))
	b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{b.Not(p)}, Name: KindPanic, Msg: panicMsg})
	b.Call(deferStateType(l), l.helpers["rt.deferenter"])
	b.Jmp(loop)
	b.SetBlock(done)
	b.CallTo(nil, c.fn("testing.done"), test)
}

// newTest allocates a *testing.T or *testing.B (t is its pointer type); a
// benchmark's N is 1.
func (c *concLowering) newTest(b *builder, which string, t types.Type) ir.Value {
	l := b.Lowerer()
	elem := t.(*types.Pointer).Elem()
	p := b.Alloc(l.Type(elem), nil)
	if i := fieldIndex(elem, "N"); which == "B" && i >= 0 {
		b.Store(b.Field(p, i), ir.IntConst(ir.I64, 1))
	}
	return p
}
