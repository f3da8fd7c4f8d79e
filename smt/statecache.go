package smt

import (
	"hash/maphash"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/gokiss/kiss/ir"
)

// State caching (the state table of Holt's One Page Model Checker, for a
// cost-bounded search).
//
// At every choose the executor hashes the state it is about to fork: the
// values its future depends on, and nothing of its history (the trace, the
// nondets, the blocks entered). Heap objects are numbered in the order a
// walk from the globals and the coroutines' frames reaches them, not by
// allocation, and a frame contributes only the locals live where it
// resumes, so that two interleavings that end in the same memory by
// different routes (allocating in another order, leaving other dead
// values behind) meet. A state equal to one already seen with no less of
// the cost bound left (cost minus the round's bound, see Run) is dropped:
// its futures are that state's futures, explored at no greater cost, so
// every violation they hold is found, and found first on a path no
// costlier. Observers take part through StateHasher (an
// observer that does not implement it turns caching off); so do the path
// condition, up to maxCachedPC conditions (an unknown count such as
// runtime.GOMAXPROCS decides a branch early in x/sync's semaphore
// examples, and no state after it met another while only states with an
// empty path condition were cached: 0 of 16,000 paths) and the
// per-activation unroll counts.
//
// The objects a root's state holds when package initialization ends
// (Options.InitEnd: initialization's regular expressions, tables and
// types) are most of the heap on real code, and most of them are never
// written again: walking them at every choose was most of a testify
// suite's time (2.35 s of 3.4 s). That state's heap is the snapshot
// (without InitEnd, the heap at the first hashed choose). In a state that
// holds as many objects or more, each below that count the snapshot's
// object, a written copy of it (the same born) or one holding its value,
// those objects keep their ids as their canonical numbers (baseCanon), and
// only those whose value is not the snapshot's are hashed (dirtyBase), by
// id: an object is replaced, never changed, once no state owns it, so one
// still the snapshot's holds the snapshot's value. The variables of the
// snapshot's values are hashed by their numbers, as the values that would
// tie them to a state's other terms are not hashed. Other states (hashed
// before the snapshot, forked before it and holding objects of their own
// below its count) are hashed whole; the leading count tells the two ways
// apart, so they meet only states hashed their way.
//
// The table holds 128-bit hashes: a collision (two different states with
// one hash, about 2^-128 per pair) would drop a state wrongly.
//
// Options.Running is left out of the hash and kept beside the cost: a
// state X whose running goroutine is r can reach at cost c+1 whatever X
// with any other running goroutine reaches at cost c (switching to that
// one is a preemption), and X with none (-1) reaches at no cost whatever X
// with r does. So a state is dropped when X was seen with the same r, or
// with -1, at no greater cost, or with any r at a cost at least one less:
// the interleavings of independent steps, which end in one memory but
// differ in who ran last, meet.

// StateHasher is implemented by observers whose state can be hashed. obj
// renames a heap object to its canonical number; ok is false for an
// object no longer reachable, which no later event can name (the observer
// may leave out what it knows of it). An object of the cache's snapshot
// is named by its id, reachable or not. slot renames a goroutine slot of
// the events (Options.Symmetry; the identity without it). Equal hashes
// must mean the observer reports the same findings for the same future
// events (up to the renamings).
type StateHasher interface {
	HashState(h *StateHash, obj func(ObjID) (uint64, bool), slot func(int) int)
}

// StateHash accumulates a 128-bit hash.
type StateHash struct {
	a, b   uint64
	failed bool
}

// Fail says the state cannot be hashed faithfully (it holds something the
// hasher cannot rename): it is then not cached.
func (h *StateHash) Fail() { h.failed = true }

// Failed reports whether Fail was called.
func (h *StateHash) Failed() bool { return h.failed }

var strSeedA, strSeedB = maphash.MakeSeed(), maphash.MakeSeed()

