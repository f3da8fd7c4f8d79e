package sequentialize

import (
	"go/token"
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The context model (summaries/models/context.ir): context.Context values
// hold a $ctx under kiss's own dynamic type, whose Done and Err are IR
// functions of the model, Value looks its keys up as Go does (ctxValue),
// and so does Deadline (ctxDeadline). Parents of other types are
// propagated from as propagateCancel does.

// contextType registers kiss's context type on first use.
func (c *concLowering) contextType(l *lowerer, iface types.Type) int64 {
	if c.ctxID != 0 {
		return c.ctxID
	}
	methods := map[methodKey]*ir.Func{}
	var value, deadline *builder
	var valueM, deadlineM *types.Func
	if it, ok := iface.Underlying().(*types.Interface); ok {
		for m := range it.Methods() {
			switch m.Name() {
			case "Done":
				methods[keyOf(m)] = c.fn("ctx.Done")
				continue
			case "Err":
				methods[keyOf(m)] = c.fn("ctx.Err")
				continue
			case "Value":
				value, valueM = l.helper("ctx.Value", l.Iface(), "ctx", ir.Ptr, "key", l.Iface()), m
				methods[keyOf(m)] = value.Fn
				continue
			case "Deadline":
				deadline, deadlineM = l.helper("ctx.Deadline", l.resultType(m.Type().(*types.Signature)), "ctx", ir.Ptr), m
				methods[keyOf(m)] = deadline.Fn
				continue
			}
			sig := m.Type().(*types.Signature)
			params := []any{"ctx", ir.Ptr}
			for i := range sig.Params().Len() {
				params = append(params, "a"+itoa(i), l.Type(sig.Params().At(i).Type()))
			}
			b := l.helper("ctx."+m.Name(), l.resultType(sig), params...)
			l.retUnknown(b, sig)
			methods[keyOf(m)] = b.Fn
		}
	}
	c.ctxID, c.deadlineM = l.RegisterType("context", methods), deadlineM
	if value != nil {
		c.ctxValue(l, value, valueM)
	}
	if deadline != nil {
		c.ctxDeadline(l, deadline, deadlineM)
	}
	return c.ctxID
}

// ctxDeadline emits the body of kiss's contexts' Deadline(): up the chain
// of $ctx parents to the first that holds a deadline, as Go's cancelCtx
// and valueCtx take it from their parent; none past a WithoutCancel
// context or a root. A parent of the program's own type is asked through
// its method. (A deadline is held only where it is before the parent's,
// deadlineBox: the nearest is the one.)
func (c *concLowering) ctxDeadline(l *lowerer, b *builder, m *types.Func) {
	sig := m.Type().(*types.Signature)
	res := l.resultType(sig)
	timeT := l.Type(sig.Results().At(0).Type())
	cur := b.Temp(ir.Ptr)
	b.Copy(cur, b.Fn.Params[0])
	loop, done := b.NewBlock("loop"), b.NewBlock("done")
	b.Jmp(loop)
	b.SetBlock(loop)
	own := b.Load(ir.Ptr, b.Field(cur, 14))
	_, next := b.If(b.Bin(ir.OpNe, own, ir.ZeroConst(ir.Ptr)), "own")
	b.Ret(b.Make(res, b.Load(timeT, own), ir.BoolConst(true)))
	b.SetBlock(next)
	_, up := b.If(b.Load(ir.Bool, b.Field(cur, 15)), "stop")
	b.Jmp(done)
	b.SetBlock(up)
	parent, foreign := c.ctxParent(l, b, cur, loop)
	b.Jmp(done)
	b.SetBlock(foreign)
	b.Ret(b.Call(res, l.dispatcher(m), parent))
	b.SetBlock(done)
	b.Ret(ir.ZeroConst(res))
}

// ctxParent emits the step of a walk up the chain of contexts (ctxValue,
// ctxDeadline) from cur to its parent: back to loop with cur set to it
// when it is one of kiss's contexts. It returns the parent, and ends in
// the current block when there is none (a root), with foreign the block
// where the parent is of the program's own type.
func (c *concLowering) ctxParent(l *lowerer, b *builder, cur *ir.Local, loop *ir.Block) (parent ir.Value, foreign *ir.Block) {
	parent = b.Load(l.Iface(), b.Field(cur, 10))
	pid := b.Extract(parent, 0)
	_, other := b.If(b.Bin(ir.OpEq, pid, ir.IntConst(ir.I64, c.ctxID)), "mine")
	b.Copy(cur, b.Extract(parent, 1))
	b.Jmp(loop)
	b.SetBlock(other)
	_, foreign = b.If(b.Bin(ir.OpEq, pid, ir.IntConst(ir.I64, 0)), "root")
	return parent, foreign
}

// deadlineLabel names a deadline kiss could not compute (deadlineBox).
const deadlineLabel = "a context's deadline (Deadline)"

// deadlineBox boxes the deadline of WithDeadline's t or WithTimeout's d
// (time.Now().Add(d), as Go computes it, with the program's own time
// code), for Deadline; nil when parent's deadline is before it: Go's
// WithDeadline then makes a WithCancel context, whose Deadline is the
// parent's. An unknown time if package time's code cannot be had (a build
// that lowers only its own package's code): calls of it would be calls
// kiss does not know, on every path that makes a deadline.
func (c *concLowering) deadlineBox(l *lowerer, b *builder, call *ssa.CallCommon, parent, d ir.Value, duration bool) ir.Value {
	timeT := deadlineType(l, call)
	if timeT == nil || c.deadlineM == nil {
		return ir.ZeroConst(ir.Ptr)
	}
	irT := l.Type(timeT)
	now, add, before := timeFuncs(l)
	if !l.hasCode(now) || !l.hasCode(add) || !l.hasCode(before) {
		restore := l.labelUnknown(deadlineLabel)
		t := l.Unknown(b, timeT)
		restore()
		box := b.Alloc(irT, nil)
		b.Store(box, t)
		return box
	}
	t := d
	if duration {
		at, sum := b.Temp(irT), b.Temp(irT)
		l.emitDirectCall(b, now, nil, nil, at)
		l.emitDirectCall(b, add, []ir.Value{at, d}, nil, sum)
		t = sum
	}
	box := b.Local("deadline", ir.Ptr)
	b.Copy(box, ir.ZeroConst(ir.Ptr))
	pd := b.Call(l.resultType(c.deadlineM.Type().(*types.Signature)), l.dispatcher(c.deadlineM), parent)
	b.CheckPanicking()
	keep := b.Local("keep", ir.Bool)
	b.Copy(keep, ir.BoolConst(true))
	_, join := b.If(b.Extract(pd, 1), "parentdeadline")
	earlier := b.Temp(ir.Bool)
	l.emitDirectCall(b, before, []ir.Value{b.Extract(pd, 0), t}, nil, earlier)
	b.Copy(keep, b.Not(earlier))
	b.Jmp(join)
	b.SetBlock(join)
	_, out := b.If(keep, "own")
	p := b.Alloc(irT, nil)
	b.Store(p, t)
	b.Copy(box, p)
	b.Jmp(out)
	b.SetBlock(out)
	return box
}

// deadlineType is the time.Time of the program's context.Context, whose
// Deadline returns it (nil if the context type has no Deadline).
func deadlineType(l *lowerer, call *ssa.CallCommon) types.Type {
	it, ok := call.Signature().Results().At(0).Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for m := range it.Methods() {
		if m.Name() == "Deadline" {
			return m.Type().(*types.Signature).Results().At(0).Type()
		}
	}
	return nil
}

// timeFuncs returns package time's Now, (Time).Add and (Time).Before, if
// the program has them.
func timeFuncs(l *lowerer) (now, add, before *ssa.Function) {
	pkg := l.SSA.ImportedPackage("time")
	if pkg == nil {
		return nil, nil, nil
	}
	typ, _ := pkg.Members["Time"].(*ssa.Type)
	if typ == nil {
		return nil, nil, nil
	}
	method := func(name string) *ssa.Function {
		if sel := l.SSA.MethodSets.MethodSet(typ.Type()).Lookup(pkg.Pkg, name); sel != nil {
			return l.SSA.MethodValue(sel)
		}
		return nil
	}
	return pkg.Func("Now"), method("Add"), method("Before")
}

// ctxValue emits the body of kiss's contexts' Value(key): up the chain of
// $ctx parents, the value of the first WithValue context whose key equals
// key (rt.ifaceeq: keys of an uncomparable type panic, as in Go); past
// the last, nil for a chain that starts at Background, TODO or
// WithoutCancel's own, else the Value of the parent of the program's own
// type. A loop, not a call per context, so that a long chain is not cut
// by -recursion.
func (c *concLowering) ctxValue(l *lowerer, b *builder, m *types.Func) {
	cur, key := b.Temp(ir.Ptr), b.Fn.Params[1]
	b.Copy(cur, b.Fn.Params[0])
	loop := b.NewBlock("loop")
	b.Jmp(loop)
	b.SetBlock(loop)
	_, up := b.If(b.Load(ir.Bool, b.Field(cur, 13)), "hasvalue")
	eq := b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), b.Load(l.Iface(), b.Field(cur, 11)), key)
	_, ok := b.If(b.Load(ir.Bool, l.rt["rt.panicking"]), "panicking")
	b.Ret(ir.ZeroConst(l.Iface()))
	b.SetBlock(ok)
	_, miss := b.If(eq, "found")
	b.Ret(b.Load(l.Iface(), b.Field(cur, 12)))
	b.SetBlock(miss)
	b.Jmp(up)
	b.SetBlock(up)
	parent, foreign := c.ctxParent(l, b, cur, loop)
	b.Ret(ir.ZeroConst(l.Iface()))
	b.SetBlock(foreign)
	b.Ret(b.Call(l.Iface(), l.dispatcher(m), parent, key))
}

