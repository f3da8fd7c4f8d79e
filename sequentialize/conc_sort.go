package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// sort's reflection-based sorts. Their source swaps through
// internal/reflectlite's Swapper, which reads the runtime's type
// descriptors; the models do what it does to a slice kiss knows the type
// of (the operand converted to any at the call): Go's insertion sort,
// which is all pdqsort does for up to 12 elements and all the stable
// sort does for up to 20, with Less called and elements swapped in Go's
// order (the swaps read and write the elements, as Swapper's code does).
// A longer slice would need pdqsort's and symMerge's exact steps; its
// path is cut (cutSortLength) rather than sorted some other way. An
// operand whose dynamic type the call does not show is an unknown call.
// Swapper's and Len's panics on other kinds are Go's messages, as a
// string rather than a *reflectlite.ValueError.
func (c *concLowering) sortModels(m map[string]externFunc) {
	for name, limit := range map[string]int64{"Slice": 12, "SliceStable": 20} {
		m["sort."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			t, ok := sortOperand(call)
			if !ok {
				return l.unknownCall(b, call, "sort."+name), nil
			}
			var st *types.Slice
			if t != nil {
				st, _ = types.Unalias(t).Underlying().(*types.Slice)
			}
			if st == nil {
				valueError(b, "Swapper", t)
				return nil, nil
			}
			s := b.Load(l.Slice(), b.Extract(args[0], 1))
			less := args[1]
			n := b.Extract(s, 2)
			b.PanicUnless(b.Bin(ir.OpOr, b.Bin(ir.OpLt, n, ir.IntConst(ir.I64, 2)), b.Bin(ir.OpNe, b.Extract(less, 0), ir.ZeroConst(ir.FuncT))), msgNilDeref)
			_, short := b.If(b.Bin(ir.OpGt, n, ir.IntConst(ir.I64, limit)), "sort.long")
			b.Emit(&ir.Instr{Op: ir.OpCut, Name: cutSortLength})
			b.SetBlock(short)
			desc := ""
			if mi, ok := call.Args[0].(*ssa.MakeInterface); ok {
				if d := describe(mi.X); d != "" {
					desc = d + "[i]"
				}
			}
			b.CallTo(nil, c.insertionSort(l, l.Type(st.Elem()), desc, pos), s, less)
			b.CheckPanicking()
			return nil, nil
		}
	}
	m["sort.SliceIsSorted"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		t, ok := sortOperand(call)
		if !ok {
			return l.unknownCall(b, call, "sort.SliceIsSorted"), nil
		}
		var n ir.Value
		if t != nil {
			box := b.Extract(args[0], 1)
			switch u := types.Unalias(t).Underlying().(type) {
			case *types.Slice:
				n = b.Extract(b.Load(l.Slice(), box), 2)
			case *types.Array:
				n = ir.IntConst(ir.I64, u.Len())
			case *types.Map, *types.Chan:
				n = l.lenCap(b, call, "len", u, b.Load(ir.Ptr, box))
			case *types.Basic:
				if u.Info()&types.IsString != 0 {
					n = b.Op(ir.OpStrLen, ir.I64, b.Load(ir.String, box))
				}
			}
		}
		if n == nil {
			valueError(b, "reflect.Value.Len", t)
			return ir.BoolConst(false), nil
		}
		less := args[1]
		b.PanicUnless(b.Bin(ir.OpOr, b.Bin(ir.OpLt, n, ir.IntConst(ir.I64, 2)), b.Bin(ir.OpNe, b.Extract(less, 0), ir.ZeroConst(ir.FuncT))), msgNilDeref)
		r := b.Call(ir.Bool, c.sliceIsSorted(l), n, less)
		b.CheckPanicking()
		return r, nil
	}
}

// cutSortLength cuts the path of a sort.Slice of more than 12 elements,
// or a sort.SliceStable of more than 20, whose Less and Swap calls the
// model does not make in Go's order.
const cutSortLength = "sort-length"

// sortOperand returns the dynamic type of sort's x, nil for a nil x, and
// whether the call shows it.
func sortOperand(call *ssa.CallCommon) (types.Type, bool) {
	if len(call.Args) == 0 {
		return nil, false
	}
	switch x := call.Args[0].(type) {
	case *ssa.MakeInterface:
		return x.X.Type(), true
	case *ssa.Const:
		return nil, x.Value == nil
	}
	return nil, false
}

// valueError panics as reflectlite's ValueError of method on a value of
// type t (nil: the zero Value) does, and continues in an unreachable block.
func valueError(b *builder, method string, t types.Type) {
	msg := "reflect: call of " + method + " on zero Value"
	if t != nil {
		msg = "reflect: call of " + method + " on " + kindNames[goKind(t)] + " Value"
	}
	b.GoPanic(b.l.MakeInterface(b, ir.StringConst(msg), types.Typ[types.String]), ir.StringConst(msg))
	b.SetBlock(b.NewBlock("unreachable"))
}