// Uint64 adds a word.
func (h *StateHash) Uint64(v uint64) {
	h.a = bits.RotateLeft64((h.a^v)*0x9e3779b97f4a7c15, 29) + 0x632be59bd9b4e019
	h.b = bits.RotateLeft64((h.b+v)*0xc2b2ae3d27d4eb4f, 31) ^ 0x85ebca77c2b2ae63
}

// String adds a string.
func (h *StateHash) String(s string) {
	h.Uint64(uint64(len(s)))
	h.a ^= maphash.String(strSeedA, s)
	h.b += maphash.String(strSeedB, s)
	h.Uint64(0x5bd1e995)
}

// Sum returns the hash.
func (h *StateHash) Sum() [2]uint64 { return [2]uint64{fmix(h.a ^ h.b>>7), fmix(h.b + h.a<<3)} }

// Add adds a sum commutatively: the entries of an unordered collection
// are hashed apart and added.
func (h *StateHash) Add(s [2]uint64) { h.a += s[0]; h.b ^= fmix(s[1] + 0x9e3779b97f4a7c15) }

func fmix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// stateCache is the table of states seen at a choose, with the least cost
// each was seen at.
type stateCache struct {
	seen  map[[2]uint64][]seenAt
	off   bool    // an observer cannot be hashed
	canon []int32 // raw object id -> canonical number + 1 (0: not reached)
	queue []uint64
	terms map[*expr]uint64 // the terms hashState has met: their order of meeting
	live  map[*ir.Func]*liveness

	running uint64 // the object of Options.Running's global (0: none)

	base     []*heapPage       // the page table of the snapshot (a copy)
	baseN    uint64            // its objects
	named    uint64            // objects below it are named by id (baseCanon) in the state being hashed: baseN, or 0 when it is hashed whole
	dirty    []uint64          // the snapshot's objects the state holds other values in
	baseVars map[uint64]uint64 // the variables the snapshot's values hold, numbered: named by that number

	sym symScratch // the state's permutation of goroutine slots (symmetry.go)
}

// baseCanon marks a canonical number that is an object's id: an object of
// the snapshot's range (stateCache.base).
const baseCanon = 1 << 40

// seenAt is the least cost a state was seen at with one value of
// Options.Running.
type seenAt struct {
	running int64
	cost    int
	sleep   uint64 // the sleep set's goroutines (partial-order reduction)
	grp     *group // the choose that explored it (source sets: its futures' footprint, dpor.go)
}

// dominated reports whether a state seen at ats covers the same state with
// running goroutine r at cost c (see Options.Running) and the goroutines
// of sleep asleep. If none covers it whole, explored is the goroutines some
// entry with no less of the bound left ran from it: only those asleep there
// were not (Godefroid, Partial-Order Methods for the Verification of
// Concurrent Systems, on sleep sets with state caching).
// by is the chooses of the entries that cover the state, or that explored
// goroutines of it.
func dominated(ats []seenAt, r int64, c int, sleep uint64) (covered bool, explored uint64, by []*group) {
	for _, a := range ats {
		if !(a.cost <= c && (a.running == r || a.running == -1) || a.cost+1 <= c) {
			continue
		}
		if a.sleep&^sleep == 0 {
			return true, 0, []*group{a.grp}
		}
		explored |= ^a.sleep // explored with a goroutine asleep that may run here
		by = append(by, a.grp)
	}
	return false, explored, by
}

// record notes the state with running goroutine r at cost c, explored by
// the choose of grp.
func record(ats []seenAt, r int64, c int, sleep uint64, grp *group) []seenAt {
	for i := range ats {
		if ats[i].running == r && ats[i].sleep == sleep {
			if c < ats[i].cost {
				ats[i].cost, ats[i].grp = c, grp
			}
			return ats
		}
	}
	return append(ats, seenAt{r, c, sleep, grp})
}

