package smt

import "testing"

func TestOffsetFold(t *testing.T) {
	x := newExprs()
	s := bvSort(64)
	v := x.newVar(s, "base")
	c := func(n int64) *expr { return x.bvConst(64, uint64(n)) }
	a := x.mk(xAdd, s, x.mk(xAdd, s, c(5), v), c(7))  // 5+v+7
	b := x.mk(xSub, s, x.mk(xAdd, s, v, c(20)), c(3)) // v+20-3
	if d := x.mk(xSub, s, b, a); !d.isConst() || d.c.n != 5 {
		t.Fatalf("(v+17)-(v+12) = %v, want 5", d)
	}
	if d := x.mk(xSub, s, a, b); !d.isConst() || int64(d.c.n) != -5 {
		t.Fatalf("(v+12)-(v+17) = %v, want -5", d)
	}
	if d := x.mk(xSub, s, x.mk(xAdd, s, v, c(1)), c(1)); d != v {
		t.Fatalf("(v+1)-1 = %v, want v", d)
	}
	w := x.newVar(s, "w")
	if d := x.mk(xSub, s, a, w); d.isConst() {
		t.Fatalf("(v+12)-w folded to %v", d)
	}
}
