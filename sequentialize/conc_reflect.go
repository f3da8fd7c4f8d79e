package sequentialize

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// The reflect model. reflect's source reads the runtime's type descriptors
// through unsafe pointers, which kiss's values do not have; what real
// tests need of it (testify's ObjectsAreEqual, isNil, isEmpty, Len) is
// the dynamic type's kind, nil-ness and length, and equality.
//
// A reflect.Type is a value of kiss's own dynamic type *reflect.rtype
// whose box holds the type id; TypeOf returns one box per id (a global),
// so that == and != compare types as Go's pointers do. A reflect.Value is
// a $rvalue, the type id and box of the value it holds (the zero Value
// holds none). What depends on the dynamic type is a late function (a
// switch over the program's types, remade by an importer of exported
// code, modelLate); a type known only from another package's code, or of
// unknown type, has an unknown kind, nil-ness and length, labelled so that
// a finding that needs one is not shown as real. reflect's other
// functions and Value's other methods are unknown functions
// (summaries.reflectUnknown); reflect.Type's other methods return unknown
// values.

// reflect.Kind's values.
const (
	kindInvalid = iota
	kindBool
	kindInt
	kindInt8
	kindInt16
	kindInt32
	kindInt64
	kindUint
	kindUint8
	kindUint16
	kindUint32
	kindUint64
	kindUintptr
	kindFloat32
	kindFloat64
	kindComplex64
	kindComplex128
	kindArray
	kindChan
	kindFunc
	kindInterface
	kindMap
	kindPointer
	kindSlice
	kindString
	kindStruct
	kindUnsafePointer
)

// goKind is the reflect.Kind of Go type t.
func goKind(t types.Type) int64 {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool:
			return kindBool
		case types.Int:
			return kindInt
		case types.Int8:
			return kindInt8
		case types.Int16:
			return kindInt16
		case types.Int32:
			return kindInt32
		case types.Int64:
			return kindInt64
		case types.Uint:
			return kindUint
		case types.Uint8:
			return kindUint8
		case types.Uint16:
			return kindUint16
		case types.Uint32:
			return kindUint32
		case types.Uint64:
			return kindUint64
		case types.Uintptr:
			return kindUintptr
		case types.Float32:
			return kindFloat32
		case types.Float64:
			return kindFloat64
		case types.Complex64:
			return kindComplex64
		case types.Complex128:
			return kindComplex128
		case types.String:
			return kindString
		case types.UnsafePointer:
			return kindUnsafePointer
		}
	case *types.Array:
		return kindArray
	case *types.Chan:
		return kindChan
	case *types.Signature:
		return kindFunc
	case *types.Interface:
		return kindInterface
	case *types.Map:
		return kindMap
	case *types.Pointer:
		return kindPointer
	case *types.Slice:
		return kindSlice
	case *types.Struct:
		return kindStruct
	}
	return kindInvalid
}

// Labels of the values the reflect model leaves unknown.
const (
	reflectLabel = "reflect: the %s of a value whose type kiss does not know"
	deepLabel    = "reflect.DeepEqual of values kiss does not compare"
)

