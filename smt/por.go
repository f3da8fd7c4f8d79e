package smt

import (
	"cmp"
	"slices"

	"github.com/gokiss/kiss/ir"
)

// Partial-order reduction by sleep sets (Godefroid, Partial-Order Methods
// for the Verification of Concurrent Systems), made sound for a search
// bounded by preemptions.
//
// The executor knows no goroutines; Options.Reduce names the caller's
// scheduler function. A transition is what a path runs from one of that
// function's chooses to the next: the scheduler's switch, then the chosen
// goroutine (the coroutine its resume runs; Options.Running says which
// goroutine that is) up to its next scheduling point. Its footprint is the
// memory it reads and writes (objects, and the first field or element of
// each), less the accesses of the scheduler's own frames and of
// Reduction.Bookkeeping's, and of the globals Reduction.Private names; objects allocated during the transition are
// private to it. Two transitions are independent when neither writes what
// the other touches: they commute, and since a goroutine at a scheduling
// point only ever blocks itself, neither enables or disables the other.
// Updates of one counter that the program marks as commuting (porAdd: a
// WaitGroup's Done calls far from zero) do not conflict with each other.
//
// The children of one scheduling choose form a group. A child's block is
// its goroutine g's run from the choose for as long as g stays the running
// goroutine with no preemption: its transitions up to the one after which
// g blocks, exits or gives way. When the block has ended on every branch
// (none cut), g sleeps in the subtree of each later sibling that does not
// continue the goroutine running at the choose: those paths do not run g
// until a transition dependent on g's block has run. Plain sleep sets,
// which put g's first transition to sleep, are unsound under a preemption
// bound: the equivalent path they keep may cost more preemptions than the
// one pruned (Coons, Musuvathi and McKinley, Bounded Partial-Order
// Reduction). Moving g's run forward as a block costs no preemption more.
// Write c(x→y) for the preemption of switching to y after x, and let the
// pruned path be b·u·a1…aj·v (b the sibling's transition, u independent of
// g's block, a1…aj the part of g's block it runs, v what follows, not g):
// it costs c(s→b) + C(b·u) + c(u→a1) + c(aj→v), and the kept a1…aj·b·u·v
// costs c(s→a1) + c(aj→b) + C(b·u) + c(u→v). c(aj→b) = c(aj→v) (g still
// running after aj, or not), c(u→v) ≤ c(u→a1), and c(s→a1) ≤ c(s→b) as
// b does not continue the running goroutine. A path that ends inside aj
// ends, kept, inside a1…aj at cost c(s→a1). The state cache keeps the sleep
// set beside each state: a state is dropped only if it was explored with a
// sleep set contained in its own; met again with goroutines awake that
// slept then, it runs only those (when the scheduler picks by number), and
// counts as explored with the goroutines asleep both times asleep.
//
// In a search bounded by cost, source sets (dpor.go) decide which children
// of a scheduling choose run at all; the sleep sets then prune those.

// Reduction names what partial-order reduction needs of the caller's
// scheduler (see Options.Reduce).
type Reduction struct {
	// Scheduler is the function whose chooses pick the goroutine to run,
	// whose cost instructions are its preemptions, and whose resume runs
	// the goroutine; Options.Running holds that goroutine's id (below 64
	// to be put to sleep) when the resume runs. Its choosebit picks the
	// goroutine by that id, so a sleeping one is not offered at all (a
	// choose's value is no id: its child ends at the resume instead).
	Scheduler string
	// Bookkeeping names functions of the caller's runtime whose own
	// accesses (not their callees') are left out of footprints, besides
	// the scheduler's: a wake-up's scan of every goroutine's record, say,
	// when what a waiter waits for is in the object it waits on, which the
	// waker writes.
	Bookkeeping []string
	// Private names globals that are no shared memory between goroutines:
	// the running goroutine's registers (restored whenever it runs), and
	// counters that goroutines only add to and only the scheduler reads.
	Private []string
	// Runnable names a global of type i64 that counts the goroutines that
	// can run, the running one included: a path that ends with it above
	// zero leaves steps unseen (source sets, dpor.go).
	Runnable string
	// SleepSetsOnly turns source sets off: every goroutine that is awake
	// at a scheduling choose is run from it (for comparisons).
	SleepSetsOnly bool
}

// access is one location a transition touched: an object, and the first
// field or element of it (-1: the whole object).
type access struct {
	obj   uint64
	idx   int32
	write bool
	upd   uint32 // the counter update that commutes with others (porAdd) it is in; 0: none
}

