package race

import (
	"runtime"
	"strings"
	"testing"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/smt"
)

func i64(v int64) smt.Concrete  { return smt.Concrete{Type: ir.I64, Bits: uint64(v)} }
func str(s string) smt.Concrete { return smt.Concrete{Type: ir.String, Str: s} }
func ptr(obj smt.ObjID, path ...int) smt.Concrete {
	return smt.Concrete{Type: ir.Ptr, Ref: smt.Ref{Obj: obj, Path: path}}
}

// ev is one observe "race" event.
type ev struct {
	name string
	args []smt.Concrete
	pos  string
}

func run(t *testing.T, d smt.Observer, evs ...ev) []*smt.Finding {
	t.Helper()
	var out []*smt.Finding
	for _, e := range evs {
		if f := d.Observe(Name, append([]smt.Concrete{str(e.name)}, e.args...), e.pos); f != nil {
			out = append(out, f)
		}
	}
	return out
}

func TestUnorderedWritesRace(t *testing.T) {
	fs := run(t, New(),
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:1:1"},
		ev{"wr", []smt.Concrete{i64(0), ptr(1, 0), str("c.n")}, "a.go:2:1"},
		ev{"wr", []smt.Concrete{i64(1), ptr(1, 0), str("c.n")}, "a.go:3:1"},
	)
	if len(fs) != 1 || fs[0].Kind != "race" || !strings.Contains(fs[0].Message, "data race on c.n") ||
		!strings.Contains(fs[0].Message, "a.go:2:1") || !strings.Contains(fs[0].Message, "a.go:3:1") {
		t.Fatalf("findings %+v", fs)
	}
}

// A goroutine started in the slot of one that exited is another goroutine:
// it does not know what the last one did unless something orders them,
// and the report names both by number.
func TestSlotTakenOverRaces(t *testing.T) {
	start := func(slot, num int64) []ev {
		return []ev{
			{"live", []smt.Concrete{i64(slot), i64(num)}, ""},
			{"hb.spawn", []smt.Concrete{i64(0), i64(slot)}, "a.go:1:1"},
		}
	}
	work := []ev{
		{"wr", []smt.Concrete{i64(1), ptr(1), str("x")}, "a.go:2:1"},
		{"hb.release", []smt.Concrete{i64(1), ptr(5)}, "a.go:3:1"},
		{"exit", []smt.Concrete{i64(1), i64(0)}, ""},
	}
	evs := append([]ev{{"live", []smt.Concrete{i64(0), i64(0)}, ""}}, start(1, 1)...)
	evs = append(append(append(evs, work...), start(1, 2)...), work[0])
	fs := run(t, New(), evs...)
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "by goroutine 1 and write at a.go:2:1 by goroutine 2") {
		t.Fatalf("findings %+v", fs)
	}
	// The parent acquires what the first released before it starts the
	// second: ordered.
	wait := ev{"hb.acquire", []smt.Concrete{i64(0), ptr(5)}, "a.go:4:1"}
	evs = append([]ev{{"live", []smt.Concrete{i64(0), i64(0)}, ""}}, start(1, 1)...)
	evs = append(append(append(append(evs, work...), wait), start(1, 2)...), work[0])
	if fs := run(t, New(), evs...); len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
}

func TestSpawnOrders(t *testing.T) {
	// A write before the go statement happens before the child's read.
	fs := run(t, New(),
		ev{"wr", []smt.Concrete{i64(0), ptr(1), str("x")}, "a.go:1:1"},
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:2:1"},
		ev{"rd", []smt.Concrete{i64(1), ptr(1), str("x")}, "a.go:3:1"},
	)
	if len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
}

func TestLockOrders(t *testing.T) {
	// Unlock (release) then Lock (acquire) orders the two critical sections.
	fs := run(t, New(),
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
		ev{"hb.acquire", []smt.Concrete{i64(0), ptr(9), i64(0)}, ""},
		ev{"wr", []smt.Concrete{i64(0), ptr(1)}, "a.go:1:1"},
		ev{"hb.release", []smt.Concrete{i64(0), ptr(9), i64(0)}, ""},
		ev{"hb.acquire", []smt.Concrete{i64(1), ptr(9), i64(0)}, ""},
		ev{"wr", []smt.Concrete{i64(1), ptr(1)}, "a.go:2:1"},
	)
	if len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
}

