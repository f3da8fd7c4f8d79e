package z3

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func newContext(t testing.TB) *Context {
	t.Helper()
	c := NewContext()
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func noErr(t testing.TB, c *Context) {
	t.Helper()
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}

func check(t testing.TB, s *Solver, want Status) {
	t.Helper()
	r, err := s.Check()
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != want {
		t.Fatalf("Check = %v, want %v\n%v", r, want, s)
	}
}

func model(t testing.TB, s *Solver) *Model {
	t.Helper()
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func evalUint(t testing.TB, m *Model, x Term) uint64 {
	t.Helper()
	v, ok := m.Eval(x, true)
	if !ok {
		t.Fatalf("Eval(%v) failed: %v", x, x.n.c.Err())
	}
	u, ok := v.AsUint64()
	if !ok {
		t.Fatalf("Eval(%v) = %v, not a 64-bit numeral", x, v)
	}
	return u
}

func TestSolveMul(t *testing.T) {
	c := newContext(t)
	bv64 := c.BVSort(64)
	x := c.Const("x", bv64)
	s := c.NewSolver()
	s.Assert(x.Mul(c.BVVal(3, 64)).Eq(c.BVVal(42, 64)))
	check(t, s, Sat)
	if v := evalUint(t, model(t, s), x); v*3 != 42 {
		t.Errorf("x = %d, but x*3 = %d", v, v*3)
	}

	// 6 is even, so x*6 == 84 has two solutions mod 2^64: find the other one.
	s.Reset()
	s.Assert(x.Mul(c.BVVal(6, 64)).Eq(c.BVVal(84, 64)))
	s.Assert(x.Eq(c.BVVal(14, 64)).Not())
	check(t, s, Sat)
	if v := evalUint(t, model(t, s), x); v*6 != 84 || v != 14+1<<63 {
		t.Errorf("x = %d, x*6 = %d; want 14+2^63", v, v*6)
	}
	if s.NumChecks() != 2 {
		t.Errorf("NumChecks = %d, want 2", s.NumChecks())
	}
	noErr(t, c)
}

func TestUnsatAndPushPop(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.BVSort(32))
	s := c.NewSolver()
	s.Assert(x.ULT(c.BVVal(10, 32)))
	check(t, s, Sat)

	s.Push()
	s.Assert(x.UGT(c.BVVal(20, 32)))
	if s.NumScopes() != 1 {
		t.Errorf("NumScopes = %d, want 1", s.NumScopes())
	}
	check(t, s, Unsat)
	if _, err := s.Model(); err == nil {
		t.Error("Model after Unsat: no error")
	}
	c.ClearErr()

	s.Pop(1)
	if s.NumScopes() != 0 {
		t.Errorf("NumScopes = %d, want 0", s.NumScopes())
	}
	s.Push()
	s.Assert(x.Eq(c.BVVal(7, 32)))
	check(t, s, Sat)
	if v := evalUint(t, model(t, s), x); v != 7 {
		t.Errorf("x = %d, want 7", v)
	}
	s.Pop(1)
	s.Assert(x.Eq(c.BVVal(7, 32)).Not())
	check(t, s, Sat)
	if v := evalUint(t, model(t, s), x); v >= 10 || v == 7 {
		t.Errorf("x = %d, want < 10 and != 7", v)
	}
	noErr(t, c)

	s.Pop(5) // more than open
	if c.Err() == nil {
		t.Error("Pop past the bottom: no error")
	}
}

func TestCheckAssumptions(t *testing.T) {
	c := newContext(t)
	b := c.BoolSort()
	p, q, r := c.Const("p", b), c.Const("q", b), c.Const("r", b)
	s := c.NewSolver()
	s.Assert(p.Implies(q.Not()))
	res, err := s.CheckAssumptions(p, q, r)
	if err != nil || res.Status != Unsat {
		t.Fatalf("CheckAssumptions = %v, %v; want unsat", res, err)
	}
	core := s.UnsatCore()
	if len(core) != 2 {
		t.Fatalf("core = %v, want p and q", core)
	}
	for _, a := range core {
		if a.Equal(r) {
			t.Errorf("core %v contains r", core)
		}
	}
	// Assumptions are not assertions.
	check(t, s, Sat)
	noErr(t, c)
}

func TestArraySymbolicIndex(t *testing.T) {
	c := newContext(t)
	bv32 := c.BVSort(32)
	a := c.Const("a", c.ArraySort(bv32, bv32))
	i, j := c.Const("i", bv32), c.Const("j", bv32)
	seven := c.BVVal(7, 32)
	b := a.Store(i, seven)

	s := c.NewSolver()
	s.Assert(i.Eq(j))
	s.Assert(b.Select(j).Eq(seven).Not())
	check(t, s, Unsat)

	s.Reset()
	s.Assert(b.Select(j).Eq(seven).Not())
	check(t, s, Sat)
	m := model(t, s)
	if evalUint(t, m, i) == evalUint(t, m, j) {
		t.Error("model has i == j")
	}

	s.Reset()
	zeros := c.ConstArray(bv32, c.BVVal(0, 32))
	s.Assert(zeros.Select(i).Eq(c.BVVal(1, 32)))
	check(t, s, Unsat)

	if k := a.Sort().Kind(); k != KindArray {
		t.Errorf("Kind = %v", k)
	}
	if !a.Sort().Domain().Equal(bv32) || !a.Sort().Range().Equal(bv32) {
		t.Error("Domain/Range")
	}
	noErr(t, c)
}

// TestBVMatchesGo compares bit-vector operations with Go's on int8.
func TestBVMatchesGo(t *testing.T) {
	c := newContext(t)
	vals := []int8{-128, -127, -8, -7, -1, 0, 1, 2, 3, 7, 8, 9, 100, 127}
	u := func(x int8) uint8 { return uint8(x) }
	ops := []struct {
		name string
		z    func(a, b Term) Term
		g    func(a, b int8) (int8, bool) // false: Go has no value (panics)
	}{
		{"Add", Term.Add, func(a, b int8) (int8, bool) { return a + b, true }},
		{"Sub", Term.Sub, func(a, b int8) (int8, bool) { return a - b, true }},
		{"Mul", Term.Mul, func(a, b int8) (int8, bool) { return a * b, true }},
		{"SDiv", Term.SDiv, func(a, b int8) (int8, bool) { return div(a, b) }},
		{"SRem", Term.SRem, func(a, b int8) (int8, bool) { return rem(a, b) }},
		{"SMod", Term.SMod, func(a, b int8) (int8, bool) {
			r, ok := rem(a, b)
			if ok && r != 0 && (r < 0) != (b < 0) {
				r += b
			}
			return r, ok
		}},
		{"UDiv", Term.UDiv, func(a, b int8) (int8, bool) { return int8(u(a) / max(u(b), 1)), b != 0 }},
		{"URem", Term.URem, func(a, b int8) (int8, bool) { return int8(u(a) % max(u(b), 1)), b != 0 }},
		{"Shl", Term.Shl, func(a, b int8) (int8, bool) { return a << u(b), true }},
		{"AShr", Term.AShr, func(a, b int8) (int8, bool) { return a >> u(b), true }},
		{"LShr", Term.LShr, func(a, b int8) (int8, bool) { return int8(u(a) >> u(b)), true }},
		{"BVAnd", Term.BVAnd, func(a, b int8) (int8, bool) { return a & b, true }},
		{"BVOr", Term.BVOr, func(a, b int8) (int8, bool) { return a | b, true }},
		{"BVXor", Term.BVXor, func(a, b int8) (int8, bool) { return a ^ b, true }},
	}
	preds := []struct {
		name string
		z    func(a, b Term) Term
		g    func(a, b int8) bool
	}{
		{"SLT", Term.SLT, func(a, b int8) bool { return a < b }},
		{"SLE", Term.SLE, func(a, b int8) bool { return a <= b }},
		{"SGT", Term.SGT, func(a, b int8) bool { return a > b }},
		{"SGE", Term.SGE, func(a, b int8) bool { return a >= b }},
		{"ULT", Term.ULT, func(a, b int8) bool { return u(a) < u(b) }},
		{"ULE", Term.ULE, func(a, b int8) bool { return u(a) <= u(b) }},
		{"UGT", Term.UGT, func(a, b int8) bool { return u(a) > u(b) }},
		{"UGE", Term.UGE, func(a, b int8) bool { return u(a) >= u(b) }},
	}
	for _, a := range vals {
		za := c.BVFromInt64(int64(a), 8)
		if v, _ := za.Neg().Simplify().AsInt64(); int8(v) != -a {
			t.Errorf("Neg %d = %d, Go says %d", a, v, -a)
		}
		if v, _ := za.BVNot().Simplify().AsInt64(); int8(v) != ^a {
			t.Errorf("BVNot %d = %d, Go says %d", a, v, ^a)
		}
		for _, b := range vals {
			zb := c.BVFromInt64(int64(b), 8)
			for _, op := range ops {
				want, ok := op.g(a, b)
				if !ok {
					continue
				}
				got, ok := op.z(za, zb).Simplify().AsInt64()
				if !ok || got != int64(want) {
					t.Errorf("%s(%d, %d) = %d, %v; Go says %d", op.name, a, b, got, ok, want)
				}
			}
			for _, p := range preds {
				got := p.z(za, zb).Simplify()
				if want := p.g(a, b); got.IsTrue() != want || got.IsFalse() == want {
					t.Errorf("%s(%d, %d) = %v; Go says %v", p.name, a, b, got, want)
				}
			}
		}
	}
	// The examples of the Go spec.
	if v, _ := c.BVFromInt64(-7, 64).SDiv(c.BVFromInt64(2, 64)).Simplify().AsInt64(); v != -3 {
		t.Errorf("-7 / 2 = %d", v)
	}
	if v, _ := c.BVFromInt64(-7, 64).SRem(c.BVFromInt64(2, 64)).Simplify().AsInt64(); v != -1 {
		t.Errorf("-7 %% 2 = %d", v)
	}
	// SMT-LIB defines division by zero; Go panics.
	x := c.BVVal(13, 8)
	if v, _ := x.UDiv(c.BVVal(0, 8)).Simplify().AsUint64(); v != 0xff {
		t.Errorf("13 udiv 0 = %d", v)
	}
	if v, _ := x.URem(c.BVVal(0, 8)).Simplify().AsUint64(); v != 13 {
		t.Errorf("13 urem 0 = %d", v)
	}
	noErr(t, c)
}

func div(a, b int8) (int8, bool) {
	if b == 0 {
		return 0, false
	}
	return a / b, true
}

func rem(a, b int8) (int8, bool) {
	if b == 0 {
		return 0, false
	}
	return a % b, true
}

// TestOverflowPredicates checks every predicate on every pair of 4-bit values.
func TestOverflowPredicates(t *testing.T) {
	c := newContext(t)
	const n = 4
	const smin, smax, umax = -(1 << (n - 1)), 1<<(n-1) - 1, 1<<n - 1
	sx := func(v int) int { // two's complement reading
		if v > smax {
			return v - (1 << n)
		}
		return v
	}
	preds := []struct {
		name string
		z    func(a, b Term) Term
		ok   func(a, b int) bool // a, b unsigned
	}{
		{"AddNoOverflow unsigned", func(a, b Term) Term { return a.AddNoOverflow(b, false) }, func(a, b int) bool { return a+b <= umax }},
		{"AddNoOverflow signed", func(a, b Term) Term { return a.AddNoOverflow(b, true) }, func(a, b int) bool { return sx(a)+sx(b) <= smax }},
		{"AddNoUnderflow", Term.AddNoUnderflow, func(a, b int) bool { return sx(a)+sx(b) >= smin }},
		{"SubNoOverflow", Term.SubNoOverflow, func(a, b int) bool { return sx(a)-sx(b) <= smax }},
		{"SubNoUnderflow unsigned", func(a, b Term) Term { return a.SubNoUnderflow(b, false) }, func(a, b int) bool { return a-b >= 0 }},
		{"SubNoUnderflow signed", func(a, b Term) Term { return a.SubNoUnderflow(b, true) }, func(a, b int) bool { return sx(a)-sx(b) >= smin }},
		{"MulNoOverflow unsigned", func(a, b Term) Term { return a.MulNoOverflow(b, false) }, func(a, b int) bool { return a*b <= umax }},
		{"MulNoOverflow signed", func(a, b Term) Term { return a.MulNoOverflow(b, true) }, func(a, b int) bool { return sx(a)*sx(b) <= smax }},
		{"MulNoUnderflow", Term.MulNoUnderflow, func(a, b int) bool { return sx(a)*sx(b) >= smin }},
		{"SDivNoOverflow", Term.SDivNoOverflow, func(a, b int) bool { return !(sx(a) == smin && sx(b) == -1) }},
		{"NegNoOverflow", func(a, _ Term) Term { return a.NegNoOverflow() }, func(a, _ int) bool { return -sx(a) <= smax }},
	}
	for _, p := range preds {
		bad := 0
		for a := range 1 << n {
			for b := range 1 << n {
				got := p.z(c.BVVal(uint64(a), n), c.BVVal(uint64(b), n)).Simplify()
				if want := p.ok(a, b); got.IsTrue() != want || got.IsFalse() == want {
					if bad++; bad <= 3 {
						t.Errorf("%s(%d, %d) = %v, want %v", p.name, sx(a), sx(b), got, want)
					}
				}
			}
		}
	}

	// The solver must agree with a double-width reference on 8 bits, also
	// once the operands are known (then Z3 rewrites the predicates).
	const m = 8
	a, b := c.Const("a", c.BVSort(m)), c.Const("b", c.BVSort(m))
	sa, sb, za, zb := a.SignExt(m), b.SignExt(m), a.ZeroExt(m), b.ZeroExt(m)
	smaxT, sminT, umaxT := c.BVFromInt64(1<<(m-1)-1, 2*m), c.BVFromInt64(-1<<(m-1), 2*m), c.BVVal(1<<m-1, 2*m)
	refs := []struct {
		name   string
		p, ref Term
	}{
		{"AddNoOverflow unsigned", a.AddNoOverflow(b, false), za.Add(zb).ULE(umaxT)},
		{"AddNoOverflow signed", a.AddNoOverflow(b, true), sa.Add(sb).SLE(smaxT)},
		{"AddNoUnderflow", a.AddNoUnderflow(b), sa.Add(sb).SGE(sminT)},
		{"SubNoOverflow", a.SubNoOverflow(b), sa.Sub(sb).SLE(smaxT)},
		{"SubNoUnderflow unsigned", a.SubNoUnderflow(b, false), a.UGE(b)},
		{"SubNoUnderflow signed", a.SubNoUnderflow(b, true), sa.Sub(sb).SGE(sminT)},
		{"MulNoOverflow unsigned", a.MulNoOverflow(b, false), za.Mul(zb).ULE(umaxT)},
		{"MulNoOverflow signed", a.MulNoOverflow(b, true), sa.Mul(sb).SLE(smaxT)},
		{"MulNoUnderflow", a.MulNoUnderflow(b), sa.Mul(sb).SGE(sminT)},
	}
	minus1 := c.BVFromInt64(-1, m)
	for _, r := range refs {
		s := c.NewSolver()
		s.Assert(r.p.Xor(r.ref))
		if res, err := s.Check(); res.Status != Unsat || err != nil {
			t.Errorf("%s differs from the reference: %v, %v", r.name, res, err)
		}
		s.Assert(a.Eq(minus1))
		s.Assert(b.Eq(minus1))
		if res, err := s.Check(); res.Status != Unsat || err != nil {
			t.Errorf("%s(-1, -1) differs from the reference: %v, %v", r.name, res, err)
		}
	}
	noErr(t, c)
}

func TestBVWidths(t *testing.T) {
	c := newContext(t)
	x := c.BVVal(0xf0, 8)
	cases := []struct {
		t    Term
		want uint64
		bits uint
	}{
		{x.ZeroExt(8), 0x00f0, 16},
		{x.SignExt(8), 0xfff0, 16},
		{x.Extract(7, 4), 0xf, 4},
		{x.Concat(c.BVVal(0x0f, 8)), 0xf00f, 16},
		{c.BVFromInt64(-1, 100).Extract(99, 36), math.MaxUint64, 64},
	}
	for _, tc := range cases {
		got, ok := tc.t.Simplify().AsUint64()
		if !ok || got != tc.want || tc.t.Sort().BVSize() != tc.bits {
			t.Errorf("%v = %#x (%v), %d bits; want %#x, %d bits", tc.t, got, ok, tc.t.Sort().BVSize(), tc.want, tc.bits)
		}
	}

	big128 := new(big.Int).Lsh(big.NewInt(3), 100)
	v := c.BVFromBig(big128, 128)
	if got, ok := v.AsBigInt(); !ok || got.Cmp(big128) != 0 {
		t.Errorf("AsBigInt = %v, want %v", got, big128)
	}
	if _, ok := v.AsUint64(); ok {
		t.Error("AsUint64 of 3<<100 succeeded")
	}
	if got, ok := c.BVVal(math.MaxUint64, 128).AsUint64(); !ok || got != math.MaxUint64 {
		t.Errorf("128-bit MaxUint64 = %d, %v", got, ok)
	}
	if got, ok := c.BVFromInt64(-5, 128).AsInt64(); !ok || got != -5 {
		t.Errorf("128-bit -5 = %d, %v", got, ok)
	}
	if got, ok := c.BVVal(300, 8).AsUint64(); !ok || got != 44 {
		t.Errorf("BVVal(300, 8) = %d, want 44", got)
	}
	if got, ok := c.BVFromInt64(-1, 8).AsInt64(); !ok || got != -1 {
		t.Errorf("AsInt64(#xff) = %d, want -1", got)
	}
	if got, ok := c.BVFromInt64(-1, 8).AsUint64(); !ok || got != 255 {
		t.Errorf("AsUint64(#xff) = %d, want 255", got)
	}

	// Hash-consing makes equal terms identical.
	a, b := c.BVVal(5, 8).Add(x), c.BVVal(5, 8).Add(x)
	if !a.Equal(b) || a.ID() != b.ID() || a.Equal(x) || a.ID() == x.ID() {
		t.Errorf("Equal/ID: %v %v %d %d", a, b, a.ID(), b.ID())
	}
	if !a.Sort().Equal(c.BVSort(8)) || a.Sort().Equal(c.BVSort(9)) {
		t.Error("Sort.Equal")
	}
	if !c.BoolVal(true).IsTrue() || !c.BoolVal(false).IsFalse() || c.Const("p", c.BoolSort()).IsTrue() {
		t.Error("IsTrue/IsFalse")
	}
	if !x.IsNumeral() || a.IsNumeral() || !a.Simplify().IsNumeral() {
		t.Error("IsNumeral")
	}
	noErr(t, c)
}

func TestFreshAndUninterpreted(t *testing.T) {
	c := newContext(t)
	ch := c.UninterpretedSort("Chan")
	a, b := c.FreshConst("ch", ch), c.FreshConst("ch", ch)
	if a.Equal(b) || !strings.HasPrefix(a.String(), "ch!") {
		t.Errorf("FreshConst gave %v and %v", a, b)
	}
	if !c.Const("k", ch).Equal(c.Const("k", ch)) {
		t.Error("Const is not shared")
	}
	s := c.NewSolver()
	s.Assert(c.Distinct(a, b, c.Const("k", ch)))
	check(t, s, Sat)
	s.Assert(a.Eq(b))
	check(t, s, Unsat)
	noErr(t, c)
}

func TestSorts(t *testing.T) {
	c := newContext(t)
	cases := []struct {
		s    Sort
		kind SortKind
		name string
	}{
		{c.BoolSort(), KindBool, "Bool"},
		{c.IntSort(), KindInt, "Int"},
		{c.BVSort(12), KindBV, "(_ BitVec 12)"},
		{c.ArraySort(c.IntSort(), c.BoolSort()), KindArray, "(Array Int Bool)"},
		{c.UninterpretedSort("Chan"), KindUninterpreted, "Chan"},
		{c.StringSort(), KindString, "String"},
		{c.Float32Sort(), KindFP, "(_ FloatingPoint 8 24)"},
		{c.FPSort(5, 11), KindFP, "(_ FloatingPoint 5 11)"},
		{Sort{}, KindUnknown, "<no sort>"},
	}
	for _, tc := range cases {
		if tc.s.Kind() != tc.kind || tc.s.String() != tc.name {
			t.Errorf("sort %v: kind %v, want %v %q", tc.s, tc.s.Kind(), tc.kind, tc.name)
		}
	}
	if c.BVSort(12).BVSize() != 12 || c.BoolSort().BVSize() != 0 {
		t.Error("BVSize")
	}
	if e, s := c.Float64Sort().FPSize(); e != 11 || s != 53 {
		t.Errorf("FPSize = %d, %d", e, s)
	}
	noErr(t, c)
}

func TestStrings(t *testing.T) {
	c := newContext(t)
	str := c.StringSort()
	s := c.Const("s", str)
	sv := c.NewSolver()
	sv.Assert(c.SeqConcat(s, c.StringVal("lo")).Eq(c.StringVal("hello")))
	check(t, sv, Sat)
	v, _ := model(t, sv).Eval(s, true)
	if got, ok := v.AsString(); !ok || got != "hel" {
		t.Errorf("s = %v (%q, %v), want hel", v, got, ok)
	}

	sv.Reset()
	sv.Assert(s.SeqLength().Eq(c.IntVal(3)))
	sv.Assert(s.StrLt(c.StringVal("abc")))
	sv.Assert(c.StringVal("ab").StrLt(s))
	check(t, sv, Sat)
	v, _ = model(t, sv).Eval(s, true)
	got, ok := v.AsString()
	t.Logf("s = %v, AsString = %q, %v", v, got, ok)
	if ok && !(len(got) == 3 && got < "abc" && "ab" < got) {
		t.Errorf("s = %q", got)
	}

	// One character per byte, as in Go.
	for _, lit := range []string{"", "héllo", "a\x00b\xff\\u{41}\"", strings.Repeat("z", 1000)} {
		l := c.StringVal(lit)
		if n, ok := l.SeqLength().Simplify().AsInt64(); !ok || n != int64(len(lit)) {
			t.Errorf("len(%q) = %d, want %d", lit, n, len(lit))
		}
		if got, ok := l.AsString(); !ok || got != lit {
			t.Errorf("AsString = %q, %v; want %q", got, ok, lit)
		}
	}
	if _, ok := s.AsString(); ok {
		t.Error("AsString of a constant succeeded")
	}

	hello := c.StringVal("hello")
	for _, tc := range []struct {
		t    Term
		want string
	}{
		{hello.SeqAt(c.IntVal(1)), "e"},
		{hello.SeqAt(c.IntVal(9)), ""},
		{hello.SeqExtract(c.IntVal(1), c.IntVal(3)), "ell"},
		{c.SeqConcat(hello, c.StringVal(", "), c.StringVal("world")), "hello, world"},
		{c.SeqConcat(), ""},
	} {
		if got, ok := tc.t.Simplify().AsString(); !ok || got != tc.want {
			t.Errorf("%v = %q, %v; want %q", tc.t, got, ok, tc.want)
		}
	}
	for _, tc := range []struct {
		t    Term
		want bool
	}{
		{c.StringVal("abc").StrLt(c.StringVal("abd")), true},
		{c.StringVal("abc").StrLt(c.StringVal("abc")), false},
		{c.StringVal("abc").StrLe(c.StringVal("abc")), true},
		{c.StringVal("b").StrLe(c.StringVal("abc")), false},
	} {
		if got := tc.t.Simplify(); got.IsTrue() != tc.want {
			t.Errorf("%v = %v, want %v", tc.t, got, tc.want)
		}
	}

	// Ints and bit-vectors.
	if n, ok := hello.SeqLength().Int2BV(64).Simplify().AsUint64(); !ok || n != 5 {
		t.Errorf("len as bv64 = %d", n)
	}
	m3 := c.BVFromInt64(-3, 8)
	if n, ok := m3.BV2Int(true).Simplify().AsInt64(); !ok || n != -3 {
		t.Errorf("signed BV2Int = %d", n)
	}
	if n, ok := m3.BV2Int(false).Simplify().AsInt64(); !ok || n != 253 {
		t.Errorf("unsigned BV2Int = %d", n)
	}
	if n, ok := c.IntVal(-1).AsUint64(); ok {
		t.Errorf("AsUint64(-1) = %d", n)
	}
	noErr(t, c)
}

func TestFloat(t *testing.T) {
	c := newContext(t)
	f64, f32 := c.Float64Sort(), c.Float32Sort()
	fv := func(v float64) Term { return c.FPVal(v, f64) }
	val := func(x Term) float64 {
		t.Helper()
		v, ok := x.Simplify().AsFloat64()
		if !ok {
			t.Fatalf("%v is not a float numeral: %v", x.Simplify(), c.Err())
		}
		return v
	}

	a, b := 0.1, 0.2
	for _, tc := range []struct {
		t    Term
		want float64
	}{
		{fv(a).FPAdd(fv(b)), a + b},
		{fv(a).FPSub(fv(b)), a - b},
		{fv(a).FPMul(fv(b)), a * b},
		{fv(a).FPDiv(fv(b)), a / b},
		{fv(a).FPNeg(), -a},
		{fv(-a).FPAbs(), a},
		{fv(1).FPDiv(fv(0)), math.Inf(1)},
		{fv(math.Copysign(0, -1)), math.Copysign(0, -1)},
		{c.FPVal(a, f32), float64(float32(a))},
		{fv(a).FPToFP(f32), float64(float32(a))},
		{c.BVFromInt64(-5, 32).SBVToFP(f64), -5},
		{c.BVFromInt64(-1, 8).UBVToFP(f64), 255},
		{c.BVVal(math.Float64bits(1.5), 64).IEEEBVToFP(f64), 1.5},
		{fv(3).FPToFP(c.FPSort(5, 11)), 3}, // half precision
	} {
		if got := val(tc.t); got != tc.want || math.Signbit(got) != math.Signbit(tc.want) {
			t.Errorf("%v = %v, want %v", tc.t, got, tc.want)
		}
	}
	if got := val(fv(0).FPDiv(fv(0))); !math.IsNaN(got) {
		t.Errorf("0/0 = %v", got)
	}
	if got, _ := fv(-2.7).FPToSBV(32).Simplify().AsInt64(); got != int64(int32(-2.7*one())) {
		t.Errorf("FPToSBV(-2.7) = %d", got)
	}
	if got, _ := fv(200.9).FPToUBV(8).Simplify().AsUint64(); got != 200 {
		t.Errorf("FPToUBV(200.9) = %d", got)
	}
	if got, _ := fv(-1.5).FPToIEEEBV().Simplify().AsUint64(); got != math.Float64bits(-1.5) {
		t.Errorf("FPToIEEEBV(-1.5) = %#x", got)
	}

	nan := fv(math.NaN())
	for _, tc := range []struct {
		t    Term
		want bool
	}{
		{fv(a).FPAdd(fv(b)).FPEq(fv(0.3)), a+b == 0.3},
		{fv(a).FPLt(fv(b)), true},
		{fv(b).FPLe(fv(b)), true},
		{fv(b).FPGt(fv(a)), true},
		{fv(a).FPGe(fv(b)), false},
		{nan.FPEq(nan), false},
		{nan.Eq(nan), true}, // identity, not IEEE
		{nan.FPIsNaN(), true},
		{fv(math.Inf(-1)).FPIsInf(), true},
		{fv(0).FPEq(fv(math.Copysign(0, -1))), true},
	} {
		if got := tc.t.Simplify(); got.IsTrue() != tc.want {
			t.Errorf("%v = %v, want %v", tc.t, got, tc.want)
		}
	}

	x := c.Const("x", f64)
	s := c.NewSolver()
	s.Assert(x.FPAdd(fv(1)).FPEq(fv(3)))
	check(t, s, Sat)
	if v, _ := model(t, s).Eval(x, true); val(v) != 2 {
		t.Errorf("x + 1 == 3: x = %v", v)
	}
	s.Reset()
	s.Assert(x.FPEq(x).Not())
	s.Assert(x.FPIsNaN().Not())
	check(t, s, Unsat)
	noErr(t, c)
}

// one defeats constant folding, so that Go converts at run time like Z3.
func one() float64 { return 1 }

func TestSortMismatch(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.BVSort(8))
	bad := c.BoolVal(true).Add(x)
	if bad.IsValid() {
		t.Fatalf("Add(bool, bv) = %v", bad)
	}
	var zerr *Error
	if err := c.Err(); !errors.As(err, &zerr) || zerr.Op != "Add" {
		t.Fatalf("Err = %v, want a Z3 error from Add", err)
	}
	// Errors are sticky and zero Terms propagate.
	first := c.Err()
	y := bad.Mul(x).Add(x).Extract(3, 0)
	x.Add(c.BVVal(1, 16))
	if y.IsValid() || c.Err() != first {
		t.Errorf("after more errors: %v, %v", y, c.Err())
	}
	c.ClearErr()
	if x.Add(bad).IsValid() || !errors.Is(c.Err(), ErrNoTerm) {
		t.Errorf("Add(zero Term): %v", c.Err())
	}
	c.ClearErr()

	// The context still works.
	if v, ok := x.Add(x).Sub(x).Eq(x).Simplify().AsUint64(); ok {
		t.Errorf("Eq is a numeral %d", v)
	}
	s := c.NewSolver()
	s.Assert(x) // not Boolean
	if c.Err() == nil {
		t.Error("Assert of a bit-vector: no error")
	}
	c.ClearErr()
	x.Extract(3, 7)
	x.Extract(8, 0)
	if c.Err() == nil {
		t.Error("bad Extract: no error")
	}
	c.ClearErr()
	c.BVSort(0)
	c.FPVal(1, c.BoolSort())
	if c.Err() == nil {
		t.Error("bad sorts: no error")
	}
	c.ClearErr()
	check(t, s, Sat)
	noErr(t, c)
}

