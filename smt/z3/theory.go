package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import "unsafe"

// Arrays.

// Select returns the element of array t at index i.
func (t Term) Select(i Term) Term {
	return t.op2("Select", i, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_select(c, a, b) })
}

// Store returns array t with the element at index i replaced by v.
func (t Term) Store(i, v Term) Term {
	c, ok := t.ctx("Store", i, v)
	if !ok {
		return Term{}
	}
	return c.term("Store", C.Z3_mk_store(c.raw, t.n.a, i.n.a, v.n.a))
}

// ConstArray returns the array over dom that maps every index to v.
func (c *Context) ConstArray(dom Sort, v Term) Term {
	if !c.sortArgs("ConstArray", dom) || !c.args("ConstArray", []Term{v}) {
		return Term{}
	}
	return c.term("ConstArray", C.Z3_mk_const_array(c.raw, dom.raw(), v.n.a))
}

// Strings. Indices and lengths are Ints.

// StringVal returns s as a string literal with one character per byte, so
// that lengths and indices agree with Go's.
func (c *Context) StringVal(s string) Term {
	if !c.enter("StringVal") {
		return Term{}
	}
	// Z3_mk_string would parse escapes and sign-extend bytes above 0x7F.
	p := C.CString(s)
	defer C.free(unsafe.Pointer(p))
	return c.term("StringVal", C.Z3_mk_lstring(c.raw, C.uint(len(s)), p))
}

// SeqConcat returns the concatenation of ts, "" if there are none.
func (c *Context) SeqConcat(ts ...Term) Term {
	switch len(ts) {
	case 0:
		return c.StringVal("")
	case 1:
		if !c.args("SeqConcat", ts) {
			return Term{}
		}
		return ts[0]
	}
	return c.opN("SeqConcat", ts, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_concat(c, n, a) })
}

// SeqLength returns the length of t as an Int.
func (t Term) SeqLength() Term {
	return t.op1("SeqLength", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_length(c, a) })
}

// StrLt returns that t is lexicographically less than u.
func (t Term) StrLt(u Term) Term {
	return t.op2("StrLt", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_str_lt(c, a, b) })
}

// StrLe returns that t is lexicographically less than or equal to u.
func (t Term) StrLe(u Term) Term {
	return t.op2("StrLe", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_str_le(c, a, b) })
}

// SeqAt returns the one-character string at Int index i of t, or "" when i
// is out of range.
func (t Term) SeqAt(i Term) Term {
	return t.op2("SeqAt", i, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_seq_at(c, a, b) })
}

// SeqExtract returns the substring of t of length n starting at off (Ints),
// clipped to t.
func (t Term) SeqExtract(off, n Term) Term {
	c, ok := t.ctx("SeqExtract", off, n)
	if !ok {
		return Term{}
	}
	return c.term("SeqExtract", C.Z3_mk_seq_extract(c.raw, t.n.a, off.n.a, n.n.a))
}

// Floating point. Arithmetic rounds to nearest, ties to even, as Go does.

// FPVal returns v rounded to the floating-point sort s.
func (c *Context) FPVal(v float64, s Sort) Term {
	if e, sb := s.FPSize(); e == 8 && sb == 24 {
		// Go's conversion rounds to nearest even, like Go's float32(v).
		return c.fpVal("FPVal", s, func() C.Z3_ast { return C.Z3_mk_fpa_numeral_float(c.raw, C.float(float32(v)), s.raw()) })
	}
	return c.fpVal("FPVal", s, func() C.Z3_ast { return C.Z3_mk_fpa_numeral_double(c.raw, C.double(v), s.raw()) })
}

func (c *Context) fpVal(op string, s Sort, mk func() C.Z3_ast) Term {
	if !c.sortArgs(op, s) {
		return Term{}
	}
	return c.term(op, mk())
}

// fp2 applies a rounding binary operation.
func (t Term) fp2(op string, u Term, f func(C.Z3_context, C.Z3_ast, C.Z3_ast, C.Z3_ast) C.Z3_ast) Term {
	c, ok := t.ctx(op, u)
	if !ok {
		return Term{}
	}
	rm := c.roundingMode(false)
	if rm == nil {
		return Term{}
	}
	return c.term(op, f(c.raw, rm, t.n.a, u.n.a))
}

// FPAdd returns t + u.
func (t Term) FPAdd(u Term) Term {
	return t.fp2("FPAdd", u, func(c C.Z3_context, rm, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_add(c, rm, a, b) })
}

// FPSub returns t - u.
func (t Term) FPSub(u Term) Term {
	return t.fp2("FPSub", u, func(c C.Z3_context, rm, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_sub(c, rm, a, b) })
}

// FPMul returns t * u.
func (t Term) FPMul(u Term) Term {
	return t.fp2("FPMul", u, func(c C.Z3_context, rm, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_mul(c, rm, a, b) })
}

// FPDiv returns t / u.
func (t Term) FPDiv(u Term) Term {
	return t.fp2("FPDiv", u, func(c C.Z3_context, rm, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_div(c, rm, a, b) })
}

