package smt

import (
	"context"
	"errors"
	"fmt"
	bits64 "math/bits"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/smt/z3"
)

// Limits of the executor's own case analyses.
const (
	maxSymArray  = 256 // arrays up to this length are indexed symbolically by ite; longer ones fork
	maxEnumerate = 64  // values a symbolic operand is forked over before the rest is cut
)

// executor is one Run.
type executor struct {
	ctx  context.Context
	prog *ir.Program
	opts Options

	x         *exprs
	funcIndex map[*ir.Func]int
	globalObj map[*ir.Global]uint64
	zeroAgg   map[*ir.Const]value
	zeroLoc   map[*ir.Func][]value // initial locals per function
	frames    [][]*frame           // per function index: frames to reuse

	ids, seq uint64
	wl       worklist
	bound    int    // the cost bound of this round (Options.MaxCost when not iterating)
	capped   bool   // this round left a path's cost out for the bound
	start    *state // the state at the first branch, where later rounds start
	stats    Stats
	res      *Result
	seenV    map[string]bool
	seenDep  map[string]bool   // violations seen only on paths that depend on labelled nondets
	labels   map[uint64]string // variable number -> label of the nondet that made it
	stopVars map[uint64]string // the labelled variables Options.StopAt names
	noStop   map[*expr]bool    // terms known to mention no variable of stopVars
	seenE    map[string]bool
	deadline time.Time
	pops     int    // placeholders expanded (Run checks the clock every 16)
	memBase  uint64 // liveMemory as the run started
	memFull  bool   // Options.MaxMemory is reached: no state is queued
	memShed  uint64 // the collection after which queued states were last shed
	stopped  string // the reason exploration stopped early, if it did

	sol   *solver
	cache stateCache
	por   *por     // partial-order reduction (Options.Reduce), nil when off
	dpor  bool     // with source sets (dpor.go)
	sym   *symObjs // symmetry reduction (Options.Symmetry), nil when off

	histBuf []*event // scratch of history

	// Scratch space of observe, reused: observers do not keep args.
	obsVals   []value
	obsLeaves []*expr
	obsArgs   []Concrete

	st *state    // the running state
	in *ir.Instr // the running instruction
	fn *ir.Func  // and its function
}

