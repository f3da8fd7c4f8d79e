package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"go/types"
	"golang.org/x/tools/go/ssa"
)

// Panics are explicit control flow. A panic sets @rt.panicking,
// @rt.panicval (the value, an $iface) and @rt.panicmsg (what Go would print
// after "panic: "), traces `trace "panic", msg, pos, extra...` and jumps to
// the frame's unwind code; every call is followed by a check of
// @rt.panicking that jumps there too. The unwind code runs the frame's
// deferred calls and returns the zero result, or, when a deferred call
// recovered, resumes at the function's Recover block (which returns the
// named results). A deferred call runs with the panic set aside
// (rt.deferenter/rt.deferexit), so its own calls run normally and recover()
// can take the panic.

// runtimeErrorID is the dynamic type id of the runtime errors kiss raises
// (bounds, nil dereference, the models' panics): the box holds the message.
// Such a value implements error and runtime.Error.
const runtimeErrorID = 1

// unknownTypeID is the dynamic type id of the interface values unknown
// functions return under lowerOptions.UnknownInterfaces: a type kiss knows
// nothing of. Its methods return unknown values, it may or may not
// implement another interface, and two such values are equal when they are
// the same value (the box is an identity).
const unknownTypeID = 2

const (
	msgNilDeref = "runtime error: invalid memory address or nil pointer dereference"
	msgIndex    = "runtime error: index out of range"
	msgSlice    = "runtime error: slice bounds out of range"
	msgDivide   = "runtime error: integer divide by zero"
	msgShift    = "runtime error: negative shift amount"
	msgNilMap   = "assignment to entry in nil map"
	msgPanicNil = "panic called with nil argument" // (*runtime.PanicNilError).Error
)