func TestZeroValues(t *testing.T) {
	var z Term
	var zs Sort
	// None of these may reach Z3.
	for _, r := range []Term{z.Not(), z.Add(z), z.Ite(z, z), z.Extract(1, 0), z.Select(z), z.Store(z, z),
		z.FPAdd(z), z.FPToSBV(8), z.SBVToFP(zs), z.SeqLength(), z.Simplify(), Term(z.Sort())} {
		if r.IsValid() {
			t.Errorf("got %v from a zero Term", r)
		}
	}
	if z.String() != "<no term>" || zs.String() != "<no sort>" || z.ID() != 0 || !z.Equal(Term{}) || z.IsTrue() ||
		z.IsNumeral() || zs.BVSize() != 0 || zs.Kind() != KindUnknown || zs.Domain().IsValid() {
		t.Error("accessors of zero values")
	}
	if _, ok := z.AsUint64(); ok {
		t.Error("AsUint64")
	}
	if _, ok := z.AsFloat64(); ok {
		t.Error("AsFloat64")
	}
	if _, ok := z.AsString(); ok {
		t.Error("AsString")
	}

	c := newContext(t)
	for _, f := range []func() Term{
		func() Term { return c.And(c.BoolVal(true), z) },
		func() Term { return c.Const("x", zs) },
		func() Term { return c.ConstArray(zs, c.BoolVal(true)) },
		func() Term { return c.FPVal(1, zs) },
		func() Term { return c.BoolVal(true).Ite(z, c.BoolVal(true)) },
	} {
		c.ClearErr()
		if f().IsValid() || !errors.Is(c.Err(), ErrNoTerm) {
			t.Errorf("zero argument: %v", c.Err())
		}
	}
	c.ClearErr()
	if m, ok := (*Model)(nil).Eval(c.BoolVal(true), true); ok || m.IsValid() {
		t.Error("nil Model")
	}
	var s *Solver
	s.Assert(c.BoolVal(true))
	if _, err := s.Check(); err == nil {
		t.Error("nil Solver")
	}
	if !c.And().IsTrue() || !c.Or().Simplify().IsFalse() || !c.Distinct(c.BoolVal(false)).IsTrue() {
		t.Error("empty And/Or/Distinct")
	}
	noErr(t, c)
}

