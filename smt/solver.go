package smt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/gokiss/kiss/smt/z3"
)

// The path condition is an immutable list of pcNodes shared by forked
// states. Nodes are hash-consed on (parent, condition), so a node is also a
// cache entry: once decided, its status and a model are kept. A state's node
// is always satisfiable and has a model.
//
// One Z3 solver serves the whole run; its scopes mirror the node last
// decided by Z3 (one scope per node). Deciding another node pops to the
// common prefix and pushes the rest, so a depth-first exploration mostly
// pushes one condition per query.
//
// Before asking Z3 whether parent ∧ c is satisfiable, the executor evaluates
// c in Go under the parent's model: if it holds, the model is reused and Z3
// is not called (KLEE's counterexample cache, in its simplest form). At a
// branch this leaves at most one real query.

type status uint8

const (
	undecided status = iota
	sat
	unsat
	unknown
)

type pcNode struct {
	parent *pcNode
	cond   *expr
	depth  int
	maxV   int32 // the highest variable number on the path (-1: none)
	status status
	model  *model
	// hint is a model of the slice of the path n was decided in (the
	// conditions sharing variables with its own, transitively), not of the
	// whole path: a condition of only its variables that it satisfies is
	// satisfiable with the path (the rest of the path is independent of
	// them). Random sleeps branch on sums of many draws; one side of most
	// such branches holds in the parent's hint.
	hint *model

	// stop is the label of an Options.StopAt variable the path condition
	// mentions, once stopKnown (see executor.stopLabel).
	stop      string
	stopKnown bool

	// deps are the labels of the labelled nondets the path condition
	// mentions, once depsKnown (see executor.dependsOn).
	deps      []string
	depsKnown bool
}

type pcKey struct {
	parent *pcNode
	cond   *expr
}

// model is a satisfying assignment, read lazily from Z3 (z nil: every
// variable is zero, the model of the empty path condition).
type model struct {
	z       *z3.Model
	vals    map[*expr]cval
	bad     map[*expr]bool    // variables whose model value cannot be read back
	opq     map[string]uint64 // model element -> opaque identity (0: the zero value's)
	opqNext uint64
}

type solver struct {
	e     *executor
	z     *z3.Context
	s     *z3.Solver
	terms []z3.Term // by expr id
	sorts map[sort]z3.Sort
	stack []*pcNode // stack[i] is asserted in scope i+1
	nodes map[pcKey]*pcNode
	root  *pcNode
	calls int

	checking  atomic.Int64 // start of the running query (unix ns), 0 between queries
	stopWatch chan struct{}
	watched   chan struct{} // closed when watch has returned
	time      time.Duration
	err       error // a failure of Z3: the scopes may no longer mirror stack, so no more queries
	renewed   int   // solvers replaced after a query without an answer

	alone    *z3.Solver // decides a condition independent of the path (decideAlone)
	lens     *z3.Solver // decides conditions on the lengths of strings alone (decideLengths)
	lia      *z3.Solver // decides linear conditions in integers (decideLinear)
	lins     map[*expr]bool
	uses     map[*expr]strUse
	lenTerms map[*expr]z3.Term
	varsMemo map[*expr][]uint64
	mentions map[uint64][]*pcNode // the nodes whose condition mentions a variable
}

// newSolver makes the executor's solver. Z3 starts at the first query: most
// roots ask none, and a context costs milliseconds.
func newSolver(e *executor) *solver {
	s := &solver{e: e, sorts: make(map[sort]z3.Sort), nodes: make(map[pcKey]*pcNode),
		varsMemo: make(map[*expr][]uint64), mentions: make(map[uint64][]*pcNode)}
	s.root = &pcNode{status: sat, model: &model{}, maxV: -1}
	return s
}

// open starts Z3 and the watchdog of its queries, once; false when Z3
// could not start (s.err says why).
func (s *solver) open() bool {
	if s.z != nil {
		return true
	}
	if s.err != nil {
		return false
	}
	z := z3.NewContext()
	if err := z.Err(); err != nil {
		s.fail(fmt.Errorf("starting z3: %w", err))
		return false
	}
	s.z = z
	s.s = s.newZ3Solver()
	if err := z.Err(); err != nil {
		s.fail(fmt.Errorf("starting z3: %w", err))
		return false
	}
	s.stopWatch = make(chan struct{})
	s.watched = make(chan struct{})
	go s.watch(s.e.ctx, s.e.deadline, s.e.opts.QueryTimeout)
	return true
}