// FPNeg returns -t.
func (t Term) FPNeg() Term {
	return t.op1("FPNeg", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_neg(c, a) })
}

// FPAbs returns |t|.
func (t Term) FPAbs() Term {
	return t.op1("FPAbs", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_abs(c, a) })
}

// FPEq is IEEE equality, Go's == on floats: NaN differs from itself and
// -0 equals +0. Eq is identity instead.
func (t Term) FPEq(u Term) Term {
	return t.op2("FPEq", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_eq(c, a, b) })
}

// FPLt returns t < u; false if either is NaN.
func (t Term) FPLt(u Term) Term {
	return t.op2("FPLt", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_lt(c, a, b) })
}

// FPLe returns t <= u; false if either is NaN.
func (t Term) FPLe(u Term) Term {
	return t.op2("FPLe", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_leq(c, a, b) })
}

// FPGt returns t > u; false if either is NaN.
func (t Term) FPGt(u Term) Term {
	return t.op2("FPGt", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_gt(c, a, b) })
}

// FPGe returns t >= u; false if either is NaN.
func (t Term) FPGe(u Term) Term {
	return t.op2("FPGe", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_geq(c, a, b) })
}

// FPIsNaN returns that t is NaN.
func (t Term) FPIsNaN() Term {
	return t.op1("FPIsNaN", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_is_nan(c, a) })
}

// FPIsInf returns that t is an infinity.
func (t Term) FPIsInf() Term {
	return t.op1("FPIsInf", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_is_infinite(c, a) })
}

// fpToBV converts toward zero, as Go's float-to-integer conversion does.
// Like Go's, the result is unspecified when the value does not fit.
func (t Term) fpToBV(op string, bits uint, signed bool) Term {
	c, ok := t.ctx(op)
	if !ok {
		return Term{}
	}
	rm := c.roundingMode(true)
	if rm == nil {
		return Term{}
	}
	if signed {
		return c.term(op, C.Z3_mk_fpa_to_sbv(c.raw, rm, t.n.a, C.uint(bits)))
	}
	return c.term(op, C.Z3_mk_fpa_to_ubv(c.raw, rm, t.n.a, C.uint(bits)))
}

// FPToSBV converts a float to a signed bit-vector, truncating.
func (t Term) FPToSBV(bits uint) Term { return t.fpToBV("FPToSBV", bits, true) }

// FPToUBV converts a float to an unsigned bit-vector, truncating.
func (t Term) FPToUBV(bits uint) Term { return t.fpToBV("FPToUBV", bits, false) }

// toFP converts t to the floating-point sort s, rounding to nearest even.
func (t Term) toFP(op string, s Sort, f func(C.Z3_context, C.Z3_ast, C.Z3_ast, C.Z3_sort) C.Z3_ast) Term {
	c, ok := t.ctx(op)
	if !ok || !c.sortArgs(op, s) {
		return Term{}
	}
	rm := c.roundingMode(false)
	if rm == nil {
		return Term{}
	}
	return c.term(op, f(c.raw, rm, t.n.a, s.raw()))
}

// SBVToFP converts a signed bit-vector to the float sort s.
func (t Term) SBVToFP(s Sort) Term {
	return t.toFP("SBVToFP", s, func(c C.Z3_context, rm, a C.Z3_ast, s C.Z3_sort) C.Z3_ast {
		return C.Z3_mk_fpa_to_fp_signed(c, rm, a, s)
	})
}

// UBVToFP converts an unsigned bit-vector to the float sort s.
func (t Term) UBVToFP(s Sort) Term {
	return t.toFP("UBVToFP", s, func(c C.Z3_context, rm, a C.Z3_ast, s C.Z3_sort) C.Z3_ast {
		return C.Z3_mk_fpa_to_fp_unsigned(c, rm, a, s)
	})
}

// FPToFP converts a float to another float sort, e.g. float64 to float32.
func (t Term) FPToFP(s Sort) Term {
	return t.toFP("FPToFP", s, func(c C.Z3_context, rm, a C.Z3_ast, s C.Z3_sort) C.Z3_ast {
		return C.Z3_mk_fpa_to_fp_float(c, rm, a, s)
	})
}

// FPToIEEEBV returns the IEEE 754 bits of a float (math.Float64bits); those
// of NaN are unspecified.
func (t Term) FPToIEEEBV() Term {
	return t.op1("FPToIEEEBV", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_fpa_to_ieee_bv(c, a) })
}

// IEEEBVToFP reads a bit-vector as the IEEE 754 bits of a float of sort s
// (math.Float64frombits).
func (t Term) IEEEBVToFP(s Sort) Term {
	c, ok := t.ctx("IEEEBVToFP")
	if !ok || !c.sortArgs("IEEEBVToFP", s) {
		return Term{}
	}
	return c.term("IEEEBVToFP", C.Z3_mk_fpa_to_fp_bv(c.raw, t.n.a, s.raw()))
}
