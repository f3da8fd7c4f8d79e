package smt

import (
	bits64 "math/bits"

	"github.com/gokiss/kiss/ir"
)

// ---- choice and properties ----

// nondet gives a fresh variable to every scalar leaf of the type. A
// reference leaf (which no term can stand for) is nil.
func (e *executor) nondet(st *state, in *ir.Instr) {
	first := uint64(len(e.x.vars))
	v := e.fresh(st, in.Dst.Typ, in.Dst.Name)
	if in.Name != "" {
		stop := e.opts.StopAt != nil && e.opts.StopAt(in.Name)
		for n := first; n < uint64(len(e.x.vars)); n++ {
			e.labels[n] = in.Name
			if stop {
				e.stopVars[n] = in.Name
			}
		}
	}
	e.set(st, in.Dst, v)
	e.next(st)
}

func (e *executor) fresh(st *state, t *ir.Type, name string) value {
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		n := len(t.Fields)
		if t.Kind == ir.KindArray {
			n = t.Len
		}
		es := make([]value, n)
		for i := range es {
			es[i] = e.fresh(st, childType(t, i), name)
		}
		return value{elems: es}
	}
	var v value
	if symCapable(t) {
		v = value{x: e.x.newVar(sortOf(t), name)}
	}
	st.nondets = &nondetRec{prev: st.nondets, v: v, t: t}
	return v
}

// choose forks one path per value in [0, n) (choose n), or per bit set in
// m (choosebit m). Under the reduction, a choosebit of the scheduler picks
// a goroutine by its number: the sleeping ones are not offered.
func (e *executor) choose(st *state, f *frame, in *ir.Instr) {
	arg, ok := e.concreteInt(st, e.operand(st, f, in.Args[0]), in.Args[0].Type())
	if !ok {
		return
	}
	n, bits := arg, in.Op == ir.OpChooseBit
	if bits {
		n = int64(bits64.OnesCount64(uint64(arg)))
	}
	if n <= 0 {
		st.done = true // nothing to choose from: no path
		return
	}
	if n > 1 {
		e.keepStart(st)
	}
	// A choose of one value is no branch: hashing the state there (the
	// whole heap) would cost a one-goroutine root most of its time, and a
	// path that meets a state seen before is still dropped at its next
	// real branch.
	var sleep uint64
	cache := n > 1
	if e.por != nil {
		if e.fn == e.por.sched {
			// Where the running goroutine has blocked or exited, a choose
			// of one goroutine is checked too: paths that differ only in
			// the order of what ran before meet there, before each runs
			// the rest (the test's end) again.
			cache = cache || e.runningG(st) < 0
			sleep = e.schedPoint(st)
		} else {
			// Inside a transition the state's future sleep sets depend
			// on the part of the transition already run: no caching.
			cache = cache && st.tr == nil
		}
	}
	byID := bits && e.por != nil && e.fn == e.por.sched
	var skip uint64
	var by []*group
	if cache {
		var drop bool
		if drop, skip, by = e.revisited(st, sleep, byID); drop {
			e.stats.Revisits++
			if e.dpor && e.stopped == "" && st.tr != nil {
				e.dporHit(st, by, runnableMask(byID, arg))
			}
			st.done = true
			return
		}
	}
	var marker *group // the choose's footprint is wanted: a placeholder says when it is whole
	if e.dpor && st.tr != nil && e.stopped == "" {
		if skip != 0 {
			// The goroutines run from an equal state before are not run
			// again: their steps there may race with this path's (dpor.go).
			e.dporHit(st, by, runnableMask(byID, arg))
		}
		if cache && st.tr.grp.recorded {
			marker = st.tr.grp // a scheduler's choose, recorded by revisited just now
		}
	}
	vals := make([]uint64, 0, n)
	if bits {
		m := uint64(arg)
		if byID {
			e.stats.Slept += bits64.OnesCount64(m & sleep)
			e.stats.Revisits += bits64.OnesCount64(m & skip)
			m &^= sleep | skip
		}
		for b := m; b != 0; b &= b - 1 {
			vals = append(vals, uint64(bits64.TrailingZeros64(b)))
		}
		if len(vals) == 0 {
			st.done = true // every goroutine that could run sleeps
			if marker != nil {
				e.finish(marker)
			}
			return
		}
	} else {
		for i := range uint64(n) {
			vals = append(vals, i)
		}
	}
	t := in.Dst.Typ
	if byID && e.dpor && len(vals) > 1 {
		e.chosen(st, in, t, e.branch(st, in, st.tr.grp, vals, sleep|skip))
		return
	}
	if marker != nil {
		e.wl.push(&state{expand: marker})
	}
	// Push the other values so that they are popped in increasing order.
	for i := len(vals) - 1; i >= 1; i-- {
		if !e.canFork() {
			e.lose(st, CutPaths, i)
			break
		}
		c := e.fork(st)
		e.chosen(c, in, t, vals[i])
		e.push(c)
	}
	e.chosen(st, in, t, vals[0])
}