func (c *concLowering) reflectModels(m map[string]externFunc) {
	m["reflect.TypeOf"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return c.typeOf(l, b, call.Signature().Results().At(0).Type(), b.Extract(args[0], 0)), nil
	}
	// errors' init asks internal/reflectlite for error's type
	// (reflectlite.TypeOf((*error)(nil)).Elem()); the answer is kiss's
	// rtype of reflectlite.Type, as reflect.TypeOf's is of reflect.Type.
	m["internal/reflectlite.TypeOf"] = m["reflect.TypeOf"]
	m["reflect.ValueOf"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return c.rvalue(b, b.Extract(args[0], 0), b.Extract(args[0], 1)), nil
	}
	m["reflect.Zero"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.typeArg(l, b, call, args[0], "Zero")
		return c.rvalue(b, id, b.Call(ir.Ptr, c.modelLate(l, "reflect.zero"), id)), nil
	}
	m["reflect.New"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.typeArg(l, b, call, args[0], "New")
		r := b.Call(newType, c.modelLate(l, "reflect.new"), id, b.Extract(args[0], 1))
		pid := b.Extract(r, 0)
		// A pointer type kiss does not hold: the path stops, as at a call
		// kiss does not know.
		stopIf(l, b, b.Bin(ir.OpEq, pid, ir.IntConst(ir.I64, 0)), "reflect.New")
		return c.rvalue(b, pid, b.Extract(r, 1)), nil
	}
	// reflect.MakeSlice (testing/quick makes each []T argument so)
	m["reflect.MakeSlice"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		id := c.typeArg(l, b, call, args[0], "MakeSlice")
		n, cp := b.Conv(args[1], ir.I64), b.Conv(args[2], ir.I64)
		r := b.Call(makeSliceType, c.modelLate(l, "reflect.makeslice"), id, n, cp)
		code := b.Extract(r, 1)
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "reflect.MakeSlice")
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect.MakeSlice of non-slice type")
		b.PanicStringUnless(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), "reflect.MakeSlice: negative len")
		b.PanicStringUnless(b.Bin(ir.OpGe, cp, ir.IntConst(ir.I64, 0)), "reflect.MakeSlice: negative cap")
		b.PanicStringUnless(b.Bin(ir.OpLe, n, cp), "reflect.MakeSlice: len > cap")
		return c.rvalue(b, id, b.Extract(r, 0)), nil
	}
	m["reflect.DeepEqual"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		for i := range 2 {
			var op ssa.Value
			if i < len(call.Args) {
				op = call.Args[i]
			}
			c.readOperand(l, b, op, args[i], false)
		}
		return b.Call(ir.Bool, c.modelLate(l, "reflect.deepequal"), args[0], args[1]), nil
	}
	// reflect.TypeFor[T]() (package-level vars of encoding/json, asn1,
	// gob, xml, text/template, database/sql: their inits stopped every
	// root there), as its source computes it.
	m["reflect.TypeFor"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		fn, _ := call.Value.(*ssa.Function)
		if fn == nil || len(fn.TypeArgs()) != 1 {
			return nil, errorf("reflect.TypeFor called without its type argument")
		}
		T, res := fn.TypeArgs()[0], call.Signature().Results().At(0).Type()
		if !isInterface(T) {
			return c.typeOf(l, b, res, ir.IntConst(ir.I64, l.TypeID(T))), nil
		}
		// TypeOf((*T)(nil)).Elem(), as Elem computes it
		pid := ir.IntConst(ir.I64, l.TypeID(types.NewPointer(T)))
		elem := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), pid), 1)
		known := b.Bin(ir.OpNe, elem, ir.IntConst(ir.I64, 0))
		other := b.Call(ir.Ptr, c.modelLate(l, "reflect.elemof"), pid)
		box := b.Op(ir.OpSelect, ir.Ptr, known, b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), elem), other)
		return b.Make(l.Iface(), ir.IntConst(ir.I64, c.rtype(l, res)), box), nil
	}
	// reflect.PointerTo(t) (encoding/json and xml ask whether *T
	// implements their Marshaler): the pointer type of the table whose
	// element t is, as New finds it; a type kiss does not hold, when the
	// program has no *T.
	m["reflect.PointerTo"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		box := b.Extract(args[0], 1)
		b.PanicUnless(b.Bin(ir.OpNe, box, ir.ZeroConst(ir.Ptr)), msgNilDeref)
		pid := b.Call(ir.I64, c.modelLate(l, "reflect.ptrto"), b.Load(ir.I64, box), box)
		return c.typeOrUnknown(l, b, call, pid), nil
	}
	m["reflect.PtrTo"] = m["reflect.PointerTo"]
	// reflect.MapOf(k, e) (a package-level var of go-memdb: its init
	// stopped every root there): the map type of the table with that key
	// and element, as PointerTo finds a pointer type; a type kiss does not
	// hold otherwise.
	m["reflect.MapOf"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// MapOf(TypeOf(k), TypeOf(e)) of static types: map[K]E joins the
		// table, so its kind is known even where the program has no such
		// map (MapOf(...).Kind() of a package-level var).
		if k, e := staticTypeOf(call.Args[0]), staticTypeOf(call.Args[1]); k != nil && e != nil && types.Comparable(k) {
			return c.typeOf(l, b, call.Signature().Results().At(0).Type(), ir.IntConst(ir.I64, l.TypeID(types.NewMap(k, e)))), nil
		}
		kbox, ebox := b.Extract(args[0], 1), b.Extract(args[1], 1)
		b.PanicUnless(b.And(b.Bin(ir.OpNe, kbox, ir.ZeroConst(ir.Ptr)), b.Bin(ir.OpNe, ebox, ir.ZeroConst(ir.Ptr))), msgNilDeref)
		mid := b.Call(ir.I64, c.modelLate(l, "reflect.mapof"), b.Load(ir.I64, kbox), b.Load(ir.I64, ebox))
		return c.typeOrUnknown(l, b, call, mid), nil
	}
	m["reflect.Indirect"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		r := b.Temp(v.Type())
		b.move(r, v)
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), rvID(b, v)), 0)
		_, join := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindPointer)), "ptr")
		b.move(r, c.valueElem(l, b, v, "Indirect"))
		b.Jmp(join)
		b.SetBlock(join)
		return r, nil
	}
	value := func(f func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value) externFunc {
		return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			v := args[0]
			return f(l, b, call, v, rvID(b, v), b.Extract(v, 1)), nil
		}
	}
	// valid panics, as a method of the zero Value does.
	valid := func(b *builder, id ir.Value, method string) {
		b.PanicStringUnless(b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0)), "reflect: call of reflect.Value."+method+" on zero Value")
	}
	m["(reflect.Value).Kind"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		return b.Conv(k, l.Type(call.Signature().Results().At(0).Type()))
	})
	m["(reflect.Value).IsValid"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		return b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0))
	})
	m["(reflect.Value).Type"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		valid(b, id, "Type")
		return c.typeOf(l, b, call.Signature().Results().At(0).Type(), id)
	})
	m["(reflect.Value).IsNil"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Call(ir.I64, c.modelLate(l, "reflect.isnil"), id, box)
		b.PanicStringUnless(b.Bin(ir.OpNe, r, ir.IntConst(ir.I64, 2)), "reflect: call of reflect.Value.IsNil on a Value of a kind without nil")
		return b.Bin(ir.OpEq, r, ir.IntConst(ir.I64, 1))
	})
	m["(reflect.Value).Pointer"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Call(pointerType, c.modelLate(l, "reflect.pointer"), id, box)
		b.PanicStringUnless(b.Extract(r, 1), "reflect: call of reflect.Value.Pointer on a Value of a kind without a pointer")
		return b.Conv(b.Extract(r, 0), l.Type(call.Signature().Results().At(0).Type()))
	})
	m["(reflect.Value).Len"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Call(lenType, c.modelLate(l, "reflect.len"), id, box)
		b.PanicStringUnless(b.Extract(r, 1), "reflect: call of reflect.Value.Len on a Value of a kind without length")
		return b.Extract(r, 0)
	})
	m["(reflect.Value).NumField"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Call(lenType, c.modelLate(l, "reflect.numfield"), id)
		b.PanicStringUnless(b.Extract(r, 1), "reflect: call of reflect.Value.NumField on a Value that is not a struct")
		return b.Extract(r, 0)
	})
	// Field(i) and Index(i): a Value holding a copy of the field or
	// element (a slice's read then, from the array the program shares).
	m["(reflect.Value).Field"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		id, i := rvID(b, v), b.Conv(args[1], ir.I64)
		n := b.Call(lenType, c.modelLate(l, "reflect.numfield"), id)
		b.PanicStringUnless(b.Extract(n, 1), "reflect: call of reflect.Value.Field on a Value that is not a struct")
		inRange := b.Bin(ir.OpAnd, b.Bin(ir.OpGe, i, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpLt, i, b.Extract(n, 0)))
		b.PanicStringUnless(inRange, "reflect: Field index out of range")
		return c.inheritRO(l, b, v, b.Extract(b.Call(elemType(c), c.modelLate(l, "reflect.field"), id, b.Extract(v, 1), i), 0)), nil
	}
	// IsZero: whether the value is its type's zero value, by == where
	// that is Go's answer (comparable types without floats, whose -0 is
	// not zero to IsZero), by nil for a slice or map. Of other types (floats,
	// structs with slices or floats, funcs), the path stops.
	m["(reflect.Value).IsZero"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		valid(b, id, "IsZero")
		r := b.Call(ir.I64, c.modelLate(l, "reflect.iszero"), id, box)
		stopIf(l, b, b.Bin(ir.OpEq, r, ir.IntConst(ir.I64, 2)), "(reflect.Value).IsZero")
		return b.Bin(ir.OpEq, r, ir.IntConst(ir.I64, 1))
	})
	// MapKeys: Values of the map's keys, in the order a range gives them
	// (testify's Contains and Subset of a map ask for them). Of a map
	// whose key type kiss does not hold (an interface), the path stops.
	m["(reflect.Value).MapKeys"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Call(ir.Struct(l.tSlice, ir.I64), c.modelLate(l, "reflect.mapkeys"), id, box)
		code := b.Extract(r, 1)
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect: call of reflect.Value.MapKeys on a Value that is not a map")
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Value).MapKeys")
		return b.Extract(r, 0)
	})
	// MapIndex(key): a Value holding a copy of the element, the zero Value
	// when the key is not there (or the map is nil). A key Value of
	// another type than the map's, or a map whose key or element type
	// kiss does not hold as a Value (an interface), stops the path.
	m["(reflect.Value).MapIndex"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v, key := args[0], args[1]
		rv := c.rt.typ("rvalue")
		r := b.Call(ir.Struct(rv, ir.I64), c.modelLate(l, "reflect.mapindex"), rvID(b, v), b.Extract(v, 1), rvID(b, key), b.Extract(key, 1))
		code := b.Extract(r, 1)
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect: call of reflect.Value.MapIndex on a Value that is not a map")
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Value).MapIndex")
		return c.inheritRO(l, b, v, b.Extract(r, 0)), nil
	}
	// FieldByName(name): the field of that name, declared in the struct
	// or promoted by a struct it embeds (not through a pointer), by Go's
	// rules of depth; the zero Value when there is none. Through an
	// embedded pointer, or in a struct type kiss does not hold, the path
	// stops as at a call kiss does not know.
	m["(reflect.Value).FieldByName"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		id := rvID(b, v)
		n := b.Call(lenType, c.modelLate(l, "reflect.numfield"), id)
		b.PanicStringUnless(b.Extract(n, 1), "reflect: call of reflect.Value.FieldByName on a Value that is not a struct")
		r := b.Call(ir.Struct(c.rt.typ("rvalue"), ir.I64), c.modelLate(l, "reflect.fieldbyname"), id, b.Extract(v, 1), args[1])
		stopIf(l, b, b.Bin(ir.OpEq, b.Extract(r, 1), ir.IntConst(ir.I64, 2)), "(reflect.Value).FieldByName")
		return c.inheritRO(l, b, v, b.Extract(r, 0)), nil
	}
	// Convert between integer types, and to a type of the same
	// underlying basic type (testify's compare of a time.Duration as an
	// int64: Less, Greater, Positive). Of other types the path stops.
	m["(reflect.Value).Convert"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		to := c.typeArg(l, b, call, args[1], "Value.Convert")
		r := b.Call(ir.Struct(c.rt.typ("rvalue"), ir.Bool), c.modelLate(l, "reflect.convert"), rvID(b, v), b.Extract(v, 1), to)
		stopIf(l, b, b.Not(b.Extract(r, 1)), "(reflect.Value).Convert")
		return c.inheritRO(l, b, v, b.Extract(r, 0)), nil
	}
	m["(reflect.Value).Index"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		r := b.Call(indexType(c), c.modelLate(l, "reflect.index"), rvID(b, v), b.Extract(v, 1), b.Conv(args[1], ir.I64))
		code := b.Extract(r, 2)
		for k, msg := range []string{"", "reflect: call of reflect.Value.Index on a Value that is not an array, slice or string",
			"reflect: slice index out of range", "reflect: array index out of range", "reflect: string index out of range"} {
			if k > 0 {
				b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, int64(k))), msg)
			}
		}
		c.read(b, b.Extract(r, 1))
		return c.inheritRO(l, b, v, b.Extract(r, 0)), nil
	}
	m["(reflect.Value).Elem"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		return c.valueElem(l, b, v, "Elem")
	})
	// A Value of a type kiss does not hold (a field or element of an
	// interface type: no Value here has an interface kind) stops the path
	// at Interface and TypeAssert: its interface value would be of
	// kiss's unknown type, which == tells apart from every value (std's
	// reflect TestInterfaceExtraction was a false test failure).
	m["(reflect.Value).Interface"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		valid(b, id, "Interface")
		b.PanicStringUnless(b.Not(readOnly(b, v)), "reflect.Value.Interface: cannot return value obtained from unexported field or method")
		stopIf(l, b, b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, unknownTypeID)), "(reflect.Value).Interface")
		return b.Make(l.Iface(), id, box) // boxes are never written: no copy needed
	})
	// reflect.TypeAssert[T](v) is v.Interface().(T) with comma-ok, as its
	// source says (encoding/xml and json ask it of every value for their
	// Marshalers).
	m["reflect.TypeAssert"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		res := l.Type(call.Signature().Results())
		fn, _ := call.Value.(*ssa.Function)
		if fn == nil || len(fn.TypeArgs()) != 1 {
			fail(errorf("reflect.TypeAssert called without its type argument"))
		}
		T := fn.TypeArgs()[0]
		b.PanicStringUnless(b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0)), "reflect: call of reflect.TypeAssert on zero Value")
		b.PanicStringUnless(b.Not(readOnly(b, v)), "reflect.TypeAssert: cannot return value obtained from unexported field or method")
		stopIf(l, b, b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, unknownTypeID)), "reflect.TypeAssert")
		if isInterface(T) {
			var ok ir.Value = b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0))
			if T.Underlying().(*types.Interface).NumMethods() > 0 {
				ok = b.Call(ir.Bool, l.implementsFunc(T), id)
			}
			x := b.Make(l.Iface(), id, box)
			return b.Make(res, b.Op(ir.OpSelect, l.Iface(), ok, x, ir.ZeroConst(l.Iface())), ok)
		}
		r := b.Temp(res)
		b.move(r, ir.ZeroConst(res))
		_, join := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, l.TypeID(T))), "ok")
		b.Assign(r, ir.OpMake, b.Load(l.Type(T), box), ir.BoolConst(true))
		b.Jmp(join)
		b.SetBlock(join)
		return r
	})
	m["(reflect.Value).CanInterface"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		valid(b, id, "CanInterface")
		return b.Not(readOnly(b, v))
	})
	m["(reflect.Value).String"] = value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
		r := b.Local("s", ir.String)
		b.Copy(r, ir.StringConst("<invalid Value>"))
		join := b.NewBlock("str")
		_, held := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Jmp(join)
		b.SetBlock(held)
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		_, other := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindString)), "string")
		b.Copy(r, b.Load(ir.String, box))
		b.Jmp(join)
		b.SetBlock(other) // "<T Value>"
		b.Copy(r, l.unknownNondetLabel(b, ir.String, libUnknown))
		b.Jmp(join)
		b.SetBlock(join)
		return r
	})
	// Int, Uint, Float and Bool: the value the box holds, widened, for the
	// kinds each accepts; the others panic as Go's do.
	scalar := func(method string, res *ir.Type, kinds map[int64]*ir.Type) externFunc {
		return value(func(l *lowerer, b *builder, call *ssa.CallCommon, v, id, box ir.Value) ir.Value {
			valid(b, id, method)
			k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
			r, join := b.Temp(res), b.NewBlock("scalar")
			for kind := range 27 {
				t := kinds[int64(kind)]
				if t == nil {
					continue
				}
				_, next := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, int64(kind))), "kind")
				b.move(r, b.Conv(b.Load(t, box), res))
				b.Jmp(join)
				b.SetBlock(next)
			}
			b.PanicStringUnless(ir.BoolConst(false), "reflect: call of reflect.Value."+method+" on a Value of another kind")
			b.Jmp(join)
			b.SetBlock(join)
			return r
		})
	}
	m["(reflect.Value).Call"] = c.valueCall
	m["(reflect.Value).Int"] = scalar("Int", ir.I64, map[int64]*ir.Type{kindInt: ir.I64, kindInt8: ir.I8, kindInt16: ir.I16, kindInt32: ir.I32, kindInt64: ir.I64})
	m["(reflect.Value).Uint"] = scalar("Uint", ir.U64, map[int64]*ir.Type{kindUint: ir.U64, kindUint8: ir.U8, kindUint16: ir.U16, kindUint32: ir.U32, kindUint64: ir.U64, kindUintptr: ir.U64})
	m["(reflect.Value).Float"] = scalar("Float", ir.F64, map[int64]*ir.Type{kindFloat32: ir.F32, kindFloat64: ir.F64})
	m["(reflect.Value).Bool"] = scalar("Bool", ir.Bool, map[int64]*ir.Type{kindBool: ir.Bool})
	for _, name := range summaries.ReflectUnknown() {
		name := name
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return l.unknownCall(b, call, name), nil
		}
	}
}