func TestReadsDoNotRace(t *testing.T) {
	fs := run(t, New(),
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
		ev{"rd", []smt.Concrete{i64(0), ptr(1)}, "a.go:1:1"},
		ev{"rd", []smt.Concrete{i64(1), ptr(1)}, "a.go:2:1"},
	)
	if len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
}

func TestAtomicsDoNotRaceButPlainAccessDoes(t *testing.T) {
	d := New()
	fs := run(t, d,
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
		ev{"atomic.wr", []smt.Concrete{i64(0), ptr(1)}, "a.go:1:1"},
		ev{"atomic.wr", []smt.Concrete{i64(1), ptr(1)}, "a.go:2:1"},
	)
	if len(fs) != 0 {
		t.Fatalf("atomic/atomic: %+v", fs)
	}
	fs = run(t, d, ev{"hb.spawn", []smt.Concrete{i64(0), i64(2)}, ""},
		ev{"wr", []smt.Concrete{i64(2), ptr(7)}, "a.go:3:1"},
		ev{"atomic.rd", []smt.Concrete{i64(0), ptr(7)}, "a.go:4:1"})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "atomic read") {
		t.Fatalf("plain write vs atomic read: %+v", fs)
	}
}

func TestOverlappingPaths(t *testing.T) {
	// A whole-struct write and a field read are the same memory.
	fs := run(t, New(),
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
		ev{"wr", []smt.Concrete{i64(0), ptr(1)}, "a.go:1:1"},
		ev{"rd", []smt.Concrete{i64(1), ptr(1, 2)}, "a.go:2:1"},
	)
	if len(fs) != 1 {
		t.Fatalf("findings %+v", fs)
	}
	// Different fields are different memory.
	fs = run(t, New(),
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
		ev{"wr", []smt.Concrete{i64(0), ptr(1, 0)}, "a.go:1:1"},
		ev{"wr", []smt.Concrete{i64(1), ptr(1, 1)}, "a.go:2:1"},
	)
	if len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	d := New()
	run(t, d, ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""}, ev{"wr", []smt.Concrete{i64(0), ptr(1)}, "a.go:1:1"})
	c := d.Clone()
	// The clone orders goroutine 1 after the write; the original does not.
	run(t, c, ev{"hb.release", []smt.Concrete{i64(0), ptr(9), i64(0)}, ""}, ev{"hb.acquire", []smt.Concrete{i64(1), ptr(9), i64(0)}, ""})
	if fs := run(t, c, ev{"rd", []smt.Concrete{i64(1), ptr(1)}, "a.go:2:1"}); len(fs) != 0 {
		t.Fatalf("clone: %+v", fs)
	}
	if fs := run(t, d, ev{"rd", []smt.Concrete{i64(1), ptr(1)}, "a.go:2:1"}); len(fs) != 1 {
		t.Fatalf("original: %+v", fs)
	}
}

// A sync key the hash cannot rename (an aggregate holding a pointer)
// keeps the state out of the cache; a pointer key is renamed.
func TestHashRefKey(t *testing.T) {
	canon := func(id smt.ObjID) (uint64, bool) { return uint64(id) + 100, id != 7 }
	var h smt.StateHash
	if !hashRefKey(&h, "#3.1", canon) || h.Failed() {
		t.Error("pointer key")
	}
	if hashRefKey(&h, "atomic #7", canon) {
		t.Error("unreachable object kept")
	}
	if hashRefKey(&h, "{#3, 1}", canon); !h.Failed() {
		t.Error("aggregate key with a pointer hashed")
	}
	var a, b smt.StateHash
	hashRefKey(&a, "#3.1", func(smt.ObjID) (uint64, bool) { return 5, true })
	hashRefKey(&b, "#9.1", func(smt.ObjID) (uint64, bool) { return 5, true })
	if a.Sum() != b.Sum() {
		t.Error("renamed keys differ")
	}
}

// Independent accesses to two fields of one object in either order (two
// goroutines each writing its own element of a shared array) leave states
// that hash alike: the interleavings meet in the state cache.
// hashAfter runs the groups of events, one after another, on a new
// detector that must find nothing, and returns the hash of its state.
func hashAfter(t *testing.T, groups ...[]ev) [2]uint64 {
	t.Helper()
	var all []ev
	for _, g := range groups {
		all = append(all, g...)
	}
	d := New()
	if fs := run(t, d, all...); len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
	var h smt.StateHash
	d.(smt.StateHasher).HashState(&h, func(o smt.ObjID) (uint64, bool) { return uint64(o), true }, func(s int) int { return s })
	return h.Sum()
}