// revisited reports whether st, about to choose, equals a state already
// seen at a cost no greater and with no goroutine asleep that is not asleep
// in st; otherwise it records st. With byID (a choose whose values are
// goroutine numbers, under the reduction), a state seen with more asleep is
// not dropped but explored only for the goroutines not run from it then:
// skip holds the others, and the state is recorded as explored with the
// goroutines asleep both times asleep.
// by names the chooses that explored st's futures before: the one whose
// state covers st, or those whose goroutines are skipped (a nil one is
// unknown).
func (e *executor) revisited(st *state, sleep uint64, byID bool) (drop bool, skip uint64, by []*group) {
	c := &e.cache
	if c.off || st.pc.depth > maxCachedPC {
		return false, 0, nil
	}
	if c.seen == nil {
		c.seen = make(map[[2]uint64][]seenAt)
		c.live = make(map[*ir.Func]*liveness)
		if g := e.prog.Global(e.opts.Running); g != nil && e.opts.Running != "" {
			c.running = e.globalObj[g]
		}
	}
	if c.base == nil && e.opts.InitEnd == "" {
		e.snapshot(st)
	}
	if c.base != nil && c.baseVars == nil {
		e.baseWalk()
	}
	key, running, ok := e.hashState(st)
	if !ok {
		return false, 0, nil
	}
	ats := c.seen[key]
	// Costs are kept relative to the round's bound: a state explored in an
	// earlier round with as much of its bound left covers this one.
	cost := st.cost - e.bound
	// (goroutine sets by canonical slot: symmetry.go)
	canon, back := func(m uint64) uint64 { return m }, func(m uint64) uint64 { return m }
	if c.sym.on {
		canon, back = c.sym.canonBits, c.sym.backBits
	}
	covered, explored, by := dominated(ats, running, cost, canon(sleep))
	if covered {
		return true, 0, by
	}
	explored = back(explored)
	if !byID {
		explored, by = 0, nil
	}
	var grp *group
	if e.dpor && st.tr != nil {
		grp = st.tr.grp
		grp.queue = append(make([]uint64, 0, len(c.queue)), c.queue...) // the canonical numbering, to name its futures' footprint by (dpor.go); never nil
		grp.named = c.named
		grp.perm, grp.table = nil, 0
		if c.sym.on && !c.sym.identity {
			grp.perm, grp.table = slices.Clone(c.sym.perm), c.sym.table
		}
		grp.recorded = true // the choose queues a placeholder (choose)
	}
	c.seen[key] = record(ats, running, cost, canon(sleep&^explored), grp)
	if explored&^sleep == 0 {
		by = nil
	}
	return false, explored &^ sleep, by
}

// snapshot keeps st's heap as the cache's snapshot: the state whose
// initialization has just ended (Options.InitEnd; without it, the first
// hashed choose). It is taken before the test has made anything of its
// own: the objects of its goroutines (a go statement's closure, made
// before it starts) are walked, and so numbered by where the walk meets
// them, which symmetry reduction needs (symmetry.go); the snapshot's are
// named by id.
func (e *executor) snapshot(st *state) {
	c := &e.cache
	if c.base != nil {
		return
	}
	// The snapshot: st takes a new id, as a fork does, so that no
	// state owns the snapshot's objects and pages any more and every
	// write copies them.
	c.base, c.baseN = slices.Clone(st.heap.pages), uint64(st.heap.len())
	st.id = e.newID()
	st.sharedHeap = true
}