// initRuntime declares the panic state and its helper functions.
func (l *lowerer) initRuntime() {
	for _, e := range []*typeEntry{{ID: runtimeErrorID, Name: "runtime.Error"}, {ID: unknownTypeID, Name: "unknown"}} {
		l.dyn.byID[e.ID] = e
		l.info.Types = append(l.info.Types, e)
	}
	for _, g := range []struct {
		name string
		t    *ir.Type
	}{{"rt.panicking", ir.Bool}, {"rt.panicval", l.tIface}, {"rt.panicmsg", ir.String},
		{"rt.recoverval", l.tIface}, {"rt.recoverable", ir.Bool}, {"rt.recovered", ir.Bool},
		{"rt.goexiting", ir.Bool}, {"rt.paniced", ir.Bool}} {
		l.names[g.name] = true
		gl := &ir.Global{Name: g.name, Elem: g.t}
		l.rt[g.name] = gl
		l.prog.Globals = append(l.prog.Globals, gl)
	}

	// rt.setpanic(v, msg) starts a panic with value v.
	b := l.helper("rt.setpanic", nil, "v", l.tIface, "msg", ir.String)
	b.Store(l.rt["rt.paniced"], ir.BoolConst(true))
	b.Store(l.rt["rt.panicking"], ir.BoolConst(true))
	b.Store(l.rt["rt.goexiting"], ir.BoolConst(false)) // a panic replaces a Goexit in progress
	b.Store(l.rt["rt.panicval"], b.Fn.Params[0])
	b.Store(l.rt["rt.panicmsg"], b.Fn.Params[1])
	b.Ret(nil)

	// rt.rtpanic(msg) starts a panic with a runtime error.
	b = l.helper("rt.rtpanic", nil, "msg", ir.String)
	box := b.Alloc(ir.String, nil)
	b.Store(box, b.Fn.Params[0])
	b.CallTo(nil, l.helpers["rt.setpanic"], b.Make(l.tIface, ir.IntConst(ir.I64, runtimeErrorID), box), b.Fn.Params[0])
	b.Ret(nil)

	// rt.panic(msg, pos) is the models' panic: a runtime error raised at
	// pos, which is only known at run time (hence an argument of the trace).
	b = l.helper("rt.panic", nil, "msg", ir.String, "pos", ir.String)
	b.CallTo(nil, l.helpers["rt.rtpanic"], b.Fn.Params[0])
	b.Trace(EventPanic, b.Fn.Params[0], b.Fn.Params[1])
	b.Ret(nil)

	// rt.misuse(msg, pos) is the models' panic on a misuse of a channel or
	// of package sync that only the interleaving causes (close of a closed
	// channel): the trace says so, for the report.
	b = l.helper("rt.misuse", nil, "msg", ir.String, "pos", ir.String)
	b.CallTo(nil, l.helpers["rt.rtpanic"], b.Fn.Params[0])
	b.Trace(EventMisuse, b.Fn.Params[0], b.Fn.Params[1])
	b.Ret(nil)

	// rt.libpanic(msg, pos) and rt.libmisuse(msg, pos) are rt.panic and
	// rt.misuse for the library's panic("...") (sync's WaitGroup): the
	// value recover returns is the string, not a runtime error.
	for _, h := range []struct {
		name string
		ev   string
	}{{"rt.libpanic", EventPanic}, {"rt.libmisuse", EventMisuse}} {
		b = l.helper(h.name, nil, "msg", ir.String, "pos", ir.String)
		b.CallTo(nil, l.helpers["rt.setpanic"], l.MakeInterface(b, b.Fn.Params[0], types.Typ[types.String]), b.Fn.Params[0])
		b.Trace(h.ev, b.Fn.Params[0], b.Fn.Params[1])
		b.Ret(nil)
	}

	// rt.gopanic(v, msg) is Go's panic(v): panic(nil) panics with a
	// *runtime.PanicNilError since Go 1.21 (what recover returns: code
	// that recovers switches on that type).
	b = l.helper("rt.gopanic", nil, "v", l.tIface, "msg", ir.String)
	isnil := b.Bin(ir.OpEq, b.Extract(b.Fn.Params[0], 0), ir.IntConst(ir.I64, 0))
	_, els := b.If(isnil, "nil")
	if t := l.panicNilError(); t != nil {
		e := b.Alloc(l.Type(t.Elem()), nil)
		b.CallTo(nil, l.helpers["rt.setpanic"], l.MakeInterface(b, e, t), ir.StringConst(msgPanicNil))
	} else {
		b.CallTo(nil, l.helpers["rt.rtpanic"], ir.StringConst(msgPanicNil))
	}
	b.Ret(nil)
	b.SetBlock(els)
	b.CallTo(nil, l.helpers["rt.setpanic"], b.Fn.Params[0], b.Fn.Params[1])
	b.Ret(nil)

	// rt.goexit() is runtime.Goexit: the frames unwind, running their
	// deferred calls (recover() does not stop it), and the goroutine ends.
	b = l.helper("rt.goexit", nil)
	b.Store(l.rt["rt.paniced"], ir.BoolConst(true))
	b.Store(l.rt["rt.panicking"], ir.BoolConst(true))
	b.Store(l.rt["rt.goexiting"], ir.BoolConst(true))
	b.Store(l.rt["rt.panicval"], ir.ZeroConst(l.tIface))
	b.Store(l.rt["rt.panicmsg"], ir.StringConst(""))
	b.Ret(nil)

	// rt.deferenter() starts a deferred call: a panic in flight is set
	// aside (the call runs normally, and recover() may take it); it returns
	// the state rt.deferexit needs.
	g := func(name string) *ir.Global { return l.rt[name] }
	b = l.helper("rt.deferenter", deferStateType(l))
	st := b.Make(b.Fn.Result, b.Load(ir.Bool, g("rt.panicking")), b.Load(l.tIface, g("rt.panicval")),
		b.Load(ir.String, g("rt.panicmsg")), b.Load(l.tIface, g("rt.recoverval")),
		b.Load(ir.Bool, g("rt.recoverable")), b.Load(ir.Bool, g("rt.recovered")),
		b.Load(ir.Bool, g("rt.goexiting")))
	b.Store(g("rt.recoverval"), b.Extract(st, 1))
	// recover() does not stop a Goexit.
	b.Store(g("rt.recoverable"), b.And(b.Extract(st, 0), b.Not(b.Extract(st, 6))))
	b.Store(g("rt.goexiting"), ir.BoolConst(false))
	b.Store(g("rt.recovered"), ir.BoolConst(false))
	b.Store(g("rt.panicking"), ir.BoolConst(false))
	b.Ret(st)

	// rt.deferexit(st) ends it: a new panic replaces the one set aside,
	// which otherwise goes on unless the call recovered it.
	b = l.helper("rt.deferexit", nil, "st", deferStateType(l))
	st = b.Fn.Params[0]
	restore, flags := b.NewBlock("restore"), b.NewBlock("flags")
	goesOn := b.And(b.Extract(st, 0), b.Not(b.Load(ir.Bool, g("rt.recovered"))))
	goesOn = b.And(goesOn, b.Not(b.Load(ir.Bool, g("rt.panicking"))))
	b.Br(goesOn, restore, flags)
	b.SetBlock(restore)
	b.CallTo(nil, l.helpers["rt.setpanic"], b.Extract(st, 1), b.Extract(st, 2))
	b.Store(g("rt.goexiting"), b.Extract(st, 6))
	b.Jmp(flags)
	b.SetBlock(flags)
	b.Store(g("rt.recoverval"), b.Extract(st, 3))
	b.Store(g("rt.recoverable"), b.Extract(st, 4))
	b.Store(g("rt.recovered"), b.Extract(st, 5))
	b.Ret(nil)
}

