package smt

import (
	"strings"
	"testing"

	"github.com/gokiss/kiss/ir"
)

// Two orders of the same two allocations meet in one state (objects are
// numbered by reachability, not allocation): the costlier order is dropped
// at its next choose, and the violation after it is still found, on the
// cheaper path.
//
// The counts below are of both rounds (bound 0, then 1: see Run): round 0
// runs the cheap order (1 path, and 2 more at its last choose) and prunes
// the other; round 1 runs them again, the cheap order with more of the
// bound left than round 0 had (4 paths), and the costlier order meets it.
const diamondIR = `
global @a ptr
global @b ptr

func @doA() {
  var %p ptr
entry:
  %p = alloc i64
  store %p, 1:i64
  store @a, %p
  ret
}

func @doB() {
  var %p ptr
entry:
  %p = alloc i64
  store %p, VALUE
  store @b, %p
  ret
}

func @main() {
  var %k i64
  var %z bool
entry:
  %k = choose 2:i64
  %z = eq %k, 0:i64
  br %z, ab, ba
ab:
  call @doA()
  call @doB()
  jmp next
ba:
  cost 1
  call @doB()
  call @doA()
  jmp next
next:
  %k = choose 3:i64
  %z = eq %k, 2:i64
  br %z, bad, ok
bad:
  assert false, assert, "reached" at "c.go:1:1"
  ret
ok:
  ret
}
`

func parseIR(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := ir.Parse("inline.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestStateCacheDiamond(t *testing.T) {
	res := run(t, parseIR(t, replaceValue(diamondIR, "2:i64")), Options{MaxCost: 2})
	if res.Stats.Revisits != 1 || res.Stats.Paths != 8 {
		t.Errorf("revisits %d paths %d, want 1 and 8", res.Stats.Revisits, res.Stats.Paths)
	}
	if v := violation(t, res, "reached"); v.Cost != 0 {
		t.Errorf("violation at cost %d, want 0", v.Cost)
	}
	wantComplete(t, res, true)
}

// States that differ in a heap value are not merged.
func TestStateCacheDistinguishes(t *testing.T) {
	src := replaceValue(diamondIR, "2:i64")
	// In the second order doB stores another value.
	p := parseIR(t, src[:len(src)-1]+`
func @doB2() {
  var %p ptr
entry:
  %p = alloc i64
  store %p, 3:i64
  store @b, %p
  ret
}
`)
	p.Func("main").Blocks[2].Instrs[1].Args[0] = p.Func("doB2")
	res := run(t, p, Options{MaxCost: 2})
	if res.Stats.Revisits != 0 || res.Stats.Paths != 10 {
		t.Errorf("revisits %d paths %d, want 0 and 10", res.Stats.Revisits, res.Stats.Paths)
	}
}

func replaceValue(s, v string) string { return strings.Replace(s, "VALUE", v, 1) }

// The order objects were exposed in (their addresses) is part of a state:
// the two orders of exposing two objects are not merged, while exposing
// them in one order after either order of allocation is.
func TestStateCacheExposure(t *testing.T) {
	expose := func(src, fn string) string {
		return strings.Replace(src, "  store @"+fn+", %p\n", "  store @"+fn+", %p\n  %w = conv %p\n", 1)
	}
	src := replaceValue(diamondIR, "2:i64")
	src = strings.ReplaceAll(src, "  var %p ptr\n", "  var %p ptr\n  var %w u64\n")
	res := run(t, parseIR(t, expose(expose(src, "a"), "b")), Options{MaxCost: 2})
	if res.Stats.Revisits != 0 || res.Stats.Paths != 10 {
		t.Errorf("exposed in the calls: revisits %d paths %d, want 0 and 10", res.Stats.Revisits, res.Stats.Paths)
	}
	src = strings.Replace(src, "  var %z bool\n", "  var %z bool\n  var %p ptr\n  var %w u64\n", 1)
	src = strings.Replace(src, "next:\n", "next:\n  %p = load @a\n  %w = conv %p\n  %p = load @b\n  %w = conv %p\n", 1)
	res = run(t, parseIR(t, src), Options{MaxCost: 2})
	if res.Stats.Revisits != 1 || res.Stats.Paths != 8 {
		t.Errorf("exposed after: revisits %d paths %d, want 1 and 8", res.Stats.Revisits, res.Stats.Paths)
	}
}

// Options.Running: states that differ only in the running goroutine meet
// when the one seen before costs at least one less, or ran no goroutine
// (-1) at no greater cost; at equal cost with two running goroutines
// both are explored.
const runningIR = `
global @cur i64

func @main() {
  var %k i64
  var %z bool
entry:
  %k = choose 2:i64
  %z = eq %k, 0:i64
  br %z, first, second
first:
  COSTA
  store @cur, CURA
  jmp next
second:
  COSTB
  store @cur, CURB
  jmp next
next:
  %k = choose 3:i64
  %z = eq %k, 2:i64
  br %z, bad, ok
bad:
  assert false, assert, "reached" at "c.go:1:1"
  ret
ok:
  ret
}
`

func TestStateCacheRunning(t *testing.T) {
	for _, tc := range []struct {
		name                      string
		costA, curA, costB, curB  string
		running                   string
		revisits, paths, violCost int
	}{
		{"one less", "", "1:i64", "cost 1", "2:i64", "cur", 1, 8, 0},
		{"same cost, other goroutine", "", "1:i64", "", "2:i64", "cur", 0, 6, 0},
		{"none running, same cost", "", "-1:i64", "", "2:i64", "cur", 1, 4, 0},
		{"not named: one less is still another state", "", "1:i64", "cost 1", "2:i64", "", 0, 10, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := strings.NewReplacer("COSTA", tc.costA, "CURA", tc.curA, "COSTB", tc.costB, "CURB", tc.curB)
			res := run(t, parseIR(t, r.Replace(runningIR)), Options{MaxCost: 2, Running: tc.running})
			if res.Stats.Revisits != tc.revisits || res.Stats.Paths != tc.paths {
				t.Errorf("revisits %d paths %d, want %d and %d", res.Stats.Revisits, res.Stats.Paths, tc.revisits, tc.paths)
			}
			if v := violation(t, res, "reached"); v.Cost != tc.violCost {
				t.Errorf("violation at cost %d, want %d", v.Cost, tc.violCost)
			}
		})
	}
}