// closing bounds the Z3 contexts being deleted off the run's clock: one
// that held thousands of queries (models of long paths) takes Z3 seconds
// to free, which is no part of the root's exploration. With two pending,
// a run deletes its own.
var closing = make(chan struct{}, 2)

func (s *solver) close() {
	if s.watched != nil {
		close(s.stopWatch)
		<-s.watched // no Interrupt once the context is gone
	}
	if s.z == nil {
		return
	}
	z := s.z
	select {
	case closing <- struct{}{}:
		go func() {
			defer func() { <-closing }()
			z.Close()
		}()
	default:
		z.Close()
	}
}

// check asks Z3 about the path to n. QueryLimit bounds the query in Z3's
// own units, counted in this thread; some queries (large multiplications
// being bit-blasted) use few units for a long time, so the watchdog also
// interrupts a query that outlives QueryTimeout, the run's deadline or its
// context. No query starts once the budget is spent (but the model of a
// violation found, forModel, is still asked for: the watchdog stops it at
// its next look). After a failure of Z3 nothing is asked.
func (s *solver) check(n *pcNode, forModel bool) (z3.Result, error) {
	if !s.open() {
		return z3.Result{}, s.err
	}
	if !forModel && s.e.budgetExceeded() {
		return z3.Result{Status: z3.Unknown, Reason: "budget"}, nil
	}
	s.sync(n)
	if s.err != nil {
		return z3.Result{}, s.err
	}
	r, err := s.timedCheck(s.s)
	if ze := (*z3.Error)(nil); errors.As(err, &ze) {
		// Z3 gave up on the query with an exception, such as the string
		// theory's "reached max unfolding": that is no answer, not a
		// failure of the run.
		s.z.ClearErr()
		r, err = z3.Result{Status: z3.Unknown, Reason: ze.Msg}, nil
	}
	if err == nil && r.Status == z3.Unknown {
		s.renew()
	}
	return r, err
}

// slowQueries is a directory where each query that takes Z3 over 30 ms is
// written in SMT-LIB, for kiss's developers (KISS_DEBUG_QUERIES).
var slowQueries = os.Getenv("KISS_DEBUG_QUERIES")

// timedCheck runs z's check where the watchdog sees it, and counts it.
func (s *solver) timedCheck(z *z3.Solver) (z3.Result, error) {
	start := time.Now()
	s.checking.Store(start.UnixNano())
	r, err := z.Check()
	s.checking.Store(0)
	s.time += time.Since(start)
	if d := time.Since(start); d > 30*time.Millisecond && slowQueries != "" {
		// (best effort: a debugging aid)
		os.WriteFile(filepath.Join(slowQueries, fmt.Sprintf("q%d.smt2", start.UnixNano())), []byte(fmt.Sprintf("; %v\n%s", d, z.String())), 0o644)
	}
	s.calls++
	return r, err
}

// newZ3Solver makes the Z3 solver queries go to, with QueryLimit set.
func (s *solver) newZ3Solver() *z3.Solver {
	n := s.z.NewSimpleSolver()
	if n != nil && s.e.opts.QueryLimit > 0 {
		n.SetResourceLimit(s.e.opts.QueryLimit)
	}
	return n
}

// renew replaces Z3's solver by a fresh one, whose scopes the next sync
// pushes again. A check that ends without an answer (stopped, out of its
// resource limit, a theory giving up) can leave Z3 4.8.12's solver corrupt
// inside: in the string theory at least, a later pop or check then crashed
// (SIGSEGV in Z3_solver_pop on os/signal's tests; see
// z3.TestZ3StoppedStringCheck). Such checks are rare; pushing a path again
// is cheap.
func (s *solver) renew() {
	n := s.newZ3Solver()
	if n == nil {
		s.fail(s.z.Err())
		return
	}
	s.s = n
	clear(s.stack)
	s.stack = s.stack[:0]
	s.renewed++
}

