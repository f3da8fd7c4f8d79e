package smt

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"

	"github.com/gokiss/kiss/ir"
)

// Symmetry reduction in the state cache (Emerson and Sistla, Symmetry and
// Model Checking; Ip and Dill, Better Verification Through Symmetry).
//
// Goroutines are numbered by the slot of the caller's table they hold,
// and nothing but those numbers tells apart two goroutines that run the
// same code on the same values: a state in which worker A is done and
// worker B waits for a lock has the futures, renamed, of the state in
// which B is done and A waits. Each state is hashed under a permutation
// of the slots that sorts them by what the goroutines are (their status
// and where each of their frames is: a signature, slot order breaking
// ties), and every slot the state holds is renamed by it: the records in
// the table and the arrays indexed by slot, in permuted order; the bits
// of the masks and of the set a choosebit offers; the twin and number
// fields; a pointer into those arrays; the coroutines, walked in permuted
// order; the race detector's goroutines (StateHasher); and every value
// loaded from
// Options.Running's global, which load tags as a slot (slotTag), so that
// its copies in frames and in the models' records (a channel's waiters)
// are renamed wherever they went. Values computed from a slot are no
// slots (a mask, a slot + 1): the fields that hold them are named in
// Symmetry. Two states with equal hashes are then equal up to a renaming
// of goroutines, and have the same futures up to it: the same findings,
// at the same cost (the cost bound counts preemptions, not goroutines).
//
// The POR metadata kept beside a cached state is kept canonical too: the
// running goroutine and the sleep set by their permuted slots, and a
// choose's futures' footprint (dpor.go) by the permuted slots of its
// goroutines, mapped back to the path's slots when a path meets it.
//
// A slot is left unrenamed (the permutation is the identity) where the
// renaming could miss one: while a global of Symmetry.Off holds (in a
// testing/synctest bubble goroutines are ordered by number; a stack trace
// writes a goroutine's slot into the program's memory as text), past 64
// slots, and, for states hashed against the cache's snapshot, when the
// snapshot's objects name goroutines besides the first (they are not
// walked: namesSlot).

// Symmetry names the caller's goroutine table (Options.Symmetry).
type Symmetry struct {
	// Table is a global holding a pointer to the array of goroutine
	// records, indexed by slot.
	Table string
	// Used is a global of type i64: how many slots have been used; the
	// ones above are not permuted.
	Used string
	// Fields of a record: its status (0: unused), its coroutine, the
	// goroutine's number (unique to it, only compared for equality), and
	// its twin's slot + 1 (0: none).
	Status, Co, Number, TwinPlus1 int
	// Masks are globals of type i64 holding a bit per slot.
	Masks []string
	// PerSlot are the name prefixes of globals that are arrays indexed
	// by slot.
	PerSlot []string
	// Sites is the name prefix of globals of type {i64, i64, T}: a slot +
	// 1 (0: none), a number, and a struct whose last field is a number.
	Sites string
	// Off are globals of type bool: while one holds, slots are not
	// permuted, and numbers are hashed as they are (they may be compared
	// by order then).
	Off []string
}

// slotTag marks an integer value as a slot: load gives it to what it
// reads from Options.Running's global. It is an empty path, which integer
// values do not use otherwise, and which intsEqual takes for no path.
var (
	slotTagArr [1]int
	slotTag    = slotTagArr[:0:1]
)

func isSlot(v value) bool {
	return cap(v.path) == 1 && len(v.path) == 0 && &v.path[:1][0] == &slotTagArr[0]
}

// symObjs are the objects of Symmetry's globals.
type symObjs struct {
	table, used    uint64
	off            []uint64
	masks, perSlot []uint64
	sites          []uint64
	running        uint64
}

