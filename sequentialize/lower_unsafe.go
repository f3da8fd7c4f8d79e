package sequentialize

import (
	"go/types"
	"math"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// Package unsafe's functions, in terms of the IR's addresses (conv
// ptr<->u64, ptrcast: see lower_convert.go), slices and strings. Their
// panics are Go's (src/runtime/unsafe.go). What the executor cannot
// resolve cuts the path (smt.CutUnsafe*).

// cutUnsafeAddr is smt.CutUnsafeAddr: a span beyond its object.
const cutUnsafeAddr = "unsafe-addr"

// unsafeBuiltin lowers unsafe.Add, String, StringData, Slice and
// SliceData; ok is false for another builtin.
func (l *lowerer) unsafeBuiltin(b *builder, c *ssa.CallCommon, name string, ops []ir.Value) (r ir.Value, ok bool) {
	switch name {
	case "Add": // the address len bytes on, as unsafe.Pointer(uintptr(ptr) + uintptr(len))
		a := b.Op(ir.OpConv, ir.U64, ops[0])
		return b.Op(ir.OpConv, ir.Ptr, b.Bin(ir.OpAdd, a, b.Conv(ops[1], ir.U64))), true
	case "String":
		n := b.Conv(ops[1], ir.I64)
		b.PanicUnless(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), "runtime error: unsafe.String: len out of range")
		ok := b.Bin(ir.OpOr, b.Bin(ir.OpNe, ops[0], ir.ZeroConst(ir.Ptr)), b.Bin(ir.OpEq, n, ir.IntConst(ir.I64, 0)))
		b.PanicUnless(ok, "runtime error: unsafe.String: ptr is nil and len is not zero")
		return b.Op(ir.OpStrView, ir.String, ops[0], n), true
	case "StringData":
		return b.Op(ir.OpStrData, ir.Ptr, ops[0]), true
	case "Slice":
		elem := c.Args[0].Type().Underlying().(*types.Pointer).Elem()
		return l.unsafeSlice(b, elem, ops[0], b.Conv(ops[1], ir.I64)), true
	case "SliceData":
		return l.sliceData(b, ops[0]), true
	case "Sizeof", "Alignof": // of a type parameter's instance: a constant once instantiated
		t := c.Args[0].Type()
		n := goSizes.Sizeof(t)
		if name == "Alignof" {
			n = goSizes.Alignof(t)
		}
		return ir.IntConst(l.Type(c.Signature().Results().At(0).Type()), n), true
	}
	return nil, false
}

// unsafeSlice lowers unsafe.Slice(p, n) for p of type *elem: the slice of
// the n elements from p on, in the array p points into.
func (l *lowerer) unsafeSlice(b *builder, elem types.Type, p, n ir.Value) ir.Value {
	const lenMsg, nilMsg = "runtime error: unsafe.Slice: len out of range", "runtime error: unsafe.Slice: ptr is nil and len is not zero"
	zero := ir.IntConst(ir.I64, 0)
	b.PanicUnless(b.Bin(ir.OpGe, n, zero), lenMsg)
	r := b.Local("unsafeslice", l.tSlice)
	done := b.NewBlock("unsafeslice.done")
	_, some := b.If(b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr)), "unsafeslice.nil")
	b.PanicUnless(b.Bin(ir.OpEq, n, zero), nilMsg)
	b.Copy(r, ir.ZeroConst(l.tSlice))
	b.Jmp(done)

	b.SetBlock(some)
	if es := goSizes.Sizeof(elem); es > 1 { // n * size must not overflow
		b.PanicUnless(b.Bin(ir.OpLe, n, ir.IntConst(ir.I64, int64(math.MaxUint64/uint64(es)))), lenMsg)
	}
	// No element: a slice of its own (its SliceData is unspecified).
	_, elems := b.If(b.Bin(ir.OpEq, n, zero), "unsafeslice.empty")
	b.Copy(r, b.Make(l.tSlice, b.Alloc(l.Type(elem), zero), zero, zero, zero))
	b.Jmp(done)

	b.SetBlock(elems)
	at := b.Op(ir.OpArrayOf, ir.Struct(ir.Ptr, ir.I64), p)
	arr, k := b.Extract(at, 0), b.Extract(at, 1)
	room := b.Bin(ir.OpSub, b.Op(ir.OpLen, ir.I64, arr), k)
	_, beyond := b.If(b.Bin(ir.OpLe, n, room), "unsafeslice.in")
	b.Copy(r, b.Make(l.tSlice, arr, k, n, n))
	b.Jmp(done)
	b.SetBlock(beyond) // Go does not check; the program is wrong, kiss cannot say how
	b.Emit(&ir.Instr{Op: ir.OpCut, Name: cutUnsafeAddr})

	b.SetBlock(done)
	return r
}

// sliceData lowers unsafe.SliceData(s): nil for a nil slice, the first
// element's address when cap(s) > 0, and otherwise "a non-nil pointer to
// an unspecified memory address": the backing array's.
func (l *lowerer) sliceData(b *builder, s ir.Value) ir.Value {
	r := b.Local("slicedata", ir.Ptr)
	done := b.NewBlock("slicedata.done")
	arr := b.Extract(s, 0)
	b.Copy(r, arr)
	_, els := b.If(b.Bin(ir.OpGt, b.Extract(s, 3), ir.IntConst(ir.I64, 0)), "slicedata.elem")
	b.Assign(r, ir.OpIndex, arr, b.Extract(s, 1))
	b.Jmp(done)
	b.SetBlock(els)
	b.Jmp(done)
	b.SetBlock(done)
	return r
}