// typeArg is the type id that typ, the reflect.Type argument of call (to
// reflect's function fn), stands for: its box's for a Type kiss made,
// unknownTypeID for another. A nil Type panics, as in Go.
func (c *concLowering) typeArg(l *lowerer, b *builder, call *ssa.CallCommon, typ ir.Value, fn string) ir.Value {
	b.PanicStringUnless(b.Bin(ir.OpNe, b.Extract(typ, 0), ir.IntConst(ir.I64, 0)), "reflect: "+fn+"(nil)")
	rid := c.rtype(l, call.Signature().Params().At(0).Type())
	id := b.Temp(ir.I64)
	b.Copy(id, ir.IntConst(ir.I64, unknownTypeID))
	_, join := b.If(b.Bin(ir.OpEq, b.Extract(typ, 0), ir.IntConst(ir.I64, rid)), "rtype")
	b.Copy(id, b.Load(ir.I64, b.Extract(typ, 1)))
	b.Jmp(join)
	b.SetBlock(join)
	return id
}

// rvalue is the Value holding the value in box, of dynamic type id.
func (c *concLowering) rvalue(b *builder, id, box ir.Value) ir.Value {
	return b.Make(c.rt.typ("rvalue"), ir.ZeroConst(ir.Ptr), box, b.Conv(id, ir.U64))
}

// roMark is the first word of a read-only Value (one obtained through an
// unexported field: Go's flagRO), nil for the others.
func (c *concLowering) roMark(l *lowerer) ir.Value { return l.sharedGlobal("reflect.flagRO", ir.Bool) }

// readOnly reports whether the Value v is read-only.
func readOnly(b *builder, v ir.Value) ir.Value {
	return b.Bin(ir.OpNe, b.Extract(v, 0), ir.ZeroConst(ir.Ptr))
}

// inheritRO is r, made read-only when the Value it came from, v, is.
func (c *concLowering) inheritRO(l *lowerer, b *builder, v, r ir.Value) ir.Value {
	first := b.Op(ir.OpSelect, ir.Ptr, readOnly(b, v), c.roMark(l), b.Extract(r, 0))
	return b.Make(c.rt.typ("rvalue"), first, b.Extract(r, 1), b.Extract(r, 2))
}

// rvID is the dynamic type id of the Value v.
func rvID(b *builder, v ir.Value) ir.Value { return b.Conv(b.Extract(v, 2), ir.I64) }

// typeOf is reflect.TypeOf of a value whose dynamic type is id: nil for
// nil, else kiss's *reflect.rtype, whose box is the type's own.
func (c *concLowering) typeOf(l *lowerer, b *builder, typeIface types.Type, id ir.Value) ir.Value {
	rid := c.rtype(l, typeIface)
	box := b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), id)
	t := b.Make(l.Iface(), ir.IntConst(ir.I64, rid), box)
	return b.Op(ir.OpSelect, l.Iface(), b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), ir.ZeroConst(l.Iface()), t)
}

// valueElem is v.Elem() (method names it in the panic of a wrong kind).
func (c *concLowering) valueElem(l *lowerer, b *builder, v ir.Value, method string) ir.Value {
	r := b.Call(elemType(c), c.modelLate(l, "reflect.elem"), rvID(b, v), b.Extract(v, 1))
	b.PanicStringUnless(b.Extract(r, 2), "reflect: call of reflect.Value."+method+" on a Value of a kind without elements")
	c.read(b, b.Extract(r, 1))
	return c.inheritRO(l, b, v, b.Extract(r, 0))
}

// rtype registers kiss's *reflect.rtype, the dynamic type of reflect.Type
// values, on first use; typeIface is reflect.Type. Its box holds the type
// id; Kind, Elem, NumMethod, Method, Name, NumIn, NumOut, In, Out and
// IsVariadic
// answer as the reflect model does, the other methods return unknown
// values. internal/reflectlite.Type gets its own,
// *internal/reflectlite.rtype, the same way.
func (c *concLowering) rtype(l *lowerer, typeIface types.Type) int64 {
	name := "*reflect.rtype"
	if n, ok := types.Unalias(typeIface).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "internal/reflectlite" {
		name = "*internal/reflectlite.rtype"
	}
	if id := c.rtypeIDs[name]; id != 0 {
		return id
	}
	methods := map[methodKey]*ir.Func{}
	it, _ := typeIface.Underlying().(*types.Interface)
	if it == nil {
		fail(errorf("reflect.Type is not an interface"))
	}
	// The methods are made once the type is registered: Elem returns
	// values of it.
	var fill []func(id int64)
	for m := range it.Methods() {
		sig := m.Type().(*types.Signature)
		params := []any{"t", ir.Ptr}
		for i := range sig.Params().Len() {
			params = append(params, "a"+itoa(i), l.Type(sig.Params().At(i).Type()))
		}
		b := l.helper(strings.TrimPrefix(name, "*")+"."+m.Name(), l.resultType(sig), params...)
		b.label, b.noCheck = "", true
		methods[keyOf(m)] = b.Fn
		if !lazyRtypeMethods[m.Name()] {
			fill = append(fill, func(id int64) { c.rtypeMethod(l, b, m, id) })
			continue
		}
		// made when an interface call of it is dispatched: their late
		// functions walk every method of every type
		restore := l.labelUnknown("the method " + m.Name() + " of reflect.Type")
		l.retUnknown(b, sig)
		restore()
		fill = append(fill, func(id int64) {
			if l.lazyBodies == nil {
				l.lazyBodies = map[*ir.Func]func(){}
			}
			l.lazyBodies[b.Fn] = func() { c.rtypeMethod(l, l.rebuild(b.Fn), m, id) }
		})
	}
	id := l.RegisterType(name, methods)
	if c.rtypeIDs == nil {
		c.rtypeIDs = map[string]int64{}
	}
	c.rtypeIDs[name] = id
	for _, f := range fill {
		f(id)
	}
	return id
}

// lazyRtypeMethods are the methods of kiss's rtype whose bodies are made
// only when a call may reach them (lowerer.lazyBodies).
var lazyRtypeMethods = map[string]bool{"NumMethod": true, "Method": true, "Name": true, "NumIn": true, "NumOut": true, "IsVariadic": true, "In": true, "Out": true}

// rtypeMethod emits the body of method m of kiss's rtype whose id is rid.
func (c *concLowering) rtypeMethod(l *lowerer, b *builder, m *types.Func, rid int64) {
	sig := m.Type().(*types.Signature)
	{
		id := b.Load(ir.I64, b.Fn.Params[0])
		if c.rtypeMethods(l, b, m, id) {
			return
		}
		switch m.Name() {
		case "Kind":
			k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
			b.Ret(b.Conv(k, b.Fn.Result))
		case "Elem":
			info := b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id)
			k := b.Extract(info, 0)
			var has ir.Value = ir.BoolConst(false)
			for _, kk := range []int64{kindArray, kindChan, kindMap, kindPointer, kindSlice} {
				has = b.Bin(ir.OpOr, has, b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kk)))
			}
			b.PanicStringUnless(has, "reflect: Elem of invalid type")
			elem := b.Extract(info, 1)
			known := b.Bin(ir.OpNe, elem, ir.IntConst(ir.I64, 0))
			// An element type kiss does not hold (a struct with a mutex):
			// one box per pointer type, so that New can make the pointer.
			other := b.Call(ir.Ptr, c.modelLate(l, "reflect.elemof"), id)
			box := b.Op(ir.OpSelect, ir.Ptr, known, b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), elem), other)
			b.Ret(b.Make(l.Iface(), ir.IntConst(ir.I64, rid), box))
		default:
			restore := l.labelUnknown("the method " + m.Name() + " of reflect.Type")
			l.retUnknown(b, sig)
			restore()
		}
	}
}

// The results of the late functions.
var (
	typeInfoType = ir.Struct(ir.I64, ir.I64)  // kind, element type id (0: unknown)
	lenType      = ir.Struct(ir.I64, ir.Bool) // length, whether the kind has one
	pointerType  = ir.Struct(ir.U64, ir.Bool) // address, whether the kind has one
	newType      = ir.Struct(ir.I64, ir.Ptr)  // the pointer type's id (0: unknown), the box holding the pointer
)

// elemType is reflect.elem's result: the Value, the address it was read
// from, whether the kind has an element.
func elemType(c *concLowering) *ir.Type { return ir.Struct(c.rt.typ("rvalue"), ir.Ptr, ir.Bool) }

// indexType is reflect.index's result: the Value, the address it was read
// from (nil: a copy in the box), and 0, or why Index panics: 1 a kind
// without elements, 2-4 a slice's, array's or string's index out of range.
func indexType(c *concLowering) *ir.Type { return ir.Struct(c.rt.typ("rvalue"), ir.Ptr, ir.I64) }