// watch interrupts a query that runs too long. Z3 ignores an interrupt
// that comes before the check is under way, so it repeats it until the
// query ends. It never interrupts between queries: one that ends between
// its look and its Interrupt makes the Interrupt a no-op (z3.Context
// reaches Z3 only while a check runs).
func (s *solver) watch(ctx context.Context, deadline time.Time, perQuery time.Duration) {
	defer close(s.watched)
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.stopWatch:
			return
		case <-tick.C:
		}
		started := s.checking.Load()
		if started == 0 {
			continue
		}
		now := time.Now()
		over := ctx.Err() != nil || !deadline.IsZero() && now.After(deadline) ||
			perQuery > 0 && now.Sub(time.Unix(0, started)) > perQuery
		if over {
			s.z.Interrupt()
		}
	}
}

// watchEvery is how often the watchdog looks at the running query.
const watchEvery = 20 * time.Millisecond

// extend returns the node pc ∧ c; nil stands for false.
func (s *solver) extend(pc *pcNode, c *expr) *pcNode {
	if c.isConst() {
		if c.c.n != 0 {
			return pc
		}
		return nil
	}
	k := pcKey{pc, c}
	if n := s.nodes[k]; n != nil {
		return n
	}
	n := &pcNode{parent: pc, cond: c, depth: pc.depth + 1, maxV: max(pc.maxV, c.maxV)}
	s.nodes[k] = n
	for _, v := range s.varsOf(c) {
		s.mentions[v] = append(s.mentions[v], n)
	}
	return n
}

// feasible decides n (whose parent is satisfiable).
func (s *solver) feasible(n *pcNode) status { return s.decide(n, false) }

// feasibleModel decides n and, if it is satisfiable, gets a model of it
// from the same query.
func (s *solver) feasibleModel(n *pcNode) (status, *model) {
	r := s.decide(n, true)
	if r != sat {
		return r, nil
	}
	return r, s.modelOf(n)
}

func (s *solver) decide(n *pcNode, wantModel bool) status {
	if n == nil {
		return unsat
	}
	if n.status != undecided {
		return n.status
	}
	if n.cond.minV > n.parent.maxV && trivial(n.cond) {
		n.status = sat // independent of the path so far, and satisfiable alone
		return sat
	}
	if p := n.parent; p.model != nil {
		if v, exact := s.goEval(p.model, n.cond); exact && v.n != 0 {
			n.status, n.model = sat, p.model
			return sat
		}
	} else if p.hint != nil {
		if v, exact := s.goEval(p.hint, n.cond); exact && v.n != 0 {
			n.status, n.hint = sat, p.hint
			return sat
		}
	}
	if !wantModel {
		if r, ok := s.decideStrEqs(n); ok {
			n.status = r
			return r
		}
	}
	if s.independent(n) {
		// The condition shares no variable with the path, which is
		// satisfiable: together they are satisfiable exactly when the
		// condition is alone (KLEE's constraint independence).
		if r, ok := s.decideAlone(n, !wantModel); ok {
			n.status = r
			return r
		}
	}
	if !wantModel {
		if r, ok := s.decideLengths(n); ok {
			n.status = r
			return r
		}
		if r, ok := s.decideLinear(n); ok {
			n.status = r
			return r
		}
		if r, ok := s.decideFloats(n, false); ok {
			n.status = r
			return r
		}
	} else if r, m, ok := s.linearModel(n); ok {
		n.status, n.model = r, m
		return r
	}
	r, err := s.check(n, false)
	if err != nil {
		s.fail(err)
		n.status = unknown
		return unknown
	}
	switch r.Status {
	case z3.Sat:
		// The model is fetched only when needed (modelOf): Z3 takes longer
		// to build one than to decide a typical branch.
		n.status = sat
		if wantModel {
			if m, err := s.s.Model(); err == nil {
				n.model = &model{z: m}
			} else {
				s.z.ClearErr()
			}
		}
	case z3.Unsat:
		n.status = unsat
	default:
		n.status = unknown
		// Unknown: over QueryLimit, or the run is over (say why).
		s.e.budgetExceeded()
	}
	return n.status
}

func (s *solver) fail(err error) {
	if s.err == nil {
		s.err = fmt.Errorf("smt: z3: %w", err)
	}
}

