// Package race is kiss's data-race detector: an smt.Observer that keeps
// vector clocks per goroutine and per synchronisation key, and per memory
// location the last reads and writes of each goroutine. Two accesses race when
// they touch overlapping locations from different goroutines, at least one
// writes, they are not both atomic, and the earlier one does not
// happen-before the later (Go memory model; the vector-clock detector of
// Qadeer's CHESS: Systematic Stress Testing for Concurrent Software,
// applied to the executions the sequential program explores).
//
// A race is reported at the access that completes it, naming the earlier
// access, and every other earlier access it races with ("it also races
// with ..."). One race is one report: the finding's keys are the racing
// pairs of positions, unordered, so a run reports a pair once, on the
// cheapest schedule that shows it, and not again in the other order (which
// costs a preemption more) or completed by the other access (smt.Finding).
//
// The sequential program drives it with observe instructions whose first
// argument names the event:
//
//	observe "race", "hb.acquire", g, key, sub   // g's clock joins key's
//	observe "race", "hb.release", g, key, sub   // key's clock joins g's; g ticks
//	observe "race", "hb.spawn", parent, child   // the go statement
//	observe "race", "live", g, n                // g exists (every goroutine, before it runs) and is goroutine number n
//	observe "race", "exit", g, 0                // g has exited
//	observe "race", "rd", g, p [, name]         // a plain read of *p
//	observe "race", "wr", g, p [, name]         // a plain write of *p
//	observe "race", "rdn", g, p, n [, name]     // plain reads of the n array elements from *p on
//	observe "race", "atomic.rd", g, p           // an atomic load (synchronizes)
//	observe "race", "atomic.wr", g, p           // an atomic store or read-modify-write
//	observe "race", "site", g, pos              // g calls another package's code at pos ("": returned)
//
// The g of the events is the goroutine's id in the sequential program, a
// slot that a later goroutine takes once it has exited; "live" says which
// goroutine holds it. The detector keeps its clocks and histories by
// goroutine number, which no two goroutines share: a slot's new goroutine
// must not be taken to know what its last one did.
//
// The sites say, for an access in another package's code, which call of
// the package under analysis made it (Access.Via): replay hooks it there
// when it cannot hook the access itself (in the standard library).
package race

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/internal/pmap"
)

// Name is the observer name of every event above.
const Name = "race"

type clock []uint32

func (c clock) get(g int) uint32 {
	if g < len(c) {
		return c[g]
	}
	return 0
}

func (c clock) join(d clock) clock {
	if len(d) > len(c) {
		c = append(c, make(clock, len(d)-len(c))...)
	}
	for i, v := range d {
		if v > c[i] {
			c[i] = v
		}
	}
	return c
}

func (c clock) tick(g int) clock {
	if g >= len(c) {
		c = append(c, make(clock, g+1-len(c))...)
	}
	c[g]++
	return c
}

// epoch is one access: the accessing goroutine's own clock entry then.
type epoch struct {
	clk    uint32
	pos    string
	via    string // the call of the package under analysis that made it, if it is in another package's code
	name   string
	atomic bool
}

// shadow is the access history of one location: per goroutine, its last
// reads and last writes, one per position (the latest at each), at most
// maxHistory of each. The latest access decides whether a later one
// races (the earlier ones of the goroutine happen-before it); the others
// name every racing pair an access completes, so that one finding covers
// them all.
type shadow struct {
	path   []int
	reads  history
	writes history
	epoch  uint64 // the detector that may change it in place
}

// history is a location's accesses of one kind by goroutine, in increasing
// order of goroutine. A slice, not a map: a test's loop over a large array
// makes a shadow per element, and maps made most of the garbage.
type history []perG

type perG struct {
	g  int
	es []epoch // never changed in place
}