// modelLate returns the model's late function kind, making it: a function
// whose body switches over the program's dynamic types. Its recipe is its
// kind, so that an importer of exported code makes its own (lateFor).
func (c *concLowering) modelLate(l *lowerer, kind string) *ir.Func {
	var f *ir.Func
	switch kind {
	case "reflect.typeinfo":
		f = l.late(kind, kind, typeInfoType, []any{"id", ir.I64}, c.genTypeInfo(l))
	case "reflect.typeof":
		f = l.late(kind, kind, ir.Ptr, []any{"id", ir.I64}, c.genTypeOf(l))
	case "reflect.isnil":
		f = l.late(kind, kind, ir.I64, []any{"id", ir.I64, "box", ir.Ptr}, c.genIsNil(l))
	case "reflect.len":
		f = l.late(kind, kind, lenType, []any{"id", ir.I64, "box", ir.Ptr}, c.genLen(l))
	case "reflect.pointer":
		f = l.late(kind, kind, pointerType, []any{"id", ir.I64, "box", ir.Ptr}, c.genPointer(l))
	case "reflect.elem":
		f = l.late(kind, kind, elemType(c), []any{"id", ir.I64, "box", ir.Ptr}, c.genElem(l))
	case "maps.clone":
		f = l.late(kind, kind, ir.Ptr, []any{"id", ir.I64, "box", ir.Ptr}, c.genMapClone(l))
	case "reflect.numfield":
		f = l.late(kind, kind, lenType, []any{"id", ir.I64}, c.genNumField(l))
	case "reflect.field":
		f = l.late(kind, kind, elemType(c), []any{"id", ir.I64, "box", ir.Ptr, "i", ir.I64}, c.genField(l))
	case "reflect.index":
		f = l.late(kind, kind, indexType(c), []any{"id", ir.I64, "box", ir.Ptr, "i", ir.I64}, c.genIndex(l))
	case "reflect.zero":
		f = l.late(kind, kind, ir.Ptr, []any{"id", ir.I64}, c.genZero(l))
	case "reflect.elemof":
		f = l.late(kind, kind, ir.Ptr, []any{"id", ir.I64}, c.genElemOf(l))
	case "reflect.new":
		f = l.late(kind, kind, newType, []any{"id", ir.I64, "box", ir.Ptr}, c.genNew(l))
	case "reflect.ptrto":
		f = l.late(kind, kind, ir.I64, []any{"id", ir.I64, "box", ir.Ptr}, c.genPtrTo(l))
	case "reflect.fieldbyname":
		f = l.late(kind, kind, ir.Struct(c.rt.typ("rvalue"), ir.I64), []any{"id", ir.I64, "box", ir.Ptr, "name", ir.String}, c.genFieldByName(l))
	case "reflect.mapkeys":
		f = l.late(kind, kind, ir.Struct(l.tSlice, ir.I64), []any{"id", ir.I64, "box", ir.Ptr}, c.genMapKeys(l))
	case "reflect.iszero":
		f = l.late(kind, kind, ir.I64, []any{"id", ir.I64, "box", ir.Ptr}, c.genIsZero(l))
	case "reflect.mapindex":
		f = l.late(kind, kind, ir.Struct(c.rt.typ("rvalue"), ir.I64), []any{"id", ir.I64, "box", ir.Ptr, "kid", ir.I64, "kbox", ir.Ptr}, c.genMapIndex(l))
	case "reflect.nummethod":
		f = l.late(kind, kind, lenType, []any{"id", ir.I64}, c.genNumMethod(l))
	case "reflect.method":
		f = l.late(kind, kind, methodType, []any{"id", ir.I64, "i", ir.I64}, c.genMethod(l))
	case "reflect.makeslice":
		f = l.late(kind, kind, makeSliceType, []any{"id", ir.I64, "len", ir.I64, "cap", ir.I64}, c.genMakeSlice(l))
	case "reflect.funcio":
		f = l.late(kind, kind, funcIOType, []any{"id", ir.I64, "out", ir.I64, "i", ir.I64}, c.genFuncIO(l))
	case "reflect.funcshape":
		f = l.late(kind, kind, funcShapeType, []any{"id", ir.I64}, c.genFuncShape(l))
	case "reflect.name":
		f = l.late(kind, kind, ir.Struct(ir.String, ir.Bool), []any{"id", ir.I64}, c.genTypeName(l))
	case "reflect.call":
		f = l.late(kind, kind, callType(l), []any{"id", ir.I64, "box", ir.Ptr, "in", l.tSlice, "ro", ir.Bool}, c.genCall(l))
	case "reflect.convert":
		f = l.late(kind, kind, ir.Struct(c.rt.typ("rvalue"), ir.Bool), []any{"id", ir.I64, "box", ir.Ptr, "to", ir.I64}, c.genConvert(l))
	case "reflect.mapof":
		f = l.late(kind, kind, ir.I64, []any{"key", ir.I64, "elem", ir.I64}, c.genMapOf(l))
	case "reflect.deepequal":
		f = l.late(kind, kind, ir.Bool, []any{"x", l.Iface(), "y", l.Iface()}, c.genDeepEqual(l))
	case "testify.ObjectsAreEqual":
		f = l.late(kind, kind, ir.Bool, []any{"x", l.Iface(), "y", l.Iface()}, c.genObjectsAreEqual(l))
	case "json.encode":
		f = l.late(kind, kind, ir.Bool, []any{"v", l.Iface()}, c.genJSONEncode(l))
	case "json.decode":
		f = l.late(kind, kind, ir.I64, []any{"v", l.Iface(), "useNumber", ir.Bool}, c.genJSONDecode(l))
	case "fmt.refs", "reflect.refs":
		f = l.late(kind, kind, refsType(l), []any{"x", l.Iface()}, c.genRefs(l, kind == "fmt.refs"))
	default:
		return nil
	}
	if lf := l.dyn.lateBy[kind]; lf.recipe == nil {
		lf.recipe = &summaries.Late{Kind: kind}
	}
	return f
}

// modelLate makes this program's late function of a model for an
// imported one's recipe kind; nil if no model has such a kind.
func (l *lowerer) modelLate(kind string) *ir.Func {
	c, ok := l.Conc.(*concLowering)
	if !ok {
		return nil
	}
	return c.modelLate(l, kind)
}

// unknownKind returns a kind kiss does not know from a late function.
func unknownKind(l *lowerer, b *builder) {
	k := l.unknownNondetLabel(b, ir.I64, fmt.Sprintf(reflectLabel, "kind"))
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, k, ir.IntConst(ir.I64, kindBool)), b.Bin(ir.OpLe, k, ir.IntConst(ir.I64, kindUnsafePointer)))}})
	b.Ret(b.Make(typeInfoType, k, ir.IntConst(ir.I64, 0)))
}

// genTypeInfo: reflect.typeinfo(id) {kind, elem}. kiss's own types are
// pointers in Go (errors, contexts, rtype); the element of a pointer
// joins the type table, so that Elem can hold it.
func (c *concLowering) genTypeInfo(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id := b.Fn.Params[0]
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Ret(ir.ZeroConst(typeInfoType))
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			var elem int64
			if e.Type != nil {
				elem = c.elemID(l, e.Type)
			}
			b.Ret(b.Make(typeInfoType, ir.IntConst(ir.I64, kindOf(e)), ir.IntConst(ir.I64, elem)))
		})
		unknownKind(l, b)
	}
}

// kindOf is the reflect.Kind of dynamic type e, kindInvalid if kiss does
// not know it: kiss's own types are pointers in Go (errors, contexts,
// rtype); a type known only from another package's code has the kind its
// exporter gave it.
func kindOf(e *typeEntry) int64 {
	switch {
	case e.Type != nil:
		return goKind(e.Type)
	case e.Methods != nil:
		return kindPointer
	case e.Imported != nil:
		return e.Imported.kind
	}
	return kindInvalid
}

// elemID is the id of t's element type (0 if it has none or kiss does not
// hold one): a pointer's joins the table, unless an interface (no value
// has one as its dynamic type) or a value holding a model's own type (a
// struct with a sync.Mutex: a value of it is never boxed, and == does not
// compare it).
func (c *concLowering) elemID(l *lowerer, t types.Type) int64 {
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if !isInterface(u.Elem()) && !l.holdsModelled(u.Elem(), nil) {
			return l.TypeID(u.Elem())
		}
		elem = u.Elem()
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	case *types.Chan:
		elem = u.Elem()
	default:
		return 0
	}
	if id, ok := l.dyn.ids.At(elem).(int64); ok {
		return id
	}
	return 0
}

// genTypeOf: reflect.typeof(id) ptr, the box of the type's rtype, one per
// type (a global holding the id); a fresh one for a type not in the table.
func (c *concLowering) genTypeOf(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id := b.Fn.Params[0]
		l.switchOnType(b, id, func(e *typeEntry) bool { return true }, func(e *typeEntry) {
			g := l.sharedGlobal("reflect.rtype."+strconv.FormatInt(e.ID, 10), ir.I64)
			b.Store(g, id)
			b.Ret(g)
		})
		p := b.Alloc(ir.I64, nil)
		b.Store(p, id)
		b.Ret(p)
	}
}

// genIsNil: reflect.isnil(id, box) 0 (not nil), 1 (nil) or 2 (a kind
// without nil, or the zero Value: IsNil panics).
func (c *concLowering) genIsNil(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		ret := func(isNil ir.Value) {
			b.Ret(b.Op(ir.OpSelect, ir.I64, isNil, ir.IntConst(ir.I64, 1), ir.IntConst(ir.I64, 0)))
		}
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Ret(ir.IntConst(ir.I64, 2))
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			if e.Methods != nil { // a pointer: the box
				b.Ret(ir.IntConst(ir.I64, 0))
				return
			}
			switch kindOf(e) {
			case kindPointer, kindMap, kindChan, kindUnsafePointer:
				ret(b.Bin(ir.OpEq, b.Load(ir.Ptr, box), ir.ZeroConst(ir.Ptr)))
			case kindFunc:
				ret(b.Bin(ir.OpEq, b.Extract(b.Load(l.Closure(), box), 0), ir.ZeroConst(ir.FuncT)))
			case kindSlice:
				ret(b.Bin(ir.OpEq, b.Extract(b.Load(l.Slice(), box), 0), ir.ZeroConst(ir.Ptr)))
			default:
				b.Ret(ir.IntConst(ir.I64, 2))
			}
		})
		ret(l.unknownNondetLabel(b, ir.Bool, fmt.Sprintf(reflectLabel, "nil-ness")))
	}
}

// genPointer: reflect.pointer(id, box) {p, ok}: the address a chan, map,
// pointer, unsafe.Pointer or slice holds (a slice's array), as Value's
// Pointer gives it; of a func or string, an unknown address (a func's
// code, which kiss's closures do not have; non-zero unless the func is
// nil: runtime.FuncForPC(v.Pointer()).Name() names a function to a
// scheduler or logger); ok false for the other kinds, which panic.
func (c *concLowering) genPointer(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		ret := func(p ir.Value, ok bool) { b.Ret(b.Make(pointerType, p, ir.BoolConst(ok))) }
		code := func(label string) ir.Value {
			p := l.unknownNondetLabel(b, ir.U64, label)
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpNe, p, ir.IntConst(ir.U64, 0))}})
			return p
		}
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			if e.Methods != nil { // a pointer: the box
				ret(b.Conv(box, ir.U64), true)
				return
			}
			switch kindOf(e) {
			case kindPointer, kindMap, kindChan, kindUnsafePointer:
				ret(b.Conv(b.Load(ir.Ptr, box), ir.U64), true)
			case kindSlice:
				ret(b.Conv(b.Extract(b.Load(l.Slice(), box), 0), ir.U64), true)
			case kindFunc:
				isNil := b.Bin(ir.OpEq, b.Extract(b.Load(l.Closure(), box), 0), ir.ZeroConst(ir.FuncT))
				_, set := b.If(isNil, "nilfunc")
				ret(ir.IntConst(ir.U64, 0), true)
				b.SetBlock(set)
				ret(code("reflect: the code address of a func (Value.Pointer)"), true)
			case kindString:
				ret(code("reflect: the address of a string's bytes (Value.Pointer)"), true)
			default:
				ret(ir.IntConst(ir.U64, 0), false)
			}
		})
		// the zero Value, or a type kiss does not know
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		ret(ir.IntConst(ir.U64, 0), false)
		b.SetBlock(valid)
		ret(code(fmt.Sprintf(reflectLabel, "address")), true)
	}
}

