package smt

// Deciding equalities of unknown strings without Z3. A map whose keys are
// unknown strings (a decoded JSON object's, the environment's) compares
// each key with every other and with the constants the program looks up:
// conditions s = t and s ≠ t of string variables and constants, about a
// millisecond each in Z3's string theory. A conjunction of such literals
// is satisfiable exactly when no disequality joins two terms its
// equalities make equal and no two constants that differ are made equal:
// strings are infinitely many, so each class of equal terms without a
// constant takes a string of its own (congruence closure with nothing but
// constants and variables, Nelson and Oppen, "Fast decision procedures
// based on congruence closure").

// strAtom reports whether x is a string variable or constant.
func strAtom(x *expr) bool {
	return x.sort.K == sortStr && (x.op == xVar || x.op == xConst)
}

// strLiteral returns the operands of x if x is a = b or ¬(a = b) of string
// atoms, and whether it is the equality.
func strLiteral(x *expr) (a, b *expr, eq, ok bool) {
	eq = true
	if x.op == xNot {
		x, eq = x.args[0], false
	}
	if x.op != xEq || !strAtom(x.args[0]) || !strAtom(x.args[1]) {
		return nil, nil, false, false
	}
	return x.args[0], x.args[1], eq, true
}

// decideStrEqs decides n, whose parent is satisfiable, when its condition
// and its slice of the path are equalities and disequalities of string
// atoms; ok is false otherwise.
func (s *solver) decideStrEqs(n *pcNode) (r status, ok bool) {
	if _, _, _, ok := strLiteral(n.cond); !ok || n.depth > maxSlicePath {
		return unknown, false
	}
	slice, ok := s.pathSlice(n, func(c *expr) bool {
		_, _, _, ok := strLiteral(c)
		return ok
	})
	if !ok {
		return unknown, false
	}
	// union-find over the atoms; a constant is its value, so that two
	// terms of one value are one
	parent := map[any]any{}
	key := func(x *expr) any {
		if x.op == xConst {
			return x.c.s
		}
		return x
	}
	var find func(k any) any
	find = func(k any) any {
		p, ok := parent[k]
		if !ok || p == k {
			return k
		}
		r := find(p)
		parent[k] = r
		return r
	}
	constant := map[any]string{} // a class's constant, by its root
	union := func(a, b any) bool {
		ra, rb := find(a), find(b)
		if ra == rb {
			return true
		}
		ca, hasA := constant[ra]
		cb, hasB := constant[rb]
		if hasA && hasB && ca != cb {
			return false
		}
		parent[ra] = rb
		if hasA {
			constant[rb] = ca
		}
		return true
	}
	for _, m := range slice {
		a, b, _, _ := strLiteral(m.cond)
		for _, x := range []*expr{a, b} {
			if x.op == xConst {
				constant[find(key(x))] = x.c.s
			}
		}
	}
	for _, m := range slice {
		if a, b, eq, _ := strLiteral(m.cond); eq && !union(key(a), key(b)) {
			return unsat, true
		}
	}
	for _, m := range slice {
		if a, b, eq, _ := strLiteral(m.cond); !eq && find(key(a)) == find(key(b)) {
			return unsat, true
		}
	}
	return sat, true
}
