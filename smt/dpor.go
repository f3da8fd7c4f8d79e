package smt

import (
	"cmp"
	bits64 "math/bits"
	"slices"

	"github.com/gokiss/kiss/ir"
)

// Source sets: dynamic partial-order reduction (Flanagan and Godefroid,
// Dynamic Partial-Order Reduction for Model Checking Software; Abdulla,
// Aronis, Jonsson and Sagonas, Optimal Dynamic Partial Order Reduction,
// for source sets), bounded by preemptions as in Coons, Musuvathi and
// McKinley, Bounded Partial-Order Reduction.
//
// Sleep sets (por.go) prune a goroutine's run only after the search has
// forked it: with n goroutines that share nothing, every subset of them
// still gets a path. With source sets a scheduling choose that picks by
// goroutine number first runs one goroutine (the running one when it may go
// on: no preemption); the rest wait in a placeholder under the child on the
// work list. Each transition that ends becomes an event of its path, with a
// vector clock of happens-before: program order, goroutine creation, and
// the dependence of footprints (por.go). When an event races with an
// earlier one (dependent, of another goroutine, ordered by no event in
// between), the goroutine that could start the reversed order (an initial:
// the goroutine of the earliest event after the first that happens before
// the second, or the second's own) is added to the first event's choose,
// and, as Coons et al.'s conservative branching asks for under a preemption
// bound, to the choose where that event's goroutine was switched to: there
// the other goroutine runs at no more cost than the reversal would. A
// goroutine that could not run at the choose makes it explore every
// goroutine, as Flanagan and Godefroid's algorithm does. The placeholder,
// popped once the child's subtree is done (the work list is a stack in a
// bounded search), runs the goroutines added, one subtree at a time, and
// the sleep sets of the earlier ones apply as before.
//
// A race is only seen between events that ran. A path that ends before
// every goroutine has run to its end (a cut, a violation, a state met
// before whose futures are not run again) leaves steps unseen: each
// goroutine still alive is given a pending step that conflicts with
// everything, and its races with the path's events add their initials.

// event is a transition a path ran: its goroutine, footprint and clock.
type event struct {
	prev    *event
	pos     int32 // the number of events before it on the path
	g       int64
	grp     *group   // the choose that picked it
	fp      []access // compact
	vc      []int32  // per goroutine slot: 1 + the position of its last event that happens before this one or is it
	spawned []int64  // goroutines it created
	exited  bool     // its goroutine exited
}

// slot is g's index in a clock: goroutines below 64 have their own, and the
// scheduler's own work (time passing) is one more.
func slot(g int64) int {
	if g < 0 || g >= 64 {
		return 64
	}
	return int(g)
}

func clockAt(vc []int32, s int) int32 {
	if s < len(vc) {
		return vc[s]
	}
	return 0
}

func join(vc, o []int32) []int32 {
	if len(o) > len(vc) {
		vc = append(vc, make([]int32, len(o)-len(vc))...)
	}
	for i, c := range o {
		vc[i] = max(vc[i], c)
	}
	return vc
}

func setClock(vc []int32, s int, c int32) []int32 {
	if s >= len(vc) {
		vc = append(vc, make([]int32, s+1-len(vc))...)
	}
	vc[s] = max(vc[s], c)
	return vc
}

// history returns the events of the path ending at last, oldest first.
func (e *executor) history(last *event) []*event {
	h := e.histBuf[:0]
	for ev := last; ev != nil; ev = ev.prev {
		h = append(h, ev)
	}
	slices.Reverse(h)
	e.histBuf = h
	return h
}

// base is the clock g starts its next event with: its last event's, or the
// clock of the event that created it (the event's own: do not change it).
func base(h []*event, g int64) []int32 {
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].g == g || slices.Contains(h[i].spawned, g) {
			return h[i].vc
		}
	}
	return nil
}