func TestHashStateIndependentOfAccessOrder(t *testing.T) {
	spawn := []ev{
		{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:1:1"},
		{"hb.spawn", []smt.Concrete{i64(0), i64(2)}, "a.go:2:1"},
	}
	w1 := ev{"wr", []smt.Concrete{i64(1), ptr(1, 0), str("s[0]")}, "a.go:3:1"}
	w2 := ev{"wr", []smt.Concrete{i64(2), ptr(1, 1), str("s[1]")}, "a.go:4:1"}
	hash := func(evs ...ev) [2]uint64 { return hashAfter(t, spawn, evs) }
	if a, b := hash(w1, w2), hash(w2, w1); a != b {
		t.Errorf("the two orders hash apart: %x, %x", a, b)
	}
	if a, b := hash(w1, w2), hash(w1); a == b {
		t.Errorf("a state with one write less hashes alike")
	}
}

// Two goroutines that take turns under a lock, in either order, leave the
// detector in states that hash alike once the goroutines have exited:
// their clocks are gone, and what is left (the lock's and the waiter's
// clocks, the two writes) differs only in numbers, not in which clock
// covers which write. Once the last live goroutine has joined them, the
// writes can race with nothing and are left out; before, they are not.
func TestHashStateForgetsWhatCannotRace(t *testing.T) {
	spawn := []ev{
		{"live", []smt.Concrete{i64(0), i64(0)}, ""},
		{"live", []smt.Concrete{i64(1), i64(1)}, ""},
		{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:1:1"},
		{"live", []smt.Concrete{i64(2), i64(2)}, ""},
		{"hb.spawn", []smt.Concrete{i64(0), i64(2)}, "a.go:2:1"},
	}
	worker := func(g int64) []ev {
		return []ev{
			{"hb.acquire", []smt.Concrete{i64(g), ptr(5)}, "a.go:3:1"},
			{"wr", []smt.Concrete{i64(g), ptr(1, 0), str("x")}, "a.go:4:1"},
			{"hb.release", []smt.Concrete{i64(g), ptr(5)}, "a.go:5:1"},
			{"hb.release", []smt.Concrete{i64(g), ptr(7)}, "a.go:6:1"},
			{"exit", []smt.Concrete{i64(g), i64(0)}, ""},
		}
	}
	wait := ev{"hb.acquire", []smt.Concrete{i64(0), ptr(7)}, "a.go:7:1"}
	hash := func(evs ...[]ev) [2]uint64 { return hashAfter(t, append([][]ev{spawn}, evs...)...) }
	w1, w2 := worker(1), worker(2)
	if a, b := hash(w1, w2), hash(w2, w1); a != b {
		t.Errorf("the two orders hash apart: %x, %x", a, b)
	}
	if a, b := hash(w1, w2, []ev{wait}), hash(w2, w1, []ev{wait}); a != b {
		t.Errorf("the two orders, joined, hash apart: %x, %x", a, b)
	}
	if a, b := hash(w1, w2), hash(w1, w2, []ev{wait}); a == b {
		t.Errorf("a state where goroutine 0 may still race with the writes hashes like one where it cannot")
	}
	if a, b := hash(w1), hash(w1, w2[:1]); a == b {
		t.Errorf("a live goroutine's acquire is forgotten")
	}
}

// A clock's entry for goroutine g tells only which of g's accesses it
// covers (and whether it covers g's next one): two releases that leave
// the syncs holding other numbers, but covering the same accesses, hash
// alike. Fan-in tests, whose senders pass main's clock on in the order
// they meet it, met many more states seen before. Numbers on either side
// of an access hash apart: an acquire of the one does not cover the
// write, of the other it does.
func TestHashStateRanksByAccesses(t *testing.T) {
	spawn := []ev{
		{"live", []smt.Concrete{i64(0), i64(0)}, ""},
		{"live", []smt.Concrete{i64(1), i64(1)}, ""},
		{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:1:1"},
	}
	write := ev{"wr", []smt.Concrete{i64(0), ptr(1, 0), str("x")}, "a.go:2:1"}
	rel7 := ev{"hb.release", []smt.Concrete{i64(0), ptr(7)}, "a.go:3:1"}
	rel9 := ev{"hb.release", []smt.Concrete{i64(0), ptr(9)}, "a.go:4:1"}
	hash := func(evs ...ev) [2]uint64 { return hashAfter(t, spawn, evs) }
	if a, b := hash(write, rel7, rel9), hash(write, rel9, rel7); a != b {
		t.Errorf("releases after the write, in either order, hash apart: %x, %x", a, b)
	}
	if a, b := hash(rel7, write, rel9), hash(rel9, write, rel7); a == b {
		t.Errorf("a release before the write hashes like one after it")
	}
	if a, b := hash(write, rel7), hash(write, rel7, rel9); a == b {
		t.Errorf("a sync that covers the write hashes like none")
	}
}

// Workers that exited are interchangeable: which of them wrote which
// element only names the goroutine a report would give. What decides the
// future is which clocks cover each write: once a worker has not released
// its write, the states differ.
func TestHashStateForgetsWhichExitedGoroutine(t *testing.T) {
	spawn := []ev{
		{"live", []smt.Concrete{i64(0), i64(0)}, ""},
		{"live", []smt.Concrete{i64(1), i64(1)}, ""},
		{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:1:1"},
		{"live", []smt.Concrete{i64(2), i64(2)}, ""},
		{"hb.spawn", []smt.Concrete{i64(0), i64(2)}, "a.go:1:1"},
	}
	worker := func(g int64, elem int, release bool) []ev {
		evs := []ev{
			{"hb.acquire", []smt.Concrete{i64(g), ptr(5)}, "a.go:2:1"},
			{"wr", []smt.Concrete{i64(g), ptr(1, elem), str("results[i]")}, "a.go:3:1"},
			{"hb.release", []smt.Concrete{i64(g), ptr(5)}, "a.go:4:1"},
		}
		if release {
			evs = append(evs, ev{"hb.release", []smt.Concrete{i64(g), ptr(7)}, "a.go:5:1"})
		}
		return append(evs, ev{"exit", []smt.Concrete{i64(g), i64(0)}, ""})
	}
	hash := func(evs ...[]ev) [2]uint64 { return hashAfter(t, append([][]ev{spawn}, evs...)...) }
	if a, b := hash(worker(1, 0, true), worker(2, 1, true)), hash(worker(2, 0, true), worker(1, 1, true)); a != b {
		t.Errorf("the workers' roles swapped hash apart: %x, %x", a, b)
	}
	if a, b := hash(worker(1, 0, true), worker(2, 1, true)), hash(worker(1, 0, true), worker(2, 1, false)); a == b {
		t.Errorf("a write no sync covers hashes like one the WaitGroup's covers")
	}
}

// TestCloneSharesShadowMemory: a path that forks after touching many
// objects must not copy their shadows on its next access (conc's pool
// tests, whose closure writes thousands of globals, kept 850 MB of copied
// shadow maps in their queued states).
func TestCloneSharesShadowMemory(t *testing.T) {
	d := New()
	for o := smt.ObjID(1); o <= 20000; o++ {
		run(t, d, ev{"wr", []smt.Concrete{i64(0), ptr(o), str("x")}, "a.go:1:1"})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		c := d.Clone()
		run(t, c, ev{"wr", []smt.Concrete{i64(0), ptr(7), str("x")}, "a.go:2:1"})
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 100; per > 16<<10 {
		t.Fatalf("an access after a clone allocated %d KiB", per>>10)
	}
	// And the clone's access is its own: the original still sees only its write.
	c := d.Clone()
	run(t, c, ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:3:1"})
	if fs := run(t, c, ev{"wr", []smt.Concrete{i64(1), ptr(20001), str("y")}, "a.go:4:1"}); len(fs) != 0 {
		t.Fatalf("findings %+v", fs)
	}
	if fs := run(t, d, ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:5:1"}, ev{"wr", []smt.Concrete{i64(1), ptr(20001), str("y")}, "a.go:6:1"}); len(fs) != 0 {
		t.Fatalf("the clone's write showed in the original: %+v", fs)
	}
}

// A read of a range of elements is a read of each: it races with a write
// of an element inside the range, not with one outside it.
func TestRangeRead(t *testing.T) {
	for _, c := range []struct {
		el   int
		race bool
	}{{1, false}, {2, true}, {4, true}, {5, false}} {
		fs := run(t, New(),
			ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
			ev{"wr", []smt.Concrete{i64(0), ptr(1, 3, c.el), str("buf[i]")}, "a.go:1:1"},
			ev{"rdn", []smt.Concrete{i64(1), ptr(1, 3, 2), i64(3), str("")}, "a.go:2:1"},
		)
		if got := len(fs) == 1; got != c.race || len(fs) > 1 {
			t.Errorf("write of element %d, read of 2..4: findings %+v", c.el, fs)
		}
	}
}

// An object's locations are found by their first step: an access to one
// element of a large array after a fork copies that element's history,
// not the array's, and the whole object still overlaps every element.
func TestLargeArrayElements(t *testing.T) {
	d := New()
	run(t, d, ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""})
	for i := range 20000 {
		run(t, d, ev{"wr", []smt.Concrete{i64(0), ptr(1, i), str("a[i]")}, "a.go:1:1"})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range 100 {
		c := d.Clone()
		run(t, c, ev{"hb.release", []smt.Concrete{i64(0), ptr(9), i64(0)}, ""}, ev{"hb.acquire", []smt.Concrete{i64(1), ptr(9), i64(0)}, ""})
		run(t, c, ev{"wr", []smt.Concrete{i64(1), ptr(1, 7000+i), str("a[i]")}, "a.go:2:1"})
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 100; per > 16<<10 {
		t.Fatalf("an element's access after a clone allocated %d KiB", per>>10)
	}
	for _, c := range []struct {
		path []int
		race bool
	}{{[]int{5}, true}, {[]int{5, 1}, true}, {nil, true}, {[]int{20000}, false}, {[]int{20000, 0}, false}} {
		fs := run(t, d.Clone(), ev{"rd", []smt.Concrete{i64(1), ptr(1, c.path...), str("a")}, "a.go:3:1"})
		if got := len(fs) == 1; got != c.race || len(fs) > 1 {
			t.Errorf("read of %v after writes of a[0..19999]: findings %+v", c.path, fs)
		}
	}
	// A write of a field of element 5 races with a later read of element 5
	// and of the whole array, not with one of element 6.
	for _, c := range []struct {
		path []int
		race bool
	}{{[]int{5}, true}, {nil, true}, {[]int{6}, false}, {[]int{5, 0}, false}} {
		fs := run(t, New(),
			ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, ""},
			ev{"wr", []smt.Concrete{i64(0), ptr(1, 5, 1), str("a[5].f")}, "a.go:1:1"},
			ev{"rd", []smt.Concrete{i64(1), ptr(1, c.path...), str("a")}, "a.go:2:1"},
		)
		if got := len(fs) == 1; got != c.race || len(fs) > 1 {
			t.Errorf("read of %v after a write of a[5].f: findings %+v", c.path, fs)
		}
	}
}

// What the only live goroutine does is not kept (every goroutine to come
// starts from it, after it), yet races with what one that exited did: a
// goroutine that exits unjoined, then the spawner's write (alone), then a
// new goroutine's write, which the spawner's started, race only with the
// first one's.
func TestAloneIsNotKept(t *testing.T) {
	d := New()
	fs := run(t, d,
		ev{"wr", []smt.Concrete{i64(0), ptr(2), str("setup")}, "a.go:1:1"},
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(1)}, "a.go:2:1"},
		ev{"wr", []smt.Concrete{i64(1), ptr(1), str("x")}, "a.go:3:1"},
		ev{"exit", []smt.Concrete{i64(1), i64(0)}, ""},
		ev{"wr", []smt.Concrete{i64(0), ptr(1), str("x")}, "a.go:4:1"},
	)
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "a.go:3:1") || !strings.Contains(fs[0].Message, "a.go:4:1") {
		t.Fatalf("the write alone after an exited goroutine's: findings %+v", fs)
	}
	if o, _ := d.(*Detector).mem.Get(2); o != nil {
		t.Errorf("the write of the only goroutine is kept")
	}
	fs = run(t, d,
		ev{"hb.spawn", []smt.Concrete{i64(0), i64(2)}, "a.go:5:1"},
		ev{"wr", []smt.Concrete{i64(2), ptr(1), str("x")}, "a.go:6:1"},
		ev{"wr", []smt.Concrete{i64(2), ptr(2), str("setup")}, "a.go:7:1"},
	)
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "a.go:3:1") || strings.Contains(fs[0].Message, "a.go:4:1") {
		t.Fatalf("a goroutine started after the write alone: findings %+v", fs)
	}
}