// Run explores every path of p (within the bounds and budgets of opts), by
// rounds of growing cost bound, and reports the violated assertions and
// observer findings.
// The error is for a program the executor cannot start (no main, an unknown
// observer name, an ill-formed program) or for a failure of the solver
// itself; the bugs of the program are in the Result.
func Run(ctx context.Context, p *ir.Program, opts Options) (res *Result, err error) {
	if err := check(p, opts); err != nil {
		return nil, err
	}
	if opts.Unroll <= 0 {
		opts.Unroll = 3
	}
	if opts.Recursion <= 0 {
		opts.Recursion = 2
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 10000
	}
	e := &executor{
		ctx:       ctx,
		prog:      p,
		opts:      opts,
		x:         newExprs(),
		funcIndex: make(map[*ir.Func]int, len(p.Funcs)),
		globalObj: make(map[*ir.Global]uint64, len(p.Globals)),
		zeroAgg:   make(map[*ir.Const]value),
		zeroLoc:   make(map[*ir.Func][]value),
		res:       &Result{},
		seenV:     make(map[string]bool),
		seenDep:   make(map[string]bool),
		labels:    make(map[uint64]string),
		stopVars:  make(map[uint64]string),
		noStop:    make(map[*expr]bool),
		seenE:     make(map[string]bool),
	}
	e.stats.Cuts = make(map[string]int)
	e.stats.Stopped = make(map[string]int)
	e.stats.CutWhy = make(map[string]int)
	if opts.Timeout > 0 {
		e.deadline = time.Now().Add(opts.Timeout)
	}
	e.memBase, _ = liveMemory()
	for i, f := range p.Funcs {
		e.funcIndex[f] = i
	}
	e.sol = newSolver(e)
	defer e.sol.close()
	defer func() {
		if r := recover(); r != nil {
			pos := ""
			if e.in != nil {
				pos = fmt.Sprintf(" at %q (%s in %s)", e.in.Pos, e.in.Op, e.fn.Name)
			}
			res, err = nil, fmt.Errorf("smt: internal error%s: %v\n%s", pos, r, debug.Stack())
		}
	}()
	// Iterative context bounding (Musuvathi and Qadeer): with a bound, the
	// search runs depth-first once per bound 0, 1, ..., MaxCost, so that
	// every violation is first met at its fewest preemptions, and holds
	// one path's pending siblings rather than every state a costlier round
	// will need. The state cache carries over: a state a round explored
	// with budget b left covers the same state later met with no more left.
	e.bound = opts.MaxCost
	e.wl.flat = opts.MaxCost >= 0
	if e.wl.flat {
		e.bound = 0
	}
	e.push(e.initial())
	e.initPOR()
	e.initSymmetry()
	e.stats.Paths = 1
	for {
		st := e.wl.pop()
		if st == nil {
			if !e.wl.flat || e.stopped != "" || !e.capped || e.bound >= opts.MaxCost {
				break
			}
			e.bound++
			e.capped = false
			if e.start != nil {
				e.push(e.fork(e.start))
			} else {
				e.stats.Paths++
				e.push(e.initial())
			}
			continue
		}
		if st.expand != nil {
			// Placeholders run no step, where the budgets are checked, and
			// one can cost much (a state it starts is cut, with the races
			// of a long path's every goroutine: dporTop): a root whose
			// queue was full ran 27 s on a 10 s budget.
			if e.pops++; e.pops&15 == 0 && e.stopped == "" {
				e.clockExceeded()
			}
			e.expand(st)
			continue
		}
		if e.stopped != "" {
			e.cut(st, e.stopped)
			continue
		}
		e.runState(st)
		if st.done && e.por != nil {
			e.ended(st, false)
		}
		if e.sol.err != nil {
			// Z3 failed: its answers are no longer to be trusted. (The
			// budget stopping a query is an Unknown result, not this.)
			return nil, e.sol.err
		}
	}
	e.stats.SolverCalls = e.sol.calls
	e.stats.SolverTime = e.sol.time
	e.stats.SolverRenewed = e.sol.renewed
	e.stats.Complete = len(e.stats.Cuts) == 0
	e.res.Stats = e.stats
	return e.res, nil
}

// check refuses programs the executor cannot start.
func check(p *ir.Program, opts Options) error {
	if p == nil {
		return errors.New("smt: nil program")
	}
	main := p.Func(ir.Entry)
	if main == nil {
		return fmt.Errorf("smt: program has no %s function", ir.Entry)
	}
	if len(main.Params) != 0 {
		return fmt.Errorf("smt: %s takes parameters", ir.Entry)
	}
	if !opts.Verified {
		if err := ir.Verify(p); err != nil {
			return err
		}
	}
	for _, f := range p.Funcs {
		if len(f.Blocks) == 0 {
			return fmt.Errorf("smt: function %s has no body", f.Name)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.Op == ir.OpObserve && in.Name != hintPOR && !observed(opts, in.Name) {
					return fmt.Errorf("smt: %s: observe %q: no such observer", in.Pos, in.Name)
				}
			}
		}
	}
	return nil
}

// initial builds the starting state: the globals and main's frame.
func (e *executor) initial() *state {
	st := &state{id: e.newID(), active: []int{0}}
	st.pc = e.sol.root
	st.heap = heap{pages: []*heapPage{{owner: st.id}}, n: 1} // object 0 is nil
	for _, g := range e.prog.Globals {
		e.globalObj[g] = st.newZeroObj(g.Elem, false)
	}
	main := e.prog.Func(ir.Entry)
	f := newFrame(st.id, main)
	st.cos = []*coro{{owner: st.id, frames: []*frame{f}}}
	st.enterBlock(f, f.block)
	return st
}

// push queues st, unless Options.MaxQueued states are waiting already: the
// queue holds whole states, so its length is the executor's memory.
func (e *executor) push(st *state) {
	if e.opts.MaxQueued > 0 && e.wl.n >= e.opts.MaxQueued {
		e.cut(st, CutQueued)
		return
	}
	if e.memFull {
		e.cut(st, CutMemory)
		return
	}
	if e.por != nil {
		e.queued(st)
	}
	e.wl.push(st)
}

