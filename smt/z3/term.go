package z3

/*
#include <z3.h>
*/
import "C"

import "math/big"

// A Term is a Z3 expression. Terms are small values, cheap to copy; the Z3
// reference is held by a shared node and given back when no copy is left.
//
// The zero Term means "no term", the result of a failed call. Methods on it,
// or given it, return the zero Term (or a zero value) without calling Z3, so
// an expression can be built in one go and Context.Err checked at the end.
type Term struct{ n *node }

// IsValid reports whether t is not the zero Term.
func (t Term) IsValid() bool { return t.n != nil }

// ctx returns the context of t after checking that args can be used with
// it. Failing on a zero receiver records nothing: the call that produced it
// already has.
func (t Term) ctx(op string, args ...Term) (*Context, bool) {
	if t.n == nil {
		return nil, false
	}
	c := t.n.c
	return c, c.args(op, args)
}

// args checks that ts can be used with c; it also enters c.
func (c *Context) args(op string, ts []Term) bool { return c.argsErr(op, ts) == nil }

func (c *Context) argsErr(op string, ts []Term) error {
	if err := c.enterErr(op); err != nil {
		return err
	}
	for _, u := range ts {
		if u.n == nil {
			return c.failf(op, ErrNoTerm)
		}
		if u.n.c != c {
			return c.failf(op, ErrMixedContexts)
		}
	}
	return nil
}

type (
	fn1 func(C.Z3_context, C.Z3_ast) C.Z3_ast
	fn2 func(C.Z3_context, C.Z3_ast, C.Z3_ast) C.Z3_ast
	fnN func(C.Z3_context, C.uint, *C.Z3_ast) C.Z3_ast
)

func (t Term) op1(op string, f fn1) Term {
	c, ok := t.ctx(op)
	if !ok {
		return Term{}
	}
	return c.term(op, f(c.raw, t.n.a))
}

func (t Term) op2(op string, u Term, f fn2) Term {
	c, ok := t.ctx(op, u)
	if !ok {
		return Term{}
	}
	return c.term(op, f(c.raw, t.n.a, u.n.a))
}

func (c *Context) opN(op string, ts []Term, f fnN) Term {
	if !c.args(op, ts) {
		return Term{}
	}
	as := make([]C.Z3_ast, len(ts))
	for i, t := range ts {
		as[i] = t.n.a
	}
	var p *C.Z3_ast
	if len(as) > 0 {
		p = &as[0]
	}
	return c.term(op, f(c.raw, C.uint(len(as)), p))
}

// Const returns the constant with the given name and sort. Equal names and
// sorts give the same constant.
func (c *Context) Const(name string, s Sort) Term {
	if !c.sortArgs("Const", s) {
		return Term{}
	}
	sym := withCString(name, func(p *C.char) C.Z3_symbol { return C.Z3_mk_string_symbol(c.raw, p) })
	return c.term("Const", C.Z3_mk_const(c.raw, sym, s.raw()))
}

// FreshConst returns a constant distinct from every other, named after prefix.
func (c *Context) FreshConst(prefix string, s Sort) Term {
	if !c.sortArgs("FreshConst", s) {
		return Term{}
	}
	return withCString(prefix, func(p *C.char) Term {
		return c.term("FreshConst", C.Z3_mk_fresh_const(c.raw, p, s.raw()))
	})
}

// BoolVal returns true or false.
func (c *Context) BoolVal(b bool) Term {
	if !c.enter("BoolVal") {
		return Term{}
	}
	if b {
		return c.term("BoolVal", C.Z3_mk_true(c.raw))
	}
	return c.term("BoolVal", C.Z3_mk_false(c.raw))
}

// BVVal returns v modulo 2^bits as a bit-vector of the given width, which
// may exceed 64.
func (c *Context) BVVal(v uint64, bits uint) Term {
	if !c.enter("BVVal") {
		return Term{}
	}
	s := c.bvSort(bits)
	if s == nil {
		return Term{}
	}
	return c.term("BVVal", C.Z3_mk_unsigned_int64(c.raw, C.uint64_t(v), s))
}

// BVFromInt64 returns v in two's complement, sign-extended or truncated to
// the given width.
func (c *Context) BVFromInt64(v int64, bits uint) Term {
	if !c.enter("BVFromInt64") {
		return Term{}
	}
	s := c.bvSort(bits)
	if s == nil {
		return Term{}
	}
	return c.term("BVFromInt64", C.Z3_mk_int64(c.raw, C.int64_t(v), s))
}