func TestMixedContexts(t *testing.T) {
	c1, c2 := newContext(t), newContext(t)
	x1, x2 := c1.Const("x", c1.BVSort(8)), c2.Const("x", c2.BVSort(8))
	if x1.Add(x2).IsValid() || !errors.Is(c1.Err(), ErrMixedContexts) {
		t.Errorf("mixed Add: %v", c1.Err())
	}
	if x1.Equal(x2) {
		t.Error("terms of different contexts are Equal")
	}
	s := c2.NewSolver()
	s.Assert(x1.Eq(x1))
	if !errors.Is(c2.Err(), ErrMixedContexts) {
		t.Errorf("mixed Assert: %v", c2.Err())
	}
}

func TestClosedContext(t *testing.T) {
	c := NewContext()
	x := c.Const("x", c.BVSort(8))
	s := c.NewSolver()
	s.Assert(x.Eq(c.BVVal(1, 8)))
	check(t, s, Sat)
	m := model(t, s)
	noErr(t, c)

	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c.Close()
	c.Interrupt()

	if y := x.Add(x); y.IsValid() || !errors.Is(c.Err(), ErrClosed) {
		t.Errorf("Add after Close: %v, %v", y, c.Err())
	}
	c.ClearErr()
	if r, err := s.Check(); !errors.Is(err, ErrClosed) || r.Status != Unknown {
		t.Errorf("Check after Close: %v, %v", r, err)
	}
	if _, err := s.Model(); !errors.Is(err, ErrClosed) {
		t.Errorf("Model after Close: %v", err)
	}
	if v, ok := m.Eval(x, true); ok || v.IsValid() {
		t.Error("Eval after Close")
	}
	s.Push()
	s.Pop(1)
	s.Reset()
	s.SetTimeout(time.Second)
	_ = s.NumScopes()
	_ = s.UnsatCore()
	for _, str := range []string{x.String(), x.Sort().String(), s.String(), m.String()} {
		if !strings.HasPrefix(str, "<no ") {
			t.Errorf("String after Close = %q", str)
		}
	}
	if c.BVVal(1, 8).IsValid() || c.NewSolver() != nil || c.BoolSort().IsValid() || c.StringVal("a").IsValid() {
		t.Error("constructors after Close")
	}
	if _, ok := x.AsUint64(); ok {
		t.Error("accessors after Close")
	}
	if !errors.Is(c.Err(), ErrClosed) {
		t.Errorf("Err = %v", c.Err())
	}
	// Releases queued after Close are dropped.
	x, s, m = Term{}, nil, nil
	runtime.GC()
	runtime.GC()
}

