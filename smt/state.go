package smt

import (
	"slices"
	"strings"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/smt/internal/pmap"
)

// A state is one path under exploration: its call stacks, heap, path
// condition and records. Forking must be cheap, so everything a state owns
// is copy-on-write: frames, coroutines and objects carry the id of the
// state allowed to change them in place, and a fork gives both the parent
// and the child fresh ids, so that each copies what it changes first.
type state struct {
	id   uint64 // ownership epoch; see owned
	cost int
	seq  uint64 // creation order, for the work list

	cos    []*coro // coroutines; cos[0] is main's stack
	active []int   // the resume chain: active[0] == 0, the top runs
	heap   heap

	// The cos slice and the heap's page table are shared with forks until
	// written (many forks die at their next assume).
	sharedCos, sharedHeap, sharedObs bool

	pc        *pcNode
	pcChecked *pcNode // the path condition stopLabel last looked at
	nondets   *nondetRec
	trace     *traceRec
	path      *pathRec
	npath     int
	steps     int
	initDone  bool       // the path traced Options.InitEnd
	obs       []*obsSlot // by name; shared with forks until changed (sharedObs)

	// subst pins terms the current instruction already decided (a
	// condition, an enumerated value): a fork re-running the instruction
	// finds its outcome here instead of asking again. Cleared after every
	// instruction.
	subst map[*expr]cval

	// known holds the values of the variables the path condition fixes,
	// by variable number (see setPC); persistent, so forks share it.
	known pmap.Map[cval]
	// spans are the ranges comparisons with constants narrowed variables
	// to, by variable number and order (see narrow).
	spans pmap.Map[span]

	// exposed lists the objects whose address a conversion to an integer
	// took, in that order (ops_unsafe.go); strData the arrays strdata made,
	// by contents. Both are shared between forks, copied on change.
	exposed []uint64
	strData map[string]uint64

	tr     *transition // partial-order reduction: the transition running (por.go)
	expand *group      // a placeholder for the goroutines races add to this choose (dpor.go)

	done bool // the path ended (normally or not); the state is dropped
}

// frame is one activation.
type frame struct {
	owner  uint64
	fn     *ir.Func
	locals []value
	block  *ir.Block
	pc     int // index of the current instruction in block
	unroll []unrollCount
}

type unrollCount struct {
	br    *ir.Instr
	taken [2]int
}

// coro is a stack of activations: main's, or a coroutine's.
type coro struct {
	owner   uint64
	frames  []*frame
	done    bool
	running bool // on the active chain
}

// object is a heap object: a value tree or a map. Its owner updates it in
// place, but only the aggregate slices it knows to be private: all of them
// in a tree it built (allPriv), else those it copied since (priv). Others
// are shared with other states (a cloned object shares its whole tree) or
// with locals (a loaded aggregate is shared, not copied), and a store
// copies them on its way down: so cloning an object and loading from it
// cost no deep copy, and a store copies at most the spine it walks.
type object struct {
	owner   uint64
	typ     *ir.Type // the value's type; for maps, nil
	val     value
	lazy    bool // val is typ's zero value, not built yet (see newZeroObj)
	m       *mapObj
	allPriv bool
	frozen  bool            // never written once another goroutine can reach it (alloc frozen)
	born    uint64          // the id of the state that allocated it: written copies keep it (stateCache.base)
	priv    []*value        // by the address of a slice's first element: the first few
	privM   map[*value]bool // and the rest
}

// private reports whether the owner may update es in place.
func (o *object) private(es []value) bool {
	if o.allPriv || len(es) == 0 {
		return true
	}
	p := &es[0]
	for _, q := range o.priv {
		if q == p {
			return true
		}
	}
	return o.privM[p]
}

// own makes the slice *es private, copying it if needed.
func (o *object) own(es *[]value) {
	if o.private(*es) {
		return
	}
	*es = append([]value(nil), (*es)...)
	if len(o.priv) < 16 {
		o.priv = append(o.priv, &(*es)[0])
		return
	}
	if o.privM == nil {
		o.privM = make(map[*value]bool)
	}
	o.privM[&(*es)[0]] = true
}

// share forgets which slices are private: a loaded aggregate now shares
// them.
func (o *object) share() {
	o.allPriv, o.priv, o.privM = false, nil, nil
}

