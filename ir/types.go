package ir

import (
	"fmt"
	"strconv"
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
	// Layout, on a struct, is the byte layout of the Go type it stands
	// for (see doc.go, Byte layout); nil when it has none. Like Name, it
	// does not take part in identity.
	Layout *Layout
}

// Layout is a struct's byte layout: its size and, unless the fields are
// not addressable by offset (a slice header, whose IR fields are not
// Go's), the offset of each field.
type Layout struct {
	Size    int64
	Offsets []int64 // nil: the fields have no byte offsets
}

// Size returns the number of bytes a value of t occupies in the byte
// layout (see doc.go); ok is false for a type without one (func, co,
// opaque, a struct without Layout, an array of those).
func (t *Type) Size() (n int64, ok bool) {
	switch t.Kind {
	case KindBool:
		return 1, true
	case KindInt, KindFloat:
		return int64(t.Bits / 8), true
	case KindPtr:
		return 8, true
	case KindString:
		return 16, true
	case KindStruct:
		if t.Layout != nil {
			return t.Layout.Size, true
		}
	case KindArray:
		if t.Len == 0 {
			return 0, true
		}
		if es, ok := t.Elem.Size(); ok {
			return es * int64(t.Len), true
		}
	}
	return 0, false
}

// Offset returns the byte offset of field or element i of the aggregate
// t; ok is false when the layout does not give it. Element 0 of an array
// is at offset 0; a struct's fields have offsets only from its Layout
// (the IR fields of a type without one need not be Go's).
func (t *Type) Offset(i int) (off int64, ok bool) {
	switch t.Kind {
	case KindStruct:
		if l := t.Layout; l != nil && l.Offsets != nil && i >= 0 && i < len(l.Offsets) {
			return l.Offsets[i], true
		}
	case KindArray:
		if i == 0 {
			return 0, true
		}
		if es, ok := t.Elem.Size(); ok {
			return es * int64(i), true
		}
	}
	return 0, false
}

func sameLayout(a, b *Layout) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Size != b.Size || (a.Offsets == nil) != (b.Offsets == nil) || len(a.Offsets) != len(b.Offsets) {
		return false
	}
	for i := range a.Offsets {
		if a.Offsets[i] != b.Offsets[i] {
			return false
		}
	}
	return true
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
		writeLayout(b, t.Layout)
		b.WriteString("}")
	case KindArray:
		fmt.Fprintf(b, "[%d]", t.Len)
		writeType(b, t.Elem, useNames)
	default:
		b.WriteString("invalid")
	}
}

// writeLayout writes a struct's layout, before its closing brace:
// "; size 24 offsets 0 8".
func writeLayout(b interface{ WriteString(string) (int, error) }, l *Layout) {
	if l == nil {
		return
	}
	b.WriteString("; size ")
	b.WriteString(strconv.FormatInt(l.Size, 10))
	if l.Offsets != nil {
		b.WriteString(" offsets")
		for _, o := range l.Offsets {
			b.WriteString(" ")
			b.WriteString(strconv.FormatInt(o, 10))
		}
	}
}