// varsOf returns the variables of the condition x.
func (s *solver) varsOf(x *expr) []uint64 {
	if v, ok := s.varsMemo[x]; ok {
		return v
	}
	var vs []uint64
	seen := map[*expr]bool{}
	var walk func(*expr)
	walk = func(x *expr) {
		if !x.hasV || seen[x] {
			return
		}
		seen[x] = true
		if x.op == xVar {
			vs = append(vs, x.c.n)
			return
		}
		for i := 0; i < int(x.narg); i++ {
			walk(x.args[i])
		}
	}
	walk(x)
	s.varsMemo[x] = vs
	return vs
}

// maxMentions bounds the conditions independent looks through per variable.
const maxMentions = 16

// independent reports whether n's condition shares no variable with the
// path condition it extends.
func (s *solver) independent(n *pcNode) bool {
	for _, v := range s.varsOf(n.cond) {
		ms := s.mentions[v]
		if len(ms) > maxMentions {
			return false
		}
		for _, m := range ms {
			if m == n || m.depth > n.parent.depth {
				continue
			}
			a := n.parent
			for a.depth > m.depth {
				a = a.parent
			}
			if a == m {
				return false
			}
		}
	}
	return true
}

// decideAlone decides n's condition by itself: without Z3 when it is
// trivial, holds with every variable zero, or (with floats) decideFloats
// decides it, else on a solver of its own. ok is false when that solver
// gives no answer (the caller asks about the whole path).
func (s *solver) decideAlone(n *pcNode, floats bool) (r status, ok bool) {
	c := n.cond
	if trivial(c) {
		return sat, true
	}
	if v, exact := eval(c, func(*expr) cval { return cval{} }, make(map[*expr]cval)); exact && v.n != 0 {
		return sat, true
	}
	if floats {
		if r, ok := s.decideFloats(n, true); ok {
			return r, true
		}
	}
	if s.e.budgetExceeded() || !s.open() {
		return unknown, false
	}
	if r, ok := s.linearAlone(c); ok {
		return r, true
	}
	return s.checkAside(&s.alone, func(z *z3.Solver) bool {
		z.Assert(s.term(c))
		return true
	}, nil)
}

// checkAside decides what assert asserts, in a scope of the solver *side
// (made on first use) rather than on the path's. ok is false when assert
// gives up (returns false) or Z3 gives no answer: the caller then asks
// about the whole path. A solver without an answer (or after a Z3
// exception) may be left corrupt (see renew): it is dropped.
// onSat, if not nil, reads the model of a satisfiable query.
func (s *solver) checkAside(side **z3.Solver, assert func(*z3.Solver) bool, onSat func(*z3.Solver)) (r status, ok bool) {
	if *side == nil {
		*side = s.newZ3Solver()
	}
	z := *side
	z.Push()
	if !assert(z) {
		z.Pop(1)
		return unknown, false
	}
	res, err := s.timedCheck(z)
	if err == nil && res.Status == z3.Sat && onSat != nil {
		onSat(z)
	}
	z.Pop(1)
	if err != nil || s.z.Err() != nil || res.Status == z3.Unknown {
		s.z.ClearErr()
		*side = nil
		return unknown, false
	}
	if res.Status == z3.Sat {
		return sat, true
	}
	return unsat, true
}

// trivial reports whether c is satisfiable whatever its variable: x, !x,
// x == k or x != k (the sorts of x have more than one value).
func trivial(c *expr) bool {
	if c.op == xNot {
		c = c.args[0]
	}
	switch {
	case c.op == xVar:
		return true
	case c.op == xEq:
		return c.args[0].op == xVar && c.args[1].isConst() || c.args[1].op == xVar && c.args[0].isConst()
	}
	return false
}

// modelOf returns a model of the satisfiable node n, asking Z3 for one if n
// has none yet.
func (s *solver) modelOf(n *pcNode) *model {
	if n.model != nil {
		return n.model
	}
	if r, m, ok := s.linearModel(n); ok && r == sat {
		n.model = m
		return m
	}
	r, err := s.check(n, true)
	if err == nil && r.Status == z3.Sat {
		start := time.Now()
		var m *z3.Model
		m, err = s.s.Model()
		if err == nil {
			n.model = &model{z: m}
		}
		s.time += time.Since(start)
	}
	if err != nil {
		s.fail(err)
	}
	if n.model == nil {
		// Unknown this time (a timeout): report with default values rather
		// than not at all; the path condition was satisfiable.
		return &model{}
	}
	return n.model
}