type mapObj struct {
	keyT, valT *ir.Type
	keys, vals []value
}

type obsSlot struct {
	name  string
	owner uint64
	o     Observer
}

// nondetRec, traceRec and pathRec are shared, immutable lists (newest first).
type nondetRec struct {
	prev *nondetRec
	v    value
	t    *ir.Type
}

type traceRec struct {
	prev *traceRec
	name string
	args []value
	ts   []*ir.Type
	pos  string
}

type pathRec struct {
	prev *pathRec
	s    string
}

const maxPathRecord = 256

func (e *executor) newID() uint64 {
	e.ids++
	return e.ids
}

// fork returns a copy of st that shares everything copy-on-write.
func (e *executor) fork(st *state) *state {
	c := *st
	c.active = append([]int(nil), st.active...)
	st.sharedCos, st.sharedHeap = true, true
	c.sharedCos, c.sharedHeap = true, true
	st.sharedObs, c.sharedObs = true, true
	c.subst = nil
	st.id = e.newID()
	c.id = e.newID()
	e.seq++
	c.seq = e.seq
	e.stats.Forks++
	e.stats.Paths++
	if e.por != nil {
		e.forked(st, &c)
	}
	return &c
}

// co returns the running coroutine, writable.
func (st *state) curCo() *coro {
	i := st.active[len(st.active)-1]
	return st.writableCo(i)
}

func (st *state) ownCos() {
	if st.sharedCos {
		st.cos = append(make([]*coro, 0, len(st.cos)+1), st.cos...)
		st.sharedCos = false
	}
}

// heap holds a state's objects by id in pages. A fork shares the page
// table and the pages; a write copies the table (once per fork) and the
// page it writes (once per owner), not the whole heap: with the standard
// library's globals a heap has hundreds of thousands of objects, and the
// work list holds thousands of states.
type heap struct {
	pages []*heapPage
	n     int
}

const heapPageBits = 8

type heapPage struct {
	owner uint64
	objs  [1 << heapPageBits]*object
}

func (h *heap) len() int { return h.n }

func (h *heap) get(id uint64) *object {
	return h.pages[id>>heapPageBits].objs[id&(1<<heapPageBits-1)]
}

func (st *state) ownHeap() {
	if st.sharedHeap {
		st.heap.pages = append(make([]*heapPage, 0, len(st.heap.pages)+1), st.heap.pages...)
		st.sharedHeap = false
	}
}

// setObj makes o object id of st's heap.
func (st *state) setObj(id uint64, o *object) {
	st.ownHeap()
	i := id >> heapPageBits
	p := st.heap.pages[i]
	if p.owner != st.id {
		n := *p
		n.owner = st.id
		st.heap.pages[i] = &n
		p = &n
	}
	p.objs[id&(1<<heapPageBits-1)] = o
}

func (st *state) writableCo(i int) *coro {
	c := st.cos[i]
	if c.owner != st.id {
		st.ownCos()
		n := *c
		n.frames = append([]*frame(nil), c.frames...)
		n.owner = st.id
		st.cos[i] = &n
		c = &n
	}
	return c
}

// top returns the running frame for reading.
func (st *state) top() *frame {
	c := st.cos[st.active[len(st.active)-1]]
	return c.frames[len(c.frames)-1]
}

// wtop returns the running frame, writable.
func (st *state) wtop() *frame {
	c := st.cos[st.active[len(st.active)-1]]
	f := c.frames[len(c.frames)-1]
	if f.owner == st.id {
		return f
	}
	c = st.curCo()
	n := *f
	n.owner = st.id
	n.locals = append([]value(nil), f.locals...)
	n.unroll = append([]unrollCount(nil), f.unroll...)
	c.frames[len(c.frames)-1] = &n
	return &n
}

func (st *state) obj(id uint64) *object { return st.heap.get(id) }

// wobj returns object id, writable.
func (st *state) wobj(id uint64) *object {
	o := st.heap.get(id)
	if o.owner == st.id {
		return o
	}
	n := &object{owner: st.id, typ: o.typ, val: o.val, lazy: o.lazy, born: o.born}
	if o.m != nil {
		n.m = &mapObj{keyT: o.m.keyT, valT: o.m.valT,
			keys: append([]value(nil), o.m.keys...), vals: append([]value(nil), o.m.vals...)}
	}
	st.setObj(id, n)
	return n
}