// runnableMask is the goroutines a scheduling choose of arg offers, when
// it picks by number (0: unknown).
func runnableMask(byID bool, arg int64) uint64 {
	if byID {
		return uint64(arg)
	}
	return 0
}

func (e *executor) chosen(st *state, in *ir.Instr, t *ir.Type, i uint64) {
	v := value{n: trunc(i, t.Bits)}
	st.nondets = &nondetRec{prev: st.nondets, v: v, t: t}
	e.set(st, in.Dst, v)
	e.next(st)
}

func (e *executor) assume(st *state, f *frame, in *ir.Instr) {
	c := e.operand(st, f, in.Args[0])
	if c.x == nil {
		if c.n == 0 {
			st.done = true
			return
		}
		e.next(st)
		return
	}
	n := e.sol.extend(st.pc, c.x)
	switch e.sol.feasible(n) {
	case sat:
		e.setPC(st, n)
		e.next(st)
	case unknown:
		e.cut(st, e.unknownCut())
	default:
		st.done = true
	}
}

func (e *executor) assert(st *state, f *frame, in *ir.Instr) {
	c := e.operand(st, f, in.Args[0])
	if c.x != nil {
		if x := e.settle(st, c.x); x.isConst() {
			c = value{n: x.c.n}
		}
	}
	if c.x == nil {
		if c.n == 0 {
			if !e.seenViolation(in.Name, in.Msg, in.Pos) {
				e.violation(st, in.Name, in.Msg, in.Pos, st.pc)
			}
			e.unseen(st)
			st.done = true // the rest assumes c: no path
			return
		}
		e.next(st)
		return
	}
	s := e.sol
	if !e.seenViolation(in.Name, in.Msg, in.Pos) {
		nF := s.extend(st.pc, not(e.x, c.x))
		status := unsat // one recorded already: no query
		if _, fresh := e.freshViolation(violationKey(in.Name, in.Msg, in.Pos), nF); fresh {
			status = s.feasible(nF)
		}
		switch status {
		case sat:
			e.violation(st, in.Name, in.Msg, in.Pos, nF)
		case unknown:
			e.lose(st, e.unknownCut(), 1)
		}
	}
	nT := s.extend(st.pc, c.x)
	switch s.feasible(nT) {
	case sat:
		e.setPC(st, nT)
		e.next(st)
	case unknown:
		e.cut(st, e.unknownCut())
	default:
		e.unseen(st)
		st.done = true
	}
}

// costOp adds to the path's cost. The state goes back to the work list if
// a cheaper one waits there, so that cheaper paths are always explored
// first.
func (e *executor) costOp(st *state, in *ir.Instr) bool {
	e.next(st)
	if in.Index <= 0 {
		return false
	}
	st.cost += in.Index
	if e.por != nil && e.fn == e.por.sched {
		e.preempted(st)
	}
	if e.opts.MaxCost >= 0 && st.cost > e.bound {
		e.capped = true
		e.stats.PrunedByCost++
		st.done = true
		return false
	}
	if st.cost > e.stats.MaxCostSeen {
		e.stats.MaxCostSeen = st.cost
	}
	if !e.wl.cheaperThan(st.cost) {
		return false
	}
	// The state waits for the cheaper ones: drop it now if it is one
	// already explored (a preemption often leads where a cheaper path went).
	// With the reduction, its sleep set is not known until it runs.
	if e.por == nil || st.tr == nil {
		if drop, _, _ := e.revisited(st, 0, false); drop {
			e.stats.Revisits++
			st.done = true
			return false
		}
	}
	return true
}