// asContext returns the $ctx of an interface value, or nil for a context
// kiss does not model (which is never done).
func (c *concLowering) asContext(b *builder, id int64, v ir.Value) ir.Value {
	mine := b.Bin(ir.OpEq, b.Extract(v, 0), ir.IntConst(ir.I64, id))
	return b.Op(ir.OpSelect, ir.Ptr, mine, b.Extract(v, 1), ir.ZeroConst(ir.Ptr))
}

func (c *concLowering) contextModels(m map[string]externFunc) {
	ctxOf := func(l *lowerer, call *ssa.CallCommon) types.Type {
		return call.Signature().Results().At(0).Type()
	}
	background := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.contextType(l, ctxOf(l, call))
		ctx := b.Call(ir.Ptr, c.fn("ctx.background"))
		return b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), nil
	}
	m["context.Background"] = background
	m["context.TODO"] = background
	// WithCancel, WithCancelCause, WithTimeout/WithDeadline and their
	// Cause variants: kind "cancel", "cause", "deadline" or "deadlinecause".
	withCancel := func(kind string) externFunc {
		return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			ctxT := ctxOf(l, call)
			id := c.contextType(l, ctxT)
			nonNil := b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0))
			b.LibPanicUnless(nonNil, "cannot create context from nil parent")
			parent := c.asContext(b, id, args[0])
			ctx := b.Call(ir.Ptr, c.fn("ctx.withcancel"), parent)
			b.Store(b.Field(ctx, 10), args[0]) // (Value goes on to it)
			c.propagateForeign(l, b, ctxT, id, args[0], ctx)
			// The deadline starts once the context is linked, as in Go.
			if kind == "deadline" || kind == "deadlinecause" {
				d := args[1]
				if !isDuration(call.Signature().Params().At(1).Type()) { // (a stub of a func value has no Args)
					d = c.deadline(l, b, d)
				}
				cause := ir.Value(ir.ZeroConst(l.Iface()))
				if kind == "deadlinecause" {
					cause = args[2]
				}
				b.Store(b.Field(ctx, 14), c.deadlineBox(l, b, call, args[0], args[1], isDuration(call.Signature().Params().At(1).Type())))
				b.CallTo(nil, c.fn("ctx.starttimer"), ctx, d, cause, ir.StringConst(pos))
			}
			res := l.Type(call.Signature().Results())
			cancel := b.Make(l.Closure(), c.fn("ctx.cancel"), ctx)
			if kind == "cause" {
				cancel = b.Make(l.Closure(), c.fn("ctx.cancelcause"), ctx)
			}
			return b.Make(res, b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), cancel), nil
		}
	}
	m["context.WithCancel"] = withCancel("cancel")
	m["context.WithCancelCause"] = withCancel("cause")
	m["context.WithTimeout"] = withCancel("deadline")
	m["context.WithDeadline"] = withCancel("deadline")
	m["context.WithTimeoutCause"] = withCancel("deadlinecause")
	m["context.WithDeadlineCause"] = withCancel("deadlinecause")
	// WithoutCancel's context is never done and has no error: Done is nil;
	// its values are its parent's.
	m["context.WithoutCancel"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.contextType(l, ctxOf(l, call))
		b.LibPanicUnless(b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0)), "cannot create context from nil parent")
		ctx := b.Call(ir.Ptr, c.fn("ctx.background"))
		b.Store(b.Field(ctx, 10), args[0])
		b.Store(b.Field(ctx, 15), ir.BoolConst(true)) // no deadline
		return b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), nil
	}
	// AfterFunc(ctx, f) arranges for f to run on its own goroutine once ctx
	// is done; stop() reports whether it kept f from starting.
	m["context.AfterFunc"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		ctxT := call.Signature().Params().At(0).Type()
		id := c.contextType(l, ctxT)
		// propagateCancel calls ctx.Done(): a nil ctx is a nil dereference.
		b.PanicUnless(b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0)), msgNilDeref)
		a := b.Call(ir.Ptr, c.fn("ctx.afterfunc"), c.asContext(b, id, args[0]), args[1], ir.StringConst(pos))
		c.propagateForeign(l, b, ctxT, id, args[0], a)
		return b.Make(l.Closure(), c.fn("ctx.afterstop"), a), nil
	}
	// Cause(ctx): the cause of a context kiss models; a context of the
	// program's own type has no cancelCtx kiss can see: its Err.
	m["context.Cause"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		ctxT := call.Signature().Params().At(0).Type()
		id := c.contextType(l, ctxT)
		r := b.Temp(l.Iface())
		mine := b.Bin(ir.OpEq, b.Extract(args[0], 0), ir.IntConst(ir.I64, id))
		_, els := b.If(mine, "kissctx")
		b.CallTo(r, c.fn("ctx.Cause"), b.Extract(args[0], 1))
		join := b.NewBlock("cause")
		b.Jmp(join)
		b.SetBlock(els)
		if _, errm := ctxMethods(ctxT); errm != nil {
			b.CallTo(r, l.dispatcher(errm), args[0])
			b.CheckPanicking()
			b.Copy(r, b.Call(l.Iface(), c.causeOf(l), args[0], r))
		}
		b.Jmp(join)
		b.SetBlock(join)
		return r, nil
	}
	// WithValue's context is done with its parent (ctx.withvalue), and its
	// Value finds the value (ctxValue). It was its parent, with an unknown
	// Value: a test's own channel passed down a context came back as nil,
	// and a false deadlock followed (oklog/run's TestSignalError).
	m["context.WithValue"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		ctxT := ctxOf(l, call)
		id := c.contextType(l, ctxT)
		b.LibPanicUnless(b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0)), "cannot create context from nil parent")
		b.LibPanicUnless(b.Bin(ir.OpNe, b.Extract(args[1], 0), ir.IntConst(ir.I64, 0)), "nil key")
		// A key of an uncomparable type panics, as comparing it would.
		b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), args[1], args[1])
		b.CheckHelperPanic()
		ctx := b.Call(ir.Ptr, c.fn("ctx.withvalue"), c.asContext(b, id, args[0]), args[0], args[1], args[2])
		c.propagateForeign(l, b, ctxT, id, args[0], ctx)
		return b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), nil
	}
}

