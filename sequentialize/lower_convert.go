package sequentialize

import (
	"go/token"
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// convert lowers in, the conversion of x to type to (Convert, MultiConvert).
func (fl *funcLowerer) convert(in, x ssa.Value, to types.Type, d *ir.Local) {
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
			b.move(d, b.complexOf(d.Typ, b.Extract(v, 0), b.Extract(v, 1)))
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
			if r := fl.headerCast(x, dt.Elem()); r != nil {
				b.move(d, r)
				return
			}
			if r := fl.headerRead(in, x, dt.Elem()); r != nil {
				b.move(d, r)
				return
			}
			// The memory at the address is read as dt's element from here
			// on: the pointer to the value of that type there.
			b.Emit(&ir.Instr{Op: ir.OpPtrCast, Dst: d, Args: []ir.Value{v}, Type: l.Type(dt.Elem())})
			return
		}
	}
	unsupported(b.Pos, "the conversion from %s to %s", x.Type(), to)
}

// headerCast lowers the conversions of a pointer to a []byte variable
// to *string, and of a pointer to a string variable (or to a struct of a
// string and a capacity) to *[]byte, through x, the unsafe.Pointer made
// from it: the idioms of conversion without a copy that code older than
// unsafe.String and StringData uses (bigcache's, fasthttp's). The IR's
// strings are values, not headers over memory, so the result points to
// a new variable holding unsafe.String(SliceData(b), len(b)), or
// unsafe.Slice(StringData(s), len(s)) (with that capacity): what Go's
// header reads at the time, which a program that keeps the rule Go
// gives for such bytes (not to modify them while the string is used)
// cannot tell from an alias. Nil for any other conversion.
func (fl *funcLowerer) headerCast(x ssa.Value, to types.Type) ir.Value {
	l, b := fl.l, fl.b
	c, pt := pointerConvert(x)
	if c == nil {
		return nil
	}
	isBytes := func(t types.Type) bool {
		s, ok := t.Underlying().(*types.Slice)
		if !ok {
			return false
		}
		e, ok := s.Elem().Underlying().(*types.Basic)
		return ok && e.Kind() == types.Uint8
	}
	isString := func(t types.Type) bool {
		bt, ok := t.Underlying().(*types.Basic)
		return ok && bt.Info()&types.IsString != 0
	}
	from := pt.Elem()
	switch {
	case isString(to) && isBytes(from):
		sl := b.Load(l.tSlice, fl.value(c.X))
		s := b.Op(ir.OpStrView, ir.String, l.sliceData(b, sl), b.Extract(sl, 2))
		p := b.Alloc(ir.String, nil)
		b.Store(p, s)
		return p
	case isBytes(to):
		var s ir.Value
		if isString(from) {
			s = b.Load(ir.String, fl.value(c.X))
		} else if st, ok := from.Underlying().(*types.Struct); ok && st.NumFields() == 2 && isString(st.Field(0).Type()) {
			if bt, ok := st.Field(1).Type().Underlying().(*types.Basic); !ok || bt.Info()&types.IsInteger == 0 {
				return nil
			}
			s = b.Load(ir.String, b.Field(fl.value(c.X), 0))
		} else {
			return nil
		}
		sl := l.unsafeSlice(b, types.Typ[types.Byte], b.Op(ir.OpStrData, ir.Ptr, s), b.Op(ir.OpStrLen, ir.I64, s))
		p := b.Alloc(l.tSlice, nil)
		b.Store(p, sl)
		return p
	}
	return nil
}

// headerRead lowers the conversion of a pointer to a string or slice
// variable to a pointer to a struct laid out as its header, a data word
// (unsafe.Pointer, uintptr or a pointer) and its length (and capacity)
// as integers, when the program only reads through it: the idiom that
// hands a string's bytes to the runtime's memhash (ristretto's
// MemHashString: (*stringStruct)(unsafe.Pointer(&str))). The result
// points to a new struct holding the header's words at the conversion:
// a program that only reads them cannot tell it from the header. Nil for
// any other conversion, or a struct written through (the old
// reflect.SliceHeader way of making a slice), which then stays the cast
// it is.
func (fl *funcLowerer) headerRead(in, x ssa.Value, to types.Type) ir.Value {
	l, b := fl.l, fl.b
	c, pt := pointerConvert(x)
	if c == nil {
		return nil
	}
	st, ok := to.Underlying().(*types.Struct)
	if !ok || !onlyReadThrough(in) {
		return nil
	}
	words := func(kinds ...bool) bool { // per field: a data word, else an integer
		if st.NumFields() != len(kinds) {
			return false
		}
		for i, data := range kinds {
			ft := st.Field(i).Type().Underlying()
			bt, basic := ft.(*types.Basic)
			switch {
			case data && basic && (bt.Kind() == types.UnsafePointer || bt.Kind() == types.Uintptr):
			case data && !basic:
				if _, ok := ft.(*types.Pointer); !ok {
					return false
				}
			case !data && basic && bt.Info()&types.IsInteger != 0 && bt.Kind() != types.UnsafePointer:
			default:
				return false
			}
		}
		return true
	}
	var fields []ir.Value
	switch u := pt.Elem().Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString == 0 || !words(true, false) {
			return nil
		}
		s := b.Load(ir.String, fl.value(c.X))
		fields = []ir.Value{b.Op(ir.OpStrData, ir.Ptr, s), b.Op(ir.OpStrLen, ir.I64, s)}
	case *types.Slice:
		if !words(true, false, false) {
			return nil
		}
		sl := b.Load(l.tSlice, fl.value(c.X))
		fields = []ir.Value{l.sliceData(b, sl), b.Extract(sl, 2), b.Extract(sl, 3)}
	default:
		return nil
	}
	t := l.Type(to)
	for i, f := range fields {
		if ft := t.Fields[i]; !ir.Identical(f.Type(), ft) {
			fields[i] = b.Conv(f, ft)
		}
	}
	p := b.Alloc(t, nil)
	b.Store(p, b.Make(t, fields...))
	return p
}

// pointerConvert returns x as the conversion of a pointer to
// unsafe.Pointer, and the pointer's type; nil if x is not one.
func pointerConvert(x ssa.Value) (*ssa.Convert, *types.Pointer) {
	c, ok := x.(*ssa.Convert)
	if !ok {
		return nil, nil
	}
	pt, ok := c.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil, nil
	}
	return c, pt
}

// onlyReadThrough reports whether the pointer v is only read through:
// loaded, or the address of a field that is only loaded.
func onlyReadThrough(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyReadThrough(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
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
