package smt

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/ir"
)

// value is a run-time value. Its IR type is known from the instruction that
// uses it, so it is not stored.
//
//   - bool, int, float, opaque: n (see cval) when concrete, x when symbolic;
//   - str: s when concrete, x when symbolic;
//   - ptr: n is the object (0 = nil) and path the field/element indices in
//     it; x, when set, is a symbolic index (a bv64 term) into the array the
//     path leads to, always the last step and only for arrays of scalars;
//   - func: n is 1 + the function's index in the program (0 = nil);
//   - co: n is the coroutine's number (0 = nil);
//   - struct, array: elems.
//
// Values are immutable once built, except the trees inside heap objects,
// which their owning state updates in place (see object).
type value struct {
	n     uint64
	s     string
	x     *expr
	path  []int
	elems []value
}

func (v value) sym() bool { return v.x != nil }

// known reports whether v has no symbolic part (ir.OpKnown).
func known(v value) bool { return len(symLeaves(v, nil)) == 0 }

// zeroValue returns the zero value of t.
func zeroValue(t *ir.Type) value {
	switch t.Kind {
	case ir.KindStruct:
		es := make([]value, len(t.Fields))
		for i, f := range t.Fields {
			es[i] = zeroValue(f)
		}
		return value{elems: es}
	case ir.KindArray:
		es := make([]value, t.Len)
		if t.Len > 0 {
			z := zeroValue(t.Elem)
			for i := range es {
				es[i] = deepCopy(z)
			}
		}
		return value{elems: es}
	}
	return value{}
}

// deepCopy copies the aggregate spine of v (scalars are shared; they are
// immutable). Used when a value enters or leaves a heap object.
func deepCopy(v value) value {
	if v.elems == nil {
		return v
	}
	es := make([]value, len(v.elems))
	for i, e := range v.elems {
		es[i] = deepCopy(e)
	}
	v.elems = es
	return v
}

// symCapable reports whether t is a scalar that can be symbolic.
func symCapable(t *ir.Type) bool {
	switch t.Kind {
	case ir.KindBool, ir.KindInt, ir.KindFloat, ir.KindString, ir.KindOpaque:
		return true
	}
	return false
}

func sortOf(t *ir.Type) sort {
	switch t.Kind {
	case ir.KindBool:
		return boolSort
	case ir.KindInt:
		return bvSort(t.Bits)
	case ir.KindFloat:
		return fpSort(t.Bits)
	case ir.KindString:
		return strSort
	case ir.KindOpaque:
		return opaqueSort
	}
	panic("smt: no sort for type " + t.String())
}

// term returns v (of scalar type t) as a term.
func (x *exprs) term(v value, t *ir.Type) *expr {
	if v.x != nil {
		return v.x
	}
	return x.konst(sortOf(t), cval{n: v.n, s: v.s})
}

// fromTerm turns a term back into a value, concrete when it is a constant.
func fromTerm(e *expr) value {
	if e.isConst() {
		return value{n: e.c.n, s: e.c.s}
	}
	return value{x: e}
}

func boolValue(b bool) value { return value{n: b2n(b)} }

// ---- Concrete: the public form of fully known values ----

// ObjID names a heap object of one path; 0 is nil.
type ObjID uint32

// Ref is a pointer: an object and the field/element indices inside it.
type Ref struct {
	Obj  ObjID
	Path []int
}

// Key returns a string identifying the pointer, usable as a map key.
func (r Ref) Key() string {
	if r.Obj == 0 {
		return "nil"
	}
	var b strings.Builder
	b.WriteString("#")
	b.WriteString(strconv.FormatUint(uint64(r.Obj), 10))
	for _, p := range r.Path {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(p))
	}
	return b.String()
}

func (r Ref) String() string { return r.Key() }

// Concrete is a fully known value of an IR type.
type Concrete struct {
	Type  *ir.Type
	Bits  uint64 // bool (0/1), int (the bits, truncated to the width), float (math.Float64bits of the value), opaque (an identity, 0 for the zero value), co (an id, 0 = nil)
	Str   string // str; func: the function's name ("" = nil)
	Ref   Ref    // ptr
	Elems []Concrete
}

// Int64 returns an integer's value, sign-extended for signed types.
func (c Concrete) Int64() int64 {
	if c.Type != nil && c.Type.Kind == ir.KindInt {
		return ir.SignExtend(c.Bits, int(c.Type.Bits), c.Type.Signed)
	}
	return int64(c.Bits)
}

// Uint64 returns an integer's bits.
func (c Concrete) Uint64() uint64 { return c.Bits }

// Bool returns a bool's value.
func (c Concrete) Bool() bool { return c.Bits != 0 }

// Float returns a float's value.
func (c Concrete) Float() float64 { return math.Float64frombits(c.Bits) }

// Key returns a string that identifies the value within its type, usable as
// a map key.
func (c Concrete) Key() string {
	if c.Type != nil && c.Type.Kind == ir.KindPtr {
		return c.Ref.Key()
	}
	return c.String()
}

func (c Concrete) String() string {
	t := c.Type
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case ir.KindBool:
		return strconv.FormatBool(c.Bits != 0)
	case ir.KindInt:
		if t.Signed {
			return strconv.FormatInt(c.Int64(), 10)
		}
		return strconv.FormatUint(c.Bits, 10)
	case ir.KindFloat:
		return strconv.FormatFloat(c.Float(), 'g', -1, int(t.Bits))
	case ir.KindString:
		return strconv.Quote(c.Str)
	case ir.KindPtr:
		return c.Ref.Key()
	case ir.KindFunc:
		if c.Str == "" {
			return "nil"
		}
		return "@" + c.Str
	case ir.KindCo:
		if c.Bits == 0 {
			return "nil"
		}
		return "co#" + strconv.FormatUint(c.Bits, 10)
	case ir.KindOpaque:
		return "opaque#" + strconv.FormatUint(c.Bits, 10)
	case ir.KindStruct, ir.KindArray:
		var b strings.Builder
		if t.Kind == ir.KindStruct {
			b.WriteString("{")
		} else {
			b.WriteString("[")
		}
		for i, e := range c.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.String())
		}
		if t.Kind == ir.KindStruct {
			b.WriteString("}")
		} else {
			b.WriteString("]")
		}
		return b.String()
	}
	return fmt.Sprintf("<%v>", t)
}

// concrete converts a value without symbolic parts; ev evaluates symbolic
// scalars (under a model) and may be nil if there are none.
func (e *executor) concrete(v value, t *ir.Type, ev func(*expr) cval) Concrete {
	c := Concrete{Type: t}
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		c.Elems = make([]Concrete, len(v.elems))
		for i, el := range v.elems {
			et := t.Elem
			if t.Kind == ir.KindStruct {
				et = t.Fields[i]
			}
			c.Elems[i] = e.concrete(el, et, ev)
		}
	case ir.KindPtr:
		c.Ref = Ref{Obj: ObjID(v.n), Path: v.path}
		if v.x != nil {
			idx := ev(v.x).n
			c.Ref.Path = append(append([]int(nil), v.path...), int(idx))
		}
	case ir.KindFunc:
		if v.n != 0 {
			c.Str = e.prog.Funcs[v.n-1].Name
		}
	case ir.KindCo:
		c.Bits = v.n
	default:
		cv := cval{n: v.n, s: v.s}
		if v.x != nil {
			cv = ev(v.x)
		}
		c.Bits, c.Str = cv.n, cv.s
	}
	return c
}
