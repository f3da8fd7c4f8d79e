package smt

import (
	"math"
	"math/bits"
	"strconv"
)

// The executor's symbolic values are terms of its own small expression
// language, hash-consed per run: structurally equal terms are the same *expr,
// so a term's id keys caches, and the terms are translated to Z3 (and back)
// once. Keeping the language our own lets the executor fold constants,
// simplify, and evaluate terms under a model in Go without crossing cgo.

type sortKind uint8

const (
	sortBool sortKind = iota + 1
	sortBV
	sortFP
	sortStr
	sortOpaque
)

// sort is the type of an expr: W is the width of a bit-vector or float.
type sort struct {
	K sortKind
	W uint8
}

var (
	boolSort   = sort{K: sortBool}
	strSort    = sort{K: sortStr}
	opaqueSort = sort{K: sortOpaque}
	bv64       = sort{K: sortBV, W: 64}
)

func bvSort(w uint8) sort { return sort{K: sortBV, W: w} }
func fpSort(w uint8) sort { return sort{K: sortFP, W: w} }

func (s sort) String() string {
	switch s.K {
	case sortBool:
		return "bool"
	case sortBV:
		return "bv" + strconv.Itoa(int(s.W))
	case sortFP:
		return "fp" + strconv.Itoa(int(s.W))
	case sortStr:
		return "str"
	case sortOpaque:
		return "opaque"
	}
	return "?"
}

type xop uint8

const (
	xConst xop = iota + 1
	xVar

	// Booleans. xEq is structural equality for every sort but FP (xFEq).
	xNot
	xAnd
	xOr
	xXor
	xIte
	xEq

	// Bit-vectors, with SMT-LIB semantics (division by zero is defined; the
	// executor never relies on it because it checks divisors first).
	xAdd
	xSub
	xMul
	xUDiv
	xSDiv
	xURem
	xSRem
	xBAnd
	xBOr
	xBXor
	xBNot
	xBNeg
	xShl
	xLShr
	xAShr
	xULt
	xULe
	xSLt
	xSLe
	xZExt  // to the expr's width
	xSExt  // to the expr's width
	xTrunc // low bits, to the expr's width

	// IEEE floats, rounding to nearest even.
	xFAdd
	xFSub
	xFMul
	xFDiv
	xFNeg
	xFEq
	xFLt
	xFLe
	xFFromS // signed bv -> fp
	xFFromU // unsigned bv -> fp
	xFToS   // fp -> signed bv, toward zero
	xFToU   // fp -> unsigned bv, toward zero
	xFConv  // fp -> fp of the expr's width

	// Strings (of bytes).
	xConcat
	xStrLen // as a bv of the expr's width
	xStrLt
	xStrLe
)

var xopNames = [...]string{
	xConst: "const", xVar: "var", xNot: "not", xAnd: "and", xOr: "or", xXor: "xor", xIte: "ite", xEq: "=",
	xAdd: "bvadd", xSub: "bvsub", xMul: "bvmul", xUDiv: "bvudiv", xSDiv: "bvsdiv", xURem: "bvurem",
	xSRem: "bvsrem", xBAnd: "bvand", xBOr: "bvor", xBXor: "bvxor", xBNot: "bvnot", xBNeg: "bvneg",
	xShl: "bvshl", xLShr: "bvlshr", xAShr: "bvashr", xULt: "bvult", xULe: "bvule", xSLt: "bvslt",
	xSLe: "bvsle", xZExt: "zext", xSExt: "sext", xTrunc: "trunc",
	xFAdd: "fp.add", xFSub: "fp.sub", xFMul: "fp.mul", xFDiv: "fp.div", xFNeg: "fp.neg", xFEq: "fp.eq",
	xFLt: "fp.lt", xFLe: "fp.leq", xFFromS: "to_fp_s", xFFromU: "to_fp_u", xFToS: "fp.to_sbv",
	xFToU: "fp.to_ubv", xFConv: "to_fp",
	xConcat: "str.++", xStrLen: "str.len", xStrLt: "str.<", xStrLe: "str.<=",
}

// cval is a concrete scalar: bool (0/1), bit-vector bits (truncated to the
// width), float (math.Float64bits of the value; a float32 held exactly in a
// float64), opaque (an identity, 0 for the zero value) or string.
type cval struct {
	n uint64
	s string
}