// record adds e to g's accesses in h, which the caller owns.
func (h history) record(g int, e epoch) history {
	i, ok := slices.BinarySearchFunc(h, g, func(p perG, g int) int { return p.g - g })
	if !ok {
		return slices.Insert(h, i, perG{g, []epoch{e}})
	}
	h[i].es = record(h[i].es, e)
	return h
}

// maxHistory bounds the positions remembered per goroutine and location.
const maxHistory = 8

// record adds e to a goroutine's history, replacing its position's entry.
func record(h []epoch, e epoch) []epoch {
	for i, x := range h {
		if x.pos == e.pos && x.atomic == e.atomic {
			h = slices.Delete(slices.Clone(h), i, i+1)
			break
		}
	}
	if len(h) >= maxHistory {
		h = slices.Clone(h[1:])
	}
	return append(h[:len(h):len(h)], e)
}

type syncKey struct {
	ref string
	sub int64
}

// Detector is the observer. Its zero value is not ready; use New.
type Detector struct {
	clocks map[int]clock
	syncs  map[syncKey]clock
	mem    pmap.Map[*objShadows] // by object id; persistent: forks share it
	// sites are each goroutine's calls of another package's code, the
	// innermost last; slices never changed in place. Not hashed: they only
	// say where a race shows, not whether it happens.
	sites map[int][]string
	// nums holds, per slot, its goroutine's number ("live"); a slot it
	// does not name is its own number. Never changed in place.
	nums []int
	// owned says the maps (clocks, syncs, sites) are this detector's
	// alone. Clone shares them and clears owned on both sides; the first
	// Observe copies the maps, not what they hold: clocks are never changed
	// in place. mem is never copied: its nodes, objShadows (and their
	// nodes) and shadows are changed in place only by the detector whose
	// epoch they carry (Clone gives both sides new ones).
	owned bool
	epoch uint64
}

var epochs atomic.Uint64

// New returns a detector for a fresh execution.
func New() smt.Observer {
	return &Detector{clocks: map[int]clock{}, syncs: map[syncKey]clock{}, sites: map[int][]string{}, owned: true, epoch: epochs.Add(1)}
}

// Clone returns a detector for a forked path, sharing state until either
// side observes an event.
func (d *Detector) Clone() smt.Observer {
	d.owned = false
	d.epoch = epochs.Add(1)
	return &Detector{clocks: d.clocks, syncs: d.syncs, mem: d.mem, sites: d.sites, nums: d.nums, epoch: epochs.Add(1)}
}

// own gives d private copies of the maps it shares since a Clone.
func (d *Detector) own() {
	if d.owned {
		return
	}
	d.clocks, d.syncs, d.sites, d.owned = maps.Clone(d.clocks), maps.Clone(d.syncs), maps.Clone(d.sites), true
}

// clock returns g's clock, which the caller must not change in place.
func (d *Detector) clock(g int) clock {
	c, ok := d.clocks[g]
	if !ok {
		c = clock(nil).tick(g)
		d.clocks[g] = c
	}
	return c
}

