package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// convert lowers the conversion of x to type to (Convert, MultiConvert).
func (fl *funcLowerer) convert(x ssa.Value, to types.Type, d *ir.Local) {
	l, b := fl.l, fl.b
	v := fl.value(x)
	from := x.Type().Underlying()
	switch dt := to.Underlying().(type) {
	case *types.Basic:
		switch {
		case dt.Info()&types.IsString != 0:
			switch st := from.(type) {
			case *types.Basic:
				if st.Info()&types.IsString != 0 {
					b.move(d, v)
				} else { // string(rune)
					b.Assign(d, ir.OpConv, v)
				}
				return
			case *types.Slice:
				if isRune(st.Elem()) {
					b.CallTo(d, l.runesToStringFunc(), v)
				} else {
					b.CallTo(d, l.bytesToStringFunc(), v)
				}
				return
			}
		case dt.Kind() == types.UnsafePointer:
			switch st := from.(type) {
			case *types.Pointer:
				b.move(d, v)
				return
			case *types.Basic:
				switch st.Kind() {
				case types.Uintptr: // the pointer at an address
					b.Assign(d, ir.OpConv, v)
					return
				case types.UnsafePointer:
					b.move(d, v)
					return
				}
			}
			unsupported(b.Pos, "converting %s to unsafe.Pointer", x.Type())
		case dt.Info()&types.IsComplex != 0:
			b.move(d, v) // complex64 <-> complex128: both opaque
			return
		case dt.Info()&(types.IsInteger|types.IsFloat) != 0:
			if st, ok := from.(*types.Basic); ok && st.Kind() == types.UnsafePointer {
				if dt.Kind() != types.Uintptr {
					unsupported(b.Pos, "converting unsafe.Pointer to %s", to)
				}
				b.Assign(d, ir.OpConv, v) // the pointer's address
				return
			}
			if ir.Identical(v.Type(), d.Typ) {
				b.move(d, v)
			} else {
				b.Assign(d, ir.OpConv, v)
			}
			return
		}
	case *types.Slice:
		if _, ok := from.(*types.Basic); ok { // []byte(s), []rune(s)
			if isRune(dt.Elem()) {
				b.CallTo(d, l.stringToRunesFunc(), v)
			} else {
				b.move(d, l.stringToBytes(b, v))
			}
			return
		}
	case *types.Pointer:
		if st, ok := from.(*types.Basic); ok && st.Kind() == types.UnsafePointer {
			// The memory at the address is read as dt's element from here
			// on: the pointer to the value of that type there.
			b.Emit(&ir.Instr{Op: ir.OpPtrCast, Dst: d, Args: []ir.Value{v}, Type: l.Type(dt.Elem())})
			return
		}
	}
	unsupported(b.Pos, "the conversion from %s to %s", x.Type(), to)
}

func isRune(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Kind() == types.Int32
}

// rangeIter lowers the start of a range over a string or a map: an
// iterator object (see strIterType, mapIterType).
func (fl *funcLowerer) rangeIter(in *ssa.Range) {
	l, b, d := fl.l, fl.b, fl.dst(in)
	x := fl.value(in.X)
	switch u := in.X.Type().Underlying().(type) {
	case *types.Basic:
		it := b.Alloc(strIterType, nil)
		b.Store(it, b.Make(strIterType, x, ir.IntConst(ir.I64, 0)))
		b.move(d, it)
	case *types.Map:
		fl.checkMapKey(u)
		b.CallTo(d, l.mapIterFunc(l.mapKeyType(u.Key())), x)
	default:
		unsupported(b.Pos, "range over %s", in.X.Type())
	}
}

// next lowers the step of a range over a string or a map. The SSA tuple has
// placeholder (bool) components for an unused key or value.
func (fl *funcLowerer) next(in *ssa.Next) {
	l, b, d := fl.l, fl.b, fl.dst(in)
	it := fl.value(in.Iter)
	var f *ir.Func
	var keyType types.Type // an interface: the key comes back from its $ikey
	if in.IsString {
		f = l.strNextFunc()
	} else {
		mt := rangedMap(in)
		f = l.mapNextFunc(l.mapKeyType(mt.Key()), l.Type(mt.Elem()))
		if isInterface(mt.Key()) {
			keyType = mt.Key()
		}
	}
	if ir.Identical(f.Result, d.Typ) {
		b.CallTo(d, f, it)
		return
	}
	r := b.Call(f.Result, f, it)
	vals := make([]ir.Value, 3)
	for k := range vals {
		switch {
		case k == 1 && keyType != nil && ir.Identical(d.Typ.Fields[k], l.tIface):
			vals[k] = l.mapKeyBack(b, keyType, b.Extract(r, k))
		case ir.Identical(d.Typ.Fields[k], f.Result.Fields[k]):
			vals[k] = b.Extract(r, k)
		default: // an unused key or value
			vals[k] = ir.ZeroConst(d.Typ.Fields[k])
		}
	}
	b.Assign(d, ir.OpMake, vals...)
}

// rangedMap returns the map type a map iterator ranges over.
func rangedMap(in *ssa.Next) *types.Map {
	return in.Iter.(*ssa.Range).X.Type().Underlying().(*types.Map)
}