// symScratch is what hashState computes of a state's permutation.
type symScratch struct {
	on       bool    // Options.Symmetry: the special objects are hashed their own way
	perm     []int   // slot -> canonical slot, below used
	inv      []int   // canonical slot -> slot
	table    uint64  // the array of records (0: none yet)
	coCanon  []int32 // coroutine -> its place in the walk
	coOrder  []int
	nums     []numCanon
	sig      []uint64
	order    []int
	identity bool
	renamed  bool // slots are permuted (numbers renamed), if only by the identity
	special  map[uint64]bool
	specials []uint64        // the same, in a fixed order
	uniform  map[uint64]bool // those of them the snapshot holds the same value in for every slot
	baseSlot bool            // the snapshot's objects name goroutines besides the first (namesSlot)
}

type numCanon struct{ num, canon uint64 }

// staleNum stands for a number no record holds any more: it equals none.
const staleNum = 1 << 62

func (e *executor) initSymmetry() {
	s := e.opts.Symmetry
	if s == nil || e.por == nil {
		return
	}
	obj := func(name string) uint64 {
		if g := e.prog.Global(name); g != nil && name != "" {
			return e.globalObj[g]
		}
		return 0
	}
	o := &symObjs{table: obj(s.Table), used: obj(s.Used), running: e.por.running}
	for _, g := range s.Off {
		if id := obj(g); id != 0 {
			o.off = append(o.off, id)
		}
	}
	if o.table == 0 || o.used == 0 {
		return
	}
	for _, m := range s.Masks {
		if id := obj(m); id != 0 {
			o.masks = append(o.masks, id)
		}
	}
	for _, g := range e.prog.Globals {
		for _, p := range s.PerSlot {
			if strings.HasPrefix(g.Name, p) {
				o.perSlot = append(o.perSlot, e.globalObj[g])
			}
		}
		if s.Sites != "" && strings.HasPrefix(g.Name, s.Sites) {
			o.sites = append(o.sites, e.globalObj[g])
		}
	}
	e.sym = o
	c := &e.cache.sym
	c.on = true
	c.special, c.uniform = map[uint64]bool{}, map[uint64]bool{}
	c.specials = slices.Clip(append(append(slices.Clone(o.masks), o.perSlot...), o.sites...))
	for _, id := range c.specials {
		c.special[id] = true
	}
}