// conflict reports whether a and b touch one location and one writes it,
// unless both are inside commuting counter updates (not both decrements
// to zero: updZero).
func conflict(a, b access) bool {
	return a.obj == b.obj && (a.write || b.write) && (a.idx == b.idx || a.idx < 0 || b.idx < 0) && (a.upd == 0 || b.upd == 0 || a.upd&b.upd&updZero != 0)
}

// covers reports whether a transition's access b makes a later access a of
// it redundant: the same location, as strong a kind, and plain or of the
// same commuting update.
func covers(b, a access) bool {
	return b.obj == a.obj && b.idx == a.idx && (b.write || !a.write) && (b.upd == 0 || b.upd == a.upd)
}

// sleeper is a goroutine asleep: its record, and the footprint that wakes it.
type sleeper struct {
	r  *trRecord
	fp []access
}

// group is the children of one scheduling choose.
type group struct {
	cur   int64       // the running goroutine at the choose (-1: none)
	prev  int64       // the goroutine that ran the transition before it (-1: none)
	sleep []sleeper   // the sleep set there
	nObj  uint64      // objects below this existed at the choose
	done  []*trRecord // children whose blocks ended on every branch, in that order

	// Source sets (dpor.go), for a choose by goroutine number.
	dpor     bool      // only the goroutines races ask for are run
	in       *ir.Instr // the choose
	avail    uint64    // the goroutines it may run
	asleep   uint64    // those asleep, or run from an equal state before
	explored uint64    // those run so far
	pending  uint64    // those races asked for

	// The footprint of the choose's futures (dpor.go), for a state the
	// cache covers with it.
	pos      int32       // the events before it on its path
	recorded bool        // the cache recorded the state; a placeholder beneath its children says when they are done
	up       *group      // the nearest choose before it the cache recorded
	sum      []sumAccess // its futures' accesses, of objects older than the choose
	sumCap   int         // when to compact sum next
	queue    []uint64    // the state's objects in canonical order, if the cache recorded it
	named    uint64      // objects below it are named by id (stateCache.named)
	perm     []int       // the state's permutation of slots, if not the identity (symmetry.go)
	table    uint64      // and its goroutine table, whose elements are slots
	csum     []sumAccess // once done: sum by canonical number, and its goroutines by canonical slot
	hasSum   bool        // csum is the whole footprint
	broken   bool        // some future's steps are unseen: no footprint
}

// trRecord is one child's block, over all its branches.
type trRecord struct {
	g      int64 // its goroutine
	grp    *group
	raw    []access // the branches' footprints as they end
	fp     []access // their union, compact, once every branch ended
	raw1   []access // the same of the block's first transition
	fp1    []access
	live   int  // branches still running it
	broken bool // a branch was cut: the footprint is not all known
}

// transition is a path's part of its current transition.
type transition struct {
	grp     *group
	cur     *trRecord   // the record this branch started at grp (nil until the resume)
	open    []*trRecord // the blocks this branch is in (cur and its goroutine's earlier ones)
	cand    []sleeper   // who sleeps after the transition, if independent of it
	fp      []access    // this transition's accesses so far
	counted bool        // this branch is counted in every open record's live
	addObj  uint64      // the object of the commuting counter update under way (0: none)
	addUpd  uint32      // its number (por.updates)

	// Source sets (dpor.go).
	last    *event  // the path's events before this transition
	spawned []int64 // goroutines it created
	exited  bool    // its goroutine exited
	unseen  bool    // the path ends before every goroutine ran to its end
}

// maxOpen bounds the blocks one branch adds its accesses to: a goroutine
// that runs on through many scheduling points is in a block per point.
const maxOpen = 16

// por is the executor's reduction state for one run.
type por struct {
	sched    *ir.Func
	quiet    map[*ir.Func]bool // the scheduler and Reduction.Bookkeeping
	private  map[uint64]bool   // objects of Reduction.Private's globals
	running  uint64            // the object of Options.Running's global
	runnable uint64            // the object of Reduction.Runnable's global (0: none)
	updates  uint32            // commuting counter updates numbered so far (porAdd)
}