// libInit fills @rt.libinit once the program is lowered: the models' error
// values are the library variables the program sees (context.Canceled is
// the error ctx.Err() returns), or fresh non-nil errors when it sees none.
func (c *concLowering) libInit(l *lowerer) {
	f := c.libinit
	b := newBuilder(l, f)
	b.label, b.noCheck, b.silent = "", true, true
	b.SetBlock(b.NewBlock("entry"))
	// (in a fixed order: a root's program is the same from run to run)
	for _, p := range [][2]string{{"ctx.canceled", "context.Canceled"}, {"ctx.deadline", "context.DeadlineExceeded"}} {
		model, lib := p[0], p[1]
		dst := c.rt.global(model)
		if g := l.prog.Global(lib); g != nil {
			b.Store(dst, b.Load(g.Elem, g))
			continue
		}
		b.Store(dst, b.Make(l.Iface(), ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil)))
	}
	b.Ret(nil)
}

// initLibraryGlobals calls @rt.libinit, whose body libInit emits at the end.
func (c *concLowering) initLibraryGlobals(b *builder) {
	l := b.Lowerer()
	c.libinit = &ir.Func{Name: l.uniqName("rt.libinit")}
	l.prog.Funcs = append(l.prog.Funcs, c.libinit)
	b.CallTo(nil, c.libinit)
}

