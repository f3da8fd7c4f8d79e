package smt

import (
	"context"
	"testing"
)

func TestZZWallNsec(t *testing.T) {
	e := &executor{x: newExprs(), ctx: context.Background(), opts: Options{QueryLimit: 1 << 24}}
	sol := newSolver(e)
	if !sol.open() {
		t.Fatal(sol.err)
	}
	defer sol.close()
	x := e.x
	s64, s32, s31 := bvSort(64), bvSort(32), bvSort(31)
	v := x.newVar(s64, "t.4")
	lo := x.mk(xTrunc, s31, v)
	z := x.mk(xZExt, s64, lo)
	a := x.mk(xAdd, s64, x.bvConst(64, 0x75e59912f9100002), x.mk(xMul, s64, x.bvConst(64, 1e9), z))
	r := x.mk(xSRem, s64, a, x.bvConst(64, 1e9))
	r32 := x.mk(xTrunc, s32, r)
	c1 := x.mk(xNot, boolSort, x.mk(xSLe, boolSort, x.bvConst(32, 0), r32))
	c2 := x.mk(xNot, boolSort, x.mk(xSLt, boolSort, x.mk(xAdd, s32, x.bvConst(32, 1e9), r32), x.bvConst(32, 0)))
	n1 := sol.extend(sol.root, c1)
	n2 := sol.extend(n1, c2)
	st, m, ok := sol.linearModel(n2)
	t.Logf("linearModel: %v %v %v", st, m != nil, ok)
	st, ok = sol.decideLinear(n2)
	t.Logf("decideLinear: %v %v", st, ok)
	t.Logf("%v", c2)
}