// expr is a hash-consed term. Treat as immutable.
type expr struct {
	op   xop
	sort sort
	args [3]*expr
	narg uint8
	c    cval   // xConst: the value; xVar: c.n is the variable's number
	name string // xVar: a readable name
	id   int32
	hasV bool  // contains a variable (false only for constants)
	minV int32 // the lowest and highest variable numbers in the term (-1: none)
	maxV int32
}

func (e *expr) isConst() bool { return e.op == xConst }

func (e *expr) String() string {
	switch e.op {
	case xConst:
		return formatCval(e.c, e.sort)
	case xVar:
		return e.name
	}
	s := "(" + xopNames[e.op]
	for i := 0; i < int(e.narg); i++ {
		s += " " + e.args[i].String()
	}
	if e.op == xZExt || e.op == xSExt || e.op == xTrunc || e.op == xFConv || e.op == xStrLen {
		s += " :" + e.sort.String()
	}
	return s + ")"
}

func formatCval(c cval, s sort) string {
	switch s.K {
	case sortBool:
		return strconv.FormatBool(c.n != 0)
	case sortBV:
		return strconv.FormatUint(c.n, 10) + ":" + s.String()
	case sortFP:
		return strconv.FormatFloat(math.Float64frombits(c.n), 'g', -1, 64)
	case sortStr:
		return strconv.Quote(c.s)
	case sortOpaque:
		return "opaque#" + strconv.FormatUint(c.n, 10)
	}
	return "?"
}

type exprKey struct {
	op   xop
	sort sort
	a    [3]*expr
	c    cval
}

// exprs builds hash-consed terms and simplifies them on the way.
type exprs struct {
	tab   map[exprKey]*expr
	vars  []*expr
	sym   int // symbolic terms asked for (cache hits too): a step that asks for none is concrete
	nextI int32
	t, f  *expr
}

func newExprs() *exprs {
	x := &exprs{tab: make(map[exprKey]*expr)}
	x.t = x.konst(boolSort, cval{n: 1})
	x.f = x.konst(boolSort, cval{})
	return x
}

func (x *exprs) intern(op xop, s sort, args []*expr, c cval, name string) *expr {
	k := exprKey{op: op, sort: s, c: c}
	copy(k.a[:], args)
	if e, ok := x.tab[k]; ok {
		return e
	}
	e := &expr{op: op, sort: s, narg: uint8(len(args)), c: c, name: name, id: x.nextI}
	copy(e.args[:], args)
	x.nextI++
	e.hasV = op == xVar
	e.minV, e.maxV = -1, -1
	if op == xVar {
		e.minV, e.maxV = int32(c.n), int32(c.n)
	}
	for _, a := range args {
		e.hasV = e.hasV || a.hasV
		if a.minV >= 0 && (e.minV < 0 || a.minV < e.minV) {
			e.minV = a.minV
		}
		e.maxV = max(e.maxV, a.maxV)
	}
	x.tab[k] = e
	return e
}

func (x *exprs) konst(s sort, c cval) *expr { return x.intern(xConst, s, nil, c, "") }

func (x *exprs) boolConst(b bool) *expr {
	if b {
		return x.t
	}
	return x.f
}

func (x *exprs) bvConst(w uint8, n uint64) *expr {
	return x.konst(bvSort(w), cval{n: trunc(n, w)})
}

// newVar makes a fresh variable; name is for humans, the number makes it unique.
func (x *exprs) newVar(s sort, name string) *expr {
	n := uint64(len(x.vars))
	x.sym++
	e := x.intern(xVar, s, nil, cval{n: n}, name+"!"+strconv.FormatUint(n, 10))
	x.vars = append(x.vars, e)
	return e
}

// mk builds op(args) of sort s, folding constants and simplifying cheaply.
func (x *exprs) mk(op xop, s sort, args ...*expr) *expr {
	allConst := true
	for _, a := range args {
		if !a.isConst() {
			allConst = false
			break
		}
	}
	if allConst {
		var cs [3]cval
		var ss [3]sort
		for i, a := range args {
			cs[i], ss[i] = a.c, a.sort
		}
		if v, ok := apply(op, s, ss, cs); ok {
			return x.konst(s, v)
		}
	}
	if e := x.simplify(op, s, args); e != nil {
		if !e.isConst() {
			x.sym++
		}
		return e
	}
	e := x.intern(op, s, args, cval{}, "")
	if c, ok := pointValue(e); ok {
		return x.konst(s, c)
	}
	x.sym++
	return e
}