// ctxMethods returns the Done and Err methods of the context interface.
// causeOf returns ctx.causeof(parent, err), Cause(parent) for a parent
// whose Err is err, as Go finds it: through parent.Value(&cancelCtxKey),
// the nearest cancelable context's cause, else err. A type of the
// program's own that embeds a Context and does not declare Value delegates
// to it; a kiss context is cancelable when it has a Done channel; for a
// type with a Value of its own the cause is err or an error kiss does not
// know, labelled so that a failure that depends on which is not reported.
func (c *concLowering) causeOf(l *lowerer) *ir.Func {
	return l.late("ctx.causeof", "ctx.causeof", l.Iface(), []any{"parent", l.Iface(), "err", l.Iface()}, func(b *builder) {
		parent, err := b.Fn.Params[0], b.Fn.Params[1]
		l.switchOnType(b, b.Extract(parent, 0), func(e *typeEntry) bool {
			return e.ID == c.ctxID && c.ctxID != 0 || e.Type != nil && embeddedContext(l, e.Type) >= 0
		}, func(e *typeEntry) {
			box := b.Extract(parent, 1)
			if e.Type == nil { // kiss's context
				_, cancelable := b.If(b.Bin(ir.OpEq, b.Load(ir.Ptr, b.Field(box, 0)), ir.ZeroConst(ir.Ptr)), "nodone")
				b.Ret(err)
				b.SetBlock(cancelable)
				b.Ret(b.Call(l.Iface(), c.fn("ctx.Cause"), box))
				return
			}
			field := embeddedContext(l, e.Type)
			p := box // the struct, in the box
			if _, ok := e.Type.Underlying().(*types.Pointer); ok {
				p = b.Load(ir.Ptr, box)
				_, nonnil := b.If(b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr)), "nil")
				b.Ret(err)
				b.SetBlock(nonnil)
			}
			inner := b.Load(l.Iface(), b.Field(p, field))
			b.Ret(b.Call(l.Iface(), b.Fn, inner, err))
		})
		other := b.Make(l.Iface(), ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))
		which := l.unknownNondetLabel(b, ir.Bool, "the cause of a context of the program's own type")
		b.Ret(b.Op(ir.OpSelect, l.Iface(), which, err, other))
	})
}

