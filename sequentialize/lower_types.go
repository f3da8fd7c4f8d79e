package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
)

// Type returns the IR type of a Go type (see doc.go for the mapping).
// Named Go structs become named IR types ($pkg.Name) for readability.
func (l *lowerer) Type(t types.Type) *ir.Type {
	if it, ok := l.layout.byType.At(t).(*ir.Type); ok {
		return it
	}
	it := l.mapType(t)
	l.layout.byType.Set(t, it)
	return it
}

// modelled reports whether t is a named type a model stands for with a
// type of its own (a channel-, lock- or timer-like $type), whose fields
// are not Go's.
func (l *lowerer) modelled(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := n.Origin().Obj()
	if o.Pkg() == nil || o.Pkg() == l.opts.Home {
		return false
	}
	_, ok = l.opts.Types[o.Pkg().Path()+"."+o.Name()]
	return ok
}

func (l *lowerer) mapType(t types.Type) *ir.Type {
	switch t := t.(type) {
	case *types.Alias:
		return l.Type(types.Unalias(t))
	case *types.Named:
		if o := t.Origin().Obj(); o.Pkg() != nil {
			if it, ok := l.opts.Types[o.Pkg().Path()+"."+o.Name()]; ok && o.Pkg() != l.opts.Home {
				return it
			}
		}
		u := l.Type(t.Underlying())
		if u.Kind == ir.KindStruct && u.Name == "" {
			return l.declareType(typeName(t), u)
		}
		return u
	case *types.Basic:
		return basicType(t)
	case *types.Pointer, *types.Map, *types.Chan:
		return ir.Ptr
	case *types.Slice:
		return l.tSlice
	case *types.Signature:
		return l.tClosure
	case *types.Interface:
		return l.tIface
	case *types.Struct:
		fields := make([]*ir.Type, t.NumFields())
		vars := make([]*types.Var, t.NumFields())
		for i := range fields {
			fields[i] = l.Type(t.Field(i).Type())
			vars[i] = t.Field(i)
		}
		st := ir.Struct(fields...)
		st.Layout = &ir.Layout{Size: goSizes.Sizeof(t), Offsets: goSizes.Offsetsof(vars)}
		return st
	case *types.Array:
		return ir.Array(l.Type(t.Elem()), int(t.Len()))
	case *types.Tuple:
		fields := make([]*ir.Type, t.Len())
		for i := range fields {
			fields[i] = l.Type(t.At(i).Type())
		}
		return ir.Struct(fields...)
	case *types.TypeParam:
		unsupported("", "the type parameter %s (the function was not instantiated)", t)
	}
	unsupported("", "the type %s", t)
	return nil
}

// goSizes is the layout of Go's values the IR's types carry (ir/doc.go,
// Byte layout): gc's on a 64-bit target, the one the IR's int (i64)
// assumes. The layout lives in the IR because only the lowering knows Go's
// types and only the executor knows, at run time, which object and path
// an unsafe.Pointer refers to: each struct type says where its fields are,
// so every object carries its layout in its type.
var goSizes = types.SizesFor("gc", "amd64")

// The sizes of the IR's own types for Go's slices, interfaces and func
// values, whose IR fields are not Go's: addressable as a whole, not
// inside.
var (
	sliceLayout   = &ir.Layout{Size: 24}
	ifaceLayout   = &ir.Layout{Size: 16}
	closureLayout = &ir.Layout{Size: 8}
)

func basicType(t *types.Basic) *ir.Type {
	switch t.Kind() {
	case types.Bool, types.UntypedBool:
		return ir.Bool
	case types.Int, types.Int64, types.UntypedInt:
		return ir.I64
	case types.Int8:
		return ir.I8
	case types.Int16:
		return ir.I16
	case types.Int32, types.UntypedRune:
		return ir.I32
	case types.Uint, types.Uint64, types.Uintptr:
		return ir.U64
	case types.Uint8:
		return ir.U8
	case types.Uint16:
		return ir.U16
	case types.Uint32:
		return ir.U32
	case types.Float32:
		return ir.F32
	case types.Float64, types.UntypedFloat:
		return ir.F64
	case types.Complex64:
		return complex64T
	case types.Complex128, types.UntypedComplex:
		return complex128T
	case types.String, types.UntypedString:
		return ir.String
	case types.UnsafePointer, types.UntypedNil:
		return ir.Ptr
	case types.Invalid:
		// The unused key or value of a range (ssa.Next): a placeholder.
		return ir.Bool
	}
	unsupported("", "the basic type %s", t)
	return nil
}

// resultType is the IR result of a signature: nil, the one result's type,
// or a struct of the results.
func (l *lowerer) resultType(sig *types.Signature) *ir.Type {
	switch sig.Results().Len() {
	case 0:
		return nil
	case 1:
		return l.Type(sig.Results().At(0).Type())
	}
	return l.Type(sig.Results())
}

// declareType adds a named type declaration to the program. (Exported
// code prefixes the name, as every name it makes: a type name of one
// package's code never clashes with another's.)
func (l *lowerer) declareType(name string, t *ir.Type) *ir.Type {
	nt := ir.Named(l.uniqTypeName(l.link.prefix+name), t)
	l.prog.Types = append(l.prog.Types, nt)
	return nt
}

// Slice, Iface and Closure are the IR types of Go slices, interfaces and
// func values.
func (l *lowerer) Slice() *ir.Type   { return l.tSlice }
func (l *lowerer) Iface() *ir.Type   { return l.tIface }
func (l *lowerer) Closure() *ir.Type { return l.tClosure }

// isInterface reports whether t is a (non type parameter) interface type.
func isInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// deref returns the element type of a pointer type.
func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isSigned reports whether the IR integer type t is signed.
func isSigned(t *ir.Type) bool { return t.Kind == ir.KindInt && t.Signed }

// containsInterface reports whether values of t hold an interface value
// somewhere (maps compare their keys by IR value, an interface by its box).
func containsInterface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if containsInterface(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return containsInterface(u.Elem())
	}
	return false
}