// offset folds a ± b where both are a term plus a constant (modular
// arithmetic makes it exact): readings of one clock taken at different
// times, (base+t1) - (base+t2), stay concrete. It returns nil when there
// is nothing to fold.
func (x *exprs) offset(s sort, a, b *expr, sub bool) *expr {
	ta, ca := linear(a)
	tb, cb := linear(b)
	switch {
	case ta == nil && tb == nil:
		return nil
	case sub && ta == tb: // (t+ca) - (t+cb)
		return x.bvConst(s.W, ca-cb)
	case sub && tb == nil: // (t+ca) - cb
		return x.mk(xAdd, s, ta, x.bvConst(s.W, ca-cb))
	case sub || ta != nil && tb != nil:
		return nil
	}
	swapped := ta == nil // the constant first: keep the term first
	if swapped {
		a, b, ta, ca, cb = b, a, tb, cb, ca
	}
	if ta != a { // (t+ca) + cb
		return x.mk(xAdd, s, ta, x.bvConst(s.W, ca+cb))
	}
	if swapped {
		return x.mk(xAdd, s, a, b)
	}
	return nil // t + c already
}

// divide simplifies (u·m·k + c) / k and % k (op a division or remainder,
// k a constant) to u·m + c/k and c%k when the dividend can neither wrap nor,
// for a signed op, be negative: u's bound (upper), m·k and c say so. The
// wall clock's nanoseconds are such a dividend ((wall+s)·1e9 + n), and
// time.Unix and UnixNano divide them by 1e9 and take the rest.
func (x *exprs) divide(op xop, s sort, a, b *expr) *expr {
	if !b.isConst() || b.c.n == 0 || s.K != sortBV {
		return nil
	}
	t, c := linear(a)
	if t == nil || t.op != xMul || !t.args[1].isConst() {
		return nil
	}
	u, km, k := t.args[0], t.args[1].c.n, b.c.n
	limit := ones(s.W) // the largest dividend that neither wraps nor, signed, is negative
	if op == xSDiv || op == xSRem {
		limit >>= 1
	}
	if km%k != 0 || km > limit || k > limit || c > limit {
		return nil
	}
	// u·km + c ≤ limit for every u up to its bound
	if hi, lo := bits.Mul64(upper(u, 8), km); hi != 0 || lo > limit-c {
		return nil
	}
	if op == xURem || op == xSRem {
		return x.bvConst(s.W, c%k)
	}
	return x.mk(xAdd, s, x.mk(xMul, s, u, x.bvConst(s.W, km/k)), x.bvConst(s.W, c/k))
}

// linear splits e into term + constant: (e, 0) for a term with no
// constant part, (nil, c) for a constant.
func linear(e *expr) (*expr, uint64) {
	switch {
	case e.op == xConst:
		return nil, e.c.n
	case e.op == xAdd && e.args[1].op == xConst && e.args[0].op != xConst:
		return e.args[0], e.args[1].c.n
	case e.op == xSub && e.args[1].op == xConst && e.args[0].op != xConst:
		return e.args[0], -e.args[1].c.n
	}
	return e, 0
}

func isConstN(e *expr, n uint64) bool { return e.op == xConst && e.c.n == n }

func ones(w uint8) uint64 { return trunc(^uint64(0), w) }

// Bit fields. Go packs values into words with shifts, masks and ors, and
// unpacks them the same way: time.Time's wall word holds a flag, the
// seconds and the nanoseconds, and Time.UnixNano takes the seconds back out
// with t.wall<<1>>31. With the seconds unknown (the wall clock), the term
// stayed a tangle of shifts and ors, and every comparison of two times went
// to Z3 (and ran past its limit). The rules below take such a field back
// out when the bounds of the terms say it is exact, so that the seconds
// come back as the term they were (linear: the comparison is decided by
// ranges, not asked).

// shift simplifies v shifted by the constant c (xShl or xLShr): a shift
// goes into both sides of an or, two shifts become one, and a shift
// right past every bit v may have set is zero.
func (x *exprs) shift(op xop, s sort, v *expr, c uint64) *expr {
	w := uint64(s.W)
	if c >= w {
		return x.bvConst(s.W, 0)
	}
	switch {
	case v.op == xBOr:
		return x.mk(xBOr, s, x.mk(op, s, v.args[0], x.bvConst(s.W, c)), x.mk(op, s, v.args[1], x.bvConst(s.W, c)))
	case op == xShl && v.op == xShl && v.args[1].isConst():
		return x.mk(xShl, s, v.args[0], x.bvConst(s.W, min(c+v.args[1].c.n, w)))
	case op == xLShr && v.op == xShl && v.args[1].isConst() && v.args[1].c.n < w:
		// (y<<c1)>>c: y's low w-c1 bits, moved by c-c1
		c1 := v.args[1].c.n
		low := x.mk(xBAnd, s, v.args[0], x.bvConst(s.W, ones(uint8(w-c1))))
		if c >= c1 {
			return x.mk(xLShr, s, low, x.bvConst(s.W, c-c1))
		}
		return x.mk(xShl, s, low, x.bvConst(s.W, c1-c))
	case op == xLShr && maySet(v, 8)>>c == 0:
		return x.bvConst(s.W, 0)
	}
	return nil
}