// deferStateType is what rt.deferenter saves: panicking, panicval,
// panicmsg, recoverval, recoverable, recovered, goexiting.
func deferStateType(l *lowerer) *ir.Type {
	return ir.Struct(ir.Bool, l.tIface, ir.String, l.tIface, ir.Bool, ir.Bool, ir.Bool)
}

// RuntimePanic raises a runtime error with Go's message and ends the block;
// extra values (an index and a length, say) go into the trace event.
func (b *builder) RuntimePanic(msg string, extra ...ir.Value) {
	b.CallTo(nil, b.l.helpers["rt.rtpanic"], ir.StringConst(msg))
	if !b.silent {
		b.Trace(EventPanic, append([]ir.Value{ir.StringConst(msg), ir.StringConst(b.Pos)}, extra...)...)
	}
	b.Jmp(b.Unwind())
}

// LibPanic is the library's panic("msg") (context's "nil key"): recover
// returns the string. It ends the block.
func (b *builder) LibPanic(msg string) {
	b.CallTo(nil, b.l.helpers["rt.libpanic"], ir.StringConst(msg), ir.StringConst(b.Pos))
	b.Jmp(b.Unwind())
}

// PanicUnless continues when ok holds and raises the runtime error msg
// otherwise.
func (b *builder) PanicUnless(ok ir.Value, msg string, extra ...ir.Value) {
	b.unless(ok, func() { b.RuntimePanic(msg, extra...) })
}

// LibPanicUnless continues when ok holds and is LibPanic(msg) otherwise.
func (b *builder) LibPanicUnless(ok ir.Value, msg string) {
	b.unless(ok, func() { b.LibPanic(msg) })
}

func (b *builder) unless(ok ir.Value, fail func()) {
	if isTrue(ok) {
		return
	}
	cont, els := b.NewBlock("ok"), b.NewBlock("panic")
	b.Br(ok, cont, els)
	b.SetBlock(els)
	fail()
	b.SetBlock(cont)
}

// CheckPanicking jumps to the unwind code if a panic is in flight (after a
// call).
func (b *builder) CheckPanicking() {
	if b.noCheck {
		return
	}
	h := b.Hint
	b.Hint = "p"
	p := b.Load(ir.Bool, b.l.rt["rt.panicking"])
	b.Hint = h
	cont := b.NewBlock("cont")
	b.Br(p, b.Unwind(), cont)
	b.SetBlock(cont)
}

// CheckHelperPanic follows a call of a generated helper that may panic
// (interface equality, map keys): the helper does not know the Go
// position, so the panic is traced here.
func (b *builder) CheckHelperPanic() {
	if b.noCheck {
		return
	}
	h := b.Hint
	b.Hint = "p"
	p := b.Load(ir.Bool, b.l.rt["rt.panicking"])
	fail, cont := b.NewBlock("panic"), b.NewBlock("cont")
	b.Br(p, fail, cont)
	b.SetBlock(fail)
	msg := b.Load(ir.String, b.l.rt["rt.panicmsg"])
	b.Hint = h
	b.Trace(EventPanic, msg, ir.StringConst(b.Pos))
	b.Jmp(b.Unwind())
	b.SetBlock(cont)
}

// PanicState returns the globals of the panic state: @rt.panicking (bool:
// the frame unwinds), @rt.panicval ($iface), @rt.panicmsg (str),
// @rt.recoverval ($iface: the panic set aside while a deferred call runs),
// @rt.recoverable (bool: recover() may take it), @rt.recovered (bool) and
// @rt.goexiting (bool: the unwinding is runtime.Goexit's, not a panic). The state belongs to a goroutine: a scheduler
// that switches goroutines (a deferred call can reach a scheduling point)
// saves and restores all of them.
func (l *lowerer) PanicState() []*ir.Global {
	var gs []*ir.Global
	for _, n := range []string{"rt.panicking", "rt.panicval", "rt.panicmsg", "rt.recoverval", "rt.recoverable", "rt.recovered", "rt.goexiting"} {
		gs = append(gs, l.rt[n])
	}
	return gs
}