// settle waits for the cleanups of unreachable wrappers and drains them.
func settle(t *testing.T, c *Context, maxRefs int) {
	t.Helper()
	for range 200 {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
		c.enter("settle")
		if c.refs <= maxRefs {
			return
		}
	}
	t.Fatalf("%d references still held after GC", c.refs)
}

func TestNoLeak(t *testing.T) {
	// Z3 counts allocations per thread and publishes them every 100 kB.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c := newContext(t)
	x := c.Const("x", c.BVSort(64))
	s := c.NewSimpleSolver()
	i := 0
	run := func(n int) {
		for end := i + n; i < end; i++ {
			y := x.Add(c.BVVal(uint64(i)*0x9e3779b97f4a7c15, 64))
			if i%1000 == 0 {
				// Solvers and models come and go too.
				s.Push()
				s.Assert(y.Eq(c.BVVal(uint64(i), 64)))
				check(t, s, Sat)
				model(t, s)
				s.Pop(1)
			}
			if i%2000 == 0 {
				// The Go heap is small, so the collector would otherwise
				// let many terms die before it looks. Z3 keeps the memory
				// of freed terms for reuse, so its count is a high-water
				// mark: it must reach a plateau, not grow with i.
				runtime.GC()
			}
		}
	}
	run(20_000)
	settle(t, c, 10)
	before := EstimatedAllocSize()
	run(100_000)
	settle(t, c, 10)
	after := EstimatedAllocSize()
	t.Logf("Z3 allocation: %d kB after 20k terms, %d kB after 120k", before>>10, after>>10)
	// A leak would keep ~100k sums and numerals, over 1 kB each in Z3.
	if after > before+8<<20 {
		t.Errorf("Z3 allocation grew from %d kB to %d kB", before>>10, after>>10)
	}
	noErr(t, c)
}

