package ir

import (
	"fmt"
	"strings"
)

// Kind classifies a Type.
type Kind uint8

const (
	KindInvalid Kind = iota
	KindBool
	KindInt    // fixed-width integer, signed or unsigned, with wrap-around
	KindFloat  // IEEE 754 binary32 or binary64
	KindString // immutable byte string
	KindPtr    // reference to a heap object (or to a field/element inside one), or nil
	KindFunc   // reference to a Func of the program, or nil
	KindCo     // handle of a coroutine, or nil
	KindOpaque // a value kiss does not interpret: equality only
	KindStruct // aggregate value with a fixed list of fields
	KindArray  // aggregate value with Len elements of one type
)

// Type is an IR type. Types are compared structurally with Identical.
// Scalar types are shared singletons; use the constructors.
type Type struct {
	Kind   Kind
	Bits   uint8 // KindInt: 8, 16, 32 or 64; KindFloat: 32 or 64
	Signed bool  // KindInt
	Fields []*Type
	Elem   *Type // KindArray
	Len    int   // KindArray: number of elements
	Name   string
}

var (
	Bool   = &Type{Kind: KindBool}
	String = &Type{Kind: KindString}
	Ptr    = &Type{Kind: KindPtr}
	FuncT  = &Type{Kind: KindFunc}
	Co     = &Type{Kind: KindCo}
	Opaque = &Type{Kind: KindOpaque}

	I8  = &Type{Kind: KindInt, Bits: 8, Signed: true}
	I16 = &Type{Kind: KindInt, Bits: 16, Signed: true}
	I32 = &Type{Kind: KindInt, Bits: 32, Signed: true}
	I64 = &Type{Kind: KindInt, Bits: 64, Signed: true}
	U8  = &Type{Kind: KindInt, Bits: 8}
	U16 = &Type{Kind: KindInt, Bits: 16}
	U32 = &Type{Kind: KindInt, Bits: 32}
	U64 = &Type{Kind: KindInt, Bits: 64}

	F32 = &Type{Kind: KindFloat, Bits: 32}
	F64 = &Type{Kind: KindFloat, Bits: 64}
)

// Int returns the integer type of the given width and signedness.
func Int(bits int, signed bool) *Type {
	switch {
	case bits == 8 && signed:
		return I8
	case bits == 16 && signed:
		return I16
	case bits == 32 && signed:
		return I32
	case bits == 64 && signed:
		return I64
	case bits == 8:
		return U8
	case bits == 16:
		return U16
	case bits == 32:
		return U32
	case bits == 64:
		return U64
	}
	panic(fmt.Sprintf("ir.Int: unsupported width %d", bits))
}

// Float returns the float type of the given width (32 or 64).
func Float(bits int) *Type {
	if bits == 32 {
		return F32
	}
	return F64
}

// Struct returns a struct type with the given fields.
func Struct(fields ...*Type) *Type { return &Type{Kind: KindStruct, Fields: fields} }

// Array returns an array type of n elements.
func Array(elem *Type, n int) *Type { return &Type{Kind: KindArray, Elem: elem, Len: n} }

// Named returns t under a name; a named type prints as $name in type positions
// and is declared by a `type $name = T` line. The name does not change identity.
func Named(name string, t *Type) *Type {
	c := *t
	c.Name = name
	return &c
}

// IsScalar reports whether values of t are not aggregates.
func (t *Type) IsScalar() bool { return t.Kind != KindStruct && t.Kind != KindArray }

// IsRef reports whether t is a reference kind whose zero value is nil.
func (t *Type) IsRef() bool { return t.Kind == KindPtr || t.Kind == KindFunc || t.Kind == KindCo }

// Identical reports structural equality of types (names are ignored).
func Identical(a, b *Type) bool {
	var memo map[[2]*Type]bool
	return identical(a, b, 0, &memo)
}

// identical compares a and b. Below a small depth it memoizes the pairs of
// aggregates under comparison, so that types that share components (a DAG
// of named types) compare in polynomial time and recursive types terminate:
// a pair is assumed identical while it is being compared, which is sound
// because any difference makes the whole comparison false.
func identical(a, b *Type, depth int, memo *map[[2]*Type]bool) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindInt:
		return a.Bits == b.Bits && a.Signed == b.Signed
	case KindFloat:
		return a.Bits == b.Bits
	case KindStruct, KindArray:
		if depth > 8 {
			if *memo == nil {
				*memo = map[[2]*Type]bool{}
			}
			key := [2]*Type{a, b}
			if (*memo)[key] {
				return true
			}
			(*memo)[key] = true
		}
		if a.Kind == KindArray {
			return a.Len == b.Len && identical(a.Elem, b.Elem, depth+1, memo)
		}
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !identical(a.Fields[i], b.Fields[i], depth+1, memo) {
				return false
			}
		}
		return true
	}
	return true
}

// String renders the type in the text form, expanding names.
func (t *Type) String() string {
	var b strings.Builder
	writeType(&b, t, false)
	return b.String()
}

func writeType(b *strings.Builder, t *Type, useNames bool) {
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	if useNames && t.Name != "" {
		b.WriteString("$")
		b.WriteString(t.Name)
		return
	}
	switch t.Kind {
	case KindBool:
		b.WriteString("bool")
	case KindInt:
		if t.Signed {
			b.WriteString("i")
		} else {
			b.WriteString("u")
		}
		fmt.Fprint(b, t.Bits)
	case KindFloat:
		fmt.Fprintf(b, "f%d", t.Bits)
	case KindString:
		b.WriteString("str")
	case KindPtr:
		b.WriteString("ptr")
	case KindFunc:
		b.WriteString("func")
	case KindCo:
		b.WriteString("co")
	case KindOpaque:
		b.WriteString("opaque")
	case KindStruct:
		b.WriteString("{")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, f, useNames)
		}
		b.WriteString("}")
	case KindArray:
		fmt.Fprintf(b, "[%d]", t.Len)
		writeType(b, t.Elem, useNames)
	default:
		b.WriteString("invalid")
	}
}
