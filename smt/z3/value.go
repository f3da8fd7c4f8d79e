package z3

/*
#include <z3.h>
*/
import "C"

import (
	"math"
	"math/big"
	"runtime"
)

// String returns t in SMT-LIB syntax.
func (t Term) String() string {
	c, ok := t.ctx("String")
	if !ok {
		return "<no term>"
	}
	defer runtime.KeepAlive(c) // see Context
	return C.GoString(C.Z3_ast_to_string(c.raw, t.n.a))
}

// Sort returns the sort of t.
func (t Term) Sort() Sort {
	c, ok := t.ctx("Sort")
	if !ok {
		return Sort{}
	}
	return c.sort("Sort", C.Z3_get_sort(c.raw, t.n.a))
}

// ID returns a number unique to t's structure among the live terms of its
// context: Z3 shares equal terms, so equal terms have equal IDs. It is 0 for
// the zero Term.
func (t Term) ID() uint32 {
	if t.n == nil {
		return 0
	}
	if !t.n.hasID {
		c, ok := t.ctx("ID")
		if !ok {
			return 0
		}
		t.n.id, t.n.hasID = uint32(C.Z3_get_ast_id(c.raw, t.n.a)), true
	}
	return t.n.id
}

// Equal reports whether t and u are the same term (structurally, as Z3
// shares equal terms). Two zero Terms are equal.
func (t Term) Equal(u Term) bool {
	if t.n == nil || u.n == nil {
		return t.n == u.n
	}
	// Z3_is_eq_ast compares pointers: hash-consing makes that structural.
	return t.n.c == u.n.c && t.n.a == u.n.a
}

// sortKind returns the Z3 kind of t's sort; t must be entered.
func (c *Context) sortKind(a C.Z3_ast) C.Z3_sort_kind {
	return C.Z3_get_sort_kind(c.raw, C.Z3_get_sort(c.raw, a))
}

// IsNumeral reports whether t is a numeral: a bit-vector, integer or
// floating-point value.
func (t Term) IsNumeral() bool {
	c, ok := t.ctx("IsNumeral")
	defer runtime.KeepAlive(c) // see Context
	return ok && bool(C.Z3_is_numeral_ast(c.raw, t.n.a))
}

// IsTrue reports whether t is the literal true (Simplify first to decide a
// closed formula).
func (t Term) IsTrue() bool { return t.boolValue() == C.Z3_L_TRUE }

// IsFalse reports whether t is the literal false.
func (t Term) IsFalse() bool { return t.boolValue() == C.Z3_L_FALSE }

func (t Term) boolValue() C.Z3_lbool {
	c, ok := t.ctx("boolValue")
	defer runtime.KeepAlive(c) // see Context
	if !ok {
		return C.Z3_L_UNDEF
	}
	return C.Z3_get_bool_value(c.raw, t.n.a)
}

// integral reports whether t is a bit-vector or integer numeral.
func (t Term) integral(op string) (*Context, C.Z3_sort_kind, bool) {
	c, ok := t.ctx(op)
	defer runtime.KeepAlive(c) // see Context
	if !ok || !bool(C.Z3_is_numeral_ast(c.raw, t.n.a)) {
		return nil, 0, false
	}
	k := c.sortKind(t.n.a)
	return c, k, k == C.Z3_BV_SORT || k == C.Z3_INT_SORT
}

// AsUint64 returns the value of a bit-vector numeral (unsigned) or of a
// non-negative integer numeral, if it fits.
func (t Term) AsUint64() (uint64, bool) {
	c, _, ok := t.integral("AsUint64")
	defer runtime.KeepAlive(c) // see Context
	if !ok {
		return 0, false
	}
	var v C.uint64_t
	if !C.Z3_get_numeral_uint64(c.raw, t.n.a, &v) {
		return 0, false
	}
	return uint64(v), true
}

// AsInt64 returns the value of an integer numeral or of a bit-vector numeral
// read in two's complement, if it fits.
func (t Term) AsInt64() (int64, bool) {
	c, k, ok := t.integral("AsInt64")
	defer runtime.KeepAlive(c) // see Context
	if !ok {
		return 0, false
	}
	if k == C.Z3_INT_SORT {
		var v C.int64_t
		if !C.Z3_get_numeral_int64(c.raw, t.n.a, &v) {
			return 0, false
		}
		return int64(v), true
	}
	v, _ := t.AsBigInt()
	bits := uint(C.Z3_get_bv_sort_size(c.raw, C.Z3_get_sort(c.raw, t.n.a)))
	if v.Bit(int(bits)-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), bits))
	}
	if !v.IsInt64() {
		return 0, false
	}
	return v.Int64(), true
}

// AsBigInt returns the value of an integer numeral or a bit-vector numeral
// (unsigned), of any size.
func (t Term) AsBigInt() (*big.Int, bool) {
	c, _, ok := t.integral("AsBigInt")
	defer runtime.KeepAlive(c) // see Context
	if !ok {
		return nil, false
	}
	return new(big.Int).SetString(C.GoString(C.Z3_get_numeral_string(c.raw, t.n.a)), 10)
}

// AsFloat64 returns the value of a floating-point numeral, rounded to
// float64 if its sort is wider.
func (t Term) AsFloat64() (float64, bool) {
	c, ok := t.ctx("AsFloat64")
	defer runtime.KeepAlive(c) // see Context
	if !ok || !bool(C.Z3_is_numeral_ast(c.raw, t.n.a)) || c.sortKind(t.n.a) != C.Z3_FLOATING_POINT_SORT {
		return 0, false
	}
	if C.Z3_fpa_is_numeral_nan(c.raw, t.n.a) {
		return math.NaN(), true // to_ieee_bv leaves NaN's bits unspecified
	}
	if e, s := t.Sort().FPSize(); e != 11 || s != 53 {
		t = t.FPToFP(c.Float64Sort())
	}
	bits, ok := t.FPToIEEEBV().Simplify().AsUint64()
	return math.Float64frombits(bits), ok
}

// AsString returns the value of a string literal. Strings are byte
// sequences here, as in Go; it fails if the literal has a character above
// 0xFF, which can come from a model of an unconstrained string.
func (t Term) AsString() (string, bool) {
	c, ok := t.ctx("AsString")
	defer runtime.KeepAlive(c) // see Context
	if !ok || !bool(C.Z3_is_string(c.raw, t.n.a)) {
		return "", false
	}
	// Z3_get_string escapes every non-printable byte; Z3_get_lstring is
	// byte-exact but escapes characters above 0xFF, so a length that differs
	// from the character count reveals one.
	var n C.uint
	p := C.Z3_get_lstring(c.raw, t.n.a, &n)
	if !c.ok("AsString") {
		return "", false
	}
	s := C.GoStringN(p, C.int(n))
	if l, ok := t.SeqLength().Simplify().AsUint64(); !ok || l != uint64(len(s)) {
		return "", false
	}
	return s, true
}