// genLen: reflect.len(id, box) {n, ok}: the length of an array (or a
// pointer to one), chan, map, slice or string; ok false for the others.
func (c *concLowering) genLen(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		unknown := func() {
			n := l.unknownNondetLabel(b, ir.I64, fmt.Sprintf(reflectLabel, "length"))
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0))}})
			b.Ret(b.Make(lenType, n, l.unknownNondetLabel(b, ir.Bool, fmt.Sprintf(reflectLabel, "length"))))
		}
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Ret(ir.ZeroConst(lenType))
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			if e.Type == nil { // by its kind: the box's layout
				var n ir.Value
				switch kindOf(e) {
				case kindString:
					n = b.Op(ir.OpStrLen, ir.I64, b.Load(ir.String, box))
				case kindSlice:
					n = b.Extract(b.Load(l.Slice(), box), 2)
				case kindMap:
					n = l.lenCap(b, &ssa.CallCommon{}, "len", types.NewMap(types.Typ[types.Int], types.Typ[types.Int]), b.Load(ir.Ptr, box))
				case kindChan:
					n = l.lenCap(b, &ssa.CallCommon{}, "len", types.NewChan(types.SendRecv, types.Typ[types.Int]), b.Load(ir.Ptr, box))
				case kindArray, kindPointer: // of a length kiss does not know, or maybe not an array
					unknown()
					return
				default:
					b.Ret(ir.ZeroConst(lenType))
					return
				}
				b.Ret(b.Make(lenType, n, ir.BoolConst(true)))
				return
			}
			t := e.Type.Underlying()
			switch u := t.(type) {
			case *types.Pointer:
				if _, ok := u.Elem().Underlying().(*types.Array); !ok {
					b.Ret(ir.ZeroConst(lenType))
					return
				}
			case *types.Slice, *types.Array, *types.Map, *types.Chan:
			case *types.Basic:
				if u.Info()&types.IsString == 0 {
					b.Ret(ir.ZeroConst(lenType))
					return
				}
			default:
				b.Ret(ir.ZeroConst(lenType))
				return
			}
			n := l.lenCap(b, &ssa.CallCommon{}, "len", t, b.Load(l.Type(e.Type), box))
			b.Ret(b.Make(lenType, n, ir.BoolConst(true)))
		})
		unknown()
	}
}

// genElem: reflect.elem(id, box) {Value, address read, ok}: for a pointer,
// a copy of what it points to (the zero Value for nil); ok false for the
// other kinds. No Value holds an interface: a pointer to one, or one of
// kiss's own, has an element of unknown type.
func (c *concLowering) genElem(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		rv := c.rt.typ("rvalue")
		rt := elemType(c)
		bad := b.Make(rt, ir.ZeroConst(rv), ir.ZeroConst(ir.Ptr), ir.BoolConst(false))
		unknown := func() {
			v := c.rvalue(b, ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))
			b.Ret(b.Make(rt, v, ir.ZeroConst(ir.Ptr), ir.BoolConst(true)))
		}
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Ret(bad)
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return true }, func(e *typeEntry) {
			if e.Type == nil { // what kiss's own pointer types and the ones of other packages' code point to
				if kindOf(e) != kindPointer && kindOf(e) != kindInvalid {
					b.Ret(bad)
					return
				}
				unknown()
				return
			}
			u, ok := e.Type.Underlying().(*types.Pointer)
			if !ok {
				b.Ret(bad)
				return
			}
			p := b.Load(ir.Ptr, box)
			_, nonnil := b.If(b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr)), "nil")
			b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.ZeroConst(ir.Ptr), ir.BoolConst(true)))
			b.SetBlock(nonnil)
			eid := c.elemID(l, e.Type)
			if eid == 0 { // a pointer to an interface: no dynamic type is one
				unknown()
				return
			}
			t := l.Type(u.Elem())
			nb := b.Alloc(t, nil)
			b.Store(nb, b.Load(t, p))
			b.Ret(b.Make(rt, c.rvalue(b, ir.IntConst(ir.I64, eid), nb), p, ir.BoolConst(true)))
		})
		unknown()
	}
}

// unknownValue returns a Value of a type kiss does not hold (what a
// field or element of a type kiss has no id for holds), in the shape of
// result r: the Value first, then zero values.
func (c *concLowering) unknownValue(b *builder, r *ir.Type) {
	ops := []ir.Value{c.rvalue(b, ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))}
	for _, t := range r.Fields[1:] {
		ops = append(ops, ir.ZeroConst(t))
	}
	b.Ret(b.Make(r, ops...))
}

// heldID is the id of Go type t when the program's table holds it and a
// Value can hold it (not an interface type, nor one holding a model's
// state); else 0.
func (c *concLowering) heldID(l *lowerer, t types.Type) int64 {
	if isInterface(t) || l.holdsModelled(t, nil) {
		return 0
	}
	if id, ok := l.dyn.ids.At(t).(int64); ok {
		return id
	}
	return 0
}

// genMapClone: maps.clone(id, box) ptr, a new map with the entries of the
// map of type id the box holds (nil for another kind or a nil map).
func (c *concLowering) genMapClone(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindMap }, func(e *typeEntry) {
			u := e.Type.Underlying().(*types.Map)
			kt, vt := l.mapKeyType(u.Key()), l.Type(u.Elem())
			src := b.Load(ir.Ptr, box)
			_, live := b.If(b.Bin(ir.OpEq, src, ir.ZeroConst(ir.Ptr)), "nil")
			b.Ret(ir.ZeroConst(ir.Ptr))
			b.SetBlock(live)
			dst := b.Temp(ir.Ptr)
			b.Emit(&ir.Instr{Op: ir.OpMapNew, Dst: dst, Type: kt, Type2: vt})
			b.forLoop("k", b.Op(ir.OpMapLen, ir.I64, src), func(i ir.Value) {
				k := b.Op(ir.OpMapKey, kt, src, i)
				v := b.Extract(b.Op(ir.OpMapGet, ir.Struct(vt, ir.Bool), src, k), 0)
				b.Emit(&ir.Instr{Op: ir.OpMapSet, Args: []ir.Value{dst, k, v}})
			})
			b.Ret(dst)
		})
		b.Ret(ir.ZeroConst(ir.Ptr))
	}
}

// genNumField: reflect.numfield(id) {n, ok}: a struct's field count; ok
// false for the other kinds; unknown for a struct kiss has no type of.
func (c *concLowering) genNumField(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id := b.Fn.Params[0]
		unknown := func() {
			n := l.unknownNondetLabel(b, ir.I64, fmt.Sprintf(reflectLabel, "fields"))
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0))}})
			b.Ret(b.Make(lenType, n, ir.BoolConst(true)))
		}
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		b.Ret(ir.ZeroConst(lenType))
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			switch {
			case kindOf(e) != kindStruct:
				b.Ret(ir.ZeroConst(lenType))
			case e.Type == nil:
				unknown()
			default:
				n := e.Type.Underlying().(*types.Struct).NumFields()
				b.Ret(b.Make(lenType, ir.IntConst(ir.I64, int64(n)), ir.BoolConst(true)))
			}
		})
		unknown()
	}
}

// genField: reflect.field(id, box, i): field i (in range) of the struct
// the box holds, as a Value holding a copy of it.
func (c *concLowering) genField(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, i := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		rt := elemType(c)
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindStruct }, func(e *typeEntry) {
			st := e.Type.Underlying().(*types.Struct)
			for j := range st.NumFields() {
				_, next := b.If(b.Bin(ir.OpEq, i, ir.IntConst(ir.I64, int64(j))), "field")
				ft := st.Field(j).Type()
				fid := c.heldID(l, ft)
				if fid == 0 {
					c.unknownValue(b, rt)
				} else {
					t := l.Type(ft)
					nb := b.Alloc(t, nil)
					b.Store(nb, b.Load(t, b.Field(box, j)))
					fv := c.rvalue(b, ir.IntConst(ir.I64, fid), nb)
					if !st.Field(j).Exported() { // Go's flagRO: read, but not let out
						fv = b.Make(c.rt.typ("rvalue"), c.roMark(l), nb, b.Extract(fv, 2))
					}
					b.Ret(b.Make(rt, fv, ir.ZeroConst(ir.Ptr), ir.BoolConst(true)))
				}
				b.SetBlock(next)
			}
			c.unknownValue(b, rt)
		})
		c.unknownValue(b, rt)
	}
}

// stopIf stops the path where stop holds, a case of fn kiss does not
// model, as at a call kiss does not know (its label, LimitLabel's, names
// fn).
func stopIf(l *lowerer, b *builder, stop ir.Value, fn string) {
	_, past := b.If(stop, "stop")
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{l.unknownNondetLabel(b, ir.Bool, LimitLabel+fn)}})
	b.Jmp(past)
	b.SetBlock(past)
}

// genConvert: reflect.convert(id, box, to): the value the box holds, of
// type id, converted to type to, and true; false where kiss does not
// convert: it converts between basic types, integers to integers and each
// other kind to types of the same underlying type. Two switches one after
// the other, not one inside the other: the value is first held as what
// every type of its class converts from (an integer sign- or zero-extended
// to 64 bits, as Go extends before it truncates; another basic type as
// itself), then made a value of type to. Nested, the function had a case
// for every pair of the program's basic types: 47,000 lines of a net/rpc
// test's program.
func (c *concLowering) genConvert(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, to := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		rt := ir.Struct(c.rt.typ("rvalue"), ir.Bool)
		// the basic type whose values e's box holds: e's own, or for a
		// type known only from another package's code (testify's int64Type)
		// its kind's (keyType)
		basic := func(e *typeEntry) *types.Basic {
			t := keyType(e)
			if t == nil {
				return nil
			}
			if u, ok := t.Underlying().(*types.Basic); ok && u.Kind() != types.UnsafePointer {
				return u
			}
			return nil
		}
		// the class of a basic type: every integer type one, each other
		// kind its own (Go converts between those of one underlying type)
		const integer = -1
		class := func(u *types.Basic) int64 {
			if u.Info()&types.IsInteger != 0 {
				return integer
			}
			return int64(u.Kind())
		}
		from := b.Local("class", ir.I64)
		held := map[int64]*ir.Local{} // the value, by class
		hold := func(k int64, t *ir.Type) *ir.Local {
			if held[k] == nil {
				held[k] = b.Local("held", t)
			}
			return held[k]
		}
		convert := b.NewBlock("to")
		l.switchOnType(b, id, func(e *typeEntry) bool { return basic(e) != nil }, func(e *typeEntry) {
			u := basic(e)
			x := b.Load(l.Type(keyType(e)), box)
			k := class(u)
			if k == integer {
				b.move(hold(k, ir.I64), b.Conv(x, ir.I64))
			} else {
				b.move(hold(k, x.Type()), x)
			}
			b.move(from, ir.IntConst(ir.I64, k))
			b.Jmp(convert)
		})
		b.Ret(ir.ZeroConst(rt))
		b.SetBlock(convert)
		l.switchOnType(b, to, func(e *typeEntry) bool { return basic(e) != nil && held[class(basic(e))] != nil }, func(e *typeEntry) {
			k := class(basic(e))
			_, same := b.If(b.Bin(ir.OpNe, from, ir.IntConst(ir.I64, k)), "other")
			b.Ret(ir.ZeroConst(rt))
			b.SetBlock(same)
			t := l.Type(keyType(e))
			nb := b.Alloc(t, nil)
			b.Store(nb, b.Conv(held[k], t))
			b.Ret(b.Make(rt, c.rvalue(b, ir.IntConst(ir.I64, e.ID), nb), ir.BoolConst(true)))
		})
		b.Ret(ir.ZeroConst(rt))
	}
}