// Unknown values meet up to renaming: each order of two calls that store a
// fresh unknown makes its own variables (in its own order), and the two
// states are still one, since the variables are free (no condition names
// them). Unknowns of different labels do not meet.
func TestStateCacheRenamesUnknowns(t *testing.T) {
	src := strings.NewReplacer("store %p, 1:i64", "%v = nondet \"A\"\n  store %p, %v", "store %p, VALUE", "%v = nondet \"LABEL\"\n  store %p, %v",
		"var %p ptr", "var %p ptr\n  var %v i64").Replace(diamondIR)
	res := run(t, parseIR(t, strings.Replace(src, "LABEL", "B", 1)), Options{MaxCost: 2})
	if res.Stats.Revisits != 1 || res.Stats.Paths != 8 {
		t.Errorf("revisits %d paths %d, want 1 and 8", res.Stats.Revisits, res.Stats.Paths)
	}
	wantComplete(t, res, true)
	// When the second order's doB makes an unknown of another label, the
	// states differ.
	p := parseIR(t, strings.Replace(src, "LABEL", "B", 1)+`
func @doB2() {
  var %p ptr
  var %v i64
entry:
  %p = alloc i64
  %v = nondet "C"
  store %p, %v
  store @b, %p
  ret
}
`)
	p.Func("main").Blocks[2].Instrs[1].Args[0] = p.Func("doB2")
	res = run(t, p, Options{MaxCost: 2})
	if res.Stats.Revisits != 0 || res.Stats.Paths != 10 {
		t.Errorf("different labels: revisits %d paths %d, want 0 and 10", res.Stats.Revisits, res.Stats.Paths)
	}
}

// forks12 forks 12 times, into 4096 paths that end in different states.
const forks12 = `
func @main() {
  var %i i64
  var %k i64
  var %s i64
  var %c bool
entry:
  jmp loop
loop:
  %k = choose 2:i64
  %s = shl %s, 1:i64
  %s = or %s, %k
  %i = add %i, 1:i64
  %c = lt %i, 12:i64
  br %c, loop, done
done:
  ret
}
`

