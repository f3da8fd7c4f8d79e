package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// sync.Map and sync.Pool (summaries/models/syncdata.ir). Their source is
// the wrong thing to run: Map is internal/sync's HashTrieMap, which
// hashes keys through unsafe pointers and the runtime's hash functions,
// and Pool keeps its items per P through the runtime's pinning. The
// lowering here makes what the IR functions need: a Map's key in the
// canonical form the front end gives map[any]any keys (an unhashable
// key panics there, as Go's hashing does), and a Pool's fields.
func (c *concLowering) syncDataModels(m map[string]externFunc) {
	// maps.clone(m any) any (maps.Clone's, which the runtime provides): a
	// new map of m's dynamic type holding m's entries, read from m.
	m["maps.clone"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id, box := b.Extract(args[0], 0), b.Extract(args[0], 1)
		r := b.Temp(l.Iface())
		b.move(r, ir.ZeroConst(l.Iface()))
		_, join := b.If(b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0)), "map") // (maps.Clone passes no nil)
		c.read(b, b.Load(ir.Ptr, box))
		nb := b.Alloc(ir.Ptr, nil)
		b.Store(nb, b.Call(ir.Ptr, c.modelLate(l, "maps.clone"), id, box))
		b.move(r, b.Make(l.Iface(), id, nb))
		b.Jmp(join)
		b.SetBlock(join)
		return r, nil
	}
	anyT := types.NewInterfaceType(nil, nil)
	// op calls the IR function of the method with the receiver, the key
	// and the other arguments, then the extra values and the position.
	op := func(irFn string, extra func(l *lowerer) []ir.Value) externFunc {
		return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
			vals := []ir.Value{args[0]}
			if len(args) > 1 {
				vals = append(vals, l.mapKey(b, anyT, args[1]))
				vals = append(vals, args[2:]...)
			} else {
				vals = append(vals, args[1:]...)
			}
			if extra != nil {
				vals = append(vals, extra(l)...)
			}
			f := c.fn(irFn)
			var r *ir.Local
			if f.Result != nil {
				r = b.Temp(f.Result)
			}
			b.CallTo(r, f, append(vals, ir.StringConst(pos))...)
			b.CheckHelperPanic() // CompareAndSwap's comparison
			if r == nil {
				return nil, nil
			}
			return r, nil
		}
	}
	eq := func(l *lowerer) []ir.Value { return []ir.Value{l.lateFunc("rt.ifaceeq")} }
	for _, name := range []string{"Load", "Store", "LoadOrStore", "LoadAndDelete", "Delete", "Swap", "Clear"} {
		m["(*sync.Map)."+name] = op("sync.Map."+name, nil)
	}
	m["(*sync.Map).CompareAndSwap"] = op("sync.Map.CompareAndSwap", eq)
	m["(*sync.Map).CompareAndDelete"] = op("sync.Map.CompareAndDelete", eq)
	m["(*sync.Map).Range"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
		kt := l.mapKeyType(anyT)
		keyval := l.late("ikeyval", "rt.ikeyval", l.tIface, []any{"k", kt}, l.genIkeyVal)
		b.CallTo(nil, c.fn("sync.Map.Range"), args[0], args[1], keyval, ir.StringConst(pos))
		b.CheckPanicking()
		return nil, nil
	}

	m["(*sync.Pool).Put"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		local, _ := poolFields(l, b, call, args[0])
		b.CallTo(nil, c.fn("sync.Pool.Put"), local, args[1], ir.StringConst(pos))
		return nil, nil
	}
	m["(*sync.Pool).Get"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		local, newFn := poolFields(l, b, call, args[0])
		r := b.Call(l.Iface(), c.fn("sync.Pool.Get"), local, b.Load(l.Closure(), newFn), ir.StringConst(pos))
		b.CheckPanicking()
		return r, nil
	}
}

// poolFields returns pointers to the fields local and New of the Pool p
// (a nil p panics as Go's dereference does).
func poolFields(l *lowerer, b *builder, call *ssa.CallCommon, p ir.Value) (local, newFn ir.Value) {
	b.PanicUnless(b.Bin(ir.OpNe, p, ir.ZeroConst(ir.Ptr)), msgNilDeref)
	var pt types.Type
	if sync := l.stdTypes("sync"); sync != nil {
		if t, ok := sync.Scope().Lookup("Pool").(*types.TypeName); ok {
			pt = t.Type()
		}
	}
	if pt == nil && call.Signature().Recv() != nil {
		pt = deref(call.Signature().Recv().Type())
	}
	if pt == nil {
		fail(errorf("sync.Pool's type is not in the program"))
	}
	li, ni := fieldIndex(pt, "local"), fieldIndex(pt, "New")
	if li < 0 || ni < 0 || l.Type(pt).Fields[li].Kind != ir.KindPtr {
		fail(errorf("sync.Pool has no fields local and New kiss knows"))
	}
	return b.Field(p, li), b.Field(p, ni)
}