// cut ends a path because a bound or budget was hit.
func (e *executor) cut(st *state, reason string) {
	st.done = true
	if st.expand != nil {
		// A placeholder (dpor.go): the goroutines races asked it for.
		e.stats.Cuts[reason] += max(1, bits64.OnesCount64(st.expand.pending&^st.expand.explored))
		breakUp(st.expand)
		return
	}
	e.stats.Cuts[reason]++
	e.cutAt(st, reason)
	if e.por != nil {
		e.ended(st, true)
	}
}

// cutAt notes where the first path cut for reason stopped (Stats.CutAt).
func (e *executor) cutAt(st *state, reason string) {
	if _, ok := e.stats.CutAt[reason]; ok || len(st.active) == 0 {
		return
	}
	if e.stats.CutAt == nil {
		e.stats.CutAt = make(map[string]string)
	}
	e.stats.CutAt[reason] = ""
	c := st.cos[st.active[len(st.active)-1]]
	for i := len(c.frames) - 1; i >= 0; i-- {
		f := c.frames[i]
		if f.block == nil || f.pc >= len(f.block.Instrs) {
			continue
		}
		if pos := f.block.Instrs[f.pc].Pos; pos != "" {
			e.stats.CutAt[reason] = pos
			return
		}
	}
}

// lose counts n outcomes of st's current instruction that are not explored.
func (e *executor) lose(st *state, reason string, n int) {
	e.stats.Cuts[reason] += n
	e.cutAt(st, reason)
	if e.por != nil {
		e.lost(st)
	}
}

// stop ends the exploration: the running state and every queued one are cut.
func (e *executor) stop(reason string) {
	if e.stopped == "" {
		e.stopped = reason
	}
}

// runState runs st until its path ends, it forks away its rest, or it is
// queued again because its cost grew.
func (e *executor) runState(st *state) {
	e.st = st
	maxPath := e.opts.MaxPathSteps
	for !st.done {
		if st.pc != st.pcChecked {
			st.pcChecked = st.pc
			if l := e.stopLabel(st.pc); l != "" {
				st.done = true
				if !e.wl.flat || st.cost == e.bound {
					// A cheaper path was counted by the round of its cost.
					e.stats.Stopped[l]++
				}
				if e.por != nil {
					e.ended(st, true)
				}
				return
			}
		}
		if e.stopped != "" || e.stats.Steps&255 == 0 && e.budgetExceeded() {
			e.cut(st, e.stopped)
			return
		}
		if e.opts.MaxSteps > 0 && e.stats.Steps >= e.opts.MaxSteps {
			e.stop(CutSteps)
			e.cut(st, CutSteps)
			return
		}
		if maxPath > 0 && st.steps >= maxPath {
			e.cut(st, CutPathSteps)
			return
		}
		f := st.top()
		in := f.block.Instrs[f.pc]
		e.in, e.fn = in, f.fn
		sym, calls := e.x.sym, e.sol.calls
		requeue := e.step(st, f, in)
		st.subst = nil
		e.stats.Steps++
		st.steps++
		if sym == e.x.sym && calls == e.sol.calls {
			e.stats.ConcreteSteps++
		}
		if requeue && !st.done {
			e.push(st)
			return
		}
	}
}

// clockExceeded checks the context and the deadline.
func (e *executor) clockExceeded() bool {
	if err := e.ctx.Err(); err != nil {
		e.stop(CutCanceled)
		return true
	}
	if !e.deadline.IsZero() && time.Now().After(e.deadline) {
		e.stop(CutTimeout)
		return true
	}
	return false
}

// budgetExceeded checks the budgets that need a clock or the context.
func (e *executor) budgetExceeded() bool {
	if e.stopped != "" || e.clockExceeded() {
		return true
	}
	if e.stats.Steps&4095 == 0 {
		live, gc := liveMemory()
		if live > e.memBase {
			e.stats.PeakMemory = max(e.stats.PeakMemory, live-e.memBase)
		}
		if e.opts.MaxMemory == 0 {
			return false
		}
		if live > e.memBase+2*e.opts.MaxMemory {
			// Twice the budget with states shed: the memory is the paths'
			// own (a path that never ends allocating as it goes) or the
			// run's terms and queries. The run ends, as at its timeout.
			e.stop(CutMemory)
			return true
		}
		e.memFull = live > e.memBase+e.opts.MaxMemory
		if e.memFull && gc > e.memShed {
			// The states waiting hold the memory: refusing new ones is not
			// enough when each holds its own copy of large objects. Half
			// of them go, those the search would reach last; the next
			// collection shows whether that was enough.
			e.wl.shed(e.wl.n/2, func(st *state) { e.cut(st, CutMemory) })
			e.memShed = gc + 1
		}
	}
	return false
}