// mask simplifies v & m for a constant m: into both sides of an or, zero
// where m keeps none of the bits v may have set, v itself where it keeps
// every one.
func (x *exprs) mask(s sort, v *expr, m uint64) *expr {
	if v.op == xBOr {
		return x.mk(xBOr, s, x.mk(xBAnd, s, v.args[0], x.bvConst(s.W, m)), x.mk(xBAnd, s, v.args[1], x.bvConst(s.W, m)))
	}
	switch u := maySet(v, 8); {
	case u&m == 0:
		return x.bvConst(s.W, 0)
	case u&^m == 0:
		return v
	}
	return nil
}

// maySet is the bits of the bit vector e that may be set, looking depth
// operations down.
func maySet(e *expr, depth int) uint64 {
	if e.sort.K != sortBV || e.op == xConst || depth == 0 {
		return smear(upper(e, depth))
	}
	switch e.op {
	case xBAnd:
		return maySet(e.args[0], depth-1) & maySet(e.args[1], depth-1)
	case xBOr, xBXor:
		return maySet(e.args[0], depth-1) | maySet(e.args[1], depth-1)
	case xShl:
		if c := e.args[1].c.n; e.args[1].isConst() && c < 64 {
			return trunc(maySet(e.args[0], depth-1)<<c, e.sort.W)
		}
	case xLShr:
		if e.args[1].isConst() {
			return maySet(e.args[0], depth-1) >> min(e.args[1].c.n, 63)
		}
	case xZExt:
		return maySet(e.args[0], depth-1)
	}
	return smear(upper(e, depth))
}

// upper is an upper bound of the unsigned value of the bit vector e,
// looking depth operations down.
func upper(e *expr, depth int) uint64 {
	all := ones(e.sort.W)
	if e.sort.K != sortBV {
		return all
	}
	if e.op == xConst {
		return e.c.n
	}
	if depth == 0 {
		return all
	}
	switch e.op {
	case xBAnd, xBOr, xBXor:
		return maySet(e, depth)
	case xAdd:
		a, b := upper(e.args[0], depth-1), upper(e.args[1], depth-1)
		if a > all-b {
			return all // it may wrap
		}
		return a + b
	case xMul:
		if e.args[1].isConst() {
			if hi, lo := bits.Mul64(upper(e.args[0], depth-1), e.args[1].c.n); hi == 0 && lo <= all {
				return lo
			}
		}
	case xLShr:
		if e.args[1].isConst() {
			return upper(e.args[0], depth-1) >> min(e.args[1].c.n, 63)
		}
	case xShl:
		if c := e.args[1].c.n; e.args[1].isConst() && c < 64 {
			if u := upper(e.args[0], depth-1); u <= all>>c {
				return u << c
			}
		}
	case xUDiv:
		if e.args[1].isConst() && e.args[1].c.n != 0 {
			return upper(e.args[0], depth-1) / e.args[1].c.n
		}
	case xURem:
		if e.args[1].isConst() && e.args[1].c.n != 0 {
			return min(upper(e.args[0], depth-1), e.args[1].c.n-1)
		}
	case xZExt:
		return upper(e.args[0], depth-1)
	}
	return all
}

// smear sets every bit below u's highest.
func smear(u uint64) uint64 {
	for i := uint(1); i < 64; i <<= 1 {
		u |= u >> i
	}
	return u
}