// genIsZero: reflect.iszero(id, box) i64: 1 if the value the box holds
// is its type's zero value, 0 if not, 2 if kiss does not tell (isZeroOf).
func (c *concLowering) genIsZero(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil }, func(e *typeEntry) {
			if !zeroTestable(e.Type) || l.holdsModelled(e.Type, nil) {
				b.Ret(ir.IntConst(ir.I64, 2))
				return
			}
			z := isZeroOf(l, b, e.Type, b.Load(l.Type(e.Type), box))
			b.Ret(b.Op(ir.OpSelect, ir.I64, z, ir.IntConst(ir.I64, 1), ir.IntConst(ir.I64, 0)))
		})
		b.Ret(ir.IntConst(ir.I64, 2))
	}
}

// zeroTestable reports whether isZeroOf tells IsZero's answer for type
// t: not for floats and complex numbers (IsZero looks at their bits: -0
// is not zero), or arrays longer than 64 (nor, genIsZero adds, for
// types holding kiss's models' state).
func zeroTestable(t types.Type) bool {
	return allParts(t, func(t types.Type) bool {
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return u.Info()&(types.IsFloat|types.IsComplex) == 0
		case *types.Slice, *types.Map, *types.Chan, *types.Pointer, *types.Interface, *types.Signature:
			return true
		}
		return false
	})
}

// isZeroOf emits IsZero of v, of a type zeroTestable accepts: == zero,
// field by field and element by element, a slice by its array's nil.
func isZeroOf(l *lowerer, b *builder, t types.Type, v ir.Value) ir.Value {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return b.Bin(ir.OpEq, b.Extract(v, 0), ir.ZeroConst(ir.Ptr))
	case *types.Signature: // nil: no function (funcs have no ==)
		return b.Bin(ir.OpEq, b.Extract(v, 0), ir.ZeroConst(ir.FuncT))
	case *types.Struct:
		var z ir.Value = ir.BoolConst(true)
		for i := range u.NumFields() {
			z = b.And(z, isZeroOf(l, b, u.Field(i).Type(), b.Extract(v, i)))
		}
		return z
	case *types.Array:
		var z ir.Value = ir.BoolConst(true)
		for i := range int(u.Len()) {
			z = b.And(z, isZeroOf(l, b, u.Elem(), b.Extract(v, i)))
		}
		return z
	}
	return l.equal(b, t, v, ir.ZeroConst(l.Type(t)))
}

// genMapKeys: reflect.mapkeys(id, box) {[]Value, code}: Values of the
// keys of the map the box holds (none for a nil map), code 0; code 1 for
// a Value of another kind, 2 for a map whose key type kiss does not hold.
func (c *concLowering) genMapKeys(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box := b.Fn.Params[0], b.Fn.Params[1]
		rt, rv := ir.Struct(l.tSlice, ir.I64), c.rt.typ("rvalue")
		unknown := b.Make(rt, ir.ZeroConst(l.tSlice), ir.IntConst(ir.I64, 2))
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindMap }, func(e *typeEntry) {
			key := e.Type.Underlying().(*types.Map).Key()
			kid := c.heldID(l, key)
			if kid == 0 || isInterface(key) || containsInterface(key) {
				b.Ret(unknown)
				return
			}
			kt := l.Type(key)
			src := b.Load(ir.Ptr, box)
			n := b.Local("n", ir.I64)
			b.move(n, ir.IntConst(ir.I64, 0))
			_, join := b.If(b.Bin(ir.OpNe, src, ir.ZeroConst(ir.Ptr)), "live")
			b.move(n, b.Op(ir.OpMapLen, ir.I64, src))
			b.Jmp(join)
			b.SetBlock(join)
			arr := b.Alloc(rv, n)
			b.forLoop("k", n, func(i ir.Value) {
				kb := b.Alloc(kt, nil)
				b.Store(kb, b.Op(ir.OpMapKey, kt, src, i))
				b.Store(b.Index(arr, i), c.rvalue(b, ir.IntConst(ir.I64, kid), kb))
			})
			b.Ret(b.Make(rt, b.Make(l.tSlice, arr, ir.IntConst(ir.I64, 0), n, n), ir.IntConst(ir.I64, 0)))
		})
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		_, other := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindMap)), "map")
		b.Ret(unknown)
		b.SetBlock(other)
		b.Ret(b.Make(rt, ir.ZeroConst(l.tSlice), ir.IntConst(ir.I64, 1)))
	}
}

// genMapIndex: reflect.mapindex(id, box, kid, kbox) {Value, code}: the
// element of the map the box holds at the key kbox holds, code 0 (the
// zero Value when it is not there); code 1 for a Value of another kind,
// 2 when kiss does not tell (a key of another type, an interface key or
// element).
func (c *concLowering) genMapIndex(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, kid, kbox := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2], b.Fn.Params[3]
		rv := c.rt.typ("rvalue")
		rt := ir.Struct(rv, ir.I64)
		unknown := b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 2))
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindMap }, func(e *typeEntry) {
			mt := e.Type.Underlying().(*types.Map)
			keyID, elemID := c.heldID(l, mt.Key()), c.heldID(l, mt.Elem())
			if keyID == 0 || elemID == 0 || isInterface(mt.Key()) || containsInterface(mt.Key()) {
				b.Ret(unknown)
				return
			}
			_, same := b.If(b.Bin(ir.OpNe, kid, ir.IntConst(ir.I64, keyID)), "keytype")
			b.Ret(unknown)
			b.SetBlock(same)
			src := b.Load(ir.Ptr, box)
			_, live := b.If(b.Bin(ir.OpEq, src, ir.ZeroConst(ir.Ptr)), "nil")
			b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 0)))
			b.SetBlock(live)
			kt, vt := l.Type(mt.Key()), l.Type(mt.Elem())
			got := b.Op(ir.OpMapGet, ir.Struct(vt, ir.Bool), src, b.Load(kt, kbox))
			_, found := b.If(b.Not(b.Extract(got, 1)), "absent")
			b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 0)))
			b.SetBlock(found)
			nb := b.Alloc(vt, nil)
			b.Store(nb, b.Extract(got, 0))
			b.Ret(b.Make(rt, c.rvalue(b, ir.IntConst(ir.I64, elemID), nb), ir.IntConst(ir.I64, 0)))
		})
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		_, other := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindMap)), "map")
		b.Ret(unknown)
		b.SetBlock(other)
		b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 1)))
	}
}

// genFieldByName: reflect.fieldbyname(id, box, name) {Value, code}: a
// Value holding a copy of the field named name of the struct the box
// holds, code 0; the zero Value and code 1 when there is no such field;
// code 2 when kiss does not tell (see FieldByName's model).
func (c *concLowering) genFieldByName(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, name := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		rv := c.rt.typ("rvalue")
		rt := ir.Struct(rv, ir.I64)
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindStruct }, func(e *typeEntry) {
			names, throughPtr := promotedNames(e.Type)
			for _, f := range names {
				obj, path, indirect := types.LookupFieldOrMethod(e.Type, false, f.Pkg(), f.Name())
				if obj == nil {
					continue // ambiguous at its depth: none, as in Go
				}
				_, next := b.If(b.Bin(ir.OpEq, name, ir.StringConst(f.Name())), "field")
				fv, ok := obj.(*types.Var)
				var fid int64
				if ok {
					fid = c.heldID(l, fv.Type())
				}
				switch {
				case !ok || !fv.IsField() || indirect: // a method's name, or through a pointer
					b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 2)))
				case fid == 0:
					c.unknownValue(b, rt)
				default:
					p := box
					for _, k := range path {
						p = b.Field(p, k)
					}
					t := l.Type(fv.Type())
					nb := b.Alloc(t, nil)
					b.Store(nb, b.Load(t, p))
					r := c.rvalue(b, ir.IntConst(ir.I64, fid), nb)
					if !fv.Exported() { // Go's flagRO
						r = b.Make(rv, c.roMark(l), nb, b.Extract(r, 2))
					}
					b.Ret(b.Make(rt, r, ir.IntConst(ir.I64, 0)))
				}
				b.SetBlock(next)
			}
			if throughPtr {
				b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 2)))
			} else {
				b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 1)))
			}
		})
		b.Ret(b.Make(rt, ir.ZeroConst(rv), ir.IntConst(ir.I64, 2)))
	}
}

// promotedNames are the fields of struct type t and of the structs it
// embeds, one per name (Go's depth rules pick which), and whether some
// embedded pointer or interface may promote others.
func promotedNames(t types.Type) (names []*types.Var, throughPtr bool) {
	seen := map[string]bool{}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		st, ok := t.Underlying().(*types.Struct)
		if !ok || depth > 4 {
			throughPtr = throughPtr || depth > 4
			return
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if !seen[f.Name()] {
				seen[f.Name()] = true
				names = append(names, f)
			}
			if !f.Embedded() {
				continue
			}
			if _, isStruct := f.Type().Underlying().(*types.Struct); isStruct {
				walk(f.Type(), depth+1)
			} else if _, isPtr := f.Type().Underlying().(*types.Pointer); isPtr {
				throughPtr = true
			}
		}
	}
	walk(t, 0)
	return names, throughPtr
}