// liveMemory returns the process's live heap at the last collection plus
// what Z3 has allocated, and the number of that collection (a variable
// for tests).
var liveMemory = func() (bytes, gc uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		bytes = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		gc = s[1].Value.Uint64()
	}
	return bytes + z3.EstimatedAllocSize(), gc
}

// unknownCut is the reason a path is cut when the solver could not decide
// its way: the budget's when the budget stopped the query or refused it,
// else CutUnknown.
func (e *executor) unknownCut() string {
	if e.stopped != "" {
		return e.stopped
	}
	return CutUnknown
}

// canFork reports whether another path may be started (MaxPaths).
func (e *executor) canFork() bool {
	return e.opts.MaxPaths <= 0 || e.stats.Paths < e.opts.MaxPaths
}

// step executes one instruction; it reports whether st must go back to the
// work list (its cost grew).
func (e *executor) step(st *state, f *frame, in *ir.Instr) bool {
	switch op := in.Op; {
	case op == ir.OpCopy:
		e.set(st, in.Dst, e.operand(st, f, in.Args[0]))
		e.next(st)
	case op.IsBinary():
		e.binop(st, f, in)
	case op == ir.OpNeg || op == ir.OpNot:
		e.unop(st, f, in)
	case op == ir.OpConv:
		e.conv(st, f, in)
	case op == ir.OpSelect:
		e.selectOp(st, f, in)
	case op == ir.OpNondet:
		e.nondet(st, in)
	case op == ir.OpChoose || op == ir.OpChooseBit:
		e.choose(st, f, in)
	case op == ir.OpAssume:
		e.assume(st, f, in)
	case op == ir.OpAssert:
		e.assert(st, f, in)
	case op == ir.OpCost:
		return e.costOp(st, in)
	case op == ir.OpPreemptible:
		e.set(st, in.Dst, boolValue(e.preemptible(st)))
		e.next(st)
	case op == ir.OpKnown:
		e.set(st, in.Dst, boolValue(known(e.operand(st, f, in.Args[0]))))
		e.next(st)
	case op == ir.OpAlloc:
		e.alloc(st, f, in)
	case op == ir.OpLoad:
		e.load(st, f, in)
	case op == ir.OpStore:
		e.store(st, f, in)
	case op == ir.OpField:
		e.field(st, f, in)
	case op == ir.OpIndex:
		e.index(st, f, in)
	case op == ir.OpLen:
		e.lenOp(st, f, in)
	case op == ir.OpExtract:
		e.extract(st, f, in)
	case op == ir.OpInsert:
		e.insert(st, f, in)
	case op == ir.OpElem:
		e.elem(st, f, in)
	case op == ir.OpMake:
		e.makeOp(st, f, in)
	case op == ir.OpPtrCast:
		e.ptrCast(st, f, in)
	case op == ir.OpArrayOf:
		e.arrayOf(st, f, in)
	case op == ir.OpMapNew:
		e.mapNew(st, in)
	case op == ir.OpMapGet:
		e.mapGet(st, f, in)
	case op == ir.OpMapSet:
		e.mapSet(st, f, in)
	case op == ir.OpMapDel:
		e.mapDel(st, f, in)
	case op == ir.OpMapLen:
		e.mapLen(st, f, in)
	case op == ir.OpMapKey:
		e.mapKey(st, f, in)
	case op == ir.OpStrLen:
		e.strLen(st, f, in)
	case op == ir.OpStrIndex:
		e.strIndex(st, f, in)
	case op == ir.OpSubstr:
		e.substr(st, f, in)
	case op == ir.OpStrToBytes:
		e.strToBytes(st, f, in)
	case op == ir.OpStrFromBytes:
		e.strFromBytes(st, f, in)
	case op == ir.OpRuneDecode:
		e.runeDecode(st, f, in)
	case op == ir.OpStrView:
		e.strView(st, f, in)
	case op == ir.OpStrData:
		e.strData(st, f, in)
	case op == ir.OpCall:
		e.call(st, f, in)
	case op == ir.OpCoCreate:
		e.coCreate(st, f, in)
	case op == ir.OpResume:
		e.resume(st, f, in)
	case op == ir.OpYield:
		e.yield(st, in)
	case op == ir.OpCoDone:
		e.coDone(st, f, in)
	case op == ir.OpObserve && in.Name == hintPOR:
		e.porAdd(st, f, in)
	case op == ir.OpObserve:
		e.observe(st, f, in)
	case op == ir.OpTrace:
		e.traceOp(st, f, in)
	case op == ir.OpJmp:
		e.jump(st, in.Targets[0])
	case op == ir.OpBr:
		e.br(st, f, in)
	case op == ir.OpRet:
		e.ret(st, f, in)
	case op == ir.OpExit:
		e.stats.Completed++
		e.unseen(st)
		st.done = true
	case op == ir.OpCut:
		if in.Msg != "" {
			e.stats.CutWhy[in.Msg]++
		}
		e.cut(st, in.Name)
	default:
		e.rtError(st, "unsupported instruction "+in.Op.String())
	}
	return false
}