// Observe handles one event.
func (d *Detector) Observe(_ string, args []smt.Concrete, pos string) *smt.Finding {
	d.own()
	if len(args) < 3 {
		return nil
	}
	name := args[0].Str
	args = args[1:]
	g := int(args[0].Int64())
	if name == "live" {
		d.name(g, int(args[1].Int64()))
	}
	g = d.num(g)
	switch name {
	case "hb.acquire":
		k := syncKey{args[1].Key(), subOf(args)}
		if l, ok := d.syncs[k]; ok {
			d.clocks[g] = slices.Clone(d.clock(g)).join(l)
		}
	case "hb.release":
		k := syncKey{args[1].Key(), subOf(args)}
		d.syncs[k] = slices.Clone(d.syncs[k]).join(d.clock(g))
		d.clocks[g] = slices.Clone(d.clock(g)).tick(g)
	case "live":
		d.clock(g) // made now: a live goroutine's clock takes part in HashState
	case "exit":
		delete(d.clocks, g)
		delete(d.sites, g)
	case "hb.spawn":
		child := d.num(int(args[1].Int64()))
		d.clocks[child] = slices.Clone(d.clock(g)).tick(child)
		d.clocks[g] = slices.Clone(d.clock(g)).tick(g)
	case "site":
		if at := args[1].Str; at != "" {
			d.sites[g] = append(slices.Clip(d.sites[g]), at)
		} else if n := len(d.sites[g]); n > 0 {
			d.sites[g] = d.sites[g][: n-1 : n-1]
		}
	case "rdn":
		var label string
		if len(args) > 3 {
			label = args[3].Str
		}
		ref, n := args[1].Ref, args[2].Int64()
		if len(ref.Path) == 0 || n <= 0 {
			return nil
		}
		path := slices.Clone(ref.Path)
		el := smt.Ref{Obj: ref.Obj, Path: path}
		e := epoch{clk: d.clock(g).get(g), pos: pos, via: d.via(g), name: label}
		var first *smt.Finding
		for k := range n {
			path[len(path)-1] = ref.Path[len(path)-1] + int(k)
			if f := d.access(g, el, false, e); f != nil && first == nil {
				first = f
			}
		}
		return first
	case "rd", "wr", "atomic.rd", "atomic.wr":
		var label string
		if len(args) > 2 {
			label = args[2].Str
		}
		atomic := strings.HasPrefix(name, "atomic.")
		write := strings.HasSuffix(name, "wr")
		if atomic {
			// Atomics are sequentially consistent and synchronize: model
			// each as an acquire and a release of the location.
			k := syncKey{"atomic " + args[1].Key(), 0}
			if l, ok := d.syncs[k]; ok {
				d.clocks[g] = slices.Clone(d.clock(g)).join(l)
			}
			defer func() {
				d.syncs[k] = slices.Clone(d.syncs[k]).join(d.clock(g))
				d.clocks[g] = slices.Clone(d.clock(g)).tick(g)
			}()
		}
		return d.access(g, args[1].Ref, write, epoch{clk: d.clock(g).get(g), pos: pos, via: d.via(g), name: label, atomic: atomic})
	}
	return nil
}

// name records that slot holds goroutine number n.
func (d *Detector) name(slot, n int) {
	if slot < 0 || d.num(slot) == n {
		return
	}
	nums := make([]int, max(len(d.nums), slot+1))
	for i := range nums {
		nums[i] = i
	}
	copy(nums, d.nums)
	nums[slot] = n
	d.nums = nums
}

// slotOf is the slot of live goroutine number n.
func (d *Detector) slotOf(n int) int {
	for s, m := range d.nums {
		if m == n {
			return s
		}
	}
	return n // (a slot no "live" renamed holds its own number)
}

// num is the number of the goroutine in slot.
func (d *Detector) num(slot int) int {
	if slot >= 0 && slot < len(d.nums) {
		return d.nums[slot]
	}
	return slot
}

// via is the innermost call of another package's code g is in ("" when
// none).
func (d *Detector) via(g int) string {
	if n := len(d.sites[g]); n > 0 {
		return d.sites[g][n-1]
	}
	return ""
}

// Ranged says that "rdn" reads a range of elements (smt.RangeObserver).
func (d *Detector) Ranged(args []smt.Concrete) bool {
	return len(args) > 0 && args[0].Str == "rdn"
}

func subOf(args []smt.Concrete) int64 {
	if len(args) > 2 {
		return args[2].Int64()
	}
	return 0
}

// overlaps reports whether one path is a prefix of the other: a whole struct
// and its field are the same memory.
func overlaps(a, b []int) bool {
	n := min(len(a), len(b))
	return slices.Equal(a[:n], b[:n])
}

