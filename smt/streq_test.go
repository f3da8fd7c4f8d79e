package smt

import (
	"math/rand"
	"testing"

	"github.com/gokiss/kiss/smt/z3"
)

// TestStrEqsAgreeWithZ3 checks the decision of string (dis)equalities in
// Go against Z3's string theory: random conjunctions of literals over
// three variables and three constants ("" among them), each prefix of a
// path decided both ways.
func TestStrEqsAgreeWithZ3(t *testing.T) {
	e, sol := testSolver(t)
	x := e.x
	atoms := []*expr{x.newVar(strSort, "a"), x.newVar(strSort, "b"), x.newVar(strSort, "c"),
		x.konst(strSort, cval{s: ""}), x.konst(strSort, cval{s: "x"}), x.konst(strSort, cval{s: "y"})}
	var lits []*expr
	for i, a := range atoms {
		for _, b := range atoms[i+1:] {
			eq := x.mk(xEq, boolSort, a, b)
			if !eq.isConst() {
				lits = append(lits, eq, x.mk(xNot, boolSort, eq))
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	decided := map[status]int{}
	for range 400 {
		n := sol.root
		for range 1 + rng.Intn(6) {
			c := lits[rng.Intn(len(lits))]
			m := sol.extend(n, c)
			got, ok := sol.decideStrEqs(m)
			if !ok {
				t.Fatalf("%s: not decided in Go", c)
			}
			r, err := sol.check(m, false)
			if err != nil {
				t.Fatal(err)
			}
			want := unsat
			if r.Status == z3.Sat {
				want = sat
			} else if r.Status != z3.Unsat {
				t.Fatalf("%s: Z3 gives no answer", c)
			}
			if got != want {
				t.Fatalf("path ending in %s: %v in Go, %v in Z3", c, got, want)
			}
			decided[got]++
			if got == unsat {
				break // a decided node's parent is satisfiable
			}
			n = m
		}
	}
	if decided[sat] < 100 || decided[unsat] < 100 {
		t.Errorf("decided %v: too few of one answer to tell", decided)
	}
}