// baseWalk gathers what the cache needs of the snapshot's values, at the
// first choose hashed against it (a root of one goroutine never needs
// it): their variables, and for symmetry reduction whether they name
// goroutines, and which per-slot arrays hold one value in every slot.
func (e *executor) baseWalk() {
	c := &e.cache
	table := uint64(0)
	if e.sym != nil {
		table = c.baseObj(e.sym.table).value().n
	}
	c.baseVars = make(map[uint64]uint64)
	for id := uint64(1); id < c.baseN; id++ {
		o := c.baseObj(id)
		if o.m != nil {
			for j := range o.m.keys {
				e.addBaseVars(o.m.keys[j])
				e.addBaseVars(o.m.vals[j])
			}
		} else if !o.lazy {
			e.addBaseVars(o.val)
		}
		if e.sym != nil && slices.Contains(e.sym.perSlot, id) && o.m == nil && !o.lazy && len(o.val.elems) > 0 {
			c.sym.uniform[id] = !slices.ContainsFunc(o.val.elems, func(v value) bool { return !sameValue(v, o.val.elems[0]) })
		}
		if e.sym != nil && id != table && !c.sym.special[id] && !c.sym.baseSlot {
			// (its objects, not walked, could name the goroutines it
			// holds by their slots: symmetry.go)
			if o.m != nil {
				c.sym.baseSlot = slices.ContainsFunc(o.m.keys, func(v value) bool { return e.namesSlot(v, table) }) ||
					slices.ContainsFunc(o.m.vals, func(v value) bool { return e.namesSlot(v, table) })
			} else if !o.lazy {
				c.sym.baseSlot = e.namesSlot(o.val, table)
			}
		}
	}
}

// baseObj is the snapshot's object id.
func (c *stateCache) baseObj(id uint64) *object {
	return c.base[id>>heapPageBits].objs[id&(1<<heapPageBits-1)]
}