func (d *Detector) access(g int, ref smt.Ref, write bool, e epoch) *smt.Finding {
	if ref.Obj == 0 {
		return nil
	}
	c := d.clock(g)
	var found []prior
	var own *shadow
	check := func(s *shadow) {
		if slices.Equal(s.path, ref.Path) {
			own = s
		}
		if !overlaps(s.path, ref.Path) {
			return
		}
		found = conflicts(found, g, c, s.writes, e, true)
		if write {
			found = conflicts(found, g, c, s.reads, e, false)
		}
	}
	o, _ := d.mem.Get(uint64(ref.Obj))
	if o != nil {
		o.each(ref.Path, check)
	}
	if len(d.clocks) == 1 {
		// g is the only live goroutine: every goroutine to come starts
		// from it, after this access, which can race with none of theirs
		// and is not kept. Initialization and a test's setup run so, and
		// what they touched was most of the history HashState walked at
		// every choose (98% of a testify suite's, to hash the other 2%).
		// It takes every goroutine to have a clock from its start: the
		// runtime's "live" event (rt.spawn) and "hb.spawn" give it one
		// before it can run.
		if len(found) == 0 {
			return nil
		}
		return report(found, g, e, write)
	}
	if own == nil || own.epoch != d.epoch {
		if o == nil || o.epoch != d.epoch {
			mine := &objShadows{epoch: d.epoch}
			if o != nil {
				mine.whole, mine.parts = o.whole, o.parts
			}
			o = mine
			d.mem.Set(uint64(ref.Obj), o, d.epoch)
		}
		if own == nil {
			own = &shadow{path: slices.Clone(ref.Path), epoch: d.epoch}
		} else {
			own = &shadow{path: own.path, reads: slices.Clone(own.reads), writes: slices.Clone(own.writes), epoch: d.epoch}
		}
		o.put(own)
	}
	if write {
		own.writes = own.writes.record(g, e)
	} else {
		own.reads = own.reads.record(g, e)
	}
	if len(found) == 0 {
		return nil
	}
	return report(found, g, e, write)
}

// objShadows is the access history of one object's locations: the whole
// object's (path []) apart, the others by their path's first step (an
// element or a field), and within it by the second, so that an access to
// one element of a large array looks at that element's locations and
// their prefixes', not at every element's (it did: a loop over 10,000
// elements of a slice, then json's read of a struct's [60000]uint8 field,
// spent their roots' budgets there).
type objShadows struct {
	whole *shadow
	parts pmap.Map[part] // by stepKey of the path's first step
	epoch uint64         // the detector that may change it in place
}

// part is the locations of an object under one first step: the step's
// own (a path of one step) and the deeper ones by stepKey of their second
// step; each slice replaced, never changed in place.
type part struct {
	self  []*shadow
	under pmap.Map[[]*shadow]
}

// stepKey is the key of a path step (zigzag, so that no index is lost).
func stepKey(i int) uint64 {
	x := int64(i)
	return uint64(x<<1) ^ uint64(x>>63)
}

// each calls f for each location that may overlap path (and some that do
// not): the whole object, the prefixes of path and the locations within
// it.
func (o *objShadows) each(path []int, f func(*shadow)) {
	if o.whole != nil {
		f(o.whole)
	}
	all := func(_ uint64, ss []*shadow) bool {
		for _, s := range ss {
			f(s)
		}
		return true
	}
	if len(path) == 0 {
		o.parts.All(func(_ uint64, p part) bool {
			all(0, p.self)
			p.under.All(all)
			return true
		})
		return
	}
	p, _ := o.parts.Get(stepKey(path[0]))
	all(0, p.self)
	if len(path) == 1 {
		p.under.All(all)
		return
	}
	ss, _ := p.under.Get(stepKey(path[1]))
	all(0, ss)
}