// dporStep records the end of the transition t, which ran goroutine g with
// footprint fp, as an event of the path, and adds the initials of its
// races.
func (e *executor) dporStep(t *transition, g int64, fp []access) *event {
	h := e.history(t.last)
	vc, races := e.races(h, g, func(x *event) bool { return !independent(x.fp, fp) })
	ev := &event{prev: t.last, pos: int32(len(h)), g: g, grp: t.grp, fp: fp, spawned: t.spawned, exited: t.exited}
	ev.vc = setClock(vc, slot(g), ev.pos+1)
	e.summarize(t.grp, fp, ev.vc)
	for _, k := range races {
		e.reverse(h, k, ev.vc, false, g)
	}
	return ev
}

// races walks h back from its end for the events that race with a step of
// g that depends on the events dep says, and returns the step's clock
// (without itself) and the races' positions.
func (e *executor) races(h []*event, g int64, dep func(*event) bool) (vc []int32, races []int) {
	vc = slices.Clone(base(h, g))
	for k := len(h) - 1; k >= 0; k-- {
		x := h[k]
		if x.g == g || clockAt(vc, slot(x.g)) > int32(k) {
			continue // before the step already
		}
		if !dep(x) {
			continue
		}
		races = append(races, k)
		vc = join(vc, x.vc)
	}
	return vc, races
}

// reverse adds to the choose of h[k] (and to the choose that switched to
// h[k]'s goroutine) a goroutine that starts the order in which the racing
// step of g, whose clock is vc (top: everything is before it), runs first.
func (e *executor) reverse(h []*event, k int, vc []int32, top bool, g int64) {
	first := h[k]
	r := g
	for m := k + 1; m < len(h); m++ {
		x := h[m]
		if clockAt(x.vc, slot(first.g)) > int32(k) {
			continue // after the first event: it keeps its place
		}
		if top || clockAt(vc, slot(x.g)) > int32(m) {
			r = x.g // the earliest event the reversal needs first
			break
		}
	}
	e.backtrack(first.grp, r)
	// Coons et al.: the block of the first event's goroutine began at the
	// choose that switched to it.
	j := k
	for j > 0 && h[j].grp.cur == first.g && h[j-1].g == first.g {
		j--
	}
	if j != k {
		e.backtrack(h[j].grp, r)
	}
}

// backtrack asks the choose of grp to run goroutine r too: only r if it
// could run there, none if r slept there (its orders were run before),
// every goroutine otherwise.
func (e *executor) backtrack(grp *group, r int64) {
	if grp == nil || !grp.dpor {
		return
	}
	before := grp.pending
	switch {
	case r >= 0 && r < 64 && grp.avail&(1<<r) != 0:
		grp.pending |= 1 << r
	case r >= 0 && r < 64 && grp.asleep&(1<<r) != 0:
	default:
		grp.pending |= grp.avail
	}
	e.stats.Backtracks += bits64.OnesCount64(grp.pending &^ grp.explored &^ before)
}

// dporTop gives every goroutine alive on the path ending at last a pending
// step that conflicts with everything: the path stops where steps it would
// have run are unseen.
func (e *executor) dporTop(last *event) { e.pending(last, nil, 0) }

// pending gives every goroutine alive on the path ending at last (those of
// the mask actors, if not 0) a pending step with the footprint fp of a
// state's futures (nil: one that conflicts with everything), and adds the
// initials of its races.
func (e *executor) pending(last *event, fp []sumAccess, actors uint64) {
	h := e.history(last)
	live := map[int64]bool{0: true}
	for _, x := range h {
		for _, c := range x.spawned {
			live[c] = true
		}
		live[x.g] = !x.exited
	}
	// A step of p among the futures comes after p's last event here, and
	// so after every event that happens before that one: knows[k] holds
	// the goroutines whose last event h[k] happens before.
	var knows []uint64
	if fp != nil {
		knows = make([]uint64, len(h))
		for p := int64(0); p < 64; p++ {
			if !live[p] {
				continue
			}
			vc := base(h, p)
			for k, x := range h {
				if clockAt(vc, slot(x.g)) > int32(k) {
					knows[k] |= 1 << p
				}
			}
		}
	}
	for _, g := range sortedLive(live) {
		if g >= 64 {
			continue // not picked by number: no source sets
		}
		mine := uint64(1) << g
		dep := func(x *event) bool {
			if fp == nil {
				return true
			}
			// g answers for the futures' accesses after a step of its
			// own: those of a goroutine that cannot run here, only if no
			// goroutine that can has a step before them (its waker).
			return dependsSum(x, fp, knows[x.pos], func(after uint64) bool {
				return after&mine != 0 && (actors == 0 || actors&mine != 0 || after&actors == 0)
			})
		}
		vc, races := e.races(h, g, dep)
		for _, k := range races {
			e.reverse(h, k, vc, fp == nil, g)
		}
	}
}