// hashState returns st's key and, kept out of it, the value of
// Options.Running's global (0 when none is named).
func (e *executor) hashState(st *state) (key [2]uint64, running int64, ok bool) {
	c := &e.cache
	if n := st.heap.len(); cap(c.canon) < n {
		c.canon = make([]int32, n+n/2)
	}
	c.canon = c.canon[:st.heap.len()]
	c.queue = c.queue[:0]
	clear(c.terms)
	defer func() {
		for _, id := range c.queue {
			c.canon[id] = 0
		}
	}()
	c.named, c.dirty = 0, c.dirty[:0]
	if c.dirtyBase(st) {
		c.named = c.baseN
	}
	var h StateHash
	if c.running != 0 {
		running = int64(st.heap.get(c.running).value().n) // beside the hash (Options.Running)
	}
	if c.sym.on {
		e.symPermute(st)
		running = c.sym.slotOf(running)
	}
	// The roots: globals, then the coroutines.
	for _, g := range e.prog.Globals {
		h.Uint64(e.canonObj(e.globalObj[g]))
	}
	h.Uint64(uint64(len(st.active)))
	for _, a := range st.active {
		if c.sym.on {
			a = int(c.sym.coCanon[a])
		}
		h.Uint64(uint64(a))
	}
	h.Uint64(uint64(len(st.cos)))
	for k := range st.cos {
		ci := k
		if c.sym.on {
			ci = c.sym.coOrder[k] // (slots permuted: symmetry.go)
		}
		co := st.cos[ci]
		h.Uint64(uint64(len(co.frames))<<2 | uint64(b2n(co.done))<<1 | uint64(b2n(co.running)))
		for k, f := range co.frames {
			h.Uint64(uint64(e.funcIndex[f.fn]))
			h.Uint64(uint64(f.block.Index)<<32 | uint64(f.pc))
			for _, u := range f.unroll {
				h.Uint64(uint64(uintptr(unsafe.Pointer(u.br))))
				h.Uint64(uint64(u.taken[0])<<32 | uint64(u.taken[1]))
			}
			waiting := k < len(co.frames)-1 || ci != st.active[len(st.active)-1] && slices.Contains(st.active, ci)
			lv := e.liveAt(f.fn, f.block.Index, f.pc, waiting)
			// The goroutines a choosebit offers are a set of slots
			// (symmetry.go).
			mask := -1
			if in := f.block.Instrs[f.pc]; c.sym.on && !waiting && in.Op == ir.OpChooseBit {
				if l, ok := in.Args[0].(*ir.Local); ok {
					mask = l.Index
				}
			}
			for i, l := range f.fn.Locals {
				if lv[i>>6]&(1<<(i&63)) != 0 {
					if i == mask && f.locals[i].x == nil {
						h.Uint64(c.sym.canonBits(f.locals[i].n))
						continue
					}
					e.hashValue(&h, f.locals[i], l.Typ)
				}
			}
		}
	}
	// The addresses taken (their order is the order of the addresses) and
	// the arrays of strdata.
	if len(st.exposed) > 0 || len(st.strData) > 0 {
		h.Uint64(uint64(len(st.exposed)))
		for _, id := range st.exposed {
			h.Uint64(e.canonObj(id))
		}
		keys := make([]string, 0, len(st.strData))
		for k := range st.strData {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			h.String(k)
			h.Uint64(e.canonObj(st.strData[k]))
		}
	}
	// The snapshot's objects written since, by id, then the others in the
	// order the walk reached them.
	h.Uint64(c.named)
	if c.sym.on {
		h.Uint64(uint64(b2n(c.sym.renamed))) // (numbers hashed as canonical slots or as they are)
	}
	if c.sym.on && c.named != 0 {
		// The goroutine table's objects are hashed renamed, written or not.
		c.dirty = slices.DeleteFunc(c.dirty, func(id uint64) bool { return c.sym.special[id] || id == c.sym.table })
		for _, id := range append(c.sym.specials, c.sym.table) {
			if id == 0 || id >= c.named {
				continue
			}
			h.Uint64(id)
			if o := st.heap.get(id); o == c.baseObj(id) && c.sym.uniform[id] {
				// the snapshot's, the same in every slot: no renaming
				// changes it (the panic states, until a path panics)
				h.Uint64(1)
				continue
			}
			h.Uint64(0)
			e.hashObject(&h, id, st.heap.get(id))
		}
	}
	for _, id := range c.dirty {
		h.Uint64(id)
		e.hashObject(&h, id, st.heap.get(id))
	}
	for i := 0; i < len(c.queue); i++ {
		e.hashObject(&h, c.queue[i], st.heap.get(c.queue[i]))
	}
	// The observers, by name.
	if len(st.obs) > 0 {
		canon := func(id ObjID) (uint64, bool) {
			if id != 0 && uint64(id) < c.named {
				return baseCanon | uint64(id), true
			}
			if uint64(id) < uint64(len(c.canon)) && c.canon[id] != 0 {
				return uint64(c.canon[id]), true
			}
			return 0, false
		}
		slot := func(s int) int { return s }
		if c.sym.on && !c.sym.identity {
			slot = func(s int) int { return int(c.sym.slotOf(int64(s))) }
		}
		for _, s := range st.obs {
			sh, ok := s.o.(StateHasher)
			if !ok {
				c.off = true
				return key, 0, false
			}
			h.String(s.name)
			sh.HashState(&h, canon, slot)
		}
	}
	// The path condition, its variables named as the state's are: two
	// states equal up to a renaming of their variables, under conditions
	// equal up to the same renaming, have the same futures.
	h.Uint64(uint64(st.pc.depth))
	for n := st.pc; n != e.sol.root; n = n.parent {
		e.hashTerm(&h, n.cond)
	}
	if h.failed {
		return key, 0, false
	}
	return h.Sum(), running, true
}

// hashObject adds object id's value (its type's and its entries' for a map).
func (e *executor) hashObject(h *StateHash, id uint64, o *object) {
	if o.m != nil {
		h.Uint64(typeKey(o.m.keyT))
		h.Uint64(typeKey(o.m.valT))
		h.Uint64(uint64(len(o.m.keys)))
		for j := range o.m.keys {
			e.hashValue(h, o.m.keys[j], o.m.keyT)
			e.hashValue(h, o.m.vals[j], o.m.valT)
		}
		return
	}
	if id == e.cache.running {
		return // beside the hash (Options.Running)
	}
	if e.hashSpecial(h, id, o) {
		return
	}
	h.Uint64(typeKey(o.typ))
	if o.lazy { // hashed apart from a built zero value: a miss, never a false hit
		h.Uint64(1)
		return
	}
	e.hashValue(h, o.val, o.typ)
}