func TestUnclosedContextsAreFreed(t *testing.T) {
	base := liveContexts.Load()
	for range 10 {
		c := NewContext()
		c.NewSolver().Assert(c.BVVal(1, 8).Eq(c.BVVal(2, 8)))
	}
	for i := 0; i < 200 && liveContexts.Load() > base; i++ {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
	}
	if n := liveContexts.Load(); n > base {
		t.Errorf("%d contexts not freed", n-base)
	}
}

// A Context reachable only through the value a method is called on stays
// alive until the method is done with Z3: its cleanup deletes the Z3
// context on another goroutine, which used to happen in the middle of
// String (a use after free that Z3 reported as an assertion violation, or
// a crash).
func TestContextOutlivesCalls(t *testing.T) {
	big := func() Term {
		c := NewContext()
		x := c.Const("x", c.BVSort(64))
		y := x
		for i := range 2000 {
			y = y.Mul(x.Add(c.BVVal(uint64(i), 64)))
		}
		return y
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case <-done:
				return
			default:
				runtime.GC()
			}
		}
	}()
	defer func() { close(done); <-stopped }()
	n := 0
	for start := time.Now(); time.Since(start) < 2*time.Second; n++ {
		if str := big().String(); !strings.HasPrefix(str, "(bvmul") {
			t.Fatalf("String = %.40q", str)
		}
	}
	t.Logf("%d terms printed", n)
}