// sync makes the solver's scopes assert exactly the path to n. If Z3 fails
// on the way, s.err says so and the scopes no longer mirror s.stack.
func (s *solver) sync(n *pcNode) {
	// Find the deepest node of n's path that is on the stack.
	common := n
	for common.depth > len(s.stack) {
		common = common.parent
	}
	for common.depth > 0 && s.stack[common.depth-1] != common {
		common = common.parent
	}
	if pop := len(s.stack) - common.depth; pop > 0 {
		s.s.Pop(uint(pop))
		clear(s.stack[common.depth:])
		s.stack = s.stack[:common.depth]
	}
	var todo []*pcNode
	for m := n; m != common; m = m.parent {
		todo = append(todo, m)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		s.s.Push()
		s.s.Assert(s.term(todo[i].cond))
		s.stack = append(s.stack, todo[i])
	}
	if err := s.z.Err(); err != nil {
		s.fail(err)
	}
}

// ---- models ----

// goEval evaluates x under m in Go; exact is false if Go and Z3 might
// disagree (or a variable's value could not be read).
func (s *solver) goEval(m *model, x *expr) (cval, bool) {
	exact := true
	env := func(v *expr) cval {
		c, ok := s.varValue(m, v)
		if !ok {
			exact = false
		}
		return c
	}
	v, ok := eval(x, env, make(map[*expr]cval))
	return v, ok && exact
}

// evalIn evaluates x under m, asking Z3 when Go cannot be sure.
func (s *solver) evalIn(m *model, x *expr) cval {
	v, exact := s.goEval(m, x)
	if exact || m.z == nil {
		return v
	}
	if t, ok := m.z.Eval(s.term(x), true); ok {
		if c, ok := s.fromZ3(m, t, x.sort); ok {
			return c
		}
	}
	s.z.ClearErr()
	return v
}

func (s *solver) varValue(m *model, v *expr) (cval, bool) {
	if c, ok := m.vals[v]; ok {
		return c, !m.bad[v]
	}
	if m.vals == nil {
		m.vals = make(map[*expr]cval)
	}
	var c cval
	ok := true
	if m.z != nil {
		t, tok := m.z.Eval(s.term(v), true)
		if tok {
			c, ok = s.fromZ3(m, t, v.sort)
		} else {
			ok = false
		}
		if !ok {
			s.z.ClearErr()
			if m.bad == nil {
				m.bad = make(map[*expr]bool)
			}
			m.bad[v] = true
		}
	}
	m.vals[v] = c
	return c, ok
}

// fromZ3 reads a value of a model.
func (s *solver) fromZ3(m *model, t z3.Term, so sort) (cval, bool) {
	switch so.K {
	case sortBool:
		if t.IsTrue() {
			return cval{n: 1}, true
		}
		return cval{}, t.IsFalse()
	case sortBV:
		n, ok := t.AsUint64()
		return cval{n: n}, ok
	case sortFP:
		f, ok := t.AsFloat64()
		return cval{n: fbits(roundF(f, so.W))}, ok
	case sortStr:
		str, ok := t.AsString()
		return cval{s: str}, ok
	case sortOpaque:
		if m.opq == nil {
			m.opq = make(map[string]uint64)
			if z, ok := m.z.Eval(s.term(s.e.x.konst(opaqueSort, cval{})), true); ok {
				m.opq[z.String()] = 0
			} else {
				s.z.ClearErr()
			}
		}
		k := t.String()
		id, ok := m.opq[k]
		if !ok {
			m.opqNext++
			id = m.opqNext
			m.opq[k] = id
		}
		return cval{n: id}, true
	}
	return cval{}, false
}

// ---- translation to Z3 ----

func (s *solver) sortZ3(so sort) z3.Sort {
	if t, ok := s.sorts[so]; ok {
		return t
	}
	var t z3.Sort
	switch so.K {
	case sortBool:
		t = s.z.BoolSort()
	case sortBV:
		t = s.z.BVSort(uint(so.W))
	case sortFP:
		if so.W == 32 {
			t = s.z.Float32Sort()
		} else {
			t = s.z.Float64Sort()
		}
	case sortStr:
		t = s.z.StringSort()
	case sortOpaque:
		t = s.z.UninterpretedSort("opaque")
	}
	s.sorts[so] = t
	return t
}