// put adds s, or replaces the location of its path, in o, which the
// caller owns.
func (o *objShadows) put(s *shadow) {
	if len(s.path) == 0 {
		o.whole = s
		return
	}
	k := stepKey(s.path[0])
	p, _ := o.parts.Get(k)
	replace := func(ss []*shadow) []*shadow {
		i := slices.IndexFunc(ss, func(x *shadow) bool { return slices.Equal(x.path, s.path) })
		if i < 0 {
			return append(slices.Clip(ss), s)
		}
		ss = slices.Clone(ss)
		ss[i] = s
		return ss
	}
	if len(s.path) == 1 {
		p.self = replace(p.self)
	} else {
		k2 := stepKey(s.path[1])
		ss, _ := p.under.Get(k2)
		p.under.Set(k2, replace(ss), o.epoch)
	}
	o.parts.Set(k, p, o.epoch)
}

// prior is an earlier access that races with the current one.
type prior struct {
	epoch
	g     int
	write bool
}

// conflicts appends the earlier accesses in hist by other goroutines that
// do not happen-before the current one, lowest goroutine first, skipping
// positions already found.
func conflicts(found []prior, g int, c clock, hist history, cur epoch, histWrite bool) []prior {
	for _, h := range hist {
		if h.g == g {
			continue
		}
		// The latest first: it is the one that decides, and names the race.
		for i := len(h.es) - 1; i >= 0; i-- {
			prev := h.es[i]
			if prev.atomic && cur.atomic || prev.clk <= c.get(h.g) {
				continue
			}
			if !slices.ContainsFunc(found, func(f prior) bool {
				return f.pos == prev.pos && f.write == histWrite && f.atomic == prev.atomic
			}) {
				found = append(found, prior{prev, h.g, histWrite})
			}
		}
	}
	return found
}

// Race is a data race the detector found: the access that completes it
// and the earlier accesses of other goroutines it races with, the first of
// which names the race (a write, if any, and the lowest goroutine).
type Race struct {
	Name   string   // what was accessed, as the program names it ("s.total"), or ""
	Prior  []Access // the earlier accesses, at distinct positions; never empty
	Access Access   // the access that completes the race
}

// Access is one memory access of a race.
type Access struct {
	G             int    // the goroutine, numbered as the scenario spawns them
	Write, Atomic bool   // what kind of access
	Pos           string // "file.go:line:col"
	Via           string // for an access in another package's code, the call of the package under analysis that made it
}

// Kind says "read", "write", "atomic read" or "atomic write".
func (a Access) Kind() string {
	s := "read"
	if a.Write {
		s = "write"
	}
	if a.Atomic {
		s = "atomic " + s
	}
	return s
}

// String is the message of the race: "data race on s.total: write at
// c.go:22:4 by goroutine 1 and read at c.go:22:4 by goroutine 2", then the
// other earlier accesses it races with.
func (r *Race) String() string {
	what := ""
	if r.Name != "" {
		what = " on " + r.Name
	}
	first := r.Prior[0]
	msg := fmt.Sprintf("data race%s: %s at %s by goroutine %d and %s at %s by goroutine %d",
		what, first.Kind(), first.Pos, first.G, r.Access.Kind(), r.Access.Pos, r.Access.G)
	var also []string
	for _, a := range r.Prior[1:] {
		also = append(also, fmt.Sprintf("%s at %s by goroutine %d", a.Kind(), a.Pos, a.G))
	}
	if len(also) > 0 {
		msg += "; it also races with the " + strings.Join(also, ", the ")
	}
	return msg
}

// report is the finding of an access that races with the earlier ones in
// found: its Detail is the Race; its keys are the racing pairs of
// positions, each in a fixed order, so that the same race found in the
// other order on a costlier path is not reported again (smt.Finding).
func report(found []prior, g int, cur epoch, curWrite bool) *smt.Finding {
	r := &Race{Name: found[0].name, Access: Access{G: g, Write: curWrite, Atomic: cur.atomic, Pos: cur.pos, Via: cur.via}}
	if r.Name == "" {
		r.Name = cur.name
	}
	var keys []string
	named := map[string]bool{}
	for _, f := range found {
		if named[f.pos] {
			continue
		}
		named[f.pos] = true
		r.Prior = append(r.Prior, Access{G: f.g, Write: f.write, Atomic: f.atomic, Pos: f.pos, Via: f.via})
		keys = append(keys, pairKey(f.pos, cur.pos))
	}
	return &smt.Finding{Kind: "race", Message: r.String(), Keys: keys, Detail: r}
}