// embeddedContext returns the index of the context.Context field that t
// (a struct or a pointer to one) embeds and takes its Value method from,
// or -1.
func embeddedContext(l *lowerer, t types.Type) int {
	st := t
	if p, ok := t.Underlying().(*types.Pointer); ok {
		st = p.Elem()
	}
	s, ok := st.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	sel := l.SSA.MethodSets.MethodSet(t).Lookup(nil, "Value")
	if sel == nil || len(sel.Index()) < 2 {
		return -1 // no Value, or one of its own
	}
	f := s.Field(sel.Index()[0])
	if n, ok := types.Unalias(f.Type()).(*types.Named); !ok || !f.Embedded() || n.Obj().Pkg() == nil ||
		n.Obj().Pkg().Path() != "context" || n.Obj().Name() != "Context" {
		return -1
	}
	return sel.Index()[0]
}

func ctxMethods(ctxT types.Type) (done, errm *types.Func) {
	it, ok := ctxT.Underlying().(*types.Interface)
	if !ok {
		return nil, nil
	}
	for m := range it.Methods() {
		switch m.Name() {
		case "Done":
			done = m
		case "Err":
			errm = m
		}
	}
	return done, errm
}

// afterFuncer is context's interface of parents that arrange for their
// children's cancellation themselves: AfterFunc(func()) func() bool.
func afterFuncer() *types.Interface {
	fn := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	stop := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "", types.Typ[types.Bool])), false)
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "f", fn)),
		types.NewTuple(types.NewParam(token.NoPos, nil, "", stop)), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, "AfterFunc", sig)}, nil).Complete()
}