// Past Options.MaxMemory no state is queued: the paths forked then are
// cut as "memory", and the run says it is incomplete.
func TestMaxMemory(t *testing.T) {
	p := parseIR(t, forks12)
	res := run(t, p, Options{MaxMemory: 1 << 30})
	if !res.Stats.Complete || res.Stats.Cuts[CutMemory] != 0 {
		t.Fatalf("within the bound: %d paths, cuts %v", res.Stats.Paths, res.Stats.Cuts)
	}
	full := res.Stats.Paths
	defer func(f func() (uint64, uint64)) { liveMemory = f }(liveMemory)
	calls := uint64(0)
	liveMemory = func() (uint64, uint64) {
		calls++
		if calls == 1 { // as the run starts
			return 1 << 30, calls
		}
		return 1<<30 + 2<<20, calls
	}
	res = run(t, p, Options{MaxMemory: 1 << 20})
	if res.Stats.Cuts[CutMemory] == 0 || res.Stats.Complete || res.Stats.Paths >= full {
		t.Fatalf("over the bound: %d paths, cuts %v, complete %v", res.Stats.Paths, res.Stats.Cuts, res.Stats.Complete)
	}
	shed := res.Stats.Paths
	// At twice the bound the run stops at once.
	calls = 0
	liveMemory = func() (uint64, uint64) {
		calls++
		if calls == 1 {
			return 1 << 30, calls
		}
		return 1<<30 + 3<<20, calls
	}
	res = run(t, p, Options{MaxMemory: 1 << 20})
	if res.Stats.Cuts[CutMemory] == 0 || res.Stats.Complete || res.Stats.Paths >= shed {
		t.Fatalf("over twice the bound: %d paths (%d when shedding), cuts %v", res.Stats.Paths, shed, res.Stats.Cuts)
	}
}

// Stats.PeakMemory is the most the live memory stood above where it was as
// the run began, with or without Options.MaxMemory.
func TestPeakMemory(t *testing.T) {
	p := parseIR(t, forks12)
	defer func(f func() (uint64, uint64)) { liveMemory = f }(liveMemory)
	for _, limit := range []uint64{0, 1 << 30} {
		calls := uint64(0)
		liveMemory = func() (uint64, uint64) {
			calls++
			switch calls {
			case 1: // as the run starts
				return 1 << 30, calls
			case 2:
				return 1<<30 + 5<<20, calls
			}
			return 1<<30 + 3<<20, calls
		}
		res := run(t, p, Options{MaxMemory: limit})
		if calls < 3 || res.Stats.PeakMemory != 5<<20 {
			t.Errorf("MaxMemory %d: %d readings, peak %d, want 5 MiB", limit, calls, res.Stats.PeakMemory)
		}
	}
}

// shed drops the states the search would reach last: the costliest, and
// in a bucket the oldest (the bottom of its stack).
func TestWorklistShed(t *testing.T) {
	var w worklist
	var all []*state
	for _, c := range []int{0, 1, 0, 2, 1, 2} {
		st := &state{cost: c}
		all = append(all, st)
		w.push(st)
	}
	var cut []*state
	w.shed(3, func(st *state) { cut = append(cut, st) })
	if len(cut) != 3 || cut[0] != all[3] || cut[1] != all[5] || cut[2] != all[1] || w.n != 3 {
		t.Fatalf("cut %v, %d left", cut, w.n)
	}
	for _, want := range []*state{all[2], all[0], all[4]} {
		if got := w.pop(); got != want {
			t.Fatalf("popped cost %d, want the state of cost %d", got.cost, want.cost)
		}
	}
	if w.pop() != nil {
		t.Fatal("states left after shedding half and popping the rest")
	}
}