// dirtyBase reports whether st is hashed against the snapshot, and lists
// in c.dirty, by id, the snapshot's objects that st holds another value
// in. It is when st holds as many objects or more and each one below the
// snapshot's count is the snapshot's, a written copy of it (the same
// born), or holds its value: a page or object still the snapshot's holds
// its value; one written since and back to it (a mutex unlocked again, a
// channel emptied) or made again with it (a round that runs
// initialization again) is compared, as hashing it would keep st from
// meeting a state that never wrote it. An object made after a fork before
// the snapshot with another value makes st hashed whole: the snapshot's
// values, which are not walked, may point to it. Options.Running's global
// is hashed by no one.
func (c *stateCache) dirtyBase(st *state) bool {
	if c.baseN == 0 || uint64(st.heap.len()) < c.baseN {
		return false
	}
	for pi := 0; uint64(pi)<<heapPageBits < c.baseN; pi++ {
		p, bp := st.heap.pages[pi], c.base[pi]
		if p == bp {
			continue
		}
		for j, o := range p.objs {
			id := uint64(pi)<<heapPageBits | uint64(j)
			if id >= c.baseN {
				break
			}
			b := bp.objs[j]
			switch {
			case o == b || id == 0 || id == c.running || sameObject(o, b):
			case o.born == b.born:
				c.dirty = append(c.dirty, id)
			default:
				c.dirty = c.dirty[:0]
				return false
			}
		}
	}
	return true
}

// addBaseVars numbers the variables of v's terms in baseVars (their
// terms are shared: solver.varsOf walks each once).
func (e *executor) addBaseVars(v value) {
	if v.x != nil {
		for _, n := range e.sol.varsOf(v.x) {
			if _, ok := e.cache.baseVars[n]; !ok {
				e.cache.baseVars[n] = uint64(len(e.cache.baseVars))
			}
		}
	}
	for _, el := range v.elems {
		e.addBaseVars(el)
	}
}

// maxCachedPC bounds the conditions a cached state's path may hold: each
// choose hashes them all.
const maxCachedPC = 256

// typeKey names a type: the program's types by identity, and the arrays
// alloc and strtobytes make as they run by length and element type.
func typeKey(t *ir.Type) uint64 {
	if t.Kind == ir.KindArray {
		return fmix(uint64(t.Len)*0x9e3779b97f4a7c15 ^ typeKey(t.Elem))
	}
	return uint64(uintptr(unsafe.Pointer(t)))
}

// canonObj returns the canonical number of object id (0 for nil): its id
// with baseCanon for an object of the snapshot's range when the state is
// hashed against it (stateCache.named), else its order in the walk,
// queueing it when first reached.
func (e *executor) canonObj(id uint64) uint64 {
	if id == 0 {
		return 0
	}
	c := &e.cache
	if id < c.named {
		return baseCanon | id
	}
	if n := c.canon[id]; n != 0 {
		return uint64(n)
	}
	c.queue = append(c.queue, id)
	c.canon[id] = int32(len(c.queue))
	return uint64(len(c.queue))
}

func (e *executor) hashValue(h *StateHash, v value, t *ir.Type) {
	if e.cache.sym.on && (t.Kind == ir.KindCo || t.Kind == ir.KindInt && cap(v.path) == 1 || t.Kind == ir.KindPtr && len(v.path) > 0) && e.hashSlotValue(h, v, t) {
		return
	}
	switch t.Kind {
	case ir.KindStruct, ir.KindArray:
		for i, el := range v.elems {
			e.hashValue(h, el, childType(t, i))
		}
		return
	case ir.KindPtr:
		h.Uint64(e.canonObj(v.n))
		h.Uint64(uint64(len(v.path)))
		for _, p := range v.path {
			h.Uint64(uint64(p))
		}
	case ir.KindString:
		h.String(v.s)
		if p, ok := strOrigin(v); ok {
			e.hashValue(h, p, ir.Ptr)
		}
	default:
		h.Uint64(v.n)
	}
	if v.x != nil {
		e.hashTerm(h, v.x)
	}
}