// simplify returns a simpler equivalent of op(args) or nil. Only rules that
// are cheap and obviously sound: identities, absorbing elements, double
// negation, ite with a constant or equal branches, and the bit fields'
// (shift, mask: they look at most 8 operations down).
func (x *exprs) simplify(op xop, s sort, a []*expr) *expr {
	switch op {
	case xNot:
		if a[0].op == xNot {
			return a[0].args[0]
		}
	case xAnd:
		switch {
		case a[0] == x.f || a[1] == x.f:
			return x.f
		case a[0] == x.t:
			return a[1]
		case a[1] == x.t, a[0] == a[1]:
			return a[0]
		}
	case xOr:
		switch {
		case a[0] == x.t || a[1] == x.t:
			return x.t
		case a[0] == x.f:
			return a[1]
		case a[1] == x.f, a[0] == a[1]:
			return a[0]
		}
	case xXor:
		switch {
		case a[0] == x.f:
			return a[1]
		case a[1] == x.f:
			return a[0]
		case a[0] == x.t:
			return x.mk(xNot, boolSort, a[1])
		case a[1] == x.t:
			return x.mk(xNot, boolSort, a[0])
		case a[0] == a[1]:
			return x.f
		}
	case xIte:
		switch {
		case a[0] == x.t:
			return a[1]
		case a[0] == x.f:
			return a[2]
		case a[1] == a[2]:
			return a[1]
		case s.K == sortBool && a[1] == x.t && a[2] == x.f:
			return a[0]
		case s.K == sortBool && a[1] == x.f && a[2] == x.t:
			return x.mk(xNot, boolSort, a[0])
		}
	case xEq:
		if a[0] == a[1] {
			return x.t
		}
		if a[0].sort.K == sortBool {
			switch {
			case a[0] == x.t:
				return a[1]
			case a[1] == x.t:
				return a[0]
			case a[0] == x.f:
				return x.mk(xNot, boolSort, a[1])
			case a[1] == x.f:
				return x.mk(xNot, boolSort, a[0])
			}
		}
		// Two different constants are different (every sort but FP, which
		// uses xFEq, has one constant per value).
		if a[0].isConst() && a[1].isConst() {
			return x.f
		}
		// The sign bit alone against zero is a signed comparison (Go's
		// time code tests t.wall&hasMonotonic), which integer arithmetic
		// decides (linear.go) where a mask of one high bit is not.
		for j, t := range a[:2] {
			if t.op != xBAnd || !isConstN(a[1-j], 0) {
				continue
			}
			w := t.sort.W
			for i, m := range t.args[:2] {
				if m.isConst() && w <= 64 && m.c.n == 1<<(w-1) {
					return x.mk(xSLe, boolSort, x.bvConst(w, 0), t.args[1-i])
				}
			}
		}
		// A term whose bound is below the constant is not it: the wall
		// clock's nanoseconds (s·1e9 + c) against a time far ahead, or
		// against zero (Time.IsZero), inside an ite that Go's time code
		// makes of it.
		if k, t := a[1], a[0]; s.K == sortBool && t.sort.K == sortBV && (k.isConst() || t.isConst()) {
			if t.isConst() {
				k, t = t, k
			}
			// t' + c == k is t' == k - c, modulo 2^w
			if tt, c := linear(t); tt != nil && upper(tt, 8) < trunc(k.c.n-c, t.sort.W) {
				return x.f
			}
		}
	case xAdd, xBOr, xBXor:
		if isConstN(a[0], 0) {
			return a[1]
		}
		if isConstN(a[1], 0) {
			return a[0]
		}
		if op == xAdd {
			return x.offset(s, a[0], a[1], false)
		}
		if op == xBXor && a[0] == a[1] {
			return x.bvConst(s.W, 0)
		}
		if op == xBOr && (isConstN(a[0], ones(s.W)) || isConstN(a[1], ones(s.W))) {
			return x.bvConst(s.W, ones(s.W))
		}
	case xSub:
		if isConstN(a[1], 0) {
			return a[0]
		}
		if a[0] == a[1] {
			return x.bvConst(s.W, 0)
		}
		return x.offset(s, a[0], a[1], true)
	case xMul:
		if isConstN(a[0], 0) || isConstN(a[1], 0) {
			return x.bvConst(s.W, 0)
		}
		if isConstN(a[0], 1) {
			return a[1]
		}
		if isConstN(a[1], 1) {
			return a[0]
		}
		if a[0].isConst() && !a[1].isConst() { // the constant second, as in sums
			return x.mk(xMul, s, a[1], a[0])
		}
		if t, c := linear(a[0]); a[1].isConst() && t != nil && t != a[0] { // (t+c)·k = t·k + c·k
			return x.mk(xAdd, s, x.mk(xMul, s, t, a[1]), x.bvConst(s.W, c*a[1].c.n))
		}
	case xBAnd:
		if isConstN(a[0], 0) || isConstN(a[1], 0) {
			return x.bvConst(s.W, 0)
		}
		if isConstN(a[0], ones(s.W)) {
			return a[1]
		}
		if isConstN(a[1], ones(s.W)) || a[0] == a[1] {
			return a[0]
		}
		if a[1].isConst() && s.K == sortBV {
			return x.mask(s, a[0], a[1].c.n)
		}
	case xShl, xLShr, xAShr:
		if isConstN(a[1], 0) {
			return a[0]
		}
		if op != xAShr && a[1].isConst() && s.K == sortBV {
			return x.shift(op, s, a[0], a[1].c.n)
		}
	case xUDiv, xSDiv:
		if isConstN(a[1], 1) {
			return a[0]
		}
		return x.divide(op, s, a[0], a[1])
	case xURem, xSRem:
		return x.divide(op, s, a[0], a[1])
	case xBNot, xBNeg:
		if a[0].op == op {
			return a[0].args[0]
		}
	case xULt, xSLt:
		if a[0] == a[1] {
			return x.f
		}
		if op == xSLt && isConstN(a[1], 0) && signed(a[0]) {
			return x.negative(a[0])
		}
	case xULe, xSLe:
		if a[0] == a[1] {
			return x.t
		}
		if op == xSLe && isConstN(a[0], 0) && signed(a[1]) {
			return not(x, x.negative(a[1]))
		}
	case xZExt, xSExt, xTrunc:
		if a[0].sort == s {
			return a[0]
		}
	case xConcat:
		if a[0].isConst() && a[0].c.s == "" {
			return a[1]
		}
		if a[1].isConst() && a[1].c.s == "" {
			return a[0]
		}
	case xStrLen:
		// The length of a concatenation is the sum of its parts': a
		// message formatted around an unknown string (a stack trace) is
		// then compared by its lengths alone (decideLengths), not by Z3's
		// string theory.
		if a[0].op == xConcat {
			return x.mk(xAdd, s, x.mk(xStrLen, s, a[0].args[0]), x.mk(xStrLen, s, a[0].args[1]))
		}
	}
	return nil
}