// term translates x, once per run.
func (s *solver) term(x *expr) z3.Term {
	if int(x.id) < len(s.terms) && s.terms[x.id].IsValid() {
		return s.terms[x.id]
	}
	t := s.translate(x)
	if !t.IsValid() {
		err := s.z.Err()
		if err == nil {
			err = fmt.Errorf("no term")
		}
		panic(fmt.Sprintf("smt: translating %v to z3: %v", x, err))
	}
	for int(x.id) >= len(s.terms) {
		s.terms = append(s.terms, make([]z3.Term, len(s.terms)+64)...)
	}
	s.terms[x.id] = t
	return t
}

// lengthCompare translates a comparison of string lengths plus constants
// in Z3's integers. A length is otherwise a Go int through int2bv, and Z3's
// string solver, bridging the two theories, took seconds on queries as
// plain as s != "" && len(s)-1 >= len(s) (a bounds check; x/sync's
// singleflight tests) or uint32(len(s)+3) == 2 (go-cache's hash).
func (s *solver) lengthCompare(x *expr, length func(*expr) z3.Term) (z3.Term, bool) {
	switch x.op {
	case xEq, xSLt, xSLe, xULt, xULe:
	default:
		return z3.Term{}, false
	}
	a, b := x.args[0], x.args[1]
	w := a.sort.W
	signed := x.op == xSLt || x.op == xSLe
	if a.sort.K != sortBV || w < 64 && signed || a.op == xConst && b.op == xConst {
		return z3.Term{}, false
	}
	ia, na, oka := s.lengthInt(a, length)
	ib, nb, okb := s.lengthInt(b, length)
	if !oka || !okb {
		return z3.Term{}, false
	}
	var cmp z3.Term
	switch x.op {
	case xEq:
		return ia.Eq(ib), true
	case xSLt, xULt:
		cmp = ia.IntLT(ib)
	default:
		cmp = ia.IntLE(ib)
	}
	if signed || na && nb {
		return cmp, true
	}
	// Unsigned, with a side that may be below zero: its bits are then
	// above every side that is not.
	zero := s.z.IntVal(0)
	ga, gb := zero.IntLE(ia), zero.IntLE(ib)
	return ga.Iff(gb).Ite(cmp, ga), true
}

// lengthInt returns an integer whose bits are e's, and whether it is never
// below zero, for e a constant or a string's length plus constants (sums
// and truncations of it). A Go string is shorter than 1<<62, so a 64-bit
// side is an int64 whose bits are its own (the constants' sum kept below
// 1<<62); a narrower side is unsigned, its integer the sum modulo 1<<w,
// and only equalities and unsigned comparisons take it.
func (s *solver) lengthInt(e *expr, length func(*expr) z3.Term) (z3.Term, bool, bool) {
	w := e.sort.W
	if e.op == xConst {
		if w == 64 {
			return s.z.IntVal(int64(e.c.n)), int64(e.c.n) >= 0, true
		}
		return s.z.IntVal(int64(e.c.n & ones(w))), true, true
	}
	str, c, ok := lengthForm(e)
	if !ok || str == nil || w > 64 || w == 63 {
		return z3.Term{}, false, false
	}
	i := length(str)
	if c != 0 {
		i = i.IntAdd(s.z.IntVal(c))
	}
	if w == 64 {
		return i, c >= 0, true
	}
	return i.IntMod(s.z.IntVal(1 << w)), true, true
}

// seqLength is the length of the string x in Z3's string theory.
func (s *solver) seqLength(x *expr) z3.Term { return s.term(x).SeqLength() }

// lengthForm returns str and c such that e is len(str)+c modulo e's width
// (str nil: e is the constant c), |c| < 1<<62.
func lengthForm(e *expr) (str *expr, c int64, ok bool) {
	switch e.op {
	case xConst:
		c = sext(e.c.n, e.sort.W)
	case xStrLen:
		return e.args[0], 0, e.sort.W == 64
	case xTrunc:
		return lengthForm(e.args[0])
	case xAdd:
		sa, ca, oka := lengthForm(e.args[0])
		sb, cb, okb := lengthForm(e.args[1])
		if !oka || !okb || sa != nil && sb != nil {
			return nil, 0, false
		}
		str, c = sa, ca+cb
		if str == nil {
			str = sb
		}
	default:
		return nil, 0, false
	}
	return str, c, -1<<62 < c && c < 1<<62
}