// BVFromBig returns v modulo 2^bits as a bit-vector of the given width.
func (c *Context) BVFromBig(v *big.Int, bits uint) Term {
	if !c.enter("BVFromBig") {
		return Term{}
	}
	s := c.bvSort(bits)
	if s == nil {
		return Term{}
	}
	return withCString(v.String(), func(p *C.char) Term {
		return c.term("BVFromBig", C.Z3_mk_numeral(c.raw, p, s))
	})
}

// IntFromBig returns v as a mathematical integer.
func (c *Context) IntFromBig(v *big.Int) Term {
	if !c.enter("IntFromBig") {
		return Term{}
	}
	s := C.Z3_mk_int_sort(c.raw)
	return withCString(v.String(), func(p *C.char) Term {
		return c.term("IntFromBig", C.Z3_mk_numeral(c.raw, p, s))
	})
}

// IntVal returns v as a mathematical integer.
func (c *Context) IntVal(v int64) Term {
	if !c.enter("IntVal") {
		return Term{}
	}
	s := C.Z3_mk_int_sort(c.raw) // no wrapper: the numeral holds its sort
	return c.term("IntVal", C.Z3_mk_int64(c.raw, C.int64_t(v), s))
}

// Boolean connectives.

// And returns the conjunction of ts, true if there are none.
func (c *Context) And(ts ...Term) Term {
	if len(ts) == 0 {
		return c.BoolVal(true) // not Z3's nullary "and"
	}
	return c.opN("And", ts, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_and(c, n, a) })
}

// Or returns the disjunction of ts, false if there are none.
func (c *Context) Or(ts ...Term) Term {
	if len(ts) == 0 {
		return c.BoolVal(false)
	}
	return c.opN("Or", ts, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_or(c, n, a) })
}

// Distinct returns that ts are pairwise different.
func (c *Context) Distinct(ts ...Term) Term {
	if len(ts) < 2 {
		if !c.args("Distinct", ts) {
			return Term{}
		}
		return c.BoolVal(true) // Z3 rejects fewer than two arguments
	}
	return c.opN("Distinct", ts, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_distinct(c, n, a) })
}

// Not returns ¬t.
func (t Term) Not() Term {
	return t.op1("Not", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_not(c, a) })
}

// Xor returns t ≠ u for Booleans.
func (t Term) Xor(u Term) Term {
	return t.op2("Xor", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_xor(c, a, b) })
}

// Implies returns t ⇒ u.
func (t Term) Implies(u Term) Term {
	return t.op2("Implies", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_implies(c, a, b) })
}

// Iff returns t ⇔ u.
func (t Term) Iff(u Term) Term {
	return t.op2("Iff", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_iff(c, a, b) })
}

// Eq returns t = u, for terms of any one sort.
func (t Term) Eq(u Term) Term {
	return t.op2("Eq", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_eq(c, a, b) })
}

// Ite returns "if t then a else b"; t is Boolean, a and b have one sort.
func (t Term) Ite(a, b Term) Term {
	c, ok := t.ctx("Ite", a, b)
	if !ok {
		return Term{}
	}
	return c.term("Ite", C.Z3_mk_ite(c.raw, t.n.a, a.n.a, b.n.a))
}

// Bit-vector arithmetic wraps around modulo 2^n, as Go's does. Division by
// zero is defined by SMT-LIB (x/0 = all ones, x%0 = x) where Go panics.

// Add returns t + u.
func (t Term) Add(u Term) Term {
	return t.op2("Add", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvadd(c, a, b) })
}

// Sub returns t - u.
func (t Term) Sub(u Term) Term {
	return t.op2("Sub", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsub(c, a, b) })
}

// Mul returns t * u.
func (t Term) Mul(u Term) Term {
	return t.op2("Mul", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvmul(c, a, b) })
}

// UDiv is unsigned division, Go's / on unsigned integers.
func (t Term) UDiv(u Term) Term {
	return t.op2("UDiv", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvudiv(c, a, b) })
}

// SDiv is signed division truncated toward zero, Go's / on signed integers.
func (t Term) SDiv(u Term) Term {
	return t.op2("SDiv", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsdiv(c, a, b) })
}

// URem is the unsigned remainder, Go's % on unsigned integers.
func (t Term) URem(u Term) Term {
	return t.op2("URem", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvurem(c, a, b) })
}

