package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// builtin lowers a call of a builtin function with evaluated arguments and
// returns its result (nil for none).
func (l *lowerer) builtin(b *builder, c *ssa.CallCommon, bi *ssa.Builtin, ops []ir.Value) ir.Value {
	argType := func(i int) types.Type { return c.Args[i].Type().Underlying() }
	switch bi.Name() {
	case "len", "cap":
		return l.lenCap(b, c, bi.Name(), argType(0), ops[0])
	case "append":
		if len(ops) == 1 {
			return ops[0]
		}
		s, t := ops[0], ops[1]
		et := l.Type(argType(0).(*types.Slice).Elem())
		if t.Type().Kind == ir.KindString { // append([]byte, s...)
			t = l.stringToBytes(b, t)
		}
		return b.Call(l.tSlice, l.appendFunc(et), s, t)
	case "copy":
		dst, src := ops[0], ops[1]
		if src.Type().Kind == ir.KindString {
			src = l.stringToBytes(b, src)
		}
		return b.Call(ir.I64, l.copyFunc(l.Type(argType(0).(*types.Slice).Elem())), dst, src)
	case "delete":
		m := ops[0]
		skip := b.NewBlock("skip")
		do := b.NewBlock("delete")
		b.Br(b.Bin(ir.OpEq, m, ir.ZeroConst(ir.Ptr)), skip, do)
		b.SetBlock(do)
		k := l.mapKey(b, argType(0).(*types.Map).Key(), ops[1])
		if l.opts.Access != nil && len(c.Args) > 0 {
			l.opts.Access(b, m, c.Args[0], true)
		}
		b.Emit(&ir.Instr{Op: ir.OpMapDel, Args: []ir.Value{m, k}})
		b.Jmp(skip)
		b.SetBlock(skip)
		return nil
	case "clear":
		switch u := argType(0).(type) {
		case *types.Map:
			if l.opts.Access != nil {
				// A write of the whole map, as delete is.
				skip, do := b.NewBlock("skip"), b.NewBlock("clear")
				b.Br(b.Bin(ir.OpEq, ops[0], ir.ZeroConst(ir.Ptr)), skip, do)
				b.SetBlock(do)
				l.opts.Access(b, ops[0], c.Args[0], true)
				b.Jmp(skip)
				b.SetBlock(skip)
			}
			b.CallTo(nil, l.mapClearFunc(l.mapKeyType(u.Key())), ops[0])
		case *types.Slice:
			b.CallTo(nil, l.clearFunc(l.Type(u.Elem())), ops[0])
		}
		return nil
	case "close":
		if l.Conc == nil {
			fail(errUnsupportedConc("close", b.Pos))
		}
		if err := l.Conc.Close(b, c, ops[0]); err != nil {
			fail(err)
		}
		return nil
	case "print", "println":
		return nil
	case "recover":
		return l.recoverValue(b)
	case "panic": // deferred: panic(v) runs when the defer does
		msg := b.Call(ir.String, l.lateFunc("rt.panicdesc"), ops[0])
		b.CallTo(nil, l.helpers["rt.gopanic"], ops[0], msg)
		b.Trace(EventPanic, msg, ir.StringConst(b.Pos))
		b.Jmp(b.Unwind())
		return nil
	case "min", "max":
		return l.minMax(b, bi.Name() == "min", ops)
	case "real":
		return b.Conv(b.Extract(ops[0], 0), l.Type(c.Signature().Results().At(0).Type()))
	case "imag":
		return b.Conv(b.Extract(ops[0], 1), l.Type(c.Signature().Results().At(0).Type()))
	case "complex":
		return b.complexOf(l.Type(c.Signature().Results().At(0).Type()), ops[0], ops[1])
	case "ssa:wrapnilchk":
		// A wrapper's check that a value method is not called through a
		// nil pointer.
		if !l.nonNilValue(b, c.Args[0]) {
			msg := "value method called using nil pointer"
			if t, ok := c.Args[1].(*ssa.Const); ok {
				if m, ok := c.Args[2].(*ssa.Const); ok {
					msg = "value method " + wrapnilArg(t) + "." + wrapnilArg(m) + " called using nil *" + wrapnilArg(t) + " pointer"
				}
			}
			b.PanicUnless(b.Bin(ir.OpNe, ops[0], ir.ZeroConst(ir.Ptr)), msg)
		}
		return ops[0]
	}
	if r, ok := l.unsafeBuiltin(b, c, bi.Name(), ops); ok {
		return r
	}
	unsupported(b.Pos, "the builtin %s", bi.Name())
	return nil
}

func wrapnilArg(c *ssa.Const) string {
	if c.Value == nil {
		return ""
	}
	s := c.Value.ExactString()
	if len(s) >= 2 && s[0] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// lenCap lowers len(x) and cap(x) for x of underlying type t.
func (l *lowerer) lenCap(b *builder, c *ssa.CallCommon, name string, t types.Type, x ir.Value) ir.Value {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	switch t := t.(type) {
	case *types.Basic: // string
		return b.Op(ir.OpStrLen, ir.I64, x)
	case *types.Slice:
		if name == "len" {
			return b.Extract(x, 2)
		}
		return b.Extract(x, 3)
	case *types.Array:
		return ir.IntConst(ir.I64, t.Len())
	case *types.Map:
		r := b.Temp(ir.I64)
		skip, do := b.NewBlock("nil"), b.NewBlock("len")
		b.Br(b.Bin(ir.OpEq, x, ir.ZeroConst(ir.Ptr)), skip, do)
		b.SetBlock(do)
		b.Assign(r, ir.OpMapLen, x)
		b.Jmp(skip)
		b.SetBlock(skip)
		return r
	case *types.Chan:
		if l.Conc == nil {
			fail(errUnsupportedConc(name+" of a channel", b.Pos))
		}
		var r ir.Value
		var err error
		if name == "len" {
			r, err = l.Conc.Len(b, c, x)
		} else {
			r, err = l.Conc.Cap(b, c, x)
		}
		if err != nil {
			fail(err)
		}
		return r
	}
	unsupported(b.Pos, "%s of a %s", name, t)
	return nil
}

// minMax lowers min and max: ints and strings by comparison, floats with
// NaN winning as in Go.
func (l *lowerer) minMax(b *builder, isMin bool, ops []ir.Value) ir.Value {
	r := ops[0]
	op := ir.OpGt
	if isMin {
		op = ir.OpLt
	}
	for _, x := range ops[1:] {
		better := b.Bin(op, x, r)
		r = b.Op(ir.OpSelect, r.Type(), better, x, r)
		if x.Type().Kind == ir.KindFloat {
			isNaN := b.Bin(ir.OpNe, x, x)
			r = b.Op(ir.OpSelect, r.Type(), isNaN, x, r)
		}
	}
	return r
}

// stringToBytes returns []byte(s) as a fresh slice.
func (l *lowerer) stringToBytes(b *builder, s ir.Value) ir.Value {
	p := b.Op(ir.OpStrToBytes, ir.Ptr, s)
	n := b.Op(ir.OpStrLen, ir.I64, s)
	return b.Make(l.tSlice, p, ir.IntConst(ir.I64, 0), n, n)
}