// goPanic lowers panic(v) at b.Pos.
func (fl *funcLowerer) goPanic(b *builder, x ssa.Value, v ir.Value) {
	var msg ir.Value
	if mi, ok := x.(*ssa.MakeInterface); ok && isString(mi.X.Type()) {
		msg = fl.value(mi.X)
	} else if format := printedAs(mi); ok && format != "" {
		// Go prints an integer or a bool itself (print(v)), a named one
		// as main.T(v): the decoder renders the traced value
		b.CallTo(nil, b.l.helpers["rt.gopanic"], v, ir.StringConst(""))
		b.Trace(EventPanic, ir.StringConst(""), ir.StringConst(b.Pos), fl.value(mi.X), ir.StringConst(format))
		b.Jmp(b.Unwind())
		return
	} else {
		msg = b.Call(ir.String, fl.l.lateFunc("rt.panicdesc"), v)
	}
	b.GoPanic(v, msg)
}

// printedAs is how Go's runtime prints a panic value made by mi when it
// is an integer or a bool (printpanicval): "%s" for the value itself,
// "pkg.T(%s)" for a named type; "" otherwise.
func printedAs(mi *ssa.MakeInterface) string {
	if mi == nil {
		return ""
	}
	t := mi.X.Type()
	bt, ok := t.Underlying().(*types.Basic)
	if !ok || bt.Info()&(types.IsInteger|types.IsBoolean) == 0 || bt.Kind() == types.Uintptr {
		return ""
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return types.TypeString(n, func(p *types.Package) string { return p.Name() }) + "(%s)"
	}
	return "%s"
}

// GoPanic raises Go's panic(v), whose message is msg, at b.Pos.
func (b *builder) GoPanic(v, msg ir.Value) {
	b.CallTo(nil, b.l.helpers["rt.gopanic"], v, msg)
	b.Trace(EventPanic, msg, ir.StringConst(b.Pos))
	b.Jmp(b.Unwind())
}

// PanicStringUnless continues when ok holds and otherwise panics as a
// library does with panic("msg"): a string value, which recover returns.
func (b *builder) PanicStringUnless(ok ir.Value, msg string) {
	_, cont := b.If(b.Not(ok), "panic")
	b.GoPanic(b.l.MakeInterface(b, ir.StringConst(msg), types.Typ[types.String]), ir.StringConst(msg))
	b.SetBlock(cont)
}

// recoverValue lowers recover(): in a deferred call run while panicking
// (@rt.recoverable), the panic value set aside (@rt.recoverval) and the end
// of that panic; else nil.
// Approximation: Go recovers only in the deferred function itself; kiss
// also in the functions it calls.
func (l *lowerer) recoverValue(b *builder) ir.Value {
	r := b.Load(ir.Bool, l.rt["rt.recoverable"])
	v := b.Op(ir.OpSelect, l.tIface, r, b.Load(l.tIface, l.rt["rt.recoverval"]), ir.ZeroConst(l.tIface))
	b.Store(l.rt["rt.recoverable"], ir.BoolConst(false))
	b.Store(l.rt["rt.recovered"], b.Bin(ir.OpOr, r, b.Load(ir.Bool, l.rt["rt.recovered"])))
	return v
}

// deferSite is one defer statement of a function: the call and the record
// type that holds {next, site, operands...} on the frame's defer list.
type deferSite struct {
	call *ssa.CallCommon
	rec  *ir.Type
	pos  string
}

// lowerDefer pushes the call and its evaluated operands onto the frame's
// defer list (%defers, a linked list of records, newest first).
func (fl *funcLowerer) lowerDefer(d *ssa.Defer) {
	if d.DeferStack != nil {
		unsupported(fl.pos(d), "defer into a range-over-func loop body's frame")
	}
	if bi, ok := d.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
		// Deferred directly, recover is not called by a deferred function:
		// it returns nil and the panic goes on (the Go spec, "Handling
		// panics"), so the defer does nothing.
		return
	}
	b := fl.b
	if fl.defers == nil {
		fl.defers = b.Local("defers", ir.Ptr)
	}
	ops := fl.callOperands(&d.Call)
	fields := []*ir.Type{ir.Ptr, ir.I64}
	vals := []ir.Value{fl.defers, ir.IntConst(ir.I64, int64(len(fl.sites)+1))}
	for _, op := range ops {
		fields = append(fields, op.Type())
		vals = append(vals, op)
	}
	site := &deferSite{call: &d.Call, rec: ir.Struct(fields...), pos: b.Pos}
	fl.sites = append(fl.sites, site)
	rec := b.Alloc(site.rec, nil)
	b.Store(rec, b.Make(site.rec, vals...))
	b.move(fl.defers, rec)
}