// SRem is the remainder of SDiv, with the sign of t: Go's % on signed integers.
func (t Term) SRem(u Term) Term {
	return t.op2("SRem", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsrem(c, a, b) })
}

// SMod is the signed remainder with the sign of u (no Go operator).
func (t Term) SMod(u Term) Term {
	return t.op2("SMod", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsmod(c, a, b) })
}

// Neg returns -t.
func (t Term) Neg() Term {
	return t.op1("Neg", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvneg(c, a) })
}

// BVNot returns ^t.
func (t Term) BVNot() Term {
	return t.op1("BVNot", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvnot(c, a) })
}

// BVAnd returns t & u.
func (t Term) BVAnd(u Term) Term {
	return t.op2("BVAnd", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvand(c, a, b) })
}

// BVOr returns t | u.
func (t Term) BVOr(u Term) Term {
	return t.op2("BVOr", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvor(c, a, b) })
}

// BVXor returns t ^ u.
func (t Term) BVXor(u Term) Term {
	return t.op2("BVXor", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvxor(c, a, b) })
}

// Shl shifts left; like Go, a count of at least the width gives 0. The
// count is a bit-vector of t's width, read as unsigned.
func (t Term) Shl(u Term) Term {
	return t.op2("Shl", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvshl(c, a, b) })
}

// LShr is the logical right shift, Go's >> on unsigned integers.
func (t Term) LShr(u Term) Term {
	return t.op2("LShr", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvlshr(c, a, b) })
}

// AShr is the arithmetic right shift, Go's >> on signed integers.
func (t Term) AShr(u Term) Term {
	return t.op2("AShr", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvashr(c, a, b) })
}

// ULT returns t < u, unsigned.
func (t Term) ULT(u Term) Term {
	return t.op2("ULT", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvult(c, a, b) })
}

// ULE returns t <= u, unsigned.
func (t Term) ULE(u Term) Term {
	return t.op2("ULE", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvule(c, a, b) })
}

// UGT returns t > u, unsigned.
func (t Term) UGT(u Term) Term {
	return t.op2("UGT", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvugt(c, a, b) })
}

// UGE returns t >= u, unsigned.
func (t Term) UGE(u Term) Term {
	return t.op2("UGE", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvuge(c, a, b) })
}

// SLT returns t < u, signed.
func (t Term) SLT(u Term) Term {
	return t.op2("SLT", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvslt(c, a, b) })
}

// SLE returns t <= u, signed.
func (t Term) SLE(u Term) Term {
	return t.op2("SLE", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsle(c, a, b) })
}

// IntLE returns t <= u of two integer terms (the arithmetic theory's, not a
// bit-vector's).
func (t Term) IntLE(u Term) Term {
	return t.op2("IntLE", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_le(c, a, b) })
}

// IntAdd returns t + u of two integer terms.
func (t Term) IntAdd(u Term) Term {
	c, ok := t.ctx("IntAdd")
	if !ok {
		return Term{}
	}
	return c.opN("IntAdd", []Term{t, u}, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_add(c, n, a) })
}

// IntSub returns t - u of two integer terms.
func (t Term) IntSub(u Term) Term {
	c, ok := t.ctx("IntSub")
	if !ok {
		return Term{}
	}
	return c.opN("IntSub", []Term{t, u}, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_sub(c, n, a) })
}

// IntMul returns t · u of two integer terms (linear when one is a numeral).
func (t Term) IntMul(u Term) Term {
	c, ok := t.ctx("IntMul")
	if !ok {
		return Term{}
	}
	return c.opN("IntMul", []Term{t, u}, func(c C.Z3_context, n C.uint, a *C.Z3_ast) C.Z3_ast { return C.Z3_mk_mul(c, n, a) })
}

// IntMod returns t mod u of two integer terms (never below zero for u > 0).
func (t Term) IntMod(u Term) Term {
	return t.op2("IntMod", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_mod(c, a, b) })
}

// IntLT returns t < u of two integer terms.
func (t Term) IntLT(u Term) Term {
	return t.op2("IntLT", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_lt(c, a, b) })
}

// SGT returns t > u, signed.
func (t Term) SGT(u Term) Term {
	return t.op2("SGT", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsgt(c, a, b) })
}

// SGE returns t >= u, signed.
func (t Term) SGE(u Term) Term {
	return t.op2("SGE", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsge(c, a, b) })
}

// ZeroExt widens t by n zero bits.
func (t Term) ZeroExt(n uint) Term {
	return t.op1("ZeroExt", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_zero_ext(c, C.uint(n), a) })
}