// kindNames are reflect.Kind's names, by kind.
var kindNames = [...]string{
	kindInvalid: "invalid", kindBool: "bool", kindInt: "int", kindInt8: "int8", kindInt16: "int16",
	kindInt32: "int32", kindInt64: "int64", kindUint: "uint", kindUint8: "uint8", kindUint16: "uint16",
	kindUint32: "uint32", kindUint64: "uint64", kindUintptr: "uintptr", kindFloat32: "float32",
	kindFloat64: "float64", kindComplex64: "complex64", kindComplex128: "complex128", kindArray: "array",
	kindChan: "chan", kindFunc: "func", kindInterface: "interface", kindMap: "map", kindPointer: "ptr",
	kindSlice: "slice", kindString: "string", kindStruct: "struct", kindUnsafePointer: "unsafe.Pointer",
}

// panicked returns from the helper b emits if the call just made panicked.
func (b *builder) panicked() {
	_, cont := b.If(b.Load(ir.Bool, b.l.rt["rt.panicking"]), "panicked")
	b.RetZero()
	b.SetBlock(cont)
}

// insertionSort: sort.insertionSort.T(s $slice, less $closure), Go's
// insertionSort_func over [0, len(s)):
//
//	for i := 1; i < n; i++ {
//		for j := i; j > 0 && less(j, j-1); j-- {
//			s[j], s[j-1] = s[j-1], s[j]
//		}
//	}
//
// One per call site: the swaps' reads and writes carry its position.
func (c *concLowering) insertionSort(l *lowerer, et *ir.Type, desc, pos string) *ir.Func {
	key := "sort.insertion:" + et.String() + ":" + desc + ":" + pos
	return l.cached(key, "sort.insertionSort."+elemName(et), nil, []any{"s", l.Slice(), "less", l.Closure()}, func(b *builder) {
		b.Pos, b.silent = pos, false
		s, less := b.Fn.Params[0], b.Fn.Params[1]
		code, env := b.Extract(less, 0), b.Extract(less, 1)
		n := b.Extract(s, 2)
		one := ir.IntConst(ir.I64, 1)
		i, j := b.Local("i", ir.I64), b.Local("j", ir.I64)
		b.Copy(i, one)
		outer, outerBody, inner, test, nexti, done := b.NewBlock("outer"), b.NewBlock("outer.body"), b.NewBlock("inner"), b.NewBlock("less"), b.NewBlock("next"), b.NewBlock("done")
		b.Jmp(outer)
		b.SetBlock(outer)
		b.Br(b.Bin(ir.OpLt, i, n), outerBody, done)
		b.SetBlock(outerBody)
		b.Copy(j, i)
		b.Jmp(inner)
		b.SetBlock(inner)
		b.Br(b.Bin(ir.OpGt, j, ir.IntConst(ir.I64, 0)), test, nexti)
		b.SetBlock(test)
		k := b.Bin(ir.OpSub, j, one)
		r := b.Call(ir.Bool, code, env, j, k)
		b.panicked()
		swap := b.NewBlock("swap")
		b.Br(r, swap, nexti)
		b.SetBlock(swap)
		p, q := b.elemPtr(s, j), b.elemPtr(s, k)
		access := func(ev string, p ir.Value) {
			g := b.Load(ir.I64, c.rt.global("rt.cur"))
			b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst(ev), g, p, ir.StringConst(desc)}})
		}
		access("rd", p)
		access("rd", q)
		vp, vq := b.Load(et, p), b.Load(et, q)
		access("wr", p)
		access("wr", q)
		b.Store(p, vq)
		b.Store(q, vp)
		b.Assign(j, ir.OpSub, j, one)
		b.Jmp(inner)
		b.SetBlock(nexti)
		b.Assign(i, ir.OpAdd, i, one)
		b.Jmp(outer)
		b.SetBlock(done)
		b.Ret(nil)
	})
}

// sliceIsSorted: sort.SliceIsSorted(n i64, less $closure) bool, Go's loop:
//
//	for i := n - 1; i > 0; i-- {
//		if less(i, i-1) {
//			return false
//		}
//	}
//	return true
func (c *concLowering) sliceIsSorted(l *lowerer) *ir.Func {
	return l.cached("sort.SliceIsSorted", "sort.SliceIsSorted", ir.Bool, []any{"n", ir.I64, "less", l.Closure()}, func(b *builder) {
		n, less := b.Fn.Params[0], b.Fn.Params[1]
		one := ir.IntConst(ir.I64, 1)
		i := b.Local("i", ir.I64)
		b.Assign(i, ir.OpSub, n, one)
		head, body, done := b.NewBlock("loop"), b.NewBlock("body"), b.NewBlock("done")
		b.Jmp(head)
		b.SetBlock(head)
		b.Br(b.Bin(ir.OpGt, i, ir.IntConst(ir.I64, 0)), body, done)
		b.SetBlock(body)
		r := b.Call(ir.Bool, b.Extract(less, 0), b.Extract(less, 1), i, b.Bin(ir.OpSub, i, one))
		b.panicked()
		_, next := b.If(r, "unsorted")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(next)
		b.Assign(i, ir.OpSub, i, one)
		b.Jmp(head)
		b.SetBlock(done)
		b.Ret(ir.BoolConst(true))
	})
}