// ---- operands and results ----

func (e *executor) operand(st *state, f *frame, v ir.Value) value {
	switch v := v.(type) {
	case *ir.Local:
		r := f.locals[v.Index]
		if r.x != nil && v.Typ.Kind != ir.KindPtr {
			if c, ok := st.subst[r.x]; ok {
				return value{n: c.n, s: c.s}
			}
			if r.x.op == xVar {
				if k, ok := st.known.Get(r.x.c.n); ok {
					return value{n: k.n, s: k.s}
				}
			}
		}
		return r
	case *ir.Const:
		return e.constValue(v)
	case *ir.Global:
		return value{n: e.globalObj[v]}
	case *ir.Func:
		return value{n: uint64(e.funcIndex[v]) + 1}
	}
	panic(fmt.Sprintf("smt: unexpected operand %T", v))
}

// newFrame returns a frame of fn for st, reusing one freed by a return.
func (e *executor) newFrame(st *state, fn *ir.Func) *frame {
	zero := e.zeroLocals(fn)
	if i := e.funcIndex[fn]; i < len(e.frames) {
		if free := e.frames[i]; len(free) > 0 {
			f := free[len(free)-1]
			free[len(free)-1] = nil
			e.frames[i] = free[:len(free)-1]
			copy(f.locals, zero)
			f.owner, f.block, f.pc, f.unroll = st.id, fn.Blocks[0], 0, nil
			return f
		}
	}
	return newFrameFrom(st.id, fn, zero)
}

// freeFrame takes back the frame a return popped, if st made it (or
// copied it) since its last fork: then no other state can see it.
func (e *executor) freeFrame(st *state, f *frame) {
	if f.owner != st.id || len(f.locals) != len(f.fn.Locals) {
		return
	}
	i := e.funcIndex[f.fn]
	for len(e.frames) <= i {
		e.frames = append(e.frames, nil)
	}
	if len(e.frames[i]) < 64 {
		e.frames[i] = append(e.frames[i], f)
	}
}

// zeroLocals returns fn's initial locals, made once per run.
func (e *executor) zeroLocals(fn *ir.Func) []value {
	z, ok := e.zeroLoc[fn]
	if !ok {
		z = zeroLocals(fn)
		e.zeroLoc[fn] = z
	}
	return z
}

func (e *executor) constValue(c *ir.Const) value {
	t := c.Typ
	if !t.IsScalar() {
		if v, ok := e.zeroAgg[c]; ok {
			return v
		}
		v := zeroValue(t)
		e.zeroAgg[c] = v
		return v
	}
	if c.Zero {
		return value{}
	}
	switch t.Kind {
	case ir.KindFloat:
		return value{n: fbits(roundF(c.Float, t.Bits))}
	case ir.KindString:
		return value{s: c.Str}
	case ir.KindInt:
		return value{n: ir.Truncate(c.Bits, int(t.Bits))}
	}
	return value{n: c.Bits}
}