// Under a path condition, states still meet: the conditions are part of
// the state, their variables renamed as the state's are. The two orders
// meet when they add the same condition and do not when the conditions
// differ.
func TestStateCacheUnderPathCondition(t *testing.T) {
	src := strings.NewReplacer(
		"entry:\n  %k = choose 2:i64", "entry:\n  %u = nondet \"U\"\n  %c = gt %u, 5:i64\n  br %c, go, out\nout:\n  ret\ngo:\n  %k = choose 2:i64",
		"  var %z bool\n", "  var %z bool\n  var %u i64\n  var %c bool\n",
		"ab:\n", "ab:\n  %c = gt %u, 7:i64\n  assume %c\n",
		"ba:\n", "ba:\n  %c = gt %u, BOUND\n  assume %c\n",
	).Replace(replaceValue(diamondIR, "2:i64"))
	for _, tc := range []struct {
		bound    string
		revisits int
	}{{"7:i64", 1}, {"6:i64", 0}} {
		res := run(t, parseIR(t, strings.Replace(src, "BOUND", tc.bound, 1)), Options{MaxCost: 2})
		if res.Stats.Revisits != tc.revisits {
			t.Errorf("second order assumes u > %s: revisits %d, want %d", tc.bound, res.Stats.Revisits, tc.revisits)
		}
		if v := violation(t, res, "reached"); v.Cost != 0 {
			t.Errorf("violation at cost %d, want 0", v.Cost)
		}
		wantComplete(t, res, true)
	}
}

// The heap at the first choose is the cache's snapshot, whose objects are
// hashed only where a state changed them: an object written and written
// back holds the snapshot's value, and the state meets the one that never
// wrote it; an object left written does not.
const snapshotIR = `
global @m ptr

func @main() {
  var %p ptr
  var %k i64
  var %z bool
entry:
  %p = alloc i64
  store @m, %p
  %k = choose 2:i64
  %z = eq %k, 0:i64
  br %z, touch, skip
touch:
  %p = load @m
  store %p, 1:i64
  store %p, VALUE
  jmp next
skip:
  jmp next
next:
  %k = choose 3:i64
  %z = eq %k, 2:i64
  br %z, bad, ok
bad:
  assert false, assert, "reached" at "c.go:1:1"
  ret
ok:
  ret
}
`

func TestStateCacheSnapshot(t *testing.T) {
	restored := run(t, parseIR(t, replaceValue(snapshotIR, "0:i64")), Options{})
	if restored.Stats.Revisits != 1 {
		t.Errorf("written back: revisits %d, want 1", restored.Stats.Revisits)
	}
	violation(t, restored, "reached")
	left := run(t, parseIR(t, replaceValue(snapshotIR, "1:i64")), Options{})
	if left.Stats.Revisits != 0 {
		t.Errorf("left written: revisits %d, want 0", left.Stats.Revisits)
	}
	violation(t, left, "reached")
}

// Paths forked before the snapshot allocate objects of their own under
// the snapshot's ids. On the path that did not take the snapshot, the
// object @m points to is its own, reached only through @m, which still
// holds the snapshot's value: that state is hashed whole, and its two
// values of *@m do not meet (they did, one hashed as the other).
const forkedBeforeIR = `
global @m ptr

func @main() {
  var %p ptr
  var %k i64
  var %u i64
  var %c bool
  var %z bool
entry:
  %u = nondet "U"
  %c = gt %u, 5:i64
  br %c, a, b
a:
  %p = alloc i64
  store @m, %p
  jmp next
b:
  %p = alloc i64
  store @m, %p
  jmp next
next:
  %k = choose 2:i64
  %p = load @m
  store %p, %k
  %k = choose 2:i64
  ret
}
`

// A variable the snapshot's values hold is the same variable in a
// state's locals: a local holding it and one holding a fresh variable of
// its label are two states, though the snapshot's values are not hashed.
const snapshotVarIR = `
global @g i64

func @main() {
  var %x i64
  var %y i64
  var %k i64
  var %z bool
entry:
  %x = nondet "V"
  store @g, %x
  %k = choose 2:i64
  %z = eq %k, 0:i64
  br %z, same, fresh
same:
  %x = load @g
  jmp next
fresh:
  %x = nondet "V"
  jmp next
next:
  %k = choose 2:i64
  %y = load @g
  %z = eq %x, %y
  br %z, ok, bad
bad:
  assert false, assert, "differ" at "c.go:1:1"
  ret
ok:
  ret
}
`

func TestStateCacheSnapshotSound(t *testing.T) {
	if res := run(t, parseIR(t, forkedBeforeIR), Options{}); res.Stats.Revisits != 0 {
		t.Errorf("objects made after a fork before the snapshot: revisits %d, want 0", res.Stats.Revisits)
	}
	res := run(t, parseIR(t, snapshotVarIR), Options{})
	if res.Stats.Revisits != 0 {
		t.Errorf("the snapshot's variable and a fresh one: revisits %d, want 0", res.Stats.Revisits)
	}
	violation(t, res, "differ")
}