func sortedLive(live map[int64]bool) []int64 {
	var gs []int64
	for g, ok := range live {
		if ok && g >= 0 {
			gs = append(gs, g)
		}
	}
	slices.Sort(gs)
	return gs
}

// branch makes the scheduling choose st is at, whose group is grp, run
// only its first value (firstOf) and leaves the rest to the placeholder it
// queues beneath. It returns the value st runs.
func (e *executor) branch(st *state, in *ir.Instr, grp *group, vals []uint64, asleep uint64) uint64 {
	grp.dpor, grp.in = true, in
	for _, v := range vals {
		grp.avail |= 1 << v
	}
	first := firstOf(grp, vals)
	grp.asleep = asleep
	grp.explored = 1 << first
	ph := e.fork(st)
	e.stats.Paths-- // not a path: the children it will start are
	e.stats.Forks--
	ph.expand = grp
	if ph.tr != nil {
		ph.tr.open, ph.tr.counted = nil, false // it is not the block of the goroutine running
	}
	e.wl.push(ph)
	return first
}

// firstOf is the goroutine a scheduling choose runs first, of vals
// (ascending): the running one, which goes on at no cost (Coons et al.);
// after a goroutine gave way of its own accord (runtime.Gosched, a spin
// loop's pause) and could go on, the next one after it, round the ring.
// Source sets may start from any goroutine; this order makes the first
// schedule a fair one (Musuvathi and Qadeer, Fair Stateless Model
// Checking): a goroutine that spins until another sets a flag, counting
// its turns, ran on forever before, each turn a new state, until the path
// was cut, with thousands of choices queued behind it.
func firstOf(grp *group, vals []uint64) uint64 {
	if grp.cur >= 0 {
		for _, v := range vals {
			if int64(v) == grp.cur {
				return v
			}
		}
		return vals[0]
	}
	if grp.prev >= 0 && slices.Contains(vals, uint64(grp.prev)) {
		for _, v := range vals {
			if int64(v) > grp.prev {
				return v
			}
		}
	}
	return vals[0] // round the ring, or the lowest
}

// expand runs the next goroutine a race added to the choose of ph's group,
// leaving ph beneath it for the ones after; ph ends when none is left.
func (e *executor) expand(ph *state) {
	grp := ph.expand
	todo := grp.pending &^ grp.explored
	if e.stopped != "" {
		e.cut(ph, e.stopped)
		return
	}
	if todo == 0 {
		ph.done = true
		e.finish(grp)
		return
	}
	if !e.canFork() {
		e.cut(ph, CutPaths)
		return
	}
	v := uint64(bits64.TrailingZeros64(todo))
	grp.explored |= 1 << v
	c := e.fork(ph)
	c.expand = nil
	e.wl.push(ph)
	e.chosen(c, grp.in, grp.in.Dst.Typ, v)
	e.push(c)
}

// A state the cache covers is not explored again, but its futures' steps
// may race with the steps of the path that meets it (Yang, Chen,
// Gopalakrishnan and Kirby, Efficient Stateful Dynamic Partial Order
// Reduction). Each choose the cache recorded gathers the footprint of its
// futures, with a placeholder beneath them to say when they are done: the
// steps up to the next recorded choose, and that choose's footprint once
// done. It keeps the footprint by the canonical numbers of the state's
// objects, which name the same objects in every state equal to it. A path
// that meets the state gives its goroutines pending steps with that
// footprint (pending, dporHit). A future whose steps were unseen (a cut,
// or a state met with no footprint) leaves every choose before it without
// one: a path meeting them gives its goroutines a step that conflicts with
// everything instead.

// sumAccess is an access of a state's futures: after holds the goroutines
// with a step among those futures that happens before it (the one that
// makes it among them), whose steps before the state do too.
type sumAccess struct {
	access
	after uint64
}