// knownPrefix returns the bytes a string term is known to start with: a
// constant's, and those of the constant parts a concatenation starts with.
func knownPrefix(t *expr) string {
	switch {
	case t.isConst():
		return t.c.s
	case t.op == xConcat:
		p := knownPrefix(t.args[0])
		if t.args[0].isConst() {
			p += knownPrefix(t.args[1])
		}
		return p
	}
	return ""
}

func not(x *exprs, e *expr) *expr { return x.mk(xNot, boolSort, e) }

// signed reports whether t's sign bit is that of its operands' (negative
// decomposes it): bitwise operations and sign extensions, which Go's time
// code makes of a Time's wall word (hasMonotonic, the top bit, and'ed and
// or'ed with seconds and nanoseconds).
func signed(t *expr) bool {
	switch t.op {
	case xBAnd, xBOr, xBXor, xBNot, xSExt:
		return t.sort.K == sortBV
	}
	return false
}

// negative is t <s 0: its sign bit, through the operations signed takes,
// so that a mask of the top bit becomes comparisons of the operands,
// which integer arithmetic decides (linear.go) and constants settle.
func (x *exprs) negative(t *expr) *expr {
	if t.isConst() && t.sort.W <= 64 {
		if t.c.n>>(t.sort.W-1)&1 != 0 {
			return x.t
		}
		return x.f
	}
	if !signed(t) || t.sort.W > 64 {
		return x.intern(xSLt, boolSort, []*expr{t, x.bvConst(t.sort.W, 0)}, cval{}, "")
	}
	switch t.op {
	case xBAnd:
		return x.mk(xAnd, boolSort, x.negative(t.args[0]), x.negative(t.args[1]))
	case xBOr:
		return x.mk(xOr, boolSort, x.negative(t.args[0]), x.negative(t.args[1]))
	case xBXor:
		return x.mk(xXor, boolSort, x.negative(t.args[0]), x.negative(t.args[1]))
	case xBNot:
		return not(x, x.negative(t.args[0]))
	}
	return x.negative(t.args[0]) // xSExt
}

// ---- Concrete semantics, shared by constant folding and model evaluation ----

func trunc(n uint64, w uint8) uint64 {
	if w >= 64 {
		return n
	}
	return n & (1<<w - 1)
}

