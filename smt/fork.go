package smt

// Forking. A handler that must decide something symbolic does so before it
// changes any state, with decide (a condition) or concretize (a value). The
// running state goes on with one outcome at once; each other outcome is a
// fork that re-executes the same instruction later with the outcome pinned
// in its subst map, so the handler takes the other way without asking again.

// split decides c on st's path. It returns the state where c holds and the
// one where it fails, either nil if infeasible or cut. When both are
// feasible, the second is a fork of st that the caller must push.
func (e *executor) split(st *state, c *expr) (tSt, fSt *state) {
	// st.pc is satisfiable, so if one side is unsatisfiable the other holds
	// on every path through it. The false side is decided first so that
	// the solver's scopes end on the true side, where st goes on.
	if c = e.settle(st, c); c.isConst() {
		if c.c.n != 0 {
			return st, nil
		}
		return nil, st
	}
	s := e.sol
	nF := s.extend(st.pc, not(e.x, c))
	rF := s.feasible(nF)
	if rF == unsat {
		return st, nil
	}
	nT := s.extend(st.pc, c)
	rT := s.feasible(nT)
	switch {
	case rT == unsat:
		return nil, st
	case rT == unknown && rF == unknown:
		e.lose(st, e.unknownCut(), 1) // both outcomes are lost
		e.cut(st, e.unknownCut())
		return nil, nil
	case rT == unknown:
		e.lose(st, e.unknownCut(), 1)
		e.setPC(st, nF)
		return nil, st
	case rF == unknown:
		e.lose(st, e.unknownCut(), 1)
		e.setPC(st, nT)
		return st, nil
	}
	if !e.canFork() {
		e.lose(st, CutPaths, 1)
		e.setPC(st, nT)
		return st, nil
	}
	f := e.fork(st)
	e.setPC(f, nF)
	e.setPC(st, nT)
	return st, f
}

// decide returns the value of the bool v on st's path, forking when both
// are possible: st continues with true, a fork re-runs the instruction with
// false. ok is false when st ended (its path was cut).
func (e *executor) decide(st *state, v value) (b, ok bool) {
	if v.x == nil {
		return v.n != 0, true
	}
	if c, ok := st.subst[v.x]; ok {
		return c.n != 0, true
	}
	t, f := e.split(st, v.x)
	switch {
	case t != nil && f != nil:
		pin(f, st.subst, v.x, cval{n: 0})
		e.push(f)
		pin(st, st.subst, v.x, cval{n: 1})
		return true, true
	case t != nil:
		return true, true
	case f != nil:
		return false, true
	}
	st.done = true
	return false, false
}

// pin records that x has value c for the rest of st's current instruction.
func pin(st *state, from map[*expr]cval, x *expr, c cval) {
	m := make(map[*expr]cval, len(from)+1)
	for k, v := range from {
		m[k] = v
	}
	m[x] = c
	st.subst = m
}

// guard continues st only where c holds; where it can fail the path has a
// runtime error (reported once, and only if feasible). ok is false when st
// cannot go on.
func (e *executor) guard(st *state, c value, msg string) bool {
	if c.x != nil {
		if x := e.settle(st, c.x); x.isConst() {
			c = value{n: x.c.n}
		}
	}
	if c.x == nil {
		if c.n == 0 {
			e.rtError(st, msg)
			return false
		}
		return true
	}
	if sub, ok := st.subst[c.x]; ok {
		if sub.n == 0 {
			e.rtError(st, msg)
			return false
		}
		return true
	}
	s := e.sol
	if !e.seenE[errKey(msg, e.in.Pos, e.fn.Name)] {
		nF := s.extend(st.pc, not(e.x, c.x))
		switch s.feasible(nF) {
		case sat:
			e.rtErrorAt(st, msg)
		case unknown:
			e.lose(st, e.unknownCut(), 1)
		}
	}
	nT := s.extend(st.pc, c.x)
	switch s.feasible(nT) {
	case sat:
		e.setPC(st, nT)
		pin(st, st.subst, c.x, cval{n: 1}) // a fork re-running this instruction need not ask again
		return true
	case unknown:
		e.cut(st, e.unknownCut())
		return false
	}
	st.done = true
	return false
}