// TestZ3StoppedStringCheck shows a bug of Z3 4.8.12, not of the binding:
// a check in the string theory stopped in the middle (by Interrupt here; a
// timeout does it too) can leave the solver corrupt, and a later pop or
// check of it crashes the process (SIGSEGV, within a few dozen rounds, at
// varying ones). The smt package replaces a solver after every check
// without an answer because of it. The test crashes, so it runs only with
// KISS_Z3_BUG=1: to see whether a newer Z3 still needs that.
func TestZ3StoppedStringCheck(t *testing.T) {
	if os.Getenv("KISS_Z3_BUG") == "" {
		t.Skip("crashes the process with Z3 4.8.12; set KISS_Z3_BUG=1 to run")
	}
	for round := range 300 {
		c := NewContext()
		s := c.NewSimpleSolver()
		x, str, t2 := c.Const("x", c.BVSort(64)), c.Const("t0", c.StringSort()), c.Const("t2", c.StringSort())
		for i := range 5 {
			s.Push()
			s.Assert(c.Const(fmt.Sprint("b", i), c.BoolSort()))
		}
		s.Push()
		s.Assert(str.Eq(c.StringVal("solaris-amd64-oraclerel")).Not())
		s.Push()
		s.Assert(t2.Eq(c.StringVal("")).Not())
		empty := t2.SeqLength().Int2BV(64).Eq(c.BVVal(0, 64)) // unsatisfiable, and hard
		s.Push()
		s.Assert(empty)
		stop := time.AfterFunc(time.Duration(80+(round*37)%240)*time.Millisecond, c.Interrupt)
		r, _ := s.Check()
		stop.Stop()
		s.Pop(2)
		s.Push()
		s.Assert(t2.Eq(c.StringVal("")))
		s.Push()
		s.Assert(x.Eq(c.BVVal(0x5f, 64)).Not())
		s.Check()
		s.Pop(1)
		t.Logf("round %d: %v", round, r)
		c.Close()
	}
}

