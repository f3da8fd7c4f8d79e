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
			switch sig.Results().Len() {
			case 0:
				b.Ret(nil)
			case 1:
				b.Ret(l.Unknown(b, sig.Results().At(0).Type()))
			default:
				b.Ret(l.Unknown(b, sig.Results()))
			}
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
			id := c.contextType(l, ctxOf(l, call))
			parent := c.asContext(b, id, args[0])
			var ctx *ir.Local
			if deadline {
				ctx = b.Call(ir.Ptr, c.fn("ctx.withdeadline"), parent, ir.StringConst(pos))
			} else {
				ctx = b.Call(ir.Ptr, c.fn("ctx.withcancel"), parent)
			}
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