func (e *executor) initPOR() {
	r := e.opts.Reduce
	if r == nil || e.opts.Running == "" {
		return
	}
	sched, g := e.prog.Func(r.Scheduler), e.prog.Global(e.opts.Running)
	if sched == nil || g == nil {
		return
	}
	e.por = &por{sched: sched, quiet: map[*ir.Func]bool{sched: true}, private: map[uint64]bool{}, running: e.globalObj[g]}
	for _, n := range r.Bookkeeping {
		if f := e.prog.Func(n); f != nil {
			e.por.quiet[f] = true
		}
	}
	for _, n := range r.Private {
		if g := e.prog.Global(n); g != nil {
			e.por.private[e.globalObj[g]] = true
		}
	}
	if g := e.prog.Global(r.Runnable); g != nil && r.Runnable != "" && !r.SleepSetsOnly && e.wl.flat {
		// Source sets need the work list to be a stack (dpor.go), and a
		// count of the goroutines that can run.
		e.por.runnable = e.globalObj[g]
		e.dpor = true
	}
}

// runningG is the value of Options.Running's global on st.
func (e *executor) runningG(st *state) int64 {
	return int64(st.obj(e.por.running).val.n)
}

// touch records an access of st's running transition.
func (e *executor) touch(st *state, obj uint64, path []int, write bool) {
	t := st.tr
	if t == nil || obj >= t.grp.nObj || e.por.private[obj] || e.por.quiet[e.fn] {
		return
	}
	if !write {
		if o := st.obj(obj); o != nil && o.frozen {
			return
		}
	}
	a := access{obj: obj, idx: -1, write: write}
	if obj == t.addObj {
		a.upd = t.addUpd
	}
	if len(path) > 0 {
		a.idx = int32(min(path[0], 1<<30))
	}
	for i := len(t.fp) - 1; i >= max(0, len(t.fp)-8); i-- {
		if covers(t.fp[i], a) {
			return
		}
	}
	t.fp = append(t.fp, a)
}

// hintPOR names the observe instructions that are hints to the executor's
// partial-order reduction rather than events for an observer (porAdd).
const hintPOR = "por"

// porAdd is the hint `observe "por", RULE, %counter, %delta` at the start
// of a counter update, and `observe "por", "end"` at its end: until then
// the accesses to the counter's object are the update's, and the updates
// of one counter commute with each other, whatever their order, when the
// rule and the counter's value (an int64, concrete) say so:
//
//   - "add", a WaitGroup's Add and Done (delta ±1): a decrement that
//     leaves 1 or more and an increment from 2 or more. Whichever runs
//     first, neither sees zero or below, nor a count that other operations
//     tell apart (Add from zero). (Two decrements from c leave c-2 whatever
//     their order, and each leaves at least that; an increment from 2 and
//     a decrement to 1 or more never meet zero.) A delta of 0 is a test of
//     the counter (Wait): one that finds it 1 or more commutes with those
//     updates too, as it finds 1 or more whichever runs first, writes no
//     counter, and writes only the waiters, which such updates do not read
//     (they read them only at zero, or leaving it).
//   - "inc" and "dec", an RWMutex's readers, which an RLock adds to
//     whatever their number (after its test of the writer's flags, inside
//     the update) and only a writer tests, plainly. An RUnlock's decrement
//     to zero wakes the writers, which a reader that takes the lock does
//     not wait for; it conflicts only with another decrement to zero (one
//     of two RUnlocks of one read lock fails, and which one is the order).
//     `observe "por", "void"` makes the accesses so far plain: an RLock
//     that waits instead.
//
// That holds for one update against one: a footprint (a block's, over its
// transitions and branches) that holds two updates of one counter, which
// could take it from 2 to 0 together, keeps them plain (compact). A
// symbolic counter, or one near zero under "add", leaves the accesses
// plain.
func (e *executor) porAdd(st *state, f *frame, in *ir.Instr) {
	defer e.next(st)
	t := st.tr
	if e.por == nil || t == nil {
		return
	}
	hint, _ := in.Args[0].(*ir.Const)
	if len(in.Args) == 2 {
		// `observe "por", "spawn", %g` and `observe "por", "exit", %g`:
		// happens-before and liveness for source sets (dpor.go).
		switch g := e.operand(st, f, in.Args[1]); {
		case hint == nil || g.x != nil:
		case hint.Str == "spawn":
			t.spawned = append(t.spawned[:len(t.spawned):len(t.spawned)], intOf(g.n, in.Args[1].Type()))
		case hint.Str == "exit":
			t.exited = true
		}
		return
	}
	if hint != nil && hint.Str == "void" && t.addObj != 0 {
		for i := range t.fp {
			if t.fp[i].upd == t.addUpd {
				t.fp[i].upd = 0
			}
		}
	}
	t.addObj = 0
	if len(in.Args) == 3 && hint != nil {
		p := e.operand(st, f, in.Args[1])
		if zero, ok := e.commutes(st, hint.Str, p, e.operand(st, f, in.Args[2])); ok {
			e.por.updates = max(1, (e.por.updates+1)&^updZero)
			t.addObj, t.addUpd = p.n, e.por.updates
			if zero {
				t.addUpd |= updZero
			}
		}
	}
}