// factoring returns a solver asked to factor a 64-bit semiprime, which takes
// Z3 far longer than a test should wait.
func factoring(c *Context) *Solver {
	p, q := big.NewInt(4294967291), big.NewInt(4294967279)
	x, y := c.Const("x", c.BVSort(64)), c.Const("y", c.BVSort(64))
	s := c.NewSolver()
	s.Assert(x.ZeroExt(64).Mul(y.ZeroExt(64)).Eq(c.BVFromBig(new(big.Int).Mul(p, q), 128)))
	s.Assert(x.UGT(c.BVVal(1, 64)))
	s.Assert(y.UGT(c.BVVal(1, 64)))
	return s
}

func TestTimeout(t *testing.T) {
	c := newContext(t)
	s := factoring(c)
	// Not a millisecond: Z3 forgets a timeout that expires before its
	// check really starts (after preprocessing), which a loaded machine
	// made happen now and then.
	s.SetTimeout(100 * time.Millisecond)
	watchdog := time.AfterFunc(30*time.Second, c.Interrupt)
	defer watchdog.Stop()
	start := time.Now()
	r, err := s.Check()
	took := time.Since(start)
	t.Logf("Check = %v in %v", r, took)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == Unknown && r.Reason == "" {
		t.Error("Unknown without a reason")
	}
	if took > 20*time.Second {
		t.Errorf("a 100ms timeout took %v", took)
	}

	// The bound can be lifted, and the solver is still usable.
	s.Reset()
	s.SetTimeout(0)
	x := c.Const("x", c.BVSort(8))
	s.Assert(x.Mul(x).Eq(c.BVVal(9, 8)))
	check(t, s, Sat)
	noErr(t, c)
}