// set assigns the destination local of the running frame.
func (e *executor) set(st *state, dst *ir.Local, v value) {
	if dst == nil {
		return
	}
	st.wtop().locals[dst.Index] = v
}

// next moves the running frame to its next instruction.
func (e *executor) next(st *state) { st.wtop().pc++ }

func (e *executor) jump(st *state, b *ir.Block) {
	st.enterBlock(st.wtop(), b)
}

// rtError ends the path with an internal error of the IR program.
func (e *executor) rtError(st *state, msg string) {
	e.unseen(st)
	st.done = true
	e.rtErrorAt(st, msg)
}

// rtErrorAt records a runtime error feasible on st's path (once per message,
// position and function); st itself may go on under the opposite condition.
func (e *executor) rtErrorAt(st *state, msg string) {
	fn := e.fn.Name
	key := errKey(msg, e.in.Pos, fn)
	if e.seenE[key] {
		return
	}
	e.seenE[key] = true
	e.res.Errors = append(e.res.Errors, &RuntimeError{Message: msg, Pos: e.in.Pos, Func: fn})
}

// violation records a violation on st's path, with its values under m, once
// per (kind, pos, message), and returns it (nil if it was recorded before).
// A violation whose path depends on labelled nondets does not stop the
// search for the same violation on a path that does not (its DependsOn
// tells the caller which kind it is).
func (e *executor) violation(st *state, kind, msg, pos string, pc *pcNode) *Violation {
	key := violationKey(kind, msg, pos)
	deps, fresh := e.freshViolation(key, pc)
	if !fresh {
		return nil
	}
	if len(deps) > 0 {
		e.seenDep[key] = true
	} else {
		e.seenV[key] = true
	}
	// The model only now: a path that reaches a violation already recorded
	// (often one that depends on unknown values, on every path) must not
	// pay a model of its long path condition.
	m := e.sol.modelOf(pc)
	ev := func(x *expr) cval { return e.sol.evalIn(m, x) }
	v := &Violation{Kind: kind, Message: msg, Pos: pos, Cost: st.cost, DependsOn: slices.Clone(deps)}
	for r := st.nondets; r != nil; r = r.prev {
		v.Nondets = append(v.Nondets, e.concrete(r.v, r.t, ev))
	}
	reverse(v.Nondets)
	for r := st.trace; r != nil; r = r.prev {
		ev2 := Event{Name: r.name, Pos: r.pos, Args: make([]Concrete, len(r.args))}
		for i, a := range r.args {
			ev2.Args[i] = e.concrete(a, r.ts[i], ev)
		}
		v.Trace = append(v.Trace, ev2)
	}
	reverse(v.Trace)
	for r := st.path; r != nil; r = r.prev {
		v.Path = append(v.Path, r.s)
	}
	reverse(v.Path)
	e.res.Violations = append(e.res.Violations, v)
	if e.opts.MaxViolations > 0 && len(e.res.Violations) >= e.opts.MaxViolations {
		e.stop(CutViolations)
	}
	return v
}

func (e *executor) seenViolation(kind, msg, pos string) bool {
	return e.seenV[violationKey(kind, msg, pos)]
}

func violationKey(kind, msg, pos string) string { return kind + "\x00" + pos + "\x00" + msg }

// freshViolation reports whether violation would record a violation at
// key on the path pc, and the labels of the unknown values pc depends on.
func (e *executor) freshViolation(key string, pc *pcNode) ([]string, bool) {
	if e.seenV[key] {
		return nil, false
	}
	deps := e.dependsOn(pc)
	return deps, len(deps) == 0 || !e.seenDep[key]
}

func reverse[T any](s []T) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// ---- the work list ----

// worklist holds the states to explore: cheapest cost first, and within a
// cost the most recent first (depth-first), so that every path of cost c is
// explored before any of cost c+1.
//
// A flat list (iterative context bounding, where a round's bound does the
// ordering) is one stack: depth-first whatever the cost.
type worklist struct {
	buckets [][]*state
	min     int
	n       int
	flat    bool
}

func (w *worklist) push(st *state) {
	b := st.cost
	if w.flat {
		b = 0
	}
	for len(w.buckets) <= b {
		w.buckets = append(w.buckets, nil)
	}
	w.buckets[b] = append(w.buckets[b], st)
	if w.n == 0 || b < w.min {
		w.min = b
	}
	w.n++
}