// concretize returns the possible values of the scalar term x on st's path.
// st goes on with the first; a fork per other value re-runs the
// instruction; beyond maxEnumerate values the rest is cut.
func (e *executor) concretize(st *state, x *expr) (cval, bool) {
	if c, ok := st.subst[x]; ok {
		return c, true
	}
	vs, ok := e.concretizeAll(st, []*expr{x})
	if !ok {
		return cval{}, false
	}
	return vs[0], true
}

// concretizeAll is concretize for several terms at once: it forks over the
// feasible combinations of their values.
func (e *executor) concretizeAll(st *state, xs []*expr) ([]cval, bool) {
	if ks, ok := e.allKnown(st, xs); ok {
		st.subst = pinAll(st.subst, xs, ks)
		return ks, true
	}
	s := e.sol
	type tuple struct {
		vals []cval
		node *pcNode
	}
	var tuples []tuple
	node := st.pc
	more := false
	for {
		r, m := s.feasibleModel(node)
		if r == unknown {
			more = true
			break
		}
		if r != sat {
			break
		}
		if len(tuples) == maxEnumerate {
			more = true
			break
		}
		vals := make([]cval, len(xs))
		eq, ne := e.x.t, e.x.f
		for i, x := range xs {
			vals[i] = s.evalIn(m, x)
			k := e.x.konst(x.sort, vals[i])
			is := e.x.mk(xEq, boolSort, x, k)
			eq = e.x.mk(xAnd, boolSort, eq, is)
			ne = e.x.mk(xOr, boolSort, ne, not(e.x, is))
		}
		pinned := s.extend(st.pc, eq)
		if pinned != nil && pinned.status == undecided {
			pinned.status, pinned.model = sat, m
		}
		tuples = append(tuples, tuple{vals, pinned})
		node = s.extend(node, ne)
	}
	if more {
		e.lose(st, CutEnumerate, 1)
	}
	if len(tuples) == 0 {
		e.cut(st, e.unknownCut())
		return nil, false
	}
	for i := len(tuples) - 1; i >= 1; i-- {
		if !e.canFork() {
			e.lose(st, CutPaths, i)
			break
		}
		f := e.fork(st)
		e.setPC(f, tuples[i].node)
		f.subst = pinAll(st.subst, xs, tuples[i].vals)
		e.push(f)
	}
	if len(tuples) > 1 || more {
		e.setPC(st, tuples[0].node)
	} // else the path condition implies the values: keep it short
	st.subst = pinAll(st.subst, xs, tuples[0].vals)
	return tuples[0].vals, true
}

func pinAll(from map[*expr]cval, xs []*expr, vs []cval) map[*expr]cval {
	m := make(map[*expr]cval, len(from)+len(xs))
	for k, v := range from {
		m[k] = v
	}
	for i, x := range xs {
		m[x] = vs[i]
	}
	return m
}

// setPC moves st to the path condition n, an extension of its own. A
// condition that fixes a variable (x == k, a Boolean x or !x) makes the
// variable known: operands holding just that variable read as the constant
// from then on, so code after `assume x == 5` or in the then-branch of
// `if x == 5` runs concretely (implied-value concretization).
//
// A comparison of a variable with a constant narrows the variable's range
// (signed and unsigned apart); a range narrowed to one value fixes the
// variable too: a loop `for i < n` over an unknown n leaves 3 < n and
// !(4 < n) on the path, and n is 4 from then on.
func (e *executor) setPC(st *state, n *pcNode) {
	for m := n; concretizeImplied && m != st.pc && m != nil; m = m.parent {
		e.learn(st, m.cond)
	}
	st.pc = n
}

// learn records what condition c, now on st's path, fixes; each conjunct
// of a conjunction (0 <= d && d < n, a draw's range) alike.
func (e *executor) learn(st *state, c *expr) {
	if c.op == xAnd {
		e.learn(st, c.args[0])
		e.learn(st, c.args[1])
		return
	}
	x, k, ok := fixes(c)
	if !ok {
		x, k, ok = e.narrow(st, c)
	}
	if ok {
		if _, had := st.known.Get(x.c.n); !had {
			st.known.Set(x.c.n, k, st.id)
		}
	}
}

// span is a variable's range under a signed or an unsigned order; signed
// values are biased (the sign bit flipped) so that one unsigned interval
// serves both.
type span struct{ lo, hi uint64 }

