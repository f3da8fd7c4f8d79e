package sequentialize

import (
	"go/types"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The sync/atomic model: every function and the typed atomics. Each is a
// visible operation (a scheduling point), sequentially consistent, and
// reported to the race detector as an atomic access, which synchronizes.

var atomicKinds = []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer"}

func (c *concLowering) atomicModels(m map[string]externFunc) {
	for _, k := range atomicKinds {
		for _, op := range []string{"Load", "Store", "Add", "Swap", "CompareAndSwap", "And", "Or"} {
			if k == "Pointer" && (op == "Add" || op == "And" || op == "Or") {
				continue
			}
			op := op
			// Function style: atomic.AddInt64(addr, delta).
			m["sync/atomic."+op+k] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
				elem := l.Type(call.Signature().Params().At(0).Type().(*types.Pointer).Elem())
				nilDeref(b, args[0])
				return c.atomicOp(b, op, args[0], elem, args[1:]), nil
			}
			// Method style: (*atomic.Int64).Add(delta), on the field v.
			recv := k
			if k == "Pointer" {
				recv = "Pointer[T]"
			}
			m["(*sync/atomic."+recv+")."+op] = c.typedAtomic(op)
		}
	}
	for _, op := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		m["(*sync/atomic.Bool)."+op] = c.typedAtomic(op)
	}
	for _, op := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		m["(*sync/atomic.Value)."+op] = c.atomicValue(op)
	}
}

// typedAtomic models a method of a typed atomic, whose state is the
// struct's field v.
func (c *concLowering) typedAtomic(op string) externFunc {
	return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		recv := receiverStruct(call)
		idx, ft := -1, types.Type(nil)
		if recv != nil {
			for i := range recv.NumFields() {
				if recv.Field(i).Name() == "v" {
					idx, ft = i, recv.Field(i).Type()
				}
			}
		}
		if idx < 0 {
			return nil, errorf("kiss does not model %s yet (%s)", call.Value, pos)
		}
		nilDeref(b, args[0])
		p := b.Field(args[0], idx)
		elem := l.Type(ft)
		res := call.Signature().Results()
		isBool := strings.Contains(call.Value.String(), "atomic.Bool")
		vals := args[1:]
		if isBool {
			// atomic.Bool keeps a uint32; convert at the boundary.
			conv := make([]ir.Value, len(vals))
			for i, v := range vals {
				conv[i] = boolToU32(b, v)
			}
			vals = conv
		}
		r := c.atomicOp(b, op, p, elem, vals)
		if isBool && r != nil && res.Len() == 1 && isBasicBool(res.At(0).Type()) && op != "CompareAndSwap" {
			r = b.Bin(ir.OpNe, r, ir.IntConst(ir.U32, 0))
		}
		return r, nil
	}
}

func receiverStruct(call *ssa.CallCommon) *types.Struct {
	sig := call.Signature()
	var t types.Type
	if sig.Recv() != nil {
		t = sig.Recv().Type()
	} else if fn, ok := call.Value.(*ssa.Function); ok && fn.Signature.Recv() != nil {
		t = fn.Signature.Recv().Type()
	}
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

func isBasicBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func boolToU32(b *builder, v ir.Value) ir.Value {
	if v.Type().Kind != ir.KindBool {
		return v
	}
	return b.Op(ir.OpSelect, ir.U32, v, ir.IntConst(ir.U32, 1), ir.IntConst(ir.U32, 0))
}

// nilDeref panics as Go does when an atomic operation's address p is nil.
func nilDeref(b *builder, p ir.Value) {
	b.PanicUnless(b.Bin(ir.OpNe, p, ir.ZeroConst(ir.Ptr)), msgNilDeref)
}

// atomicAccess is the visible part every atomic operation on *p shares:
// the scheduling point, the race detector's atomic access, and the load of
// the old value, of IR type elem.
func (c *concLowering) atomicAccess(b *builder, op string, p ir.Value, elem *ir.Type) ir.Value {
	c.visible(b, "atomic."+strings.ToLower(op), p)
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	ev := "atomic.wr"
	if op == "Load" {
		ev = "atomic.rd"
	}
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst(ev), g, p}})
	return b.Load(elem, p)
}

