package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/sequentialize/ir"
	"golang.org/x/tools/go/ssa"
)

// The context model (summaries/models/context.ir): context.Context values
// hold a $ctx under kiss's own dynamic type, whose Done and Err are IR
// functions of the model; Deadline and Value return unknown values.

// contextType registers kiss's context type on first use.
func (c *concLowering) contextType(l *Lowerer, iface types.Type) int64 {
	if c.ctxID != 0 {
		return c.ctxID
	}
	methods := map[string]*ir.Func{"Done": c.fn("ctx.Done"), "Err": c.fn("ctx.Err")}
	if it, ok := iface.Underlying().(*types.Interface); ok {
		for m := range it.Methods() {
			if methods[m.Name()] != nil {
				continue
			}
			sig := m.Type().(*types.Signature)
			params := []any{"ctx", ir.Ptr}
			for i := range sig.Params().Len() {
				params = append(params, "a"+itoa(i), l.Type(sig.Params().At(i).Type()))
			}
			b := l.helper("ctx."+m.Name(), l.resultType(sig), params...)
			l.retUnknown(b, sig)
			methods[m.Name()] = b.Fn
		}
	}
	c.ctxID = l.RegisterType("context", methods)
	return c.ctxID
}

// asContext returns the $ctx of an interface value, or nil for a context
// kiss does not model (which is never done).
func (c *concLowering) asContext(b *Builder, id int64, v ir.Value) ir.Value {
	mine := b.Bin(ir.OpEq, b.Extract(v, 0), ir.IntConst(ir.I64, id))
	return b.Op(ir.OpSelect, ir.Ptr, mine, b.Extract(v, 1), ir.ZeroConst(ir.Ptr))
}

func (c *concLowering) contextModels(m map[string]ExternFunc) {
	ctxOf := func(l *Lowerer, call *ssa.CallCommon) types.Type {
		return call.Signature().Results().At(0).Type()
	}
	background := func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.contextType(l, ctxOf(l, call))
		ctx := b.Call(ir.Ptr, c.fn("ctx.background"))
		return b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), nil
	}
	m["context.Background"] = background
	m["context.TODO"] = background
	withCancel := func(deadline bool) ExternFunc {
		return func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			ctxT := ctxOf(l, call)
			id := c.contextType(l, ctxT)
			nonNil := b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0))
			b.PanicUnless(nonNil, "cannot create context from nil parent")
			parent := c.asContext(b, id, args[0])
			var ctx *ir.Local
			if deadline {
				ctx = b.Call(ir.Ptr, c.fn("ctx.withdeadline"), parent, ir.StringConst(pos))
			} else {
				ctx = b.Call(ir.Ptr, c.fn("ctx.withcancel"), parent)
			}
			// A parent of another type (a struct embedding a context, a
			// context of the program's own) is watched by a goroutine, as
			// Go's propagateCancel does.
			foreign := b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, id))
			_, join := b.If(foreign, "foreign")
			if p := c.propagator(l, ctxT); p != nil {
				c.spawn(b, p, args[0], ctx)
			}
			b.Jmp(join)
			b.SetBlock(join)
			res := l.Type(call.Signature().Results())
			cancel := b.Make(l.Closure(), c.fn("ctx.cancel"), ctx)
			return b.Make(res, b.Make(l.Iface(), ir.IntConst(ir.I64, id), ctx), cancel), nil
		}
	}
	m["context.WithCancel"] = withCancel(false)
	m["context.WithTimeout"] = withCancel(true)
	m["context.WithDeadline"] = withCancel(true)
	// Values do not change when a context is done: WithValue's context is
	// its parent's as far as kiss's checks go, and Value is unknown.
	m["context.WithValue"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.PanicUnless(b.Bin(ir.OpNe, b.Extract(args[0], 0), ir.IntConst(ir.I64, 0)), "cannot create context from nil parent")
		b.PanicUnless(b.Bin(ir.OpNe, b.Extract(args[1], 0), ir.IntConst(ir.I64, 0)), "nil key")
		// A key of an uncomparable type panics, as comparing it would.
		b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), args[1], args[1])
		b.CheckHelperPanic()
		return args[0], nil
	}
}