// sumUpd stands for the commuting counter updates (porAdd) of a footprint
// gathered over many steps: such an access conflicts with no update of a
// step but a decrement to zero (updZero, which it holds: it may stand for
// one).
const sumUpd = ^uint32(0)

// maxSum bounds a cached footprint: a state's futures that touch more are
// met as unseen.
const maxSum = 512

// dependsSum reports whether the event x may race with an access of the
// futures' footprint fp (sorted by object) that mine accepts by its after:
// one that conflicts with x and comes after no future step of a goroutine
// of knows, whose last events here x happens before.
func dependsSum(x *event, fp []sumAccess, knows uint64, mine func(after uint64) bool) bool {
	for _, a := range x.fp {
		i, _ := slices.BinarySearchFunc(fp, a.obj, func(s sumAccess, o uint64) int { return cmp.Compare(s.obj, o) })
		for ; i < len(fp) && fp[i].obj == a.obj; i++ {
			if fp[i].after&knows == 0 && mine(fp[i].after) && conflict(a, fp[i].access) {
				return true
			}
		}
	}
	return false
}

// sumTarget is the choose whose footprint the steps started at grp's
// choose go to: the nearest one at or before it that the cache recorded,
// the only ones a path meets again.
func sumTarget(grp *group) *group {
	if grp == nil || grp.recorded {
		return grp
	}
	return grp.up
}

// summarize adds a step's footprint, started at grp's choose, with the
// step's clock vc, to the footprint of the recorded choose at or before
// it (sumTarget).
func (e *executor) summarize(grp *group, fp []access, vc []int32) {
	t := sumTarget(grp)
	if t == nil || t.broken || t.hasSum {
		return
	}
	var after uint64
	for s, c := range vc {
		if c > t.pos && s < 64 {
			after |= 1 << s
		}
	}
	for _, a := range fp {
		if a.upd != 0 {
			a.upd = sumUpd
		}
		t.add(sumAccess{a, after})
	}
	t.compact()
}

// addSum adds accesses of a footprint gathered before to grp's.
func (grp *group) addSum(fp []sumAccess) {
	if grp == nil || grp.broken || grp.hasSum {
		return
	}
	for _, a := range fp {
		grp.add(a)
	}
	grp.compact()
}

// takeSum adds a footprint that nothing else holds to grp's. The
// footprints of a path's recorded chooses go up the chain of them as each
// is done: the longer slice takes the other's accesses, so that each
// access is copied only when its slice is the shorter.
func (grp *group) takeSum(fp []sumAccess) {
	if grp == nil || grp.broken || grp.hasSum {
		return
	}
	kept := fp[:0]
	for _, a := range fp {
		if a.obj < grp.nObj {
			kept = append(kept, a)
		}
	}
	if len(kept) > len(grp.sum) {
		kept, grp.sum = grp.sum, kept
	}
	grp.sum = append(grp.sum, kept...)
	grp.compact()
}

// add adds an access to grp's footprint, unless its object is newer than
// the choose: no step before it can touch that.
func (grp *group) add(a sumAccess) {
	if a.obj < grp.nObj {
		grp.sum = append(grp.sum, a)
	}
}

func (grp *group) compact() {
	if len(grp.sum) > grp.sumCap {
		grp.sum = compactSum(grp.sum)
		grp.sumCap = 2*len(grp.sum) + 256
	}
}

// breakUp marks the footprints of grp and of every choose before it as
// unknown.
func breakUp(grp *group) {
	for g := grp; g != nil && !g.broken; g = g.up {
		g.broken, g.sum, g.queue = true, nil, nil
	}
}