// updZero marks the accesses of a decrement to zero under "dec" (porAdd):
// two such conflict.
const updZero = 1 << 31

// commutes reports whether adding delta to the concrete int64 at p
// commutes with the other updates of the counter under rule (porAdd), and
// whether it is a decrement to zero under "dec".
func (e *executor) commutes(st *state, rule string, p, delta value) (zero, ok bool) {
	if p.n == 0 || p.x != nil || delta.x != nil {
		return false, false
	}
	o, typ, ok := e.pointee(st, p)
	if !ok || typ.Kind != ir.KindInt || typ.Bits != 64 {
		return false, false
	}
	v := o.value()
	for _, i := range p.path {
		v = v.elems[i]
	}
	if v.x != nil {
		return false, false
	}
	old, d := int64(v.n), int64(delta.n)
	switch rule {
	case "add":
		return false, d == -1 && old-1 >= 1 || d == 1 && old >= 2 || d == 0 && old >= 1
	case "inc":
		return false, d == 1 && old >= 0
	case "dec":
		return old == 1, d == -1 && old >= 1
	}
	return false, false
}

// schedPoint is called at each choose of the scheduler, before anything
// else: it ends st's transition, computes the sleep set of st's state,
// and starts a group for the children. The sleep set is returned as a mask
// of goroutines, for the state cache.
func (e *executor) schedPoint(st *state) uint64 {
	var sleep []sleeper
	var open []*trRecord
	counted := false
	running := e.runningG(st)
	var last *event
	if t := st.tr; t != nil {
		last = t.last
		var fp []access
		if len(t.cand) > 0 || len(t.open) > 0 || e.dpor {
			fp = compact(t.fp) // someone reads it
		}
		if e.dpor && e.stopped == "" {
			switch {
			case t.cur != nil:
				last = e.dporStep(t, t.cur.g, fp)
			case len(fp) > 0 || len(t.spawned) > 0:
				last = e.dporStep(t, -1, fp) // the scheduler's own work: time passing
			}
		}
		if t.cur != nil {
			for _, x := range t.cand {
				if independent(x.fp, fp) {
					sleep = append(sleep, x)
				}
			}
			t.cur.raw1 = append(t.cur.raw1, fp...)
		}
		for _, r := range t.open {
			r.raw = append(r.raw, fp...)
		}
		if t.cur != nil && running == t.cur.g {
			open, counted = t.open, t.counted // the block goes on in the child that continues it
		} else {
			e.endOpen(st, false)
		}
	}
	var mask uint64
	for _, x := range sleep {
		mask |= 1 << x.r.g
	}
	grp := &group{cur: running, prev: -1, sleep: sleep, nObj: uint64(st.heap.len())}
	if t := st.tr; t != nil && t.cur != nil {
		grp.prev = t.cur.g
	}
	if last != nil {
		grp.pos = last.pos + 1
	}
	if t := st.tr; t != nil {
		grp.up = sumTarget(t.grp)
	}
	st.tr = &transition{grp: grp, open: open, counted: counted, last: last}
	return mask
}

// preempted is called when the scheduler's cost instruction runs on st: the
// child preempts the running goroutine, whose block it does not continue.
func (e *executor) preempted(st *state) {
	if t := st.tr; t != nil && t.cur == nil {
		e.endOpen(st, false)
	}
}

// resumed is called when the scheduler resumes a goroutine on st: the
// transition's goroutine is known. It reports false when the goroutine
// sleeps (the path ends).
func (e *executor) resumed(st *state) bool {
	t := st.tr
	if t == nil || t.cur != nil {
		return true
	}
	g := e.runningG(st)
	grp := t.grp
	for _, x := range grp.sleep {
		if x.r.g == g {
			e.stats.Slept++
			st.done = true
			return false
		}
	}
	if len(t.open) > 0 && t.open[0].g != g {
		e.endOpen(st, false)
	}
	if len(t.open) == 0 {
		t.counted = true // the branch that resumes is the record's first
	}
	if len(t.open) == maxOpen {
		r := t.open[0]
		r.broken = true
		r.live--
		t.open = t.open[1:]
	}
	t.cur = &trRecord{g: g, grp: grp, live: 1}
	t.open = append(t.open[:len(t.open):len(t.open)], t.cur)
	t.cand = append([]sleeper(nil), grp.sleep...)
	if g != grp.cur && g >= 0 && g < 64 {
		for _, x := range grp.done {
			if x.g == grp.cur {
				// It was running: its first transition alone moves
				// forward at no cost.
				t.cand = append(t.cand, sleeper{x, x.fp1})
			} else {
				t.cand = append(t.cand, sleeper{x, x.fp})
			}
		}
	}
	return true
}