// atomicOp performs op on *p, of IR type elem, at a scheduling point.
func (c *concLowering) atomicOp(b *builder, op string, p ir.Value, elem *ir.Type, args []ir.Value) ir.Value {
	old := c.atomicAccess(b, op, p, elem)
	switch op {
	case "Load":
		return old
	case "Store":
		b.Store(p, args[0])
		return nil
	case "Swap":
		b.Store(p, args[0])
		return old
	case "Add":
		n := b.Bin(ir.OpAdd, old, args[0])
		b.Store(p, n)
		return n
	case "And", "Or":
		o := ir.OpAnd
		if op == "Or" {
			o = ir.OpOr
		}
		b.Store(p, b.Bin(o, old, args[0]))
		return old
	case "CompareAndSwap":
		eq := b.Bin(ir.OpEq, old, args[0])
		b.Store(p, b.Op(ir.OpSelect, elem, eq, args[1], old))
		return eq
	}
	return nil
}

// atomicValue models atomic.Value as src/sync/atomic/value.go does, as one
// atomic step: its state is its field v (an any); storing nil panics, the
// first store fixes the dynamic type and storing another panics, and
// CompareAndSwap compares as == does (panicking on an uncomparable
// dynamic type). The panics are Go's, with a string value.
func (c *concLowering) atomicValue(op string) externFunc {
	verb := map[string]string{"Store": "store", "Swap": "swap", "CompareAndSwap": "compare and swap"}[op]
	return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		recv := receiverStruct(call)
		if recv == nil || recv.NumFields() == 0 || recv.Field(0).Name() != "v" {
			return nil, errorf("kiss does not model %s yet (%s)", call.Value, pos)
		}
		id := func(v ir.Value) ir.Value { return b.Extract(v, 0) }
		isNil := func(v ir.Value) ir.Value { return b.Bin(ir.OpEq, id(v), ir.IntConst(ir.I64, 0)) }
		panicIf := func(bad ir.Value, msg string) { b.PanicStringUnless(b.Not(bad), msg) }
		nilDeref(b, args[0])
		p := b.Field(args[0], 0)
		iface := l.Iface()
		var nw ir.Value
		if op != "Load" {
			nw = args[len(args)-1] // Store(v), Swap(new), CompareAndSwap(old, new)
			panicIf(isNil(nw), "sync/atomic: "+verb+" of nil value into Value")
		}
		if op == "CompareAndSwap" {
			old := args[1]
			panicIf(b.And(b.Not(isNil(old)), b.Bin(ir.OpNe, id(old), id(nw))), "sync/atomic: compare and swap of inconsistently typed values")
		}
		cur := c.atomicAccess(b, op, p, iface)
		if op == "Load" {
			return cur, nil
		}
		first := isNil(cur)
		if op == "CompareAndSwap" {
			// Nothing stored yet: swapped only if old is nil too.
			r := b.Local("swapped", ir.Bool)
			_, stored := b.If(first, "first")
			b.Assign(r, ir.OpCopy, isNil(args[1]))
			_, done := b.If(r, "store")
			b.Store(p, nw)
			b.Jmp(done)
			b.SetBlock(stored)
			panicIf(b.Bin(ir.OpNe, id(cur), id(nw)), "sync/atomic: compare and swap of inconsistently typed value into Value")
			eq := b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), cur, args[1])
			b.CheckHelperPanic()
			b.Assign(r, ir.OpCopy, eq)
			b.Store(p, b.Op(ir.OpSelect, iface, eq, nw, cur))
			b.Jmp(done)
			b.SetBlock(done)
			return r, nil
		}
		panicIf(b.And(b.Not(first), b.Bin(ir.OpNe, id(cur), id(nw))), "sync/atomic: "+verb+" of inconsistently typed value into Value")
		b.Store(p, nw)
		if op == "Swap" {
			return cur, nil
		}
		return nil, nil
	}
}
