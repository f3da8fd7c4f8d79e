package z3

/*
#include <z3.h>
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// node holds one Z3 reference to an AST (a term or a sort).
type node struct {
	c     *Context
	a     C.Z3_ast
	id    uint32
	hasID bool
}

// A Sort is the type of a Term. The zero Sort means "no sort", as the result
// of a failed call; it propagates like the zero Term.
type Sort struct{ n *node }

// SortKind classifies sorts.
type SortKind int

const (
	KindUnknown SortKind = iota
	KindBool
	KindInt
	KindReal
	KindBV
	KindArray
	KindUninterpreted
	KindString
	KindSeq // a sequence sort other than String
	KindFP
	KindRoundingMode
	KindOther // datatypes, regular expressions, relations, ...
)

var kindNames = [...]string{"unknown", "bool", "int", "real", "bv", "array",
	"uninterpreted", "string", "seq", "fp", "rounding-mode", "other"}

func (k SortKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "SortKind(?)"
}

func (s Sort) raw() C.Z3_sort { return C.Z3_sort(unsafe.Pointer(s.n.a)) }

// IsValid reports whether s is not the zero Sort.
func (s Sort) IsValid() bool { return s.n != nil }

// ctx returns the context of s if s can be used.
func (s Sort) ctx(op string) (*Context, bool) {
	if s.n == nil {
		return nil, false
	}
	c := s.n.c
	return c, c.enter(op)
}

// BoolSort returns the Boolean sort.
func (c *Context) BoolSort() Sort {
	if !c.enter("BoolSort") {
		return Sort{}
	}
	return c.sort("BoolSort", C.Z3_mk_bool_sort(c.raw))
}

// IntSort returns the sort of mathematical integers (string lengths and
// indices are Ints).
func (c *Context) IntSort() Sort {
	if !c.enter("IntSort") {
		return Sort{}
	}
	return c.sort("IntSort", C.Z3_mk_int_sort(c.raw))
}

// BVSort returns the sort of bit-vectors of the given width (> 0).
func (c *Context) BVSort(bits uint) Sort {
	if !c.enter("BVSort") {
		return Sort{}
	}
	return c.sort("BVSort", C.Z3_mk_bv_sort(c.raw, C.uint(bits)))
}

// ArraySort returns the sort of total maps from dom to rng.
func (c *Context) ArraySort(dom, rng Sort) Sort {
	if !c.sortArgs("ArraySort", dom, rng) {
		return Sort{}
	}
	return c.sort("ArraySort", C.Z3_mk_array_sort(c.raw, dom.raw(), rng.raw()))
}

// UninterpretedSort returns the uninterpreted sort with the given name.
func (c *Context) UninterpretedSort(name string) Sort {
	if !c.enter("UninterpretedSort") {
		return Sort{}
	}
	sym := withCString(name, func(s *C.char) C.Z3_symbol { return C.Z3_mk_string_symbol(c.raw, s) })
	return c.sort("UninterpretedSort", C.Z3_mk_uninterpreted_sort(c.raw, sym))
}

// StringSort returns the sort of strings. The binding treats a string as a
// sequence of bytes, as Go does: see StringVal.
func (c *Context) StringSort() Sort {
	if !c.enter("StringSort") {
		return Sort{}
	}
	return c.sort("StringSort", C.Z3_mk_string_sort(c.raw))
}

// FPSort returns the IEEE 754 sort with ebits exponent bits and sbits
// significand bits (including the hidden bit).
func (c *Context) FPSort(ebits, sbits uint) Sort {
	if !c.enter("FPSort") {
		return Sort{}
	}
	return c.sort("FPSort", C.Z3_mk_fpa_sort(c.raw, C.uint(ebits), C.uint(sbits)))
}

// Float32Sort returns the sort of Go's float32.
func (c *Context) Float32Sort() Sort { return c.FPSort(8, 24) }

// Float64Sort returns the sort of Go's float64.
func (c *Context) Float64Sort() Sort { return c.FPSort(11, 53) }

// sortArgs checks that sorts can be used with c.
func (c *Context) sortArgs(op string, ss ...Sort) bool {
	if !c.enter(op) {
		return false
	}
	for _, s := range ss {
		if s.n == nil {
			c.failf(op, ErrNoTerm)
			return false
		}
		if s.n.c != c {
			c.failf(op, ErrMixedContexts)
			return false
		}
	}
	return true
}

// Kind returns the kind of s, KindUnknown for the zero Sort.
func (s Sort) Kind() SortKind {
	c, ok := s.ctx("Kind")
	defer runtime.KeepAlive(c) // see Context
	if !ok {
		return KindUnknown
	}
	k := C.Z3_get_sort_kind(c.raw, s.raw())
	switch k {
	case C.Z3_BOOL_SORT:
		return KindBool
	case C.Z3_INT_SORT:
		return KindInt
	case C.Z3_REAL_SORT:
		return KindReal
	case C.Z3_BV_SORT:
		return KindBV
	case C.Z3_ARRAY_SORT:
		return KindArray
	case C.Z3_UNINTERPRETED_SORT:
		return KindUninterpreted
	case C.Z3_SEQ_SORT:
		if C.Z3_is_string_sort(c.raw, s.raw()) {
			return KindString
		}
		return KindSeq
	case C.Z3_FLOATING_POINT_SORT:
		return KindFP
	case C.Z3_ROUNDING_MODE_SORT:
		return KindRoundingMode
	case C.Z3_UNKNOWN_SORT:
		return KindUnknown
	}
	return KindOther
}

// BVSize returns the width of a bit-vector sort, 0 for other sorts.
func (s Sort) BVSize() uint {
	if s.Kind() != KindBV {
		return 0
	}
	c := s.n.c
	defer runtime.KeepAlive(c) // see Context
	return uint(C.Z3_get_bv_sort_size(c.raw, s.raw()))
}

// FPSize returns the exponent and significand widths of a floating-point
// sort, zeros for other sorts.
func (s Sort) FPSize() (ebits, sbits uint) {
	if s.Kind() != KindFP {
		return 0, 0
	}
	c := s.n.c
	defer runtime.KeepAlive(c) // see Context
	return uint(C.Z3_fpa_get_ebits(c.raw, s.raw())), uint(C.Z3_fpa_get_sbits(c.raw, s.raw()))
}

// Domain returns the index sort of an array sort.
func (s Sort) Domain() Sort {
	if s.Kind() != KindArray {
		return Sort{}
	}
	c := s.n.c
	return c.sort("Domain", C.Z3_get_array_sort_domain(c.raw, s.raw()))
}

// Range returns the element sort of an array sort.
func (s Sort) Range() Sort {
	if s.Kind() != KindArray {
		return Sort{}
	}
	c := s.n.c
	return c.sort("Range", C.Z3_get_array_sort_range(c.raw, s.raw()))
}

// Equal reports whether s and u are the same sort.
func (s Sort) Equal(u Sort) bool { return Term(s).Equal(Term(u)) }

// String returns the sort in SMT-LIB syntax.
func (s Sort) String() string {
	c, ok := s.ctx("String")
	if !ok {
		return "<no sort>"
	}
	defer runtime.KeepAlive(c) // see Context
	return C.GoString(C.Z3_sort_to_string(c.raw, s.raw()))
}