// propagateForeign is propagateCancel for a parent of another type than
// kiss's (a struct embedding a context, a context of the program's own):
// a parent whose Done is nil is never done; one done already cancels the
// child at once; one whose Done is the Done of a context kiss models (it
// embeds one) takes the child as that context's; one with an AfterFunc
// method is asked to cancel the child (the child keeps the stop function);
// any other is watched by a goroutine.
func (c *concLowering) propagateForeign(l *lowerer, b *builder, ctxT types.Type, id int64, parent, child ir.Value) {
	done, errm := ctxMethods(ctxT)
	if done == nil || errm == nil {
		return
	}
	foreign := b.Bin(ir.OpNe, b.Extract(parent, 0), ir.IntConst(ir.I64, id))
	_, join := b.If(foreign, "foreign")
	pdone := b.Call(ir.Ptr, l.dispatcher(done), parent)
	b.CheckPanicking()
	watch := b.NewBlock("watch")
	b.Br(b.Bin(ir.OpEq, pdone, ir.ZeroConst(ir.Ptr)), join, watch)
	b.SetBlock(watch)
	// select { case <-done: cancel now; default: }
	caseT := c.rt.typ("case")
	cases := b.Alloc(caseT, ir.IntConst(ir.I64, 1))
	b.Store(b.Index(cases, ir.IntConst(ir.I64, 0)), b.Make(caseT, ir.IntConst(ir.I64, 0), pdone, ir.ZeroConst(ir.Ptr)))
	r := b.Call(c.rt.typ("selr"), c.fn("chan.select"), cases, ir.IntConst(ir.I64, 1), ir.BoolConst(false), ir.StringConst(b.Pos), ir.StringConst(b.Pos))
	b.CheckPanicking()
	_, notyet := b.If(b.Bin(ir.OpEq, b.Extract(r, 0), ir.IntConst(ir.I64, 0)), "parentdone")
	err := b.Call(l.Iface(), l.dispatcher(errm), parent)
	b.CheckPanicking()
	b.CallTo(nil, c.fn("ctx.docancel"), child, err, b.Call(l.Iface(), c.causeOf(l), parent, err))
	b.Jmp(join)
	b.SetBlock(notyet)
	// parentCancelCtx: a parent that derives from a context kiss models
	// (its Done is that context's) takes the child as its own.
	p := b.Call(ir.Ptr, c.fn("ctx.bydone"), pdone)
	_, notmine := b.If(b.Bin(ir.OpNe, p, ir.ZeroConst(ir.Ptr)), "derived")
	b.CallTo(nil, c.fn("ctx.link"), p, child)
	b.Jmp(join)
	b.SetBlock(notmine)
	af := afterFuncer()
	has, other := b.If(b.Call(ir.Bool, l.implementsFunc(af), b.Extract(parent, 0)), "afterfuncer")
	_ = has
	env := b.Alloc(ir.Struct(l.Iface(), ir.Ptr), nil)
	b.Store(env, b.Make(ir.Struct(l.Iface(), ir.Ptr), parent, child))
	stop := b.Call(l.Closure(), l.dispatcher(af.Method(0)), parent, b.Make(l.Closure(), c.parentDone(l, ctxT), env))
	b.CheckPanicking()
	// Stored under the child's lock in Go (c.Context = stopCtx{...}):
	// ordered with the child's cancellation, which calls it.
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("hb.acquire"), g, child, ir.IntConst(ir.I64, 0)}})
	b.Store(b.Field(child, 7), stop)
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("hb.release"), g, child, ir.IntConst(ir.I64, 0)}})
	b.Jmp(join)
	b.SetBlock(other)
	if p := c.propagator(l, ctxT); p != nil {
		c.ctxKeys = [2]methodKey{keyOf(done), keyOf(errm)}
		for in := range b.emitted(func() { c.spawn(b, p, parent, child) }) {
			c.watcherSpawns[in] = true
		}
	}
	b.Jmp(join)
	b.SetBlock(join)
}