func sext(n uint64, w uint8) int64 {
	if w >= 64 {
		return int64(n)
	}
	n = trunc(n, w)
	if n&(1<<(w-1)) != 0 {
		n |= ^uint64(0) << w
	}
	return int64(n)
}

func b2n(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func f64(c cval) float64     { return math.Float64frombits(c.n) }
func fbits(f float64) uint64 { return math.Float64bits(f) }

// roundF rounds a float64 to the precision of an FP sort of width w.
func roundF(f float64, w uint8) float64 {
	if w == 32 {
		return float64(float32(f))
	}
	return f
}

// apply computes op on constant arguments with the SMT-LIB semantics of the
// op (which the executor lines up with Go's by checking divisors and
// shaping shift counts before it builds terms). It reports false when the
// result is not defined the same way by Go and by Z3 (a float to integer
// conversion out of range), so that a caller relying on agreement can ask Z3.
func apply(op xop, s sort, as [3]sort, a [3]cval) (cval, bool) {
	w := s.W
	aw := as[0].W
	switch op {
	case xNot:
		return cval{n: 1 - a[0].n}, true
	case xAnd:
		return cval{n: a[0].n & a[1].n}, true
	case xOr:
		return cval{n: a[0].n | a[1].n}, true
	case xXor:
		return cval{n: a[0].n ^ a[1].n}, true
	case xIte:
		if a[0].n != 0 {
			return a[1], true
		}
		return a[2], true
	case xEq:
		if as[0].K == sortFP { // SMT-LIB's = on floats: one NaN, and -0 differs from +0
			x, y := f64(a[0]), f64(a[1])
			return cval{n: b2n(a[0].n == a[1].n || x != x && y != y)}, true
		}
		return cval{n: b2n(a[0] == a[1])}, true

	case xAdd:
		return cval{n: trunc(a[0].n+a[1].n, w)}, true
	case xSub:
		return cval{n: trunc(a[0].n-a[1].n, w)}, true
	case xMul:
		return cval{n: trunc(a[0].n*a[1].n, w)}, true
	case xUDiv:
		if a[1].n == 0 {
			return cval{n: ones(w)}, true
		}
		return cval{n: a[0].n / a[1].n}, true
	case xURem:
		if a[1].n == 0 {
			return a[0], true
		}
		return cval{n: a[0].n % a[1].n}, true
	case xSDiv:
		x, y := sext(a[0].n, w), sext(a[1].n, w)
		if y == 0 {
			if x < 0 {
				return cval{n: 1}, true
			}
			return cval{n: ones(w)}, true
		}
		if y == -1 {
			return cval{n: trunc(uint64(-x), w)}, true // -MinInt wraps, as in Go
		}
		return cval{n: trunc(uint64(x/y), w)}, true
	case xSRem:
		x, y := sext(a[0].n, w), sext(a[1].n, w)
		if y == 0 {
			return a[0], true
		}
		if y == -1 {
			return cval{}, true
		}
		return cval{n: trunc(uint64(x%y), w)}, true
	case xBAnd:
		return cval{n: a[0].n & a[1].n}, true
	case xBOr:
		return cval{n: a[0].n | a[1].n}, true
	case xBXor:
		return cval{n: a[0].n ^ a[1].n}, true
	case xBNot:
		return cval{n: trunc(^a[0].n, w)}, true
	case xBNeg:
		return cval{n: trunc(-a[0].n, w)}, true
	case xShl:
		if a[1].n >= uint64(w) {
			return cval{}, true
		}
		return cval{n: trunc(a[0].n<<a[1].n, w)}, true
	case xLShr:
		if a[1].n >= uint64(w) {
			return cval{}, true
		}
		return cval{n: a[0].n >> a[1].n}, true
	case xAShr:
		c := a[1].n
		if c > 63 {
			c = 63
		}
		return cval{n: trunc(uint64(sext(a[0].n, w)>>c), w)}, true
	case xULt:
		return cval{n: b2n(a[0].n < a[1].n)}, true
	case xULe:
		return cval{n: b2n(a[0].n <= a[1].n)}, true
	case xSLt:
		return cval{n: b2n(sext(a[0].n, aw) < sext(a[1].n, aw))}, true
	case xSLe:
		return cval{n: b2n(sext(a[0].n, aw) <= sext(a[1].n, aw))}, true
	case xZExt:
		return a[0], true
	case xSExt:
		return cval{n: trunc(uint64(sext(a[0].n, aw)), w)}, true
	case xTrunc:
		return cval{n: trunc(a[0].n, w)}, true

	case xFAdd, xFSub, xFMul, xFDiv:
		return cval{n: fbits(floatArith(op, f64(a[0]), f64(a[1]), w))}, true
	case xFNeg:
		return cval{n: fbits(-f64(a[0]))}, true
	case xFEq:
		return cval{n: b2n(f64(a[0]) == f64(a[1]))}, true
	case xFLt:
		return cval{n: b2n(f64(a[0]) < f64(a[1]))}, true
	case xFLe:
		return cval{n: b2n(f64(a[0]) <= f64(a[1]))}, true
	case xFFromS:
		return cval{n: fbits(intToFloat(sext(a[0].n, aw), 0, true, w))}, true
	case xFFromU:
		return cval{n: fbits(intToFloat(0, a[0].n, false, w))}, true
	case xFToS:
		n, ok := floatToInt(f64(a[0]), w, true)
		return cval{n: n}, ok
	case xFToU:
		n, ok := floatToInt(f64(a[0]), w, false)
		return cval{n: n}, ok
	case xFConv:
		return cval{n: fbits(roundF(f64(a[0]), w))}, true

	case xConcat:
		return cval{s: a[0].s + a[1].s}, true
	case xStrLen:
		return cval{n: trunc(uint64(len(a[0].s)), w)}, true
	case xStrLt:
		return cval{n: b2n(a[0].s < a[1].s)}, true
	case xStrLe:
		return cval{n: b2n(a[0].s <= a[1].s)}, true
	}
	panic("smt: apply: unexpected op " + xopNames[op])
}

func floatArith(op xop, x, y float64, w uint8) float64 {
	if w == 32 {
		a, b := float32(x), float32(y)
		switch op {
		case xFAdd:
			return float64(a + b)
		case xFSub:
			return float64(a - b)
		case xFMul:
			return float64(a * b)
		}
		return float64(a / b)
	}
	switch op {
	case xFAdd:
		return x + y
	case xFSub:
		return x - y
	case xFMul:
		return x * y
	}
	return x / y
}

// intToFloat converts as Go does: one rounding, to nearest even.
func intToFloat(s int64, u uint64, signed bool, w uint8) float64 {
	if w == 32 {
		if signed {
			return float64(float32(s))
		}
		return float64(float32(u))
	}
	if signed {
		return float64(s)
	}
	return float64(u)
}

// floatToInt truncates toward zero as Go does. ok is false when the value is
// out of range (or NaN), where Go leaves the result implementation-defined
// and Z3 unspecified; the executor never asks either about such a value
// (see convFloatInt), and the result then is indefinite(w).
func floatToInt(f float64, w uint8, signed bool) (uint64, bool) {
	if !floatInRange(f, w, signed) {
		return indefinite(w), false
	}
	t := math.Trunc(f)
	if signed {
		return trunc(uint64(int64(t)), w), true
	}
	return uint64(t), true
}

// floatInRange reports whether f truncated fits an integer of width w.
func floatInRange(f float64, w uint8, signed bool) bool {
	if signed {
		return f >= -math.Ldexp(1, int(w)-1) && f < math.Ldexp(1, int(w)-1)
	}
	return f > -1 && f < math.Ldexp(1, int(w))
}

// indefinite is the result of an out-of-range float to integer conversion:
// amd64's "integer indefinite" (also the truncation of a slightly smaller
// value, for signed types, so the range test may be coarse there).
func indefinite(w uint8) uint64 { return 1 << (w - 1) }

// eval computes e under an assignment of its variables. exact is false if
// some step is not defined alike by Go and Z3 (see apply).
func eval(e *expr, env func(*expr) cval, memo map[*expr]cval) (v cval, exact bool) {
	exact = true
	var rec func(e *expr) cval
	rec = func(e *expr) cval {
		switch e.op {
		case xConst:
			return e.c
		case xVar:
			return env(e)
		}
		if v, ok := memo[e]; ok {
			return v
		}
		var cs [3]cval
		var ss [3]sort
		if e.op == xIte {
			// Only the taken branch matters (and only it need be exact).
			if rec(e.args[0]).n != 0 {
				return rec(e.args[1])
			}
			return rec(e.args[2])
		}
		for i := 0; i < int(e.narg); i++ {
			cs[i], ss[i] = rec(e.args[i]), e.args[i].sort
		}
		v, ok := apply(e.op, e.sort, ss, cs)
		if !ok {
			exact = false
		}
		memo[e] = v
		return v
	}
	v = rec(e)
	return v, exact
}