// genIndex: reflect.index(id, box, i): element i of the slice, array or
// string the box holds (indexType).
func (c *concLowering) genIndex(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, i := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		rt := indexType(c)
		fail := func(code int64) {
			b.Ret(b.Make(rt, ir.ZeroConst(c.rt.typ("rvalue")), ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, code)))
		}
		bounds := func(n ir.Value, code int64) {
			_, ok := b.If(b.Bin(ir.OpOr, b.Bin(ir.OpLt, i, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpGe, i, n)), "oob")
			fail(code)
			b.SetBlock(ok)
		}
		// a copy of the element at p, of Go type et, read from p when the
		// program shares it
		elem := func(p ir.Value, et types.Type, shared bool) {
			eid := c.heldID(l, et)
			if eid == 0 {
				c.unknownValue(b, rt)
				return
			}
			t := l.Type(et)
			nb := b.Alloc(t, nil)
			b.Store(nb, b.Load(t, p))
			from := ir.Value(ir.ZeroConst(ir.Ptr))
			if shared {
				from = p
			}
			b.Ret(b.Make(rt, c.rvalue(b, ir.IntConst(ir.I64, eid), nb), from, ir.IntConst(ir.I64, 0)))
		}
		_, valid := b.If(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), "invalid")
		fail(1)
		b.SetBlock(valid)
		l.switchOnType(b, id, func(e *typeEntry) bool { return kindOf(e) != kindInvalid }, func(e *typeEntry) {
			if e.Type == nil {
				switch kindOf(e) {
				case kindSlice, kindArray, kindString:
					c.unknownValue(b, rt)
				default:
					fail(1)
				}
				return
			}
			switch u := e.Type.Underlying().(type) {
			case *types.Slice:
				s := b.Load(l.Slice(), box)
				bounds(b.Extract(s, 2), 2)
				p := b.Temp(ir.Ptr)
				b.Assign(p, ir.OpIndex, b.Extract(s, 0), b.Bin(ir.OpAdd, b.Extract(s, 1), i))
				elem(p, u.Elem(), true)
			case *types.Array:
				bounds(ir.IntConst(ir.I64, u.Len()), 3)
				p := b.Temp(ir.Ptr)
				b.Assign(p, ir.OpIndex, box, i)
				elem(p, u.Elem(), false)
			case *types.Basic:
				if u.Info()&types.IsString == 0 {
					fail(1)
					return
				}
				str := b.Load(ir.String, box)
				bounds(b.Op(ir.OpStrLen, ir.I64, str), 4)
				eid := c.heldID(l, types.Typ[types.Uint8])
				if eid == 0 {
					c.unknownValue(b, rt)
					return
				}
				nb := b.Alloc(ir.U8, nil)
				x := b.Temp(ir.U8)
				b.Assign(x, ir.OpStrIndex, str, i)
				b.Store(nb, x)
				b.Ret(b.Make(rt, c.rvalue(b, ir.IntConst(ir.I64, eid), nb), ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 0)))
			default:
				fail(1)
			}
		})
		c.unknownValue(b, rt)
	}
}

// genZero: reflect.zero(id) ptr, a new box holding the type's zero value.
func (c *concLowering) genZero(l *lowerer) func(b *builder) {
	return func(b *builder) {
		l.switchOnType(b, b.Fn.Params[0], func(e *typeEntry) bool { return e.Type != nil }, func(e *typeEntry) {
			b.Ret(b.Alloc(l.Type(e.Type), nil))
		})
		b.Ret(b.Alloc(ir.I64, nil))
	}
}

// makeSliceType is reflect.makeslice's result: the box holding the new
// slice, and a code: 0, 1 for a type that is not a slice, 2 for one kiss
// does not know.
var makeSliceType = ir.Struct(ir.Ptr, ir.I64)

// genMakeSlice: reflect.makeslice(id, len, cap) (makeSliceType): a new
// slice of slice type id. The caller checks len and cap once the kind is
// known, as Go does; a bad pair here allocates nothing.
func (c *concLowering) genMakeSlice(l *lowerer) func(b *builder) {
	return func(b *builder) {
		n, cp := b.Fn.Params[1], b.Fn.Params[2]
		l.switchOnType(b, b.Fn.Params[0], func(e *typeEntry) bool { return e.Type != nil }, func(e *typeEntry) {
			st, ok := e.Type.Underlying().(*types.Slice)
			if !ok {
				b.Ret(b.Make(makeSliceType, ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 1)))
				return
			}
			good := b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpLe, n, cp))
			_, bad := b.If(good, "len")
			t := l.Type(e.Type)
			box := b.Alloc(t, nil)
			b.Store(box, b.Make(t, b.Alloc(l.Type(st.Elem()), cp), ir.IntConst(ir.I64, 0), n, cp))
			b.Ret(b.Make(makeSliceType, box, ir.IntConst(ir.I64, 0)))
			b.SetBlock(bad)
			b.Ret(b.Make(makeSliceType, ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 0)))
		})
		b.Ret(b.Make(makeSliceType, ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 2)))
	}
}

// genElemOf: reflect.elemof(id) ptr, the rtype box of the element of
// pointer type id when kiss holds no id for it: it says "unknown type" to
// every reader but New, which finds the pointer type by the box. One per
// pointer type, so that Elem of one type twice gives equal Types, as in Go.
func (c *concLowering) genElemOf(l *lowerer) func(b *builder) {
	return func(b *builder) {
		l.switchOnType(b, b.Fn.Params[0], isPointerEntry, func(e *typeEntry) {
			b.Ret(c.elemOfBox(l, b, e))
		})
		p := b.Alloc(ir.I64, nil)
		b.Store(p, ir.IntConst(ir.I64, unknownTypeID))
		b.Ret(p)
	}
}

// elemOfBox is the rtype box genElemOf gives pointer type e's element.
func (c *concLowering) elemOfBox(l *lowerer, b *builder, e *typeEntry) ir.Value {
	g := l.sharedGlobal("reflect.elemof."+strconv.FormatInt(e.ID, 10), ir.I64)
	b.Store(g, ir.IntConst(ir.I64, unknownTypeID))
	return g
}

// isPointerEntry reports whether dynamic type e is a Go pointer type.
func isPointerEntry(e *typeEntry) bool {
	if e.Type == nil {
		return false
	}
	_, ok := e.Type.Underlying().(*types.Pointer)
	return ok
}

// genNew: reflect.new(id, box) {pointer type id, box}: a pointer to a new
// zero value of the type whose rtype holds id in box, found among the
// pointer types of the table (pointerTypes); id 0 when no pointer type of
// the table points to it (unknownTypeID, a Type kiss did not make,
// included).
func (c *concLowering) genNew(l *lowerer) func(b *builder) {
	return func(b *builder) {
		c.pointersOfTable(l)
		c.pointerTypes(l, b, func(e *typeEntry) {
			p := b.Alloc(ir.Ptr, nil)
			b.Store(p, b.Alloc(l.Type(e.Type.Underlying().(*types.Pointer).Elem()), nil))
			b.Ret(b.Make(newType, ir.IntConst(ir.I64, e.ID), p))
		})
		b.Ret(ir.ZeroConst(newType))
	}
}

// staticTypeOf is T when v is reflect.TypeOf of an operand of static
// type T, not an interface; else nil.
func staticTypeOf(v ssa.Value) types.Type {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil
	}
	if fn := call.Call.StaticCallee(); fn == nil || fn.String() != "reflect.TypeOf" {
		return nil
	}
	if mi, ok := call.Call.Args[0].(*ssa.MakeInterface); ok && !isInterface(mi.X.Type()) {
		return mi.X.Type()
	}
	return nil
}

// typeOrUnknown is the Type, call's result, of the table's type id; of
// a type kiss does not hold when id is 0.
func (c *concLowering) typeOrUnknown(l *lowerer, b *builder, call *ssa.CallCommon, id ir.Value) ir.Value {
	box, join := b.Temp(ir.Ptr), b.NewBlock("typeof")
	_, unknown := b.If(b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0)), "known")
	b.move(box, b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), id))
	b.Jmp(join)
	b.SetBlock(unknown)
	other := b.Alloc(ir.I64, nil)
	b.Store(other, ir.IntConst(ir.I64, unknownTypeID))
	b.move(box, other)
	b.Jmp(join)
	b.SetBlock(join)
	return b.Make(l.Iface(), ir.IntConst(ir.I64, c.rtype(l, call.Signature().Results().At(0).Type())), box)
}

// genMapOf: reflect.mapof(key, elem) i64, the id of the map type of the
// table whose key and element types have those ids; 0 if none.
func (c *concLowering) genMapOf(l *lowerer) func(b *builder) {
	return func(b *builder) {
		key, elem := b.Fn.Params[0], b.Fn.Params[1]
		for _, e := range l.info.Types {
			if e.Type == nil {
				continue
			}
			m, ok := e.Type.Underlying().(*types.Map)
			if !ok {
				continue
			}
			kid, ok1 := l.dyn.ids.At(m.Key()).(int64)
			eid, ok2 := l.dyn.ids.At(m.Elem()).(int64)
			if !ok1 || !ok2 {
				continue
			}
			_, next := b.If(b.And(b.Bin(ir.OpEq, key, ir.IntConst(ir.I64, kid)), b.Bin(ir.OpEq, elem, ir.IntConst(ir.I64, eid))), "map")
			b.Ret(ir.IntConst(ir.I64, e.ID))
			b.SetBlock(next)
		}
		b.Ret(ir.IntConst(ir.I64, 0))
	}
}

// genPtrTo: reflect.ptrto(id, box) i64, the id of the pointer type of the
// table whose element is the type whose rtype holds id in box
// (pointerTypes); 0 if none.
func (c *concLowering) genPtrTo(l *lowerer) func(b *builder) {
	return func(b *builder) {
		c.pointersOfTable(l)
		c.pointerTypes(l, b, func(e *typeEntry) { b.Ret(ir.IntConst(ir.I64, e.ID)) })
		b.Ret(ir.IntConst(ir.I64, 0))
	}
}

// pointersOfTable adds *T to the table for every type T of it that is
// not a pointer: a program that calls reflect.New or PointerTo may ask
// for the pointer type of any Type it holds, which Go makes at run time
// (testing/quick's reflect.New of a test function's []T parameter, where
// the program names no *[]T). Program regenerates the late functions
// until the table stops growing, so the new entries get their own.
func (c *concLowering) pointersOfTable(l *lowerer) {
	for _, e := range slices.Clone(l.info.Types) {
		if e.Type == nil || isPointerEntry(e) || l.holdsModelled(e.Type, nil) {
			continue
		}
		l.TypeID(types.NewPointer(e.Type))
	}
}