// preemptible reports whether a preemption may be explored on st: the
// cost bound leaves room for one, and (with the reduction) the running
// goroutine has touched shared memory since the scheduler last chose. If
// it has not, switching away now reaches only states that switching away
// at that choose reached, at no less cost: what it ran since commutes with
// every other goroutine's steps, so the two points are one.
func (e *executor) preemptible(st *state) bool {
	if e.opts.MaxCost >= 0 && st.cost >= e.bound {
		e.keepStart(st)
		e.capped = true
		return false
	}
	if e.por != nil {
		if t := st.tr; t != nil && t.cur != nil && len(t.fp) == 0 {
			e.stats.Merged++
			return false
		}
	}
	return true
}

// keepStart keeps a copy of st, about to branch or to leave a branch out
// for the bound for the first time, for later rounds to start from: the
// path up to here (the package initialisation every path shares) is the
// same in every round, unless something forked on the way (a branch on an
// input): then rounds start at the beginning. The copy starts no
// transition of the reduction's (its records belong to this round).
func (e *executor) keepStart(st *state) {
	if !e.wl.flat || e.start != nil || st.cost != 0 || e.bound != 0 || e.stats.Forks != 0 {
		return
	}
	e.start = e.fork(st)
	e.start.tr = nil
	e.stats.Paths-- // a copy to start from, not a path
	e.stats.Forks--
}

// ---- control flow ----

func (e *executor) br(st *state, f *frame, in *ir.Instr) {
	c := e.operand(st, f, in.Args[0])
	if c.x == nil {
		if c.n != 0 {
			e.jump(st, in.Targets[0])
		} else {
			e.jump(st, in.Targets[1])
		}
		return
	}
	t, fs := e.split(st, c.x)
	if t != nil && fs != nil {
		// Both ways are possible: this is a symbolic decision, which the
		// unroll bound limits per activation and edge.
		if e.unrolled(fs, in, 1) {
			e.jump(fs, in.Targets[1])
			e.push(fs)
		}
		if e.unrolled(t, in, 0) {
			e.jump(t, in.Targets[0])
		}
		return
	}
	if t != nil {
		e.jump(t, in.Targets[0])
	} else if fs != nil {
		e.jump(fs, in.Targets[1])
	}
}

// unrolled counts a symbolic decision of br going to edge d and reports
// whether st may take it; if not, st is cut.
func (e *executor) unrolled(st *state, br *ir.Instr, d int) bool {
	f := st.wtop()
	i := 0
	for i < len(f.unroll) && f.unroll[i].br != br {
		i++
	}
	if i == len(f.unroll) {
		f.unroll = append(f.unroll, unrollCount{br: br})
	}
	f.unroll[i].taken[d]++
	if f.unroll[i].taken[d] > e.opts.Unroll {
		e.cut(st, CutUnroll)
		return false
	}
	return true
}

func (e *executor) call(st *state, f *frame, in *ir.Instr) {
	fn := in.Callee()
	if fn == nil {
		v := e.operand(st, f, in.Args[0])
		if v.n == 0 {
			e.rtError(st, "call of nil function")
			return
		}
		fn = e.prog.Funcs[v.n-1]
	}
	if !e.mayCall(st, fn) {
		return
	}
	nf, ok := e.newActivation(st, f, fn, in)
	if !ok {
		return
	}
	c := st.curCo()
	c.frames = append(c.frames, nf)
	st.enterBlock(nf, nf.block)
}

// mayCall reports whether the running coroutine may call fn: the stack
// holds the same call of a function lowered from Go fewer than
// Options.Recursion times (once the program's initialization is over),
// and is below Options.MaxDepth. If not, st is cut.
//
// The same call is fn called by the same function, where the caller is the
// nearest frame below that was lowered from Go source (whose function has a
// position): the front end's own functions (interface dispatch, wrappers)
// are seen through. So a chain through distinct closures behind one
// method (middlewares: HandlerFunc.ServeHTTP called by each middleware in
// turn) is no recursion, while a cycle of calls, direct or through
// interfaces, is: the stack can grow without end only by repeating one.
//
// The calls are counted by scanning the stack rather than kept as
// per-coroutine counts, which every fork would have to copy: a call costs
// hundreds of nanoseconds (a frame, its locals, its arguments) and the scan
// one pointer comparison per frame, the caller looked up only where fn
// is found. BenchmarkCalls (a chain 24 deep, 48000 calls) took a median of
// 18.9 ms with the old depth check and 19.7 ms with the scan, within the
// noise of a shared machine (minimums 17.2 and 16.9 ms).
func (e *executor) mayCall(st *state, fn *ir.Func) bool {
	c := st.cos[st.active[len(st.active)-1]]
	fs := c.frames
	if len(fs) >= e.opts.MaxDepth {
		e.cut(st, CutDepth)
		return false
	}
	if fn.Pos == "" {
		// The models' and the runtime's own functions: they recurse over
		// what the program built, which is finite (context.docancel over
		// a context's children, as deep as its chain of contexts), and
		// MaxDepth bounds the rest. Cut at the bound, a chain of three
		// contexts was never cancelled (alitto's pond).
		return true
	}
	n := e.opts.Recursion
	if e.opts.InitEnd != "" && !st.initDone {
		n = max(n, initRecursion) // package initialization (Options.InitEnd)
	}
	var caller *ir.Func
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].fn != fn {
			continue
		}
		if caller == nil {
			caller = goCaller(fs, len(fs))
		}
		if goCaller(fs, i) == caller {
			if n--; n == 0 {
				e.cut(st, CutRecursion)
				return false
			}
		}
	}
	return true
}