// symPermute computes st's permutation (symScratch) before it is hashed.
func (e *executor) symPermute(st *state) {
	c := &e.cache.sym
	c.identity = true
	c.table = 0
	c.perm, c.inv, c.nums = c.perm[:0], c.inv[:0], c.nums[:0]
	n := len(st.cos)
	if cap(c.coCanon) < n {
		c.coCanon = make([]int32, n+n/2)
	}
	c.coCanon = c.coCanon[:n]
	c.coOrder = c.coOrder[:0]
	o := e.sym
	tv := st.heap.get(o.table).value()
	c.table = tv.n
	used := int(st.heap.get(o.used).value().n)
	var recs []value
	var rt *ir.Type
	if c.table != 0 {
		if r := st.heap.get(c.table); !r.lazy && r.m == nil && r.typ.Kind == ir.KindArray {
			recs, rt = r.value().elems, r.typ.Elem
		}
	}
	used = min(used, len(recs))
	for s := range used {
		c.perm = append(c.perm, s)
		c.inv = append(c.inv, s)
	}
	permute := used > 2 && used <= 64 && !(c.baseSlot && e.cache.named != 0) &&
		!slices.ContainsFunc(o.off, func(id uint64) bool { return st.heap.get(id).value().n != 0 })
	c.renamed = permute
	sym := e.opts.Symmetry
	if permute {
		// The signature: the record's scalars and where each frame of its
		// coroutine is; slot 0 (the first goroutine) stays.
		c.sig = c.sig[:0]
		c.order = c.order[:0]
		for s := range used {
			var h StateHash
			rec := recs[s]
			for i, f := range rec.elems {
				if i == sym.Number || i == sym.TwinPlus1 || f.x != nil {
					continue
				}
				switch childType(rt, i).Kind {
				case ir.KindBool, ir.KindInt:
					h.Uint64(f.n)
				case ir.KindString:
					h.String(f.s)
				case ir.KindPtr: // (objects are numbered by the walk, later)
					h.Uint64(uint64(b2n(f.n == 0)))
				}
			}
			if ci := int(rec.elems[sym.Co].n); rec.elems[sym.Status].n != 0 && ci > 0 && ci < n {
				co := st.cos[ci]
				h.Uint64(uint64(len(co.frames))<<2 | uint64(b2n(co.done))<<1 | uint64(b2n(co.running)))
				for _, f := range co.frames {
					h.Uint64(uint64(e.funcIndex[f.fn]))
					h.Uint64(uint64(f.block.Index)<<32 | uint64(f.pc))
				}
			}
			c.sig = append(c.sig, h.Sum()[0])
			c.order = append(c.order, s)
		}
		slices.SortStableFunc(c.order[1:], func(a, b int) int { return cmp.Compare(c.sig[a], c.sig[b]) })
		for k, s := range c.order {
			c.perm[s], c.inv[k] = k, s
			if s != k {
				c.identity = false
			}
		}
	}
	// The coroutines: those of no record first, in their order, then the
	// records', by canonical slot.
	for i := range c.coCanon {
		c.coCanon[i] = -1
	}
	owner := func(s int) int {
		rec := recs[s]
		if rec.elems[sym.Status].n == 0 {
			return -1
		}
		if ci := int(rec.elems[sym.Co].n); ci > 0 && ci < n {
			return ci
		}
		return -1
	}
	for s := range used {
		if ci := owner(s); ci >= 0 {
			c.coCanon[ci] = -2
		}
	}
	for ci := range n {
		if c.coCanon[ci] == -1 {
			c.coCanon[ci] = int32(len(c.coOrder))
			c.coOrder = append(c.coOrder, ci)
		}
	}
	for k := range used {
		if ci := owner(c.inv[k]); ci >= 0 && c.coCanon[ci] == -2 {
			c.coCanon[ci] = int32(len(c.coOrder))
			c.coOrder = append(c.coOrder, ci)
		}
	}
	// The numbers the records hold, by canonical slot.
	for s := range used * int(b2n(permute)) {
		if recs[s].elems[sym.Status].n != 0 {
			c.nums = append(c.nums, numCanon{recs[s].elems[sym.Number].n, uint64(c.perm[s])})
		}
	}
}

// slotOf renames slot s (-1 and slots past those used stay).
func (c *symScratch) slotOf(s int64) int64 {
	if s >= 0 && s < int64(len(c.perm)) {
		return int64(c.perm[s])
	}
	return s
}

// slotBack maps a canonical slot back to the state's.
func (c *symScratch) slotBack(k int) int {
	if k >= 0 && k < len(c.inv) {
		return c.inv[k]
	}
	return k
}

// numOf renames a goroutine's number: its record's canonical slot (the
// number itself where slots are not permuted).
func (c *symScratch) numOf(n uint64) uint64 {
	if !c.renamed {
		return n
	}
	for _, x := range c.nums {
		if x.num == n {
			return x.canon
		}
	}
	return staleNum
}

// bitsBy permutes the bits of a set of slots by f.
func bitsBy(m uint64, f func(int) int) uint64 {
	var r uint64
	for b := m; b != 0; b &= b - 1 {
		s := bits.TrailingZeros64(b)
		if t := f(s); t < 64 {
			r |= 1 << t
		}
	}
	return r
}

// canonBits renames a set of slots; backBits maps a canonical set back.
func (c *symScratch) canonBits(m uint64) uint64 {
	if c.identity {
		return m
	}
	return bitsBy(m, func(s int) int { return int(c.slotOf(int64(s))) })
}

func (c *symScratch) backBits(m uint64) uint64 {
	if c.identity {
		return m
	}
	return bitsBy(m, c.slotBack)
}