func (w *worklist) pop() *state {
	if w.n == 0 {
		return nil
	}
	for len(w.buckets[w.min]) == 0 {
		w.min++
	}
	b := w.buckets[w.min]
	st := b[len(b)-1]
	b[len(b)-1] = nil
	w.buckets[w.min] = b[:len(b)-1]
	w.n--
	return st
}

// shed removes n states, those pop would return last (the costliest
// first, each bucket from its bottom), and hands each to cut.
func (w *worklist) shed(n int, cut func(*state)) {
	for b := len(w.buckets) - 1; b >= 0 && n > 0; b-- {
		q := w.buckets[b]
		k := min(n, len(q))
		for _, st := range q[:k] {
			cut(st)
		}
		w.buckets[b] = append(q[:0:0], q[k:]...)
		w.n -= k
		n -= k
	}
}

// cheaperThan reports whether a queued state costs less than c.
func (w *worklist) cheaperThan(c int) bool {
	if w.n == 0 || w.flat {
		return false
	}
	for i := w.min; i < c && i < len(w.buckets); i++ {
		if len(w.buckets[i]) > 0 {
			return true
		}
	}
	return false
}

func errKey(msg, pos, fn string) string { return msg + "\x00" + pos + "\x00" + fn }

// stopLabel returns the label of a variable of stopVars that the path
// condition n mentions, "" if none. The answer is kept in the nodes, which
// paths share: a variable is in stopVars from its making, before any
// condition can mention it.
func (e *executor) stopLabel(n *pcNode) string {
	if len(e.stopVars) == 0 {
		return ""
	}
	var todo []*pcNode
	for m := n; m != nil && !m.stopKnown; m = m.parent {
		todo = append(todo, m)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		m := todo[i]
		if m.parent != nil {
			m.stop = m.parent.stop
		}
		if m.stop == "" && m.cond != nil {
			m.stop = e.mentionsStop(m.cond)
		}
		m.stopKnown = true
	}
	return n.stop
}

func (e *executor) mentionsStop(x *expr) string {
	if !x.hasV || e.noStop[x] {
		return ""
	}
	if x.op == xVar {
		if l, ok := e.stopVars[x.c.n]; ok {
			return l
		}
	}
	for i := 0; i < int(x.narg); i++ {
		if l := e.mentionsStop(x.args[i]); l != "" {
			return l
		}
	}
	e.noStop[x] = true
	return ""
}

// dependsOn returns the sorted labels of the labelled nondets whose
// variables the path condition pc mentions (shared: not to be changed).
// The answer is kept in the nodes, which paths share, as stopLabel's is: a
// path pays for the conditions it added, not for its whole condition at
// each assertion.
func (e *executor) dependsOn(pc *pcNode) []string {
	if len(e.labels) == 0 || pc == nil {
		return nil
	}
	var todo []*pcNode
	for m := pc; m != nil && !m.depsKnown; m = m.parent {
		todo = append(todo, m)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		m := todo[i]
		if m.parent != nil {
			m.deps = m.parent.deps
		}
		m.deps = e.addLabels(m.deps, m.cond)
		m.depsKnown = true
	}
	return pc.deps
}

// addLabels returns the sorted labels of deps and of the labelled variables
// x mentions; deps itself if x adds none.
func (e *executor) addLabels(deps []string, x *expr) []string {
	var found []string
	seen := map[*expr]bool{}
	var walk func(x *expr)
	walk = func(x *expr) {
		if x == nil || !x.hasV || seen[x] {
			return
		}
		seen[x] = true
		if x.op == xVar {
			if l, ok := e.labels[x.c.n]; ok && !slices.Contains(deps, l) && !slices.Contains(found, l) {
				found = append(found, l)
			}
			return
		}
		for i := 0; i < int(x.narg); i++ {
			walk(x.args[i])
		}
	}
	walk(x)
	if len(found) == 0 {
		return deps
	}
	out := append(slices.Clone(deps), found...)
	slices.Sort(out)
	return out
}

// observed reports whether Options.Observers names the observer name (nil
// when its events are dropped).
func observed(opts Options, name string) bool {
	_, ok := opts.Observers[name]
	return ok
}