// newZeroObj makes an object holding t's zero value. A large array's
// elements are built only when the object is first written or read whole:
// std's globals include a 32 MiB scratch buffer (crypto's DRBG) and lookup
// tables that most paths never touch, and their elements cost 80 bytes
// each, in every state hash too.
func (st *state) newZeroObj(t *ir.Type, frozen bool) uint64 {
	if t.Kind == ir.KindArray && t.Len >= lazyArrayLen {
		return st.newObj(&object{typ: t, lazy: true, frozen: frozen})
	}
	return st.newObj(&object{typ: t, val: zeroValue(t), frozen: frozen})
}

const lazyArrayLen = 256

// value returns o's value, building it first if o is lazy. Building it in
// place does not change what any state sharing o sees.
func (o *object) value() value {
	if o.lazy {
		o.val, o.lazy = zeroValue(o.typ), false
	}
	return o.val
}

func (st *state) newObj(o *object) uint64 {
	o.owner, o.allPriv, o.born = st.id, true, st.id
	id := uint64(st.heap.n)
	if st.heap.n>>heapPageBits == len(st.heap.pages) {
		st.ownHeap()
		st.heap.pages = append(st.heap.pages, &heapPage{owner: st.id})
	}
	st.heap.n++
	st.setObj(id, o)
	return id
}

func (st *state) observer(name string, factory func() Observer) Observer {
	i, found := slices.BinarySearchFunc(st.obs, name, func(s *obsSlot, n string) int { return strings.Compare(s.name, n) })
	if found && st.obs[i].owner == st.id {
		return st.obs[i].o
	}
	if st.sharedObs {
		st.obs = slices.Clone(st.obs)
		st.sharedObs = false
	}
	if !found {
		s := &obsSlot{name: name, owner: st.id, o: factory()}
		st.obs = slices.Insert(st.obs, i, s)
		return s.o
	}
	s := &obsSlot{name: name, owner: st.id, o: st.obs[i].o.Clone()}
	st.obs[i] = s
	return s.o
}

func (st *state) enterBlock(f *frame, b *ir.Block) {
	f.block, f.pc = b, 0
	if st.npath < maxPathRecord {
		st.path = &pathRec{prev: st.path, s: f.fn.Name + ":" + b.Name}
		st.npath++
	}
}

func newFrame(owner uint64, fn *ir.Func) *frame {
	return newFrameFrom(owner, fn, zeroLocals(fn))
}

// zeroLocals returns the initial locals of fn: zero values, aggregates
// included. Values are immutable, so frames copy the slice and share the
// aggregates.
func zeroLocals(fn *ir.Func) []value {
	ls := make([]value, len(fn.Locals))
	var entry []uint64
	for i, l := range fn.Locals {
		if l.Typ.IsScalar() {
			continue
		}
		// reflect's tests declare locals of million-element array types:
		// their zeros took 1.6 GB in one package though no path read one
		// before writing it. A large local gets its zero only if it is live
		// at entry.
		if scalarsOf(l.Typ) > largeZero {
			if entry == nil {
				entry = entryLive(fn)
			}
			if entry[i/64]&(1<<(i%64)) == 0 {
				continue
			}
		}
		ls[i] = zeroValue(l.Typ)
	}
	return ls
}

// largeZero is the number of scalars above which a local's zero value is
// made only when some path reads it.
const largeZero = 4096

// entryLive returns the locals of fn live at its entry.
func entryLive(fn *ir.Func) []uint64 {
	if len(fn.Blocks) == 0 || len(fn.Blocks[0].Instrs) == 0 {
		return make([]uint64, (len(fn.Locals)+63)/64)
	}
	return ir.Live(fn).In[0][0]
}

// newFrameFrom makes a frame whose locals start as a copy of zero.
func newFrameFrom(owner uint64, fn *ir.Func, zero []value) *frame {
	f := &frame{owner: owner, fn: fn, locals: append([]value(nil), zero...)}
	if len(fn.Blocks) > 0 {
		f.block = fn.Blocks[0]
	}
	return f
}