// runDefers runs and pops every deferred call of the frame (RunDefers, and
// the unwind code).
func (fl *funcLowerer) runDefers(b *builder) {
	if fl.defers == nil {
		return
	}
	if fl.runner == nil {
		fl.runner = &ir.Func{Name: fl.l.uniqName(fl.l.link.prefix + fl.f.Name + ".defers"), Pos: fl.f.Pos}
		fl.runner.NewParam("d", ir.Ptr)
	}
	b.CallTo(nil, fl.runner, fl.defers)
	b.move(fl.defers, ir.ZeroConst(ir.Ptr))
}

// buildRunner fills the defer runner: pop each record, newest first, and
// make its call. A deferred call that panics does not stop the others (Go
// runs them while the panic unwinds); the frame looks at @rt.panicking
// afterwards.
func (fl *funcLowerer) buildRunner() {
	if fl.runner == nil {
		return
	}
	l := fl.l
	// Joins the program only now: a function that fails to lower leaves
	// no half-built runner behind.
	l.prog.Funcs = append(l.prog.Funcs, fl.runner)
	b := newBuilder(l, fl.runner)
	b.label = ""
	b.noCheck = true
	d := fl.runner.Params[0]
	b.SetBlock(b.NewBlock("entry"))
	loop, after := b.NewBlock("loop"), b.NewBlock("after")
	b.unwind = func() *ir.Block { return after }
	b.Jmp(loop)
	b.SetBlock(loop)
	b.Hint = "rec"
	rec := b.Local("rec", ir.Ptr)
	st := b.Local("st", deferStateType(l))
	pop, done := b.NewBlock("pop"), b.NewBlock("done")
	b.Br(b.Bin(ir.OpEq, d, ir.ZeroConst(ir.Ptr)), done, pop)
	b.SetBlock(pop)
	b.move(rec, d)
	b.Assign(d, ir.OpLoad, b.Field(rec, 0))
	site := b.Load(ir.I64, b.Field(rec, 1))
	b.CallTo(st, l.helpers["rt.deferenter"])
	for i, s := range fl.sites {
		b.label, b.Pos, b.Hint = "site"+itoa(i+1), s.pos, "d"+itoa(i+1)
		_, els := b.If(b.Bin(ir.OpEq, site, ir.IntConst(ir.I64, int64(i+1))), "call")
		r := b.Load(s.rec, rec)
		ops := make([]ir.Value, len(s.rec.Fields)-2)
		for k := range ops {
			ops[k] = b.Extract(r, k+2)
		}
		fl.l.emitCall(b, s.call, ops, nil)
		if !b.Terminated() {
			b.Jmp(after)
		}
		b.SetBlock(els)
	}
	b.Jmp(after)
	b.label = ""
	b.SetBlock(after)
	b.CallTo(nil, l.helpers["rt.deferexit"], st)
	b.Jmp(loop)
	b.SetBlock(done)
	b.Ret(nil)
}

// unwindBlock returns the frame's unwind code; it is filled by finishUnwind
// at the end of the lowering, when the defers are known, and placed last.
func (fl *funcLowerer) unwindBlock() *ir.Block {
	if fl.unwind == nil {
		save := fl.b.label
		fl.b.label = ""
		fl.unwind = fl.b.NewBlock("unwind")
		fl.b.label = save
	}
	return fl.unwind
}

// finishUnwind fills the unwind code: run the deferred calls, then return
// the zero result (still panicking) or, when one recovered, resume at the
// Recover block.
func (fl *funcLowerer) finishUnwind() {
	if fl.unwind == nil {
		return
	}
	b := fl.b
	b.label, b.Pos, b.Hint = "", fl.f.Pos, "p"
	b.SetBlock(fl.unwind)
	if fl.defers == nil {
		b.RetZero()
		return
	}
	fl.runDefers(b)
	p := b.Load(ir.Bool, fl.l.rt["rt.panicking"])
	ret := b.NewBlock("unwind.ret")
	resume := ret
	if fl.fn.Recover != nil {
		resume = fl.blocks[fl.fn.Recover.Index]
	}
	b.Br(p, ret, resume)
	b.SetBlock(ret)
	b.RetZero()
}

// panicNilError returns *runtime.PanicNilError, nil when the program's
// packages do not include runtime.
func (l *lowerer) panicNilError() *types.Pointer {
	if l.SSA == nil {
		return nil
	}
	rt := l.stdTypes("runtime")
	if rt == nil {
		return nil
	}
	obj, ok := rt.Scope().Lookup("PanicNilError").(*types.TypeName)
	if !ok {
		return nil
	}
	return types.NewPointer(obj.Type())
}