// narrow intersects the range of the variable that c compares with a
// constant (x < k, k <= x, and their negations) with what c allows. It
// returns the variable and its value when the range is down to one.
func (e *executor) narrow(st *state, c *expr) (*expr, cval, bool) {
	neg := false
	if c.op == xNot {
		c, neg = c.args[0], true
	}
	var signed, strict bool
	switch c.op {
	case xSLt:
		signed, strict = true, true
	case xSLe:
		signed = true
	case xULt:
		strict = true
	case xULe:
	default:
		return nil, cval{}, false
	}
	a, b := c.args[0], c.args[1]
	left := a.op == xVar && b.isConst() // x op k; else k op x
	if !left && !(b.op == xVar && a.isConst()) {
		return nil, cval{}, false
	}
	x, k := a, b.c.n
	if !left {
		x, k = b, a.c.n
	}
	w := x.sort.W
	if x.sort.K != sortBV || w == 0 || w > 64 {
		return nil, cval{}, false
	}
	top := ones(w)
	bias := uint64(0)
	if signed {
		bias = 1 << (w - 1)
	}
	k = trunc(k, w) ^ bias
	// Below: x < k, x <= k, x > k or x >= k, with x on the left.
	less := left != neg
	orEq := strict == neg
	key := x.c.n<<1 | b2n(signed)
	sp, ok := st.spans.Get(key)
	if !ok {
		sp = span{0, top}
	}
	switch {
	case less && orEq:
		sp.hi = min(sp.hi, k)
	case less:
		if k == 0 {
			return nil, cval{}, false // infeasible: no path reaches here
		}
		sp.hi = min(sp.hi, k-1)
	case orEq:
		sp.lo = max(sp.lo, k)
	default:
		if k == top {
			return nil, cval{}, false
		}
		sp.lo = max(sp.lo, k+1)
	}
	st.spans.Set(key, sp, st.id)
	if sp.lo != sp.hi {
		return nil, cval{}, false
	}
	return x, cval{n: sp.lo ^ bias}, true
}

// allKnown returns the values of xs if the path condition fixes them all.
func (e *executor) allKnown(st *state, xs []*expr) ([]cval, bool) {
	if st.known.Len() == 0 {
		return nil, false
	}
	ks := make([]cval, len(xs))
	for i, x := range xs {
		y := e.withKnown(st, x)
		if !y.isConst() {
			return nil, false
		}
		ks[i] = y.c
	}
	return ks, true
}

// withKnown returns x with the variables st's path condition fixes
// replaced by their values, and folded: a condition computed from an
// unknown before the path fixed it (10000/n, then n is 4) need not go to
// the solver.
func (e *executor) withKnown(st *state, x *expr) *expr {
	if st.known.Len() == 0 || !x.hasV {
		return x
	}
	memo := map[*expr]*expr{}
	var rec func(*expr) *expr
	rec = func(y *expr) *expr {
		if !y.hasV || y.sort.K == sortStr {
			return y
		}
		if y.op == xVar {
			if k, ok := st.known.Get(y.c.n); ok {
				return e.x.konst(y.sort, k)
			}
			return y
		}
		if r, ok := memo[y]; ok {
			return r
		}
		var args [3]*expr
		changed := false
		for i := 0; i < int(y.narg); i++ {
			args[i] = rec(y.args[i])
			changed = changed || args[i] != y.args[i]
		}
		r := y
		if changed {
			r = e.x.mk(y.op, y.sort, args[:y.narg]...)
		}
		memo[y] = r
		return r
	}
	return rec(x)
}

// concretizeImplied can be turned off by tests that want the solver to do
// the arithmetic.
var concretizeImplied = true

// fixes recognizes a condition that gives a variable one value.
func fixes(c *expr) (*expr, cval, bool) {
	switch {
	case c.op == xVar:
		return c, cval{n: 1}, true
	case c.op == xNot && c.args[0].op == xVar:
		return c.args[0], cval{}, true
	case c.op == xEq && c.args[0].op == xVar && c.args[1].isConst():
		return c.args[0], c.args[1].c, true
	case c.op == xEq && c.args[1].op == xVar && c.args[0].isConst():
		return c.args[1], c.args[0].c, true
	}
	return nil, cval{}, false
}