// parentDone returns the function an AfterFunc parent calls when it is
// done: child.cancel(false, parent.Err(), Cause(parent)); the cause of a
// parent of the program's own type is its Err.
func (c *concLowering) parentDone(l *lowerer, ctxT types.Type) *ir.Func {
	if f := l.helpers["ctx.parentdone"]; f != nil {
		return f
	}
	_, errm := ctxMethods(ctxT)
	b := l.helper("ctx.parentdone", nil, "env", ir.Ptr)
	st := b.Load(ir.Struct(l.Iface(), ir.Ptr), b.Fn.Params[0])
	err := b.Call(l.Iface(), l.dispatcher(errm), b.Extract(st, 0))
	b.CallTo(nil, c.fn("ctx.docancel"), b.Extract(st, 1), err, b.Call(l.Iface(), c.causeOf(l), b.Extract(st, 0), err))
	b.Ret(nil)
	return b.Fn
}

// propagator returns the body of the goroutine that cancels child when a
// parent kiss does not model is done: select on parent.Done() and the
// child's own Done, as Go's propagateCancel does for such parents. It is
// the runtime's goroutine: blocked for good, it is no leak.
func (c *concLowering) propagator(l *lowerer, ctxT types.Type) *ir.Func {
	if c.propagate != nil {
		return c.propagate
	}
	done, errm := ctxMethods(ctxT)
	if done == nil || errm == nil {
		return nil
	}
	b := l.helper("ctx.propagate", nil, "parent", l.Iface(), "child", ir.Ptr)
	parent, child := b.Fn.Params[0], b.Fn.Params[1]
	b.CallTo(nil, c.fn("rt.restore"))
	b.CallTo(nil, c.fn("rt.daemon"), ir.BoolConst(true))
	pdone := b.Call(ir.Ptr, l.dispatcher(done), parent)
	caseT := c.rt.typ("case")
	cases := b.Alloc(caseT, ir.IntConst(ir.I64, 2))
	b.Store(b.Index(cases, ir.IntConst(ir.I64, 0)), b.Make(caseT, ir.IntConst(ir.I64, 0), pdone, ir.ZeroConst(ir.Ptr)))
	b.Store(b.Index(cases, ir.IntConst(ir.I64, 1)), b.Make(caseT, ir.IntConst(ir.I64, 0), b.Load(ir.Ptr, b.Field(child, 0)), ir.ZeroConst(ir.Ptr)))
	r := b.Call(c.rt.typ("selr"), c.fn("chan.select"), cases, ir.IntConst(ir.I64, 2), ir.BoolConst(true), ir.StringConst(""), ir.StringConst(""))
	_, out := b.If(b.Bin(ir.OpEq, b.Extract(r, 0), ir.IntConst(ir.I64, 0)), "parentdone")
	err := b.Call(l.Iface(), l.dispatcher(errm), parent)
	b.CallTo(nil, c.fn("ctx.docancel"), child, err, b.Call(l.Iface(), c.causeOf(l), parent, err))
	b.Jmp(out)
	b.SetBlock(out)
	b.CallTo(nil, c.fn("rt.exit"))
	b.Ret(nil)
	c.propagate = b.Fn
	return c.propagate
}

// isDuration tells time.Duration (WithTimeout's) from time.Time
// (WithDeadline's).
func isDuration(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Duration" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time"
}

// hasCode reports whether a call of fn runs code: its own lowered or
// linked body, or a model.
func (l *lowerer) hasCode(fn *ssa.Function) bool {
	return fn != nil && (l.extern(fn) != nil || l.lowersBody(fn) || l.linkedFunc(fn) != nil)
}