// hashTerm adds the term x with its variables renamed in the order the
// walk meets them. The path condition is hashed with the state, under the
// same renaming: two states equal up to a renaming, whose conditions are
// too, have the same futures up to it (the same queries are satisfiable,
// the same findings reached). The variables made
// by a nondet are fresh on every path, so hashing them by number made a
// state holding any unknown value (a formatted message, a stack trace)
// never meet another: singleflight's TestPanicDo, 27,000 states, no hit.
// A variable's label stays in the hash (findings that depend on it are
// held back by it). Terms already met are named by their order of meeting,
// so that a term shared by many values is walked once.
func (e *executor) hashTerm(h *StateHash, x *expr) {
	c := &e.cache
	if k, ok := c.terms[x]; ok {
		h.Uint64(1<<62 | k)
		return
	}
	if c.terms == nil {
		c.terms = make(map[*expr]uint64)
	}
	c.terms[x] = uint64(len(c.terms))
	h.Uint64(uint64(x.op)<<32 | uint64(x.sort.K)<<16 | uint64(x.sort.W)<<8 | uint64(x.narg))
	switch x.op {
	case xConst:
		h.Uint64(x.c.n)
		h.String(x.c.s)
	case xVar:
		if k, ok := c.baseVars[x.c.n]; ok && c.named != 0 {
			// A variable of the snapshot's values, which are not
			// hashed: by its number, so that a state holding it meets
			// no state holding a fresh one of its label instead.
			h.Uint64(1<<61 | k)
			return
		}
		h.String(e.labels[x.c.n])
		if _, stop := e.stopVars[x.c.n]; stop {
			h.Uint64(1)
		}
	default:
		for i := range int(x.narg) {
			e.hashTerm(h, x.args[i])
		}
	}
}

// ---- liveness of locals ----

// liveness holds, per block and instruction, the locals live before it
// (in) and after it (out), as bit sets.
type liveness struct {
	in, out [][][]uint64
}

// liveAt returns the locals that matter to a frame of fn at instruction
// pc of block b: those live before it, or for a frame waiting on a call or
// resume there, those live after it, save the call's result.
func (e *executor) liveAt(fn *ir.Func, b, pc int, waiting bool) []uint64 {
	lv := e.cache.live[fn]
	if lv == nil {
		lv = computeLiveness(fn)
		e.cache.live[fn] = lv
	}
	if waiting {
		return lv.out[b][pc]
	}
	return lv.in[b][pc]
}

func computeLiveness(fn *ir.Func) *liveness {
	l := ir.Live(fn)
	lv := &liveness{in: l.In, out: l.Out}
	// A frame waiting on a call gets the call's result written: it is not
	// needed from before.
	for i, b := range fn.Blocks {
		for j, in := range b.Instrs {
			if in.Dst != nil && (in.Op == ir.OpCall || in.Op == ir.OpResume) {
				lv.out[i][j][in.Dst.Index>>6] &^= 1 << (in.Dst.Index & 63)
			}
		}
	}
	return lv
}

// sameObject reports whether a holds what b does (false when unsure: a
// symbolic value that is another term, a zero value built in one).
func sameObject(a, b *object) bool {
	if a.lazy != b.lazy || (a.m == nil) != (b.m == nil) || a.m == nil && typeKey(a.typ) != typeKey(b.typ) {
		return false
	}
	if a.m != nil {
		return a.m.keyT == b.m.keyT && a.m.valT == b.m.valT &&
			slices.EqualFunc(a.m.keys, b.m.keys, sameValue) && slices.EqualFunc(a.m.vals, b.m.vals, sameValue)
	}
	return a.lazy || sameValue(a.val, b.val)
}

func sameValue(a, b value) bool {
	return a.n == b.n && a.s == b.s && a.x == b.x && slices.Equal(a.path, b.path) && isSlot(a) == isSlot(b) && slices.EqualFunc(a.elems, b.elems, sameValue)
}
