package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
)

// IR maps compare keys as IR values, so an interface key, whose box is a
// pointer, would compare by identity. A map keyed by an interface type
// therefore keys on a canonical form, $ikey = {id, bits, float, str, ptr}:
// the dynamic type id and the value in the field its kind uses (integers
// and bools as bits, floats widened, strings, pointers and channels as
// ptr). Keys of struct or array dynamic types are cut (not modelled);
// unhashable ones panic, as in Go. Struct keys with interface fields are
// refused at lowering.

// mapKeyType returns the IR key type of a Go map key type.
func (l *lowerer) mapKeyType(k types.Type) *ir.Type {
	if isInterface(k) {
		if l.tIkey == nil {
			l.tIkey = l.declareType("ikey", ir.Struct(ir.I64, ir.U64, ir.F64, ir.String, ir.Ptr))
		}
		return l.tIkey
	}
	if containsInterface(k) {
		unsupported("", "maps with keys that hold interfaces (%s)", k)
	}
	return l.Type(k)
}

// mapKey converts a Go key value of type k to its IR key.
func (l *lowerer) mapKey(b *builder, k types.Type, v ir.Value) ir.Value {
	if !isInterface(k) {
		return v
	}
	kt := l.mapKeyType(k)
	r := b.Call(kt, l.late("ikey", "rt.ikey", kt, []any{"v", l.tIface}, l.genIkey), v)
	b.CheckHelperPanic()
	return r
}

// mapKeyBack converts an IR key back to a Go key value of type k.
func (l *lowerer) mapKeyBack(b *builder, k types.Type, v ir.Value) ir.Value {
	if !isInterface(k) {
		return v
	}
	kt := l.mapKeyType(k)
	return b.Call(l.tIface, l.late("ikeyval", "rt.ikeyval", l.tIface, []any{"k", kt}, l.genIkeyVal), v)
}

// ikeyField returns the $ikey field that holds values of t, or -1.
func ikeyField(t types.Type) int {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&(types.IsInteger|types.IsBoolean) != 0:
			return 1
		case u.Info()&types.IsFloat != 0:
			return 2
		case u.Info()&types.IsString != 0:
			return 3
		case u.Kind() == types.UnsafePointer:
			return 4
		}
	case *types.Pointer, *types.Chan:
		return 4
	}
	return -1
}

// genIkey generates rt.ikey(v $iface) $ikey.
func (l *lowerer) genIkey(b *builder) {
	v := b.Fn.Params[0]
	kt := b.Fn.Result
	id := b.Extract(v, 0)
	l.switchOnType(b, id, func(*typeEntry) bool { return true }, func(e *typeEntry) {
		vals := []ir.Value{id, ir.ZeroConst(ir.U64), ir.ZeroConst(ir.F64), ir.ZeroConst(ir.String), ir.ZeroConst(ir.Ptr)}
		kt0 := keyType(e)
		switch {
		case e.ID == runtimeErrorID:
			vals[3] = b.Load(ir.String, b.Extract(v, 1))
		case e.ID == unknownTypeID || e.Methods != nil: // the box is an identity
			vals[4] = b.Extract(v, 1)
		case kt0 == nil && e.Imported != nil: // a type of another package's code, not of a basic kind
			b.Emit(&ir.Instr{Op: ir.OpCut, Name: "unsupported", Msg: "an interface map key holding " + e.Name + ", a type known only from another package's code"})
			return
		case e.Type != nil && !types.Comparable(e.Type):
			b.RuntimePanic("runtime error: hash of unhashable type " + e.Name)
			return
		case kt0 != nil && ikeyField(kt0) >= 0:
			k := ikeyField(kt0)
			x := b.Load(l.Type(kt0), b.Extract(v, 1))
			if x.Type().Kind == ir.KindBool {
				vals[k] = b.Op(ir.OpSelect, ir.U64, x, ir.IntConst(ir.U64, 1), ir.IntConst(ir.U64, 0))
			} else {
				vals[k] = b.Conv(x, kt.Fields[k])
			}
		default: // structs, arrays, complex numbers
			b.Emit(&ir.Instr{Op: ir.OpCut, Name: "unsupported", Msg: "an interface map key holding " + e.Name})
			return
		}
		b.Ret(b.Make(kt, vals...))
	})
	b.Ret(ir.ZeroConst(kt)) // nil
}

// genIkeyVal generates rt.ikeyval(k $ikey) $iface, the inverse of rt.ikey.
func (l *lowerer) genIkeyVal(b *builder) {
	k := b.Fn.Params[0]
	id := b.Extract(k, 0)
	l.switchOnType(b, id, func(e *typeEntry) bool {
		kt0 := keyType(e)
		return e.ID == runtimeErrorID || e.ID == unknownTypeID || e.Methods != nil || kt0 != nil && ikeyField(kt0) >= 0
	}, func(e *typeEntry) {
		if e.ID == unknownTypeID || e.Methods != nil {
			b.Ret(b.Make(l.tIface, id, b.Extract(k, 4)))
			return
		}
		t, f := ir.String, 3
		if kt0 := keyType(e); kt0 != nil {
			t, f = l.Type(kt0), ikeyField(kt0)
		}
		x := ir.Value(b.Extract(k, f))
		if t.Kind == ir.KindBool {
			x = b.Bin(ir.OpNe, x, ir.IntConst(ir.U64, 0))
		} else {
			x = b.Conv(x, t)
		}
		box := b.Alloc(t, nil)
		b.Store(box, x)
		b.Ret(b.Make(l.tIface, id, box))
	})
	b.Ret(ir.ZeroConst(l.tIface))
}

// keyType is the Go type whose values dynamic type e's box holds, for a
// map key: e's own, or for a type known only from another package's code
// (its exported lowered code) the basic type of its kind (a named string
// or integer type is boxed as its underlying one); nil if none.
func keyType(e *typeEntry) types.Type {
	if e.Type != nil || e.Imported == nil {
		return e.Type
	}
	switch k := e.Imported.kind; {
	case k >= kindBool && k <= kindFloat64:
		return types.Typ[types.BasicKind(k)] // reflect's kinds and go/types' agree up to Float64
	case k == kindString:
		return types.Typ[types.String]
	case k == kindPointer || k == kindChan || k == kindUnsafePointer:
		return types.Typ[types.UnsafePointer]
	}
	return nil
}