// libInit fills @rt.libinit once the program is lowered: the models' error
// values are the library variables the program sees (context.Canceled is
// the error ctx.Err() returns), or fresh non-nil errors when it sees none.
func (c *concLowering) libInit(l *Lowerer) {
	f := c.libinit
	b := newBuilder(l, f)
	b.label, b.noCheck, b.silent = "", true, true
	b.SetBlock(b.NewBlock("entry"))
	for model, lib := range map[string]string{"ctx.canceled": "context.Canceled", "ctx.deadline": "context.DeadlineExceeded"} {
		dst := c.rt.global(model)
		if g := l.prog.Global(lib); g != nil {
			b.Store(dst, b.Load(g.Elem, g))
			continue
		}
		b.Store(dst, b.Make(l.Iface(), ir.IntConst(ir.I64, UnknownTypeID), b.Alloc(ir.I64, nil)))
	}
	b.Ret(nil)
}

// initLibraryGlobals calls @rt.libinit, whose body libInit emits at the end.
func (c *concLowering) initLibraryGlobals(b *Builder) {
	l := b.Lowerer()
	c.libinit = &ir.Func{Name: l.uniqName("rt.libinit")}
	l.prog.Funcs = append(l.prog.Funcs, c.libinit)
	b.CallTo(nil, c.libinit)
}

// propagator returns the body of the goroutine that cancels child when a
// parent kiss does not model is done: select on parent.Done() and the
// child's own Done, as Go's propagateCancel does for such parents. It is
// the runtime's goroutine: blocked for good, it is no leak.
func (c *concLowering) propagator(l *Lowerer, ctxT types.Type) *ir.Func {
	if c.propagate != nil {
		return c.propagate
	}
	it, ok := ctxT.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var done, errm *types.Func
	for m := range it.Methods() {
		switch m.Name() {
		case "Done":
			done = m
		case "Err":
			errm = m
		}
	}
	if done == nil || errm == nil {
		return nil
	}
	b := l.helper("ctx.propagate", nil, "parent", l.Iface(), "child", ir.Ptr)
	parent, child := b.Fn.Params[0], b.Fn.Params[1]
	b.CallTo(nil, c.fn("rt.restore"))
	b.CallTo(nil, c.fn("rt.daemon"))
	pdone := b.Call(ir.Ptr, l.dispatcher(done), parent)
	caseT := c.rt.typ("case")
	cases := b.Alloc(caseT, ir.IntConst(ir.I64, 2))
	b.Store(b.Index(cases, ir.IntConst(ir.I64, 0)), b.Make(caseT, ir.IntConst(ir.I64, 0), pdone, ir.ZeroConst(ir.Ptr)))
	b.Store(b.Index(cases, ir.IntConst(ir.I64, 1)), b.Make(caseT, ir.IntConst(ir.I64, 0), b.Load(ir.Ptr, b.Field(child, 0)), ir.ZeroConst(ir.Ptr)))
	r := b.Call(c.rt.typ("selr"), c.fn("chan.select"), cases, ir.IntConst(ir.I64, 2), ir.BoolConst(true), ir.StringConst(""))
	_, out := b.If(b.Bin(ir.OpEq, b.Extract(r, 0), ir.IntConst(ir.I64, 0)), "parentdone")
	b.CallTo(nil, c.fn("ctx.docancel"), child, b.Call(l.Iface(), l.dispatcher(errm), parent))
	b.Jmp(out)
	b.SetBlock(out)
	b.CallTo(nil, c.fn("rt.exit"))
	b.Ret(nil)
	c.propagate = b.Fn
	return c.propagate
}