// initRecursion bounds recursion in the program's initialization (see
// Options.InitEnd): deep enough for what initializers run on constants
// (a regular expression's parser recurses by its nesting), finite where
// they recurse on an unknown input.
const initRecursion = 32

// goCaller is the function that called the activation at fs[i] (i may be
// len(fs), a call being made): the nearest one below it with a position, or
// the bottom frame's; nil for the bottom frame itself.
func goCaller(fs []*frame, i int) *ir.Func {
	for j := i - 1; j >= 0; j-- {
		if fs[j].fn.Pos != "" || j == 0 {
			return fs[j].fn
		}
	}
	return nil
}

// newActivation makes fn's frame with the call's arguments.
func (e *executor) newActivation(st *state, f *frame, fn *ir.Func, in *ir.Instr) (*frame, bool) {
	args := in.CallArgs()
	if len(args) != len(fn.Params) {
		e.rtError(st, "call of "+fn.Name+" with the wrong number of arguments")
		return nil, false
	}
	nf := e.newFrame(st, fn)
	for i, a := range args {
		nf.locals[fn.Params[i].Index] = e.operand(st, f, a)
	}
	return nf, true
}

func (e *executor) ret(st *state, f *frame, in *ir.Instr) {
	var v value
	hasV := len(in.Args) > 0
	if hasV {
		v = e.operand(st, f, in.Args[0])
	}
	ci := st.active[len(st.active)-1]
	c := st.curCo()
	done := c.frames[len(c.frames)-1]
	c.frames[len(c.frames)-1] = nil
	c.frames = c.frames[:len(c.frames)-1]
	e.freeFrame(st, done)
	if len(c.frames) > 0 {
		caller := st.wtop()
		call := caller.block.Instrs[caller.pc]
		if hasV && call.Dst != nil {
			caller.locals[call.Dst.Index] = v
		}
		caller.pc++
		return
	}
	if ci == 0 { // main returned: the execution ends normally
		e.stats.Completed++
		st.done = true
		return
	}
	// A coroutine finished: back to its resumer, after the resume.
	c.done = true
	st.active = st.active[:len(st.active)-1]
	st.wtop().pc++
}

// ---- coroutines ----

func (e *executor) coCreate(st *state, f *frame, in *ir.Instr) {
	fn := in.Callee()
	if fn == nil {
		v := e.operand(st, f, in.Args[0])
		if v.n == 0 {
			e.rtError(st, "cocreate of nil function")
			return
		}
		fn = e.prog.Funcs[v.n-1]
	}
	nf, ok := e.newActivation(st, f, fn, in)
	if !ok {
		return
	}
	st.ownCos()
	st.cos = append(st.cos, &coro{owner: st.id, frames: []*frame{nf}})
	if st.npath < maxPathRecord {
		st.path = &pathRec{prev: st.path, s: fn.Name + ":" + nf.block.Name}
		st.npath++
	}
	e.set(st, in.Dst, value{n: uint64(len(st.cos) - 1)})
	e.next(st)
}

func (e *executor) coOperand(st *state, f *frame, in *ir.Instr) (int, bool) {
	v := e.operand(st, f, in.Args[0])
	if v.n == 0 || v.n >= uint64(len(st.cos)) {
		e.rtError(st, in.Op.String()+" of nil coroutine")
		return 0, false
	}
	return int(v.n), true
}