// pairKey names an unordered pair of positions.
func pairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "\x00" + b
}

// HashState hashes what decides the detector's later findings
// (smt.StateHasher), in a form two interleavings of the same accesses
// share even when their clocks differ.
//
// A clock is only ever compared with the epochs of recorded accesses
// (conflicts: clk ≤ C[g]), and an access to come is covered by its own
// goroutine's clock alone (a goroutine ticks past what it releases). So
// what the clocks decide is, for each recorded access, the set of clocks
// that cover it: the live goroutines' and the synchronisation keys'
// (those of reachable objects: the others are never acquired again). An
// acquire, a release or a spawn makes a clock the join of two, which
// covers the union of what they cover. The hash holds, per access, its
// location, kind, position and that set, and not the clocks' numbers:
// interleavings that pass clocks on in other orders but leave every
// access covered by the same clocks meet. An access of an exited
// goroutine is hashed without its goroutine, which only names it in a
// report: tests whose workers share jobs meet whichever worker took which.
// An access every live goroutine's clock covers happens-before every
// access still to come and can race with none: it is left out.
//
// Objects are renamed by obj; those it says are no longer reachable are
// left out.
func (d *Detector) HashState(h *smt.StateHash, obj func(smt.ObjID) (uint64, bool), slot func(int) int) {
	w := walks.Get().(*memWalk)
	defer func() {
		clear(w.shadows) // nothing kept alive from one state to the next
		clear(w.groups)
		clear(w.names)
		clear(w.holders) // (nor the clocks)
		walks.Put(w)
	}()
	d.gather(w, obj)
	// A live goroutine is named by its slot, renamed: the state cache may
	// permute them (smt.Symmetry).
	if w.names == nil {
		w.names = map[int]uint64{}
	}
	for g := range d.clocks {
		w.names[g] = uint64(slot(d.slotOf(g)))
	}
	cv := d.coverage(h, obj, w)
	var acc smt.StateHash
	for _, o := range w.objs {
		// The locations of an object in the order they were first
		// accessed, which the interleaving decides: hashed apart and added.
		var eh, subs smt.StateHash
		n := 0
		for _, s := range w.shadows[o.shadows[0]:o.shadows[1]] {
			var sh smt.StateHash
			reads := d.hashHistory(&sh, cv, w.names, w.groups[s.reads[0]:s.reads[1]], false)
			if writes := d.hashHistory(&sh, cv, w.names, w.groups[s.writes[0]:s.writes[1]], true); !reads && !writes {
				continue
			}
			sh.Uint64(uint64(len(s.path)))
			for _, p := range s.path {
				sh.Uint64(uint64(p))
			}
			subs.Add(sh.Sum())
			n++
		}
		if n == 0 {
			continue
		}
		eh.Uint64(o.id)
		eh.Uint64(uint64(n))
		eh.Add(subs.Sum())
		acc.Add(eh.Sum())
	}
	h.Add(acc.Sum())
}

// memWalk is what HashState reads of shadow memory, gathered in one walk
// of it (walking its maps again for each step was most of HashState's
// cost): per reachable object its locations, and per location and
// goroutine the reads and the writes; ranges index the next level.
type memWalk struct {
	objs    []walkObj
	shadows []walkShadow
	groups  []walkGroup
	gs      []int          // accessors
	names   map[int]uint64 // the live goroutines' names in the hash
	// coverage's
	holders []holder
	entries []coverEntry
	cv      covers
}