func (s *solver) translate(x *expr) z3.Term {
	z := s.z
	so := x.sort
	if x.op == xConst {
		switch so.K {
		case sortBool:
			return z.BoolVal(x.c.n != 0)
		case sortBV:
			return z.BVVal(x.c.n, uint(so.W))
		case sortFP:
			return z.FPVal(f64(x.c), s.sortZ3(so))
		case sortStr:
			return z.StringVal(x.c.s)
		case sortOpaque:
			return z.Const(fmt.Sprintf("opaque#%d", x.c.n), s.sortZ3(so))
		}
	}
	if x.op == xVar {
		return z.Const(x.name, s.sortZ3(so))
	}
	if t, ok := s.lengthCompare(x, s.seqLength); ok {
		return t
	}
	var a [3]z3.Term
	for i := 0; i < int(x.narg); i++ {
		a[i] = s.term(x.args[i])
	}
	return s.apply(x, a)
}

// apply is x's operation on the terms of its arguments.
func (s *solver) apply(x *expr, a [3]z3.Term) z3.Term {
	z := s.z
	so := x.sort
	aw := uint(0)
	if x.narg > 0 {
		aw = uint(x.args[0].sort.W)
	}
	switch x.op {
	case xNot:
		return a[0].Not()
	case xAnd:
		return z.And(a[0], a[1])
	case xOr:
		return z.Or(a[0], a[1])
	case xXor:
		return a[0].Xor(a[1])
	case xIte:
		return a[0].Ite(a[1], a[2])
	case xEq:
		return a[0].Eq(a[1])
	case xAdd:
		return a[0].Add(a[1])
	case xSub:
		return a[0].Sub(a[1])
	case xMul:
		return a[0].Mul(a[1])
	case xUDiv:
		return a[0].UDiv(a[1])
	case xSDiv:
		return a[0].SDiv(a[1])
	case xURem:
		return a[0].URem(a[1])
	case xSRem:
		return a[0].SRem(a[1])
	case xBAnd:
		return a[0].BVAnd(a[1])
	case xBOr:
		return a[0].BVOr(a[1])
	case xBXor:
		return a[0].BVXor(a[1])
	case xBNot:
		return a[0].BVNot()
	case xBNeg:
		return a[0].Neg()
	case xShl:
		return a[0].Shl(a[1])
	case xLShr:
		return a[0].LShr(a[1])
	case xAShr:
		return a[0].AShr(a[1])
	case xULt:
		return a[0].ULT(a[1])
	case xULe:
		return a[0].ULE(a[1])
	case xSLt:
		return a[0].SLT(a[1])
	case xSLe:
		return a[0].SLE(a[1])
	case xZExt:
		return a[0].ZeroExt(uint(so.W) - aw)
	case xSExt:
		return a[0].SignExt(uint(so.W) - aw)
	case xTrunc:
		return a[0].Extract(uint(so.W)-1, 0)
	case xFAdd:
		return a[0].FPAdd(a[1])
	case xFSub:
		return a[0].FPSub(a[1])
	case xFMul:
		return a[0].FPMul(a[1])
	case xFDiv:
		return a[0].FPDiv(a[1])
	case xFNeg:
		return a[0].FPNeg()
	case xFEq:
		return a[0].FPEq(a[1])
	case xFLt:
		return a[0].FPLt(a[1])
	case xFLe:
		return a[0].FPLe(a[1])
	case xFFromS:
		return a[0].SBVToFP(s.sortZ3(so))
	case xFFromU:
		return a[0].UBVToFP(s.sortZ3(so))
	case xFToS:
		return a[0].FPToSBV(uint(so.W))
	case xFToU:
		return a[0].FPToUBV(uint(so.W))
	case xFConv:
		return a[0].FPToFP(s.sortZ3(so))
	case xConcat:
		return z.SeqConcat(a[0], a[1])
	case xStrLen:
		return a[0].SeqLength().Int2BV(uint(so.W))
	case xStrLt:
		return a[0].StrLt(a[1])
	case xStrLe:
		return a[0].StrLe(a[1])
	}
	panic("smt: no z3 translation for " + xopNames[x.op])
}
