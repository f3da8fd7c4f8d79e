package sequentialize

import (
	"go/types"
	"strings"
	"syscall"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The runtime's and the OS's view of the process: the call stack, the
// executable, the environment. Their values are unknown inputs (labelled)
// and they have no effects kiss sees.
//
// runtime.Caller(skip) reports a frame for skip 0 (the caller of Caller
// exists), none from maxStack on, and between them an unknown answer: the
// stack a goroutine has at a call is finite, but how deep kiss does not
// know (testing's frames, the recursion of the code). So a loop that
// climbs the stack until Caller fails, as testify's CallerInfo does, ends
// on every path, and a finding that needs a particular depth is held back.
func (c *concLowering) sysModels(m map[string]externFunc) {
	// I/O may take any time: a goroutine waiting on the netpoller sleeps
	// an unknown duration on the fake clock (none, or long enough for any
	// timer or sleep of the others to fire first), then gets an unknown
	// result. A finding that needs a particular duration is held back, as
	// for any unknown input.
	for _, name := range []string{"internal/poll.runtime_pollWait", "internal/poll.runtime_pollWaitCanceled"} {
		name := name
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			d := l.unknownNondetLabel(b, ir.I64, "how long "+name+" waits (I/O)")
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, d, ir.IntConst(ir.I64, 0))}})
			c.traceOp(b, "sleep", nil)
			b.CallTo(nil, c.fn("rt.sleep"), d, ir.StringConst(pos))
			defer l.labelUnknown(name)()
			return l.UnknownResults(b, call.Signature()), nil
		}
	}
	m["runtime.Caller"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		skip := args[0]
		deep := b.Bin(ir.OpGe, skip, ir.IntConst(ir.I64, maxStack))
		ok := b.Op(ir.OpSelect, ir.Bool, b.Bin(ir.OpEq, skip, ir.IntConst(ir.I64, 0)), ir.BoolConst(true),
			b.Op(ir.OpSelect, ir.Bool, deep, ir.BoolConst(false), l.unknownNondetLabel(b, ir.Bool, stackLabel)))
		res := l.Type(call.Signature().Results())
		pc := l.unknownNondetLabel(b, res.Fields[0], stackLabel)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpOr, b.Not(ok), b.Bin(ir.OpNe, pc, ir.IntConst(res.Fields[0], 0)))}})
		file := l.unknownNondetLabel(b, ir.String, stackLabel)
		line := l.unknownNondetLabel(b, res.Fields[2], stackLabel)
		return b.Make(res,
			b.Op(ir.OpSelect, res.Fields[0], ok, pc, ir.IntConst(res.Fields[0], 0)),
			b.Op(ir.OpSelect, ir.String, ok, file, ir.StringConst("")),
			b.Op(ir.OpSelect, res.Fields[2], ok, line, ir.IntConst(res.Fields[2], 0)),
			ok), nil
	}
	m["runtime.Callers"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		pcs := args[1]
		n := l.unknownNondetLabel(b, ir.I64, stackLabel)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)),
			b.And(b.Bin(ir.OpLe, n, b.Extract(pcs, 2)), b.Bin(ir.OpLe, n, ir.IntConst(ir.I64, maxStack))))}})
		et := l.Type(call.Signature().Params().At(1).Type().Underlying().(*types.Slice).Elem())
		g := b.Load(ir.I64, c.rt.global("rt.cur"))
		// The loop runs over the buffer as far as a trace can reach, a count
		// kiss knows, and writes an element below n: a loop to n forked at
		// each element (conc's panics.NewRecovered was cut by -unroll on
		// every path). Its writes are seen by the race detector up to
		// there.
		lb := b.Extract(pcs, 2)
		reach := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpLt, lb, ir.IntConst(ir.I64, maxStack)), lb, ir.IntConst(ir.I64, maxStack))
		b.forLoop("pc", reach, func(i ir.Value) {
			p := b.elemPtr(pcs, i)
			b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("wr"), g, p, ir.StringConst("pc[i]")}})
			b.Store(p, b.Op(ir.OpSelect, et, b.Bin(ir.OpLt, i, n), l.unknownNondetLabel(b, et, stackLabel), b.Load(et, p)))
		})
		return n, nil
	}
	m["runtime.FuncForPC"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		f := b.Alloc(l.Type(deref(call.Signature().Results().At(0).Type())), nil)
		return b.Op(ir.OpSelect, ir.Ptr, b.Bin(ir.OpEq, args[0], ir.IntConst(args[0].Type(), 0)), ir.ZeroConst(ir.Ptr), f), nil
	}
	m["(*runtime.Func).Name"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		name := l.unknownNondetLabel(b, ir.String, stackLabel)
		return b.Op(ir.OpSelect, ir.String, b.Bin(ir.OpEq, args[0], ir.ZeroConst(ir.Ptr)), ir.StringConst(""), name), nil
	}
	m["(*runtime.Func).FileLine"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		res := l.Type(call.Signature().Results())
		return b.Make(res, l.unknownNondetLabel(b, ir.String, stackLabel), l.unknownNondetLabel(b, res.Fields[1], stackLabel)), nil
	}
	// runtime.CallersFrames(pcs) and Frames.Next: one frame per pc (the
	// runtime may expand one into several inlined calls), each with
	// unknown PC, function, file and line and no *Func; more while pcs
	// are left, as Go's Next says.
	m["runtime.CallersFrames"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		ft := deref(call.Signature().Results().At(0).Type())
		i := fieldIndex(ft, "callers")
		if i < 0 {
			return nil, errorf("kiss does not model runtime.Frames of this Go version (%s)", pos)
		}
		f := b.Alloc(l.Type(ft), nil)
		b.Store(b.Field(f, i), args[0])
		return f, nil
	}
	m["(*runtime.Frames).Next"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		ft := deref(call.Signature().Recv().Type())
		i := fieldIndex(ft, "callers")
		if i < 0 {
			return nil, errorf("kiss does not model runtime.Frames of this Go version (%s)", pos)
		}
		b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
		res := l.Type(call.Signature().Results())
		frameT := call.Signature().Results().At(0).Type()
		r := b.Temp(res)
		b.move(r, ir.ZeroConst(res))
		p := b.Field(args[0], i)
		pcs := b.Load(l.Slice(), p)
		n := b.Extract(pcs, 2)
		_, join := b.If(b.Bin(ir.OpGt, n, ir.IntConst(ir.I64, 0)), "frame")
		rest := b.Bin(ir.OpSub, n, ir.IntConst(ir.I64, 1))
		b.Store(p, b.Make(l.Slice(), b.Extract(pcs, 0), b.Bin(ir.OpAdd, b.Extract(pcs, 1), ir.IntConst(ir.I64, 1)), rest,
			b.Bin(ir.OpSub, b.Extract(pcs, 3), ir.IntConst(ir.I64, 1))))
		st := frameT.Underlying().(*types.Struct)
		var fields []ir.Value
		for k := range st.NumFields() {
			t := l.Type(st.Field(k).Type())
			switch st.Field(k).Name() {
			case "PC", "Function", "File", "Line", "Entry":
				fields = append(fields, l.unknownNondetLabel(b, t, stackLabel))
			default: // Func nil, and the runtime's own
				fields = append(fields, ir.ZeroConst(t))
			}
		}
		b.move(r, b.Make(res, b.Make(l.Type(frameT), fields...), b.Bin(ir.OpGt, rest, ir.IntConst(ir.I64, 0))))
		b.Jmp(join)
		b.SetBlock(join)
		return r, nil
	}
	m["runtime/debug.Stack"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		trace, n := c.stackTrace(l, b)
		return b.Make(l.Slice(), trace, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, int64(stackTraceCap))), nil
	}
	// runtime.Stack(buf, all) copies as much of the trace as fits into buf
	// (with all, the other goroutines' traces follow in Go: here they are
	// part of the unknown frames) and returns how much it copied.
	m["runtime.Stack"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		trace, n := c.stackTrace(l, b)
		buf := args[0]
		lb := b.Extract(buf, 2)
		n = b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpLt, lb, n), lb, n)
		b.forLoop("i", n, func(i ir.Value) {
			e := b.elemPtr(buf, i)
			c.write(b, e, "buf")
			b.Store(e, b.Load(ir.U8, b.Index(trace, i)))
		})
		return n, nil
	}
	// os's init asks the flags of the standard streams (NewFile's
	// F_GETFL): go test gives its test binary blocking ones, stdin read
	// only, stdout and stderr write only, none appending. Any other
	// fcntl's result is an unknown value, -1 with an unknown error.
	m["internal/syscall/unix.Fcntl"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		it := args[0].Type()
		std := b.And(b.Bin(ir.OpLe, args[0], ir.IntConst(it, 2)), b.Bin(ir.OpEq, args[1], ir.IntConst(it, syscall.F_GETFL)))
		flags := b.Op(ir.OpSelect, it, b.Bin(ir.OpEq, args[0], ir.IntConst(it, 0)), ir.IntConst(it, syscall.O_RDONLY), ir.IntConst(it, syscall.O_WRONLY))
		val := b.Op(ir.OpSelect, it, std, flags, l.unknownNondetLabel(b, it, "the result of fcntl"))
		failed := b.Bin(ir.OpEq, val, ir.IntConst(it, -1))
		err := b.Op(ir.OpSelect, l.Iface(), failed, unknownError(l, b), ir.ZeroConst(l.Iface()))
		return b.Make(l.Type(call.Signature().Results()), val, err), nil
	}
	// os/signal's watcher goroutine (the first signal.Notify starts it)
	// waits in the runtime's signal_recv for the next signal the process
	// gets. No signal reaches a test's process in kiss's runs: the watcher
	// waits for good, as the runtime's own goroutine (neither a deadlock
	// nor a leak). Before, every path stopped there, as at a call kiss
	// does not know.
	m["os/signal.signal_recv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("rt.daemon"), ir.BoolConst(true))
		// (suspended, not parked: a report does not name it blocked)
		b.CallTo(nil, c.fn("rt.suspend"), l.sharedGlobal("rt.signals", ir.I64))
		return ir.IntConst(ir.U32, 0), nil
	}
	// A signal the process sends itself would reach that watcher, and
	// kiss does not deliver it: a path past kill(2) is one past a call
	// kiss does not know, so that a test waiting for its own signal is
	// not reported blocked for good. So is one past pidfd_send_signal(2),
	// which os.Process.Signal uses where Linux has it (std's
	// os/signal ExampleNotifyContext signals itself so).
	for _, name := range []string{"syscall.Kill", "syscall.Tgkill", "internal/syscall/unix.PidFDSendSignal"} {
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return l.callUnknown(b, name, call.Signature(), true), nil
		}
	}
	// The kernel writes the limits into *rlim, which kiss's unknown
	// syscall left zero: net's acquireThread then made its thread-limit
	// channel unbuffered and every DNS lookup deadlocked (context's and
	// log/syslog's examples on go vet std). Unknown limits were worse:
	// package syscall's init branches on them, so every violation after it
	// depended on an unknown input and was held back. The limits are a
	// typical Linux process's once Go's init has raised the soft one (a
	// hard limit of 2^20 open files, the soft one just below it), and the
	// call succeeds.
	m["syscall.Getrlimit"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		rt := l.Type(deref(call.Signature().Params().At(1).Type()))
		if rt.Kind != ir.KindStruct || len(rt.Fields) != 2 {
			return nil, errorf("syscall.Rlimit is not as kiss knows it")
		}
		b.PanicUnless(b.Bin(ir.OpNe, args[1], ir.ZeroConst(ir.Ptr)), msgNilDeref)
		c.write(b, args[1], "rlim")
		b.Store(args[1], b.Make(rt, ir.IntConst(rt.Fields[0], 1<<20-1), ir.IntConst(rt.Fields[1], 1<<20)))
		return ir.ZeroConst(l.Iface()), nil
	}
	// The operating system's random bytes, under crypto/rand (through
	// crypto/internal/sysrand and internal/syscall/unix.GetRandom): the
	// runtime's vDSO getrandom, which has no Go body. It fills the buffer
	// (getrandom(2) does for the sizes Go asks) with concrete bytes of a
	// generator kiss keeps, different at every call: the code after it
	// (ids and tokens hex- or base64-encoded, compared, used as map keys)
	// runs concretely with one outcome of the call. Unknown bytes made
	// every table lookup of an encoder a fork and every conversion to a
	// string a cut; a bug that needs particular random bytes (a 2^-128
	// event for a 16-byte id) is not looked for.
	m["internal/syscall/unix.vgetrandom"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		state := l.sharedGlobal("rt.getrandom", ir.U64)
		p := args[0]
		n := b.Extract(p, 2)
		b.forLoop("i", n, func(i ir.Value) {
			// Knuth's MMIX linear congruential generator; the top byte.
			x := b.Bin(ir.OpAdd, b.Bin(ir.OpMul, b.Load(ir.U64, state), ir.IntConst(ir.U64, 6364136223846793005)), ir.IntConst(ir.U64, 1442695040888963407))
			b.Store(state, x)
			e := b.elemPtr(p, i)
			c.write(b, e, "p")
			b.Store(e, b.Conv(b.Bin(ir.OpShr, x, ir.IntConst(ir.U64, 56)), ir.U8))
		})
		return b.Make(l.Type(call.Signature().Results()), n, ir.BoolConst(true)), nil
	}
	// The runtime's physical page size, which os.Getpagesize returns:
	// this machine's, where replay runs the test. Allocators size their
	// arenas by it (ristretto's z package, in its init: all its roots
	// stopped there).
	m["syscall.Getpagesize"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return ir.IntConst(ir.I64, int64(syscall.Getpagesize())), nil
	}
	const env = envLabel
	m["os.Executable"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		res := l.Type(call.Signature().Results())
		failed := l.unknownNondetLabel(b, ir.Bool, env)
		err := b.Op(ir.OpSelect, l.Iface(), failed, unknownError(l, b), ir.ZeroConst(l.Iface()))
		return b.Make(res, l.unknownNondetLabel(b, ir.String, env), err), nil
	}
	m["os.Getenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return l.unknownNondetLabel(b, ir.String, env), nil
	}
	// The rest of syscall's environment, so that its copy (syscall.copyenv:
	// each variable split at its '=', byte by byte) is never made of
	// unknown strings, which cut three of the four environments tried on
	// every path through os.Environ or os.Setenv (134 roots of std, from
	// internal/testenv's init). Setting and unsetting change what kiss
	// models of it (GODEBUG, as t.Setenv); the variables read are unknown.
	m["syscall.Environ"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return unknownStrings(l, b, 0, env), nil
	}
	// Setenv fails (EINVAL) for an empty key, a key holding '=' or a NUL,
	// or a value holding a NUL; os.Setenv is modelled where it is called,
	// where the key and value are most often constants.
	setenv := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.setGodebug(l, b, args[0], args[1])
		return setenvError(l, b, args[0], args[1]), nil
	}
	m["syscall.Setenv"], m["os.Setenv"] = setenv, setenv
	m["syscall.Unsetenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.setGodebug(l, b, args[0], ir.StringConst(""))
		return ir.ZeroConst(l.Iface()), nil
	}
	m["syscall.Clearenv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.setGodebug(l, b, ir.StringConst("GODEBUG"), ir.StringConst(""))
		return nil, nil
	}
	m["os.LookupEnv"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		res := l.Type(call.Signature().Results())
		return b.Make(res, l.unknownNondetLabel(b, ir.String, env), l.unknownNondetLabel(b, ir.Bool, env)), nil
	}
	m["syscall.Getenv"] = m["os.LookupEnv"]
}