// hashSpecial hashes one of Symmetry's objects, renamed; false for
// another object.
func (e *executor) hashSpecial(h *StateHash, id uint64, o *object) bool {
	c := &e.cache.sym
	if !c.on || !(c.special[id] || id == c.table && id != 0) || o.m != nil || o.lazy {
		return false
	}
	sym := e.opts.Symmetry
	h.Uint64(typeKey(o.typ))
	v := o.value()
	switch {
	case id == c.table || slices.Contains(e.sym.perSlot, id):
		h.Uint64(uint64(len(v.elems)))
		for k := range v.elems {
			el := v.elems[c.slotBack(k)]
			if id != c.table || el.elems == nil {
				e.hashValue(h, el, o.typ.Elem)
				continue
			}
			for i, f := range el.elems {
				switch i {
				case sym.Number:
					h.Uint64(c.numOf(f.n))
				case sym.TwinPlus1:
					h.Uint64(uint64(c.slotOf(int64(f.n)-1) + 1))
				default:
					e.hashValue(h, f, childType(o.typ.Elem, i))
				}
			}
		}
	case slices.Contains(e.sym.masks, id):
		h.Uint64(c.canonBits(v.n))
	default: // a twin site: {slot + 1, number, key}
		if len(v.elems) != 3 || len(v.elems[2].elems) == 0 {
			e.hashValue(h, v, o.typ)
			return true
		}
		h.Uint64(uint64(c.slotOf(int64(v.elems[0].n)-1) + 1))
		h.Uint64(c.numOf(v.elems[1].n))
		key := v.elems[2]
		kt := childType(o.typ, 2)
		last := len(key.elems) - 1
		for i, f := range key.elems[:last] {
			e.hashValue(h, f, childType(kt, i))
		}
		h.Uint64(c.numOf(key.elems[last].n))
	}
	return true
}

// hashSlotValue hashes a scalar that may be a slot or a coroutine; false
// when it is neither.
func (e *executor) hashSlotValue(h *StateHash, v value, t *ir.Type) bool {
	c := &e.cache.sym
	switch {
	case !c.on:
		return false
	case t.Kind == ir.KindCo:
		if v.n < uint64(len(c.coCanon)) {
			h.Uint64(uint64(c.coCanon[v.n]))
			return true
		}
	case t.Kind == ir.KindInt && isSlot(v):
		if v.x != nil {
			h.Fail() // a slot the path condition decides: not renamed
			return true
		}
		h.Uint64(uint64(c.slotOf(int64(v.n))))
		return true
	case t.Kind == ir.KindPtr && len(v.path) > 0 && v.n != 0 && (v.n == c.table || slices.Contains(e.sym.perSlot, v.n)):
		h.Uint64(e.canonObj(v.n))
		h.Uint64(uint64(len(v.path)))
		h.Uint64(uint64(c.slotOf(int64(v.path[0]))))
		for _, p := range v.path[1:] {
			h.Uint64(uint64(p))
		}
		if v.x != nil {
			h.Fail()
		}
		return true
	}
	return false
}

// permOf is slot s under perm (the identity past it).
func permOf(perm []int, s int) int {
	if s >= 0 && s < len(perm) {
		return perm[s]
	}
	return s
}

// slotIndex renames by f the element index of an access to the goroutine
// table (table) or an array indexed by slot: a slot.
func (e *executor) slotIndex(obj, table uint64, idx int32, f func(int) int) int32 {
	if idx >= 0 && obj != 0 && (obj == table || slices.Contains(e.sym.perSlot, obj)) {
		return int32(f(int(idx)))
	}
	return idx
}

// namesSlot reports whether v holds a slot other than the first
// goroutine's: a value load tagged, or a pointer into the goroutine table
// (table) or an array indexed by slot past its first element.
func (e *executor) namesSlot(v value, table uint64) bool {
	if isSlot(v) && v.n != 0 && int64(v.n) != -1 {
		return true
	}
	if len(v.path) > 0 && v.n != 0 && v.path[0] != 0 && (v.n == table || slices.Contains(e.sym.perSlot, v.n)) {
		return true
	}
	return slices.ContainsFunc(v.elems, func(el value) bool { return e.namesSlot(el, table) })
}