// forked is called for a copy c of st: it shares st's transition, whose
// branch it continues apart.
func (e *executor) forked(st, c *state) {
	if t := st.tr; t != nil {
		nt := *t
		nt.fp = t.fp[:len(t.fp):len(t.fp)]
		nt.counted = false
		c.tr = &nt
	}
}

// queued is called when st joins the work list: a branch that waits is
// one its blocks must wait for.
func (e *executor) queued(st *state) {
	if t := st.tr; t != nil && !t.counted && len(t.open) > 0 {
		t.counted = true
		for _, r := range t.open {
			r.live++
		}
	}
}

// ended is called when st's path ends: cut says a bound or budget cut it,
// so its blocks' footprints are not all known.
func (e *executor) ended(st *state, cut bool) {
	t := st.tr
	if t == nil || st.expand != nil {
		return
	}
	fp := compact(t.fp)
	for _, r := range t.open {
		r.raw = append(r.raw, fp...)
	}
	if t.cur != nil {
		t.cur.raw1 = append(t.cur.raw1, fp...)
	}
	e.endOpen(st, cut)
	st.tr = nil
	if e.dpor && e.stopped == "" {
		last := t.last
		if t.cur != nil {
			last = e.dporStep(t, t.cur.g, fp)
		}
		if (cut || t.unseen) && st.obj(e.por.runnable).val.n != 0 {
			e.dporTop(last)
			breakUp(sumTarget(t.grp))
		}
	}
}

// unseen marks st's path as ending before its goroutines ran to their end
// (a violation, an exit, a state met before): see dpor.go.
func (e *executor) unseen(st *state) {
	if st.tr != nil {
		st.tr.unseen = true
	}
}

// lost marks st's blocks as missing a branch (an outcome not explored).
func (e *executor) lost(st *state) {
	if st != nil && st.tr != nil {
		for _, r := range st.tr.open {
			r.broken = true
		}
	}
}

// endOpen ends st's branch of its open blocks.
func (e *executor) endOpen(st *state, cut bool) {
	t := st.tr
	for _, r := range t.open {
		if cut || !t.counted {
			// A branch never queued ran straight from its fork: its
			// record cannot know when every branch is done.
			r.broken = true
		}
		if t.counted {
			r.live--
		}
		if r.live == 0 && !r.broken && r.g >= 0 && r.g < 64 {
			r.fp, r.raw = compact(r.raw), nil
			r.fp1, r.raw1 = compact(r.raw1), nil
			r.grp.done = append(r.grp.done, r)
		}
	}
	t.open, t.counted = nil, false
}

func cmpAccess(a, b access) int {
	if c := cmp.Compare(a.obj, b.obj); c != 0 {
		return c
	}
	if c := cmp.Compare(a.idx, b.idx); c != 0 {
		return c
	}
	return cmp.Compare(b2n(a.write), b2n(b.write))
}

// compact sorts a footprint and drops repeats (a write covers a read).
func compact(fp []access) []access {
	fp = slices.Clone(fp)
	slices.SortFunc(fp, cmpAccess)
	out := fp[:0]
	for _, a := range fp {
		if n := len(out); n > 0 && out[n-1].obj == a.obj && out[n-1].idx == a.idx {
			out[n-1].write = out[n-1].write || a.write
			if out[n-1].upd != a.upd {
				out[n-1].upd = 0 // two updates of one footprint: see porAdd
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// independent reports whether no access of a conflicts with one of b (both
// compact: sorted by object).
func independent(a, b []access) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].obj < b[j].obj:
			i++
		case a[i].obj > b[j].obj:
			j++
		default:
			o := a[i].obj
			i2, j2 := i, j
			for i2 < len(a) && a[i2].obj == o {
				i2++
			}
			for j2 < len(b) && b[j2].obj == o {
				j2++
			}
			for _, x := range a[i:i2] {
				for _, y := range b[j:j2] {
					if conflict(x, y) {
						return false
					}
				}
			}
			i, j = i2, j2
		}
	}
	return true
}