// stackLabel names the unknown inputs of the call stack.
const stackLabel = "the call stack (runtime.Caller)"

// maxStack bounds the frames runtime.Caller and testify's CallerInfo
// report: deeper stacks are not explored.
const maxStack = 32

// stackTrace is the text of a goroutine's stack trace as runtime.Stack
// writes it: its first line, "goroutine N [running]:", with N the
// goroutine's number (distinct per goroutine, as Go's ids: code that
// parses it for a goroutine-local key gets concrete, distinct keys; its
// value is kiss's numbering, 1 for the test's goroutine), then the frames,
// stackFrames bytes kiss does not write out (unknown inputs). The length
// is concrete: an unknown one made each byte of a formatted or searched
// trace a fork (singleflight's panicError: 5 goroutines, 27,490 solver
// calls in a 10 s budget). It returns the array holding the text and the
// text's length.
func (c *concLowering) stackTrace(l *lowerer, b *builder) (ir.Value, ir.Value) {
	p := b.Alloc(ir.Array(ir.U8, stackTraceCap), nil)
	put := func(at ir.Value, v ir.Value) { b.Store(b.Index(p, at), v) }
	at := func(k int) ir.Value { return ir.IntConst(ir.I64, int64(k)) }
	for k, ch := range []byte("goroutine ") {
		put(at(k), ir.IntConst(ir.U8, int64(ch)))
	}
	id := b.Bin(ir.OpAdd, b.Load(ir.I64, c.rt.global("rt.cur")), ir.IntConst(ir.I64, 1))
	// The slot is the program's data now: states that differ in which
	// goroutine holds which slot are no longer alike (Symmetry).
	b.Store(c.rt.global("rt.slotshown"), ir.BoolConst(true))
	// Ids (slots) stay below 1000 (the goroutine cap).
	ge := func(k int64) ir.Value { return b.Bin(ir.OpGe, id, ir.IntConst(ir.I64, k)) }
	nd := b.Op(ir.OpSelect, ir.I64, ge(100), at(3), b.Op(ir.OpSelect, ir.I64, ge(10), at(2), at(1)))
	// The digit k places from the right goes to 9+nd-k. Written from the
	// most significant place down, a place the id does not have writes
	// position 10, which its first digit then overwrites.
	for k := 2; k >= 0; k-- {
		v := id
		for range k {
			v = b.Bin(ir.OpDiv, v, ir.IntConst(ir.I64, 10))
		}
		d := b.Conv(b.Bin(ir.OpAdd, b.Bin(ir.OpRem, v, ir.IntConst(ir.I64, 10)), ir.IntConst(ir.I64, '0')), ir.U8)
		pos := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpLt, at(k), nd), b.Bin(ir.OpSub, b.Bin(ir.OpAdd, at(9), nd), at(k)), at(10))
		put(pos, d)
	}
	end := b.Bin(ir.OpAdd, at(10), nd)
	for k, ch := range []byte(" [running]:\n") {
		put(b.Bin(ir.OpAdd, end, at(k)), ir.IntConst(ir.U8, int64(ch)))
	}
	end = b.Bin(ir.OpAdd, end, at(len(" [running]:\n")))
	b.forLoop("frame", at(stackFrames), func(i ir.Value) {
		put(b.Bin(ir.OpAdd, end, i), l.unknownNondetLabel(b, ir.U8, stackLabel))
	})
	return p, b.Bin(ir.OpAdd, end, at(stackFrames))
}

// stackFrames is how many bytes of frames follow a trace's first line;
// stackTraceCap holds the longest trace.
const (
	stackFrames   = 48
	stackTraceCap = len("goroutine 999 [running]:\n") + stackFrames
)

// setenvError is syscall.Setenv's error for key and value: nil for valid
// constants, an error for invalid ones; otherwise an error where the key is
// empty, and else nil or an unknown error (kiss does not search a string
// it does not know for '=' or a NUL).
func setenvError(l *lowerer, b *builder, key, val ir.Value) ir.Value {
	k, kc := key.(*ir.Const)
	v, vc := val.(*ir.Const)
	if kc && vc {
		if k.Str == "" || strings.ContainsAny(k.Str, "=\x00") || strings.ContainsRune(v.Str, 0) {
			return unknownError(l, b)
		}
		return ir.ZeroConst(l.Iface())
	}
	empty := b.Bin(ir.OpEq, b.Op(ir.OpStrLen, ir.I64, key), ir.IntConst(ir.I64, 0))
	odd := b.Bin(ir.OpOr, empty, l.unknownNondetLabel(b, ir.Bool, envLabel))
	return b.Op(ir.OpSelect, l.Iface(), odd, unknownError(l, b), ir.ZeroConst(l.Iface()))
}