func (e *executor) resume(st *state, f *frame, in *ir.Instr) {
	ci, ok := e.coOperand(st, f, in)
	if !ok {
		return
	}
	if st.cos[ci].done {
		e.rtError(st, "resume of a finished coroutine")
		return
	}
	for _, a := range st.active {
		if a == ci {
			e.rtError(st, "resume of a running coroutine")
			return
		}
	}
	if e.por != nil && e.fn == e.por.sched && !e.resumed(st) {
		return // the goroutine sleeps (partial-order reduction)
	}
	// The resumer stays at the resume; it moves on when control comes back.
	st.active = append(st.active, ci)
}

func (e *executor) yield(st *state, in *ir.Instr) {
	if len(st.active) == 1 {
		e.rtError(st, "yield outside a coroutine")
		return
	}
	e.next(st)
	st.active = st.active[:len(st.active)-1]
	st.wtop().pc++
}

func (e *executor) coDone(st *state, f *frame, in *ir.Instr) {
	ci, ok := e.coOperand(st, f, in)
	if !ok {
		return
	}
	e.set(st, in.Dst, boolValue(st.cos[ci].done))
	e.next(st)
}

// ---- observers and traces ----

// observe hands the arguments, made concrete, to the observer: a symbolic
// argument forks one path per feasible value (up to maxEnumerate).
func (e *executor) observe(st *state, f *frame, in *ir.Instr) {
	mk := e.opts.Observers[in.Name] // present: Run checked
	if mk == nil {
		e.next(st)
		return
	}
	vals := e.obsVals[:0]
	leaves := e.obsLeaves[:0]
	for _, a := range in.Args {
		v := e.operand(st, f, a)
		vals = append(vals, v)
		leaves = symLeaves(v, leaves)
	}
	e.obsVals, e.obsLeaves = vals, leaves
	var fixed map[*expr]cval
	var todo []*expr
	for _, x := range leaves {
		if _, ok := st.subst[x]; !ok {
			todo = append(todo, x)
		}
	}
	if len(todo) > 0 {
		if _, ok := e.concretizeAll(st, todo); !ok {
			return
		}
	}
	fixed = st.subst
	ev := func(x *expr) cval { return fixed[x] }
	args := e.obsArgs[:0]
	for i, v := range vals {
		args = append(args, e.concrete(v, in.Args[i].Type(), ev))
	}
	e.obsArgs = args
	o := st.observer(in.Name, mk)
	if e.por != nil {
		// What observers see is read (their state must commute with the
		// reduction's reordering as memory does).
		r, ranged := o.(RangeObserver)
		whole := ranged && r.Ranged(args)
		for _, a := range args {
			if a.Type != nil && a.Type.Kind == ir.KindPtr && a.Ref.Obj != 0 {
				path := a.Ref.Path
				if whole {
					path = nil
				}
				e.touch(st, uint64(a.Ref.Obj), path, false)
			}
		}
	}
	pos := in.Pos
	if pos == "" {
		pos = callerPos(st)
	}
	if fd := o.Observe(in.Name, args, pos); fd != nil && e.freshFinding(fd, pos) {
		if v := e.violation(st, fd.Kind, fd.Message, pos, st.pc); v != nil {
			v.Detail = fd.Detail
		}
	}
	e.next(st)
}

// callerPos is the position of the innermost call on the running
// coroutine's stack that has one: where an observation made in code
// without positions (a model's helper, shared by every call site)
// happened in the program.
func callerPos(st *state) string {
	c := st.curCo()
	for i := len(c.frames) - 2; i >= 0; i-- {
		f := c.frames[i]
		if f.block != nil && f.pc < len(f.block.Instrs) {
			if p := f.block.Instrs[f.pc].Pos; p != "" {
				return p
			}
		}
	}
	return ""
}

// symLeaves appends the symbolic scalars of v (and symbolic pointer indices).
func symLeaves(v value, to []*expr) []*expr {
	if v.x != nil {
		for _, y := range to {
			if y == v.x {
				return to
			}
		}
		return append(to, v.x)
	}
	for _, el := range v.elems {
		to = symLeaves(el, to)
	}
	return to
}

func (e *executor) traceOp(st *state, f *frame, in *ir.Instr) {
	r := &traceRec{prev: st.trace, name: in.Name, pos: in.Pos,
		args: make([]value, len(in.Args)), ts: make([]*ir.Type, len(in.Args))}
	for i, a := range in.Args {
		r.args[i] = e.operand(st, f, a)
		r.ts[i] = a.Type()
	}
	st.trace = r
	if in.Name == e.opts.InitEnd {
		st.initDone = true
		e.snapshot(st)
	}
	e.next(st)
}