type walkObj struct {
	id      uint64 // renamed
	shadows [2]int
}

type walkShadow struct {
	path          []int
	reads, writes [2]int
}

type walkGroup struct {
	g  int
	es []epoch
}

var walks = sync.Pool{New: func() any { return new(memWalk) }}

// gather fills w with the accesses to the objects obj renames.
func (d *Detector) gather(w *memWalk, obj func(smt.ObjID) (uint64, bool)) {
	w.objs, w.shadows, w.groups = w.objs[:0], w.shadows[:0], w.groups[:0]
	groups := func(hist history) [2]int {
		start := len(w.groups)
		for _, h := range hist {
			w.groups = append(w.groups, walkGroup{h.g, h.es})
		}
		return [2]int{start, len(w.groups)}
	}
	d.mem.All(func(o uint64, os *objShadows) bool {
		id, ok := obj(smt.ObjID(o))
		if !ok {
			return true
		}
		start := len(w.shadows)
		os.each(nil, func(s *shadow) {
			reads := groups(s.reads)
			w.shadows = append(w.shadows, walkShadow{path: s.path, reads: reads, writes: groups(s.writes)})
		})
		w.objs = append(w.objs, walkObj{id, [2]int{start, len(w.shadows)}})
		return true
	})
}

// covers says, per goroutine entry g, which clocks cover a value of it:
// min is the least value a live goroutine's clock holds (every live clock
// covers what is at or below it); in g's span, vals are the values the
// clocks hold above it, ascending, and sums[i] the sum of the names of the
// clocks holding vals[i] or more.
type covers struct {
	min  []uint32
	span [][2]int32 // per goroutine entry, its range of vals and sums
	vals []uint32   // (the goroutines', one after another)
	sums [][2]uint64
	none bool // no goroutine is live: nothing can race any more
}

// holder is one clock with its name: a live goroutine's, or a
// synchronisation key's.
type holder struct {
	name [2]uint64
	c    clock
}

// accessors are the goroutines with an access in w, ascending.
func (w *memWalk) accessors() []int {
	gs := w.gs[:0]
	for _, gr := range w.groups {
		gs = append(gs, gr.g)
	}
	slices.Sort(gs)
	w.gs = slices.Compact(gs)
	return w.gs
}

// coverage gathers, for the entries of w's accessors, which clocks
// cover which values: only they are asked (a test that starts a thousand
// goroutines has clocks of a thousand entries, most of them for goroutines
// whose accesses are gone). A key of an object no longer reachable is left
// out; one that cannot be renamed fails h.
func (d *Detector) coverage(h *smt.StateHash, obj func(smt.ObjID) (uint64, bool), w *memWalk) *covers {
	// (w's buffers are reused from state to state: this ran at every
	// hashed choose, and its allocations were a quarter of a root's)
	hs := w.holders[:0]
	n := 0
	for g, c := range d.clocks {
		var eh smt.StateHash
		eh.Uint64(1)
		eh.Uint64(w.names[g])
		hs = append(hs, holder{eh.Sum(), c})
		n = max(n, g+1, len(c))
	}
	for k, c := range d.syncs {
		var eh smt.StateHash
		eh.Uint64(2)
		if !hashRefKey(&eh, k.ref, obj) {
			continue
		}
		if eh.Failed() {
			h.Fail()
		}
		eh.Uint64(uint64(k.sub))
		hs = append(hs, holder{eh.Sum(), c})
		n = max(n, len(c))
	}
	w.holders = hs
	cv := &w.cv
	cv.none = len(d.clocks) == 0
	cv.min = slices.Grow(cv.min[:0], n)[:n]
	cv.span = slices.Grow(cv.span[:0], n)[:n]
	clear(cv.min)
	clear(cv.span)
	cv.vals, cv.sums = cv.vals[:0], cv.sums[:0]
	es := w.entries
	for _, g := range w.accessors() {
		if g >= n {
			break // no clock holds an entry for it: none covers it
		}
		m := uint32(0)
		if len(d.clocks) > 0 {
			m = ^uint32(0)
			for _, c := range d.clocks {
				m = min(m, c.get(g))
			}
		}
		cv.min[g] = m
		es = es[:0]
		for _, x := range hs {
			if v := x.c.get(g); v > m {
				es = append(es, coverEntry{v, x.name})
			}
		}
		if len(es) == 0 {
			continue
		}
		slices.SortFunc(es, func(a, b coverEntry) int { return cmp.Compare(a.v, b.v) })
		at := len(cv.vals)
		cv.vals = slices.Grow(cv.vals, len(es))[:at+len(es)]
		cv.sums = slices.Grow(cv.sums, len(es))[:at+len(es)]
		var sum smt.StateHash
		for i := len(es) - 1; i >= 0; i-- {
			sum.Add(es[i].name)
			cv.vals[at+i], cv.sums[at+i] = es[i].v, sum.Sum()
		}
		cv.span[g] = [2]int32{int32(at), int32(at + len(es))}
	}
	w.entries = es
	return cv
}