// finish is called when every future of grp's choose is done: its
// footprint is whole. It goes to the choose before it and, if the cache
// recorded the state, is kept by canonical numbers.
func (e *executor) finish(grp *group) {
	if grp.broken {
		return
	}
	sum := grp.sum
	grp.sum = nil
	if grp.queue != nil {
		sum = compactSum(sum)
	}
	if q := grp.queue; q != nil && len(sum) <= maxSum {
		// c.canon is all zero between hashes: it marks the objects sum
		// names (-1), one pass over q numbers them, and they are cleared.
		// The snapshot's objects are named by id (baseCanon).
		c := &e.cache
		for _, a := range sum {
			if n := a.obj + 1; uint64(len(c.canon)) < n {
				c.canon = append(c.canon, make([]int32, n-uint64(len(c.canon)))...)
			}
			c.canon[a.obj] = -1
		}
		for i, id := range q {
			if id < uint64(len(c.canon)) && c.canon[id] == -1 {
				c.canon[id] = int32(i + 1)
			}
		}
		cs := make([]sumAccess, 0, len(sum))
		for _, a := range sum {
			if grp.perm != nil {
				a.access.idx = e.slotIndex(a.obj, grp.table, a.idx, func(s int) int { return permOf(grp.perm, s) })
				a.after = bitsBy(a.after, func(s int) int { return permOf(grp.perm, s) })
			}
			switch {
			case a.obj < grp.named:
				a.obj |= baseCanon
			case c.canon[a.obj] > 0:
				a.obj = uint64(c.canon[a.obj])
			default:
				cs = nil // touched an object the state did not reach: no name for it
			}
			if cs == nil {
				break
			}
			cs = append(cs, a)
		}
		for _, a := range sum {
			c.canon[a.obj] = 0
		}
		if cs != nil || len(sum) == 0 {
			slices.SortFunc(cs, cmpSum)
			grp.csum, grp.hasSum = cs, true
		}
	}
	grp.queue = nil
	grp.up.takeSum(sum)
}

func cmpSum(a, b sumAccess) int {
	if c := cmp.Compare(a.obj, b.obj); c != 0 {
		return c
	}
	return cmp.Compare(a.kind(), b.kind())
}

// kind orders the accesses to one object: by location and kind, then
// those after fewer goroutines' steps first.
func (a sumAccess) kind() uint64 {
	k := uint64(a.idx+1)<<9 | b2n(a.write)<<8 | uint64(bits64.OnesCount64(a.after))
	if a.upd != 0 {
		k |= 1 << 7
	}
	return k
}

// compactSum sorts a footprint gathered over many steps and drops
// repeats: of the accesses of one kind to one location, one that comes
// after the future steps of fewer goroutines stands for the others.
func compactSum(fp []sumAccess) []sumAccess {
	slices.SortFunc(fp, cmpSum)
	out := fp[:0]
	from := 0 // where the accesses like a start in out
	for _, a := range fp {
		if len(out) == 0 || out[from].access != a.access {
			from = len(out)
		} else if slices.ContainsFunc(out[from:], func(b sumAccess) bool { return b.after&^a.after == 0 }) {
			continue // b conflicts wherever a does
		}
		out = append(out, a)
	}
	return out
}

// dporHit is called when st meets a state explored before by the chooses
// by: their futures' footprint is the pending step of every goroutine
// that can run (runnable, if not 0), or of every one alive. A goroutine
// blocked there runs again only after a step of one that can run (or of
// time passing, when none can) wakes it: its steps race with the path's
// steps that the waker's could.
func (e *executor) dporHit(st *state, by []*group, runnable uint64) {
	t := st.tr
	q := e.cache.queue // the canonical numbering of st, from revisited
	n := 0
	for _, g := range by {
		if g != nil {
			n += len(g.csum)
		}
	}
	fp, known := make([]sumAccess, 0, n), true
groups:
	for _, g := range by {
		if known = g != nil && g.hasSum; !known {
			break
		}
		for _, a := range g.csum {
			if a.obj&baseCanon != 0 {
				a.obj &^= baseCanon
			} else if known = a.obj != 0 && a.obj <= uint64(len(q)); known {
				a.obj = q[a.obj-1]
			} else {
				break groups
			}
			if s := &e.cache.sym; s.on && !s.identity {
				// (kept by canonical slots: symmetry.go)
				a.access.idx = e.slotIndex(a.obj, s.table, a.idx, s.slotBack)
				a.after = s.backBits(a.after)
			}
			fp = append(fp, a)
		}
	}
	if !known {
		e.dporTop(t.last)
		breakUp(sumTarget(t.grp))
		return
	}
	fp = compactSum(fp)
	sumTarget(t.grp).addSum(fp)
	e.pending(t.last, fp, runnable)
}
