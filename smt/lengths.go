package smt

import (
	"slices"

	"github.com/gokiss/kiss/smt/z3"
)

// Deciding conditions on the lengths of unknown strings without Z3's
// string theory. Z3 4.8.12's string solver builds a witness of a string a
// character at a time: "len(s) > 64" took it 0.2 s, "> 200" seven, and
// "> 1000" did not end, and code that checks a name from runtime.Caller or
// a value from the environment asks such things (conc's panics tests spent
// their budget there). When the conditions that share a variable with the
// one decided (its slice of the path, KLEE's constraint independence)
// mention their strings only through their lengths, what the strings hold
// is free: each length is then an integer of its own, at least zero and
// below 1<<62, and Z3's arithmetic decides the slice; the rest of the path
// is satisfiable and shares nothing with it.

// strUse says how a term mentions string variables.
type strUse struct {
	vars    []*expr // the string variables it mentions
	lenOnly bool    // each only as the operand of a length
}

// maxSlicePath bounds the path decideLengths looks through.
const maxSlicePath = 4096

// use returns how x mentions string variables (memoised).
func (s *solver) use(x *expr) strUse {
	if u, ok := s.uses[x]; ok {
		return u
	}
	u := strUse{lenOnly: true}
	switch {
	case !x.hasV:
	case x.op == xVar:
		if x.sort.K == sortStr {
			u = strUse{vars: []*expr{x}}
		}
	case x.op == xStrLen && x.args[0].op == xVar:
		u.vars = []*expr{x.args[0]}
	case emptyTest(x) != nil: // s == "" is len(s) == 0
		u.vars = []*expr{emptyTest(x)}
	default:
		for i := 0; i < int(x.narg); i++ {
			a := s.use(x.args[i])
			u.lenOnly = u.lenOnly && a.lenOnly
			for _, v := range a.vars {
				if !slices.Contains(u.vars, v) {
					u.vars = append(u.vars, v)
				}
			}
		}
	}
	if s.uses == nil {
		s.uses = make(map[*expr]strUse)
	}
	s.uses[x] = u
	return u
}

// strVsConst returns s and k if x is s == k for a string variable s and a
// constant k.
func strVsConst(x *expr) (s, k *expr) {
	if x.op != xEq || x.args[0].sort.K != sortStr {
		return nil, nil
	}
	s, k = x.args[0], x.args[1]
	if s.op == xConst {
		s, k = k, s
	}
	if s.op != xVar || k.op != xConst {
		return nil, nil
	}
	return s, k
}

// emptyTest returns s if x is s == "" for a string variable s.
func emptyTest(x *expr) *expr {
	if s, k := strVsConst(x); s != nil && k.c.s == "" {
		return s
	}
	return nil
}

// otherThan returns s if x is s != k for a string variable s and a
// constant k other than "". Fewer such conditions on s than there are
// strings of any length but zero never decide anything: decideLengths
// leaves them out.
func otherThan(x *expr) *expr {
	if x.op != xNot {
		return nil
	}
	if s, k := strVsConst(x.args[0]); s != nil && k.c.s != "" {
		return s
	}
	return nil
}

// decideLengths decides n, whose parent is satisfiable, when its condition
// and the conditions of its slice of the path mention strings only through
// their lengths; ok is false otherwise or when Z3 gives no answer.
func (s *solver) decideLengths(n *pcNode) (r status, ok bool) {
	if u := s.use(n.cond); len(u.vars) == 0 || !u.lenOnly && otherThan(n.cond) == nil {
		return unknown, false
	}
	if n.depth > maxSlicePath || s.e.budgetExceeded() || !s.open() {
		return unknown, false
	}
	slice, ok := s.pathSlice(n, func(c *expr) bool { return s.use(c).lenOnly || otherThan(c) != nil })
	if !ok {
		return unknown, false
	}
	return s.checkAside(&s.lens, func(z *z3.Solver) bool {
		zero, limit := s.z.IntVal(0), s.z.IntVal(1<<62)
		var strs []*expr
		others := map[*expr]int{}
		for _, m := range slice {
			if v := otherThan(m.cond); v != nil {
				if others[v]++; others[v] >= 255 {
					return false
				}
			} else {
				z.Assert(s.lenTerm(m.cond))
			}
			for _, v := range s.use(m.cond).vars {
				if !slices.Contains(strs, v) {
					strs = append(strs, v)
					l := s.lenVar(v)
					z.Assert(zero.IntLE(l))
					z.Assert(l.IntLT(limit))
				}
			}
		}
		return true
	}, nil)
}

// pathSlice returns n and the conditions of n's path that share a
// variable with it, directly or through one another (KLEE's constraint
// independence: the rest of the path, satisfiable, shares nothing with
// them); ok is false if one of them is not accept's.
func (s *solver) pathSlice(n *pcNode, accept func(*expr) bool) (slice []*pcNode, ok bool) {
	vars := map[uint64]bool{}
	for _, v := range s.varsOf(n.cond) {
		vars[v] = true
	}
	var path []*pcNode
	for m := n.parent; m != nil && m.depth > 0; m = m.parent {
		path = append(path, m)
	}
	in := make([]bool, len(path))
	slice = []*pcNode{n}
	for changed := true; changed; {
		changed = false
		for i, m := range path {
			if in[i] || !sharesVar(s.varsOf(m.cond), vars) {
				continue
			}
			if !accept(m.cond) {
				return nil, false
			}
			in[i], changed = true, true
			slice = append(slice, m)
			for _, v := range s.varsOf(m.cond) {
				vars[v] = true
			}
		}
	}
	return slice, true
}

func sharesVar(vs []uint64, set map[uint64]bool) bool {
	for _, v := range vs {
		if set[v] {
			return true
		}
	}
	return false
}

// lenVar is the integer that stands for the length of the string
// variable v in decideLengths's queries.
func (s *solver) lenVar(v *expr) z3.Term {
	return s.z.Const("#len "+v.name, s.z.IntSort())
}

// lenTerm translates x, whose strings are all operands of lengths, with
// each length an integer variable (lenVar).
func (s *solver) lenTerm(x *expr) z3.Term {
	if len(s.use(x).vars) == 0 {
		return s.term(x)
	}
	if t, ok := s.lenTerms[x]; ok {
		return t
	}
	var t z3.Term
	if c, ok := s.lengthCompare(x, s.lenVar); ok {
		t = c
	} else if x.op == xStrLen {
		t = s.lenVar(x.args[0]).Int2BV(uint(x.sort.W))
	} else if v := emptyTest(x); v != nil {
		t = s.lenVar(v).Eq(s.z.IntVal(0))
	} else {
		var a [3]z3.Term
		for i := 0; i < int(x.narg); i++ {
			a[i] = s.lenTerm(x.args[i])
		}
		t = s.apply(x, a)
	}
	if s.lenTerms == nil {
		s.lenTerms = make(map[*expr]z3.Term)
	}
	s.lenTerms[x] = t
	return t
}