type coverEntry struct {
	v    uint32
	name [2]uint64
}

// of returns the sum of the names of the clocks that cover g's value v,
// and false if every live goroutine's clock covers it.
func (cv *covers) of(g int, v uint32) ([2]uint64, bool) {
	if cv.none || g < len(cv.min) && v <= cv.min[g] {
		return [2]uint64{}, false
	}
	if g >= len(cv.span) {
		return [2]uint64{}, true
	}
	sp := cv.span[g]
	vals := cv.vals[sp[0]:sp[1]]
	i, _ := slices.BinarySearch(vals, v)
	if i == len(vals) {
		return [2]uint64{}, true
	}
	return cv.sums[int(sp[0])+i], true
}

// hashHistory hashes the accesses of hist, a group per goroutine, that
// may still race; it reports whether there is one. A live goroutine's
// accesses are hashed with it (they never race with its own later ones),
// an exited one's without.
func (d *Detector) hashHistory(h *smt.StateHash, cv *covers, names map[int]uint64, hist []walkGroup, write bool) bool {
	var acc smt.StateHash
	n := 0
	for _, gr := range hist {
		name, live := names[gr.g]
		for _, e := range gr.es {
			c, ok := cv.of(gr.g, e.clk)
			if !ok {
				continue
			}
			var eh smt.StateHash
			if live {
				eh.Uint64(name + 1)
			} else {
				eh.Uint64(0)
			}
			eh.Uint64(uint64(b2u(write))<<1 | uint64(b2u(e.atomic)))
			eh.String(e.pos)
			eh.String(e.name)
			eh.Add(c)
			acc.Add(eh.Sum())
			n++
		}
	}
	h.Uint64(uint64(n))
	h.Add(acc.Sum())
	return n > 0
}

// hashRefKey hashes a key made by smt.Concrete.Key, renaming the object of
// a pointer ("#obj.path", possibly after "atomic "); it is false for an
// object no longer reachable. A key of an aggregate holding pointers
// cannot be renamed here: the state is then not cached (h.Fail).
func hashRefKey(h *smt.StateHash, key string, obj func(smt.ObjID) (uint64, bool)) bool {
	i := strings.IndexByte(key, '#')
	if i < 0 || key[:i] != "" && key[:i] != "atomic " {
		if i >= 0 && (key[0] == '{' || key[0] == '[') {
			h.Fail()
		}
		h.String(key)
		return true
	}
	j := i + 1
	var id uint64
	for j < len(key) && key[j] >= '0' && key[j] <= '9' {
		id = id*10 + uint64(key[j]-'0')
		j++
	}
	c, ok := obj(smt.ObjID(id))
	if !ok {
		return false
	}
	h.String(key[:i])
	h.Uint64(c)
	h.String(key[j:])
	return true
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