// pointerTypes emits, in a late function whose parameters are (id, box)
// of a Type, a test per pointer type of the table of whether the Type is
// its element (by the element's id, or by the box genElemOf gave it), and
// found's code where it is; the code goes on past the tests when none is.
func (c *concLowering) pointerTypes(l *lowerer, b *builder, found func(e *typeEntry)) {
	id, box := b.Fn.Params[0], b.Fn.Params[1]
	for _, e := range l.info.Types {
		if !isPointerEntry(e) {
			continue
		}
		var is ir.Value
		if eid := c.elemID(l, e.Type); eid != 0 {
			is = b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, eid))
		} else {
			is = b.Bin(ir.OpEq, box, c.elemOfBox(l, b, e))
		}
		_, next := b.If(is, "ptr")
		found(e)
		b.SetBlock(next)
	}
}

// genDeepEqual: reflect.deepequal(x, y) bool. Values of different types
// are not deeply equal, nil only equals nil; two values of one comparable
// type without interfaces inside that are == are; when the type has no
// references either, == is the answer. Any other answer depends on what
// the references lead to, which kiss does not compare: unknown.
func (c *concLowering) genDeepEqual(l *lowerer) func(b *builder) {
	return func(b *builder) {
		x, y := b.Fn.Params[0], b.Fn.Params[1]
		ix := b.Extract(x, 0)
		_, same := b.If(b.Bin(ir.OpNe, ix, b.Extract(y, 0)), "types")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(same)
		_, nonnil := b.If(b.Bin(ir.OpEq, ix, ir.IntConst(ir.I64, 0)), "nil")
		b.Ret(ir.BoolConst(true))
		b.SetBlock(nonnil)
		unknown := func() { b.Ret(l.unknownNondetLabel(b, ir.Bool, deepLabel)) }
		equalOrUnknown := func(eq ir.Value) {
			_, ne := b.If(eq, "eq")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(ne)
			unknown()
		}
		basicOf := func(e *typeEntry) bool { // a type of other packages' code whose values are basic
			k := kindOf(e)
			return e.Imported != nil && e.Imported.eq != nil && (k >= kindBool && k <= kindComplex128 || k == kindString)
		}
		l.switchOnType(b, ix, func(e *typeEntry) bool { return e.Type != nil || e.Methods != nil || basicOf(e) }, func(e *typeEntry) {
			switch {
			case e.Methods != nil: // kiss's own pointer types: the box is the pointer
				equalOrUnknown(b.Bin(ir.OpEq, b.Extract(x, 1), b.Extract(y, 1)))
				return
			case e.Type == nil:
				b.Ret(b.Call(ir.Bool, e.Imported.eq, b.Extract(x, 1), b.Extract(y, 1)))
				return
			}
			if !l.flat(e.Type) && l.deepComputed(e.Type, nil) {
				t := l.Type(e.Type)
				b.Ret(c.deepEqual(l, b, e.Type, b.Load(t, b.Extract(x, 1)), b.Load(t, b.Extract(y, 1))))
				return
			}
			if !types.Comparable(e.Type) || hasInterface(e.Type, nil) || l.holdsModelled(e.Type, nil) {
				unknown()
				return
			}
			t := l.Type(e.Type)
			eq := l.equal(b, e.Type, b.Load(t, b.Extract(x, 1)), b.Load(t, b.Extract(y, 1)))
			if !holdsRefs(e.Type, nil) {
				b.Ret(eq)
				return
			}
			equalOrUnknown(eq)
		})
		unknown()
	}
}

// flat reports whether values of t are deeply equal exactly when they are
// ==: comparable, with no interface, model value or reference inside.
func (l *lowerer) flat(t types.Type) bool {
	return types.Comparable(t) && !hasInterface(t, nil) && !l.holdsModelled(t, nil) && !holdsRefs(t, nil)
}

// deepComputed reports whether kiss computes reflect.DeepEqual of two
// values of t (deepEqual): flat values and interfaces, and slices, maps
// (of flat keys), arrays, structs and pointers made of such, not
// recursive. Channels, functions and models' own values are left unknown
// (an interface holding one is too, by reflect.deepequal).
func (l *lowerer) deepComputed(t types.Type, seen map[types.Type]bool) bool {
	if l.flat(t) {
		return true
	}
	if seen[t] || l.modelled(t) {
		return false
	}
	if seen == nil {
		seen = map[types.Type]bool{}
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Slice:
		return l.deepComputed(u.Elem(), seen)
	case *types.Array:
		return l.deepComputed(u.Elem(), seen)
	case *types.Pointer:
		return l.deepComputed(u.Elem(), seen)
	case *types.Map:
		return l.flat(u.Key()) && l.deepComputed(u.Elem(), seen)
	case *types.Struct:
		for f := range u.Fields() {
			if !l.deepComputed(f.Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// deepEqual is reflect.DeepEqual of x and y, of a type t deepComputed
// accepts: == for flat values, else a function per type that follows
// DeepEqual's rules (slices and maps both nil or both not, of one length,
// the same first element or map, then element by element and key by key;
// pointers equal or deeply equal pointees; structs and arrays by part;
// interfaces by reflect.deepequal, on their dynamic types). require.Equal
// on two []int, two structs with slices or two map[string]any, testify's
// most common assertion, is decided.
func (c *concLowering) deepEqual(l *lowerer, b *builder, t types.Type, x, y ir.Value) ir.Value {
	if l.flat(t) {
		return l.equal(b, t, x, y)
	}
	if types.IsInterface(t) {
		return b.Call(ir.Bool, c.modelLate(l, "reflect.deepequal"), x, y)
	}
	it := l.Type(t)
	f := l.cached("deq:"+types.TypeString(t, nil)+":"+it.String(), "reflect.deq."+typeName(t), ir.Bool, []any{"x", it, "y", it}, func(b *builder) {
		x, y := b.Fn.Params[0], b.Fn.Params[1]
		switch u := t.Underlying().(type) {
		case *types.Slice:
			xb, yb := b.Extract(x, 0), b.Extract(y, 0)
			nilX := b.Bin(ir.OpEq, xb, ir.ZeroConst(xb.Type()))
			nilY := b.Bin(ir.OpEq, yb, ir.ZeroConst(yb.Type()))
			n := b.Extract(x, 2)
			unequalFalse(b, b.Bin(ir.OpAnd, b.Bin(ir.OpEq, nilX, nilY), b.Bin(ir.OpEq, n, b.Extract(y, 2))))
			xo, yo := b.Extract(x, 1), b.Extract(y, 1)
			_, next := b.If(b.Bin(ir.OpAnd, b.Bin(ir.OpEq, xb, yb), b.Bin(ir.OpEq, xo, yo)), "same")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(next)
			et := l.Type(u.Elem())
			b.forLoop("i", n, func(i ir.Value) {
				ex := b.Load(et, b.Index(xb, b.Bin(ir.OpAdd, xo, i)))
				ey := b.Load(et, b.Index(yb, b.Bin(ir.OpAdd, yo, i)))
				unequalFalse(b, c.deepEqual(l, b, u.Elem(), ex, ey))
			})
		case *types.Map:
			nilX := b.Bin(ir.OpEq, x, ir.ZeroConst(ir.Ptr))
			nilY := b.Bin(ir.OpEq, y, ir.ZeroConst(ir.Ptr))
			unequalFalse(b, b.Bin(ir.OpEq, nilX, nilY))
			_, next := b.If(b.Bin(ir.OpEq, x, y), "same")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(next)
			n := b.Op(ir.OpMapLen, ir.I64, x)
			unequalFalse(b, b.Bin(ir.OpEq, n, b.Op(ir.OpMapLen, ir.I64, y)))
			kt, vt := l.mapKeyType(u.Key()), l.Type(u.Elem())
			b.forLoop("k", n, func(i ir.Value) {
				k := b.Op(ir.OpMapKey, kt, x, i)
				vx := b.Extract(b.Op(ir.OpMapGet, ir.Struct(vt, ir.Bool), x, k), 0)
				vy := b.Op(ir.OpMapGet, ir.Struct(vt, ir.Bool), y, k)
				unequalFalse(b, b.Extract(vy, 1))
				unequalFalse(b, c.deepEqual(l, b, u.Elem(), vx, b.Extract(vy, 0)))
			})
		case *types.Pointer:
			_, next := b.If(b.Bin(ir.OpEq, x, y), "same")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(next)
			unequalFalse(b, b.Bin(ir.OpAnd, b.Bin(ir.OpNe, x, ir.ZeroConst(ir.Ptr)), b.Bin(ir.OpNe, y, ir.ZeroConst(ir.Ptr))))
			et := l.Type(u.Elem())
			unequalFalse(b, c.deepEqual(l, b, u.Elem(), b.Load(et, x), b.Load(et, y)))
		case *types.Array:
			b.forLoop("i", ir.IntConst(ir.I64, u.Len()), func(i ir.Value) {
				unequalFalse(b, c.deepEqual(l, b, u.Elem(), b.Op(ir.OpElem, it.Elem, x, i), b.Op(ir.OpElem, it.Elem, y, i)))
			})
		case *types.Struct:
			for i := range u.NumFields() {
				unequalFalse(b, c.deepEqual(l, b, u.Field(i).Type(), b.Extract(x, i), b.Extract(y, i)))
			}
		}
		b.Ret(ir.BoolConst(true))
	})
	return b.Call(ir.Bool, f, x, y)
}

// unequalFalse returns false where eq does not hold and goes on where it does.
func unequalFalse(b *builder, eq ir.Value) {
	then, ne := b.If(eq, "eq")
	b.SetBlock(ne)
	b.Ret(ir.BoolConst(false))
	b.SetBlock(then)
}

// holdsModelled reports whether values of t hold a value of a model's
// own type (not through a pointer), whose fields are not Go's: == does
// not compare them.
func (l *lowerer) holdsModelled(t types.Type, seen map[types.Type]bool) bool {
	if l.modelled(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return l.holdsModelled(u.Elem(), seen)
	case *types.Struct:
		if seen == nil {
			seen = map[types.Type]bool{}
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		for f := range u.Fields() {
			if l.holdsModelled(f.Type(), seen) {
				return true
			}
		}
	}
	return false
}

// hasInterface reports whether values of t hold an interface (not through
// a pointer): comparing them with == may panic where DeepEqual does not.
func hasInterface(t types.Type, seen map[types.Type]bool) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Array:
		return hasInterface(u.Elem(), seen)
	case *types.Struct:
		if seen == nil {
			seen = map[types.Type]bool{}
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		for f := range u.Fields() {
			if hasInterface(f.Type(), seen) {
				return true
			}
		}
	}
	return false
}