func TestInterrupt(t *testing.T) {
	c := newContext(t)
	s := factoring(c)
	done := make(chan struct{})
	go func() {
		// Interrupt has no effect before Check starts: repeat it.
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				c.Interrupt()
			}
		}
	}()
	r, err := s.Check()
	close(done)
	t.Logf("Check = %v", r)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == Unknown && r.Reason == "" {
		t.Error("Unknown without a reason")
	}

	s.Reset()
	s.Assert(c.Const("p", c.BoolSort()))
	check(t, s, Sat)
	noErr(t, c)
}

// An Interrupt while no check runs must leave the context alone. It used
// to raise Z3's cancel flag until the next check started, so a Push in
// between failed halfway ("push canceled"): the solver kept a scope too
// few, answered sat to an unsat query, and a later Pop could crash in Z3.
func TestInterruptBetweenChecks(t *testing.T) {
	c := newContext(t)
	s := c.NewSimpleSolver()
	x := c.Const("x", c.BVSort(8))
	s.Push()
	s.Assert(x.UGT(c.BVVal(3, 8)))
	check(t, s, Sat)
	m := model(t, s)

	c.Interrupt()
	if v := evalUint(t, m, x); v <= 3 {
		t.Errorf("x = %d in a model of x > 3", v)
	}
	c.Interrupt()
	s.Push()
	s.Assert(x.Eq(c.BVVal(1, 8)))
	noErr(t, c)
	if n := s.NumScopes(); n != 2 {
		t.Fatalf("%d scopes after two pushes", n)
	}
	check(t, s, Unsat)
	c.Interrupt()
	s.Pop(1)
	noErr(t, c)
	check(t, s, Sat)
	s.Pop(1)
	noErr(t, c)
}

// Interrupts that race with checks stop them or do nothing: whenever one
// lands (before, during, or just as a check returns), the pushes, pops,
// models and evaluations around the checks work, and the solver's scopes
// are the ones pushed.
func TestInterruptRacesChecks(t *testing.T) {
	c := newContext(t)
	s := c.NewSimpleSolver()
	s.SetResourceLimit(200_000)
	var xs []Term
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		xs = append(xs, c.Const(n, c.BVSort(32)))
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		r := rand.New(rand.NewPCG(1, 2))
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Duration(r.IntN(300)) * time.Microsecond):
				c.Interrupt()
			}
		}
	}()
	defer func() { close(done); <-stopped }()
	r := rand.New(rand.NewPCG(3, 4))
	depth, stops := 0, 0
	for start := time.Now(); time.Since(start) < 2*time.Second; {
		if depth > 0 && r.IntN(3) == 0 {
			n := 1 + r.IntN(depth)
			s.Pop(uint(n))
			depth -= n
		}
		s.Push()
		depth++
		a, b := xs[r.IntN(len(xs))], xs[r.IntN(len(xs))]
		switch r.IntN(4) {
		case 0:
			s.Assert(a.Mul(b).Eq(c.BVVal(r.Uint64N(1000), 32)))
		case 1:
			s.Assert(a.ULT(b.Add(c.BVVal(r.Uint64N(1000), 32))))
		case 2:
			s.Assert(a.URem(b.Add(c.BVVal(1, 32))).Eq(c.BVVal(r.Uint64N(7), 32)))
		default:
			s.Assert(a.Eq(b).Not())
		}
		res, err := s.Check()
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == Unknown {
			stops++
		}
		if res.Status == Sat {
			if _, ok := model(t, s).Eval(a.Add(b), true); !ok {
				t.Fatalf("Eval after a check: %v", c.Err())
			}
		}
		noErr(t, c)
		if n := s.NumScopes(); int(n) != depth {
			t.Fatalf("%d scopes, %d pushed", n, depth)
		}
	}
	t.Logf("%d checks stopped", stops)
}

func BenchmarkBVAddTerm(b *testing.B) {
	c := newContext(b)
	x := c.Const("x", c.BVSort(64))
	for i := 0; b.Loop(); i++ {
		x.Add(c.BVVal(uint64(i), 64))
	}
	noErr(b, c)
}

func BenchmarkCheckSimple(b *testing.B) {
	c := newContext(b)
	x := c.Const("x", c.BVSort(64))
	s := c.NewSimpleSolver()
	for i := 0; b.Loop(); i++ {
		s.Push()
		s.Assert(x.Mul(c.BVVal(3, 64)).Eq(c.BVVal(uint64(i), 64)))
		check(b, s, Sat)
		s.Pop(1)
	}
	noErr(b, c)
}

// A resource limit ends a hard check in the checking thread, also with
// several contexts checking at once (where Z3 4.8's timeouts and
// interrupts from other threads can be lost and a check then runs on).
func TestResourceLimit(t *testing.T) {
	const workers, checks = 4, 5
	var wg sync.WaitGroup
	results := make(chan Result, workers*checks)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := NewContext()
			defer c.Close()
			s := factoring(c)
			s.SetResourceLimit(200_000)
			for range checks {
				r, err := s.Check()
				if err != nil {
					t.Error(err)
					return
				}
				results <- r
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("checks under a resource limit did not end")
	}
	close(results)
	n := 0
	for r := range results {
		n++
		if r.Status != Unknown || r.Reason == "" {
			t.Errorf("check = %v, want unknown with a reason", r)
		}
	}
	if n != workers*checks {
		t.Errorf("%d checks, want %d", n, workers*checks)
	}

	// The limit can be lifted, and the solver is still usable.
	c := newContext(t)
	s := c.NewSolver()
	s.SetResourceLimit(1000)
	s.SetResourceLimit(0)
	x := c.Const("x", c.BVSort(8))
	s.Assert(x.Mul(x).Eq(c.BVVal(9, 8)))
	check(t, s, Sat)
	noErr(t, c)
}

// BenchmarkContext is a root's use of Z3 from start to end: a context, a
// solver, one check, and the context deleted. A process checks root after
// root, each with its own context.
func BenchmarkContext(b *testing.B) {
	for b.Loop() {
		c := NewContext()
		x := c.Const("x", c.BVSort(64))
		s := c.NewSimpleSolver()
		s.Assert(x.Mul(c.BVVal(3, 64)).Eq(c.BVVal(9, 64)))
		check(b, s, Sat)
		noErr(b, c)
		c.Close()
	}
}