// SignExt widens t by n copies of its sign bit.
func (t Term) SignExt(n uint) Term {
	return t.op1("SignExt", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_sign_ext(c, C.uint(n), a) })
}

// Extract returns bits hi down to lo of t, hi-lo+1 bits wide.
func (t Term) Extract(hi, lo uint) Term {
	return t.op1("Extract", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast {
		return C.Z3_mk_extract(c, C.uint(hi), C.uint(lo), a)
	})
}

// Concat returns the bit-vector with t in the high bits and u in the low ones.
func (t Term) Concat(u Term) Term {
	return t.op2("Concat", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_concat(c, a, b) })
}

// Overflow predicates: each is true when the operation does not overflow.

// AddNoOverflow: t+u does not exceed the maximum, signed or unsigned.
func (t Term) AddNoOverflow(u Term, signed bool) Term {
	return t.op2("AddNoOverflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast {
		return C.Z3_mk_bvadd_no_overflow(c, a, b, C.bool(signed))
	})
}

// AddNoUnderflow: signed t+u does not go below the minimum.
func (t Term) AddNoUnderflow(u Term) Term {
	return t.op2("AddNoUnderflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvadd_no_underflow(c, a, b) })
}

// SubNoOverflow: signed t-u does not exceed the maximum.
func (t Term) SubNoOverflow(u Term) Term {
	return t.op2("SubNoOverflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsub_no_overflow(c, a, b) })
}

// SubNoUnderflow: t-u does not go below the minimum, signed or unsigned.
func (t Term) SubNoUnderflow(u Term, signed bool) Term {
	return t.op2("SubNoUnderflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast {
		return C.Z3_mk_bvsub_no_underflow(c, a, b, C.bool(signed))
	})
}

// MulNoOverflow: t*u does not exceed the maximum, signed or unsigned.
func (t Term) MulNoOverflow(u Term, signed bool) Term {
	if signed {
		return t.smulNoOverflow(u)
	}
	return t.op2("MulNoOverflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast {
		return C.Z3_mk_bvmul_no_overflow(c, a, b, false)
	})
}

// smulNoOverflow multiplies in double width: Z3 4.8.12 rewrites
// bvsmul_noovfl wrongly once its operands are numerals (it says -1*-1
// overflows), and the solver rewrites too, so its predicate cannot be used.
func (t Term) smulNoOverflow(u Term) Term {
	c, ok := t.ctx("MulNoOverflow", u)
	if !ok {
		return Term{}
	}
	n := t.Sort().BVSize()
	if n == 0 || u.Sort().BVSize() != n {
		// Let Z3 report the sort error.
		return c.term("MulNoOverflow", C.Z3_mk_bvmul_no_overflow(c.raw, t.n.a, u.n.a, true))
	}
	maxInt := new(big.Int).Lsh(big.NewInt(1), n-1)
	maxInt.Sub(maxInt, big.NewInt(1))
	return t.SignExt(n).Mul(u.SignExt(n)).SLE(c.BVFromBig(maxInt, 2*n))
}

// MulNoUnderflow: signed t*u does not go below the minimum.
func (t Term) MulNoUnderflow(u Term) Term {
	return t.op2("MulNoUnderflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvmul_no_underflow(c, a, b) })
}

// SDivNoOverflow: t/u is not MinInt/-1.
func (t Term) SDivNoOverflow(u Term) Term {
	return t.op2("SDivNoOverflow", u, func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsdiv_no_overflow(c, a, b) })
}

// NegNoOverflow: -t is not MinInt negated.
func (t Term) NegNoOverflow() Term {
	return t.op1("NegNoOverflow", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvneg_no_overflow(c, a) })
}

// Int2BV converts an Int to a bit-vector of the given width, modulo 2^bits.
func (t Term) Int2BV(bits uint) Term {
	return t.op1("Int2BV", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_int2bv(c, C.uint(bits), a) })
}

// BV2Int converts a bit-vector to an Int, reading it as signed or unsigned.
func (t Term) BV2Int(signed bool) Term {
	return t.op1("BV2Int", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_mk_bv2int(c, a, C.bool(signed)) })
}

// Simplify returns an equivalent, simpler term; on numerals it evaluates.
func (t Term) Simplify() Term {
	return t.op1("Simplify", func(c C.Z3_context, a C.Z3_ast) C.Z3_ast { return C.Z3_simplify(c, a) })
}
