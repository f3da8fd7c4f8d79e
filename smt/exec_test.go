package smt

import (
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gokiss/kiss/analyzer/kisstest"
	"github.com/gokiss/kiss/ir"
)

// The programs are under testdata/ir/exec_*.ir; each test checks exact
// outcomes, with Z3 deciding the symbolic ones. Where the violations are
// is written in the programs: see checkIR.

func load(t testing.TB, name string) *ir.Program {
	t.Helper()
	path := filepath.Join("..", "testdata", "ir", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ir.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t testing.TB, p *ir.Program, opts Options) *Result {
	t.Helper()
	res, err := Run(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkIR runs testdata/ir/<name> with opts and checks its outcome
// against the program's want comments (package internal/want, on the IR's
// `//` comments) of the variant: `// want "regexp"` for the run with the
// test's first options (variant ""), `// want name:"regexp"` for the
// variant name. Each violation ("kind: message (cost n)") and each IR
// runtime error ("runtime error: message") is expected on the line whose
// `at "file.go:line:col"` is its position: it must match a want there,
// and each want of the variant must be met.
func checkIR(t testing.TB, name, variant string, opts Options) *Result {
	t.Helper()
	res := run(t, load(t, name), opts)
	checkWants(t, name, variant, res)
	return res
}

// checkWants checks res, a run of testdata/ir/<name>, as checkIR does.
func checkWants(t testing.TB, name, variant string, res *Result) {
	t.Helper()
	all := kisstest.New()
	if err := all.TextFile(filepath.Join("..", "testdata", "ir", name)); err != nil {
		t.Fatal(err)
	}
	wants := all.Select(variant)
	check := func(pos, msg string) {
		line := lineOf(t, name, pos)
		if line == 0 {
			t.Errorf("%s: %s at %q: no line of the program is at that position", name, msg, pos)
			return
		}
		if err := wants.Check(filepath.Join("..", "testdata", "ir", name), line, "", msg); err != nil {
			t.Error(err)
		}
	}
	for _, v := range res.Violations {
		check(v.Pos, fmt.Sprintf("%s: %s (cost %d)", v.Kind, v.Message, v.Cost))
	}
	for _, e := range res.Errors {
		check(e.Pos, "runtime error: "+e.Message)
	}
	for _, err := range wants.Unmet() {
		t.Error(err)
	}
}

// lineOf returns the line of testdata/ir/<name> that has `at "pos"`, 0 if
// none or more than one has.
func lineOf(t testing.TB, name, pos string) int {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "ir", name))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, `at "`+pos+`"`) {
			if found != 0 {
				return 0
			}
			found = i + 1
		}
	}
	return found
}

// violation returns the violation whose message is msg, failing the test
// if there is none.
func violation(t *testing.T, res *Result, msg string) *Violation {
	t.Helper()
	for _, v := range res.Violations {
		if v.Message == msg {
			return v
		}
	}
	t.Fatalf("no violation %q; have %v", msg, res.Violations)
	return nil
}

func wantComplete(t *testing.T, res *Result, complete bool) {
	t.Helper()
	if res.Stats.Complete != complete {
		t.Errorf("Complete = %v, want %v (cuts %v)", res.Stats.Complete, complete, res.Stats.Cuts)
	}
}

func TestWrapAround(t *testing.T) {
	res := checkIR(t, "exec_wrap.ir", "", Options{})
	wantComplete(t, res, true)
	v := violation(t, res, "x*3 == 42")
	if len(v.Nondets) != 1 || v.Nondets[0].Uint64()*3 != 42 {
		t.Errorf("model %v does not satisfy x*3 == 42", v.Nondets)
	}
	v = violation(t, res, "y*3 == 1")
	if len(v.Nondets) != 2 || v.Nondets[1].Uint64()*3 != 1 || v.Nondets[1].Uint64() != 0xAAAAAAAAAAAAAAAB {
		t.Errorf("model %v does not satisfy y*3 == 1 in uint64", v.Nondets)
	}
	// The trace has the symbolic y and y*3 under the model.
	if len(v.Trace) != 1 || concretes(v.Trace[0].Args) != "12297829382473034411 1" {
		t.Errorf("trace %v", v.Trace)
	}
}

func TestUnreachableAssertions(t *testing.T) {
	res := checkIR(t, "exec_unreachable.ir", "", Options{})
	wantComplete(t, res, true)
	if res.Stats.SolverCalls == 0 {
		t.Error("no solver call: the assertions were not checked")
	}
	if res.Stats.Paths != 2 || res.Stats.Completed != 2 {
		t.Errorf("paths %d completed %d, want 2 and 2 (x < 10 or not)", res.Stats.Paths, res.Stats.Completed)
	}
}

func TestConcreteLoop(t *testing.T) {
	res := checkIR(t, "exec_sum.ir", "", Options{})
	wantComplete(t, res, true)
	s := res.Stats
	if s.SolverCalls != 0 || s.ConcreteSteps != s.Steps || s.Completed != 1 {
		t.Errorf("stats %+v: want a single concrete path without the solver", s)
	}
	if s.Steps < 4000 {
		t.Errorf("%d steps: the loop did not run 1000 times", s.Steps)
	}
}

func TestSymbolicLoopUnroll(t *testing.T) {
	res := checkIR(t, "exec_symloop.ir", "", Options{}) // Unroll 3
	wantComplete(t, res, false)
	if res.Stats.Cuts[CutUnroll] == 0 {
		t.Errorf("cuts %v, want unroll", res.Stats.Cuts)
	}
	if v := violation(t, res, "second iteration"); v.Nondets[0].Uint64() < 2 {
		t.Errorf("n = %v cannot reach the second iteration", v.Nondets[0])
	}
	// With a higher bound the fifth iteration is reached too.
	res = checkIR(t, "exec_symloop.ir", "unroll6", Options{Unroll: 6})
	wantComplete(t, res, false)
}

func TestSymbolicIndex(t *testing.T) {
	res := checkIR(t, "exec_symindex.ir", "", Options{})
	wantComplete(t, res, true)
	v := violation(t, res, "a[j] sees the store to a[i]")
	if len(v.Nondets) != 2 || v.Nondets[0].Int64() != v.Nondets[1].Int64() {
		t.Errorf("model %v: want i == j", v.Nondets)
	}
	if i := v.Nondets[0].Int64(); i < 0 || i >= 8 {
		t.Errorf("model %v: i out of range", v.Nondets)
	}
	// Case analysis, not forking.
	if res.Stats.Paths != 1 {
		t.Errorf("%d paths, want 1", res.Stats.Paths)
	}
}

func TestSymbolicIndexOutOfRange(t *testing.T) {
	res := checkIR(t, "exec_symindex_oob.ir", "", Options{})
	// In range, a[3] is 1 only when i == 3.
	v := violation(t, res, "a[3] was stored")
	if v.Nondets[0].Uint64() != 3 {
		t.Errorf("model %v, want i == 3", v.Nondets)
	}
}

func TestAliasing(t *testing.T) {
	res := checkIR(t, "exec_alias.ir", "", Options{})
	wantComplete(t, res, true)
	if res.Stats.Completed != 2 {
		t.Errorf("completed %d, want 2", res.Stats.Completed)
	}
}

func TestChooseManyPaths(t *testing.T) {
	res := checkIR(t, "exec_choose.ir", "", Options{})
	if res.Stats.Paths != 512 || res.Stats.Completed != 511 {
		t.Errorf("paths %d completed %d, want 512 and 511", res.Stats.Paths, res.Stats.Completed)
	}
	v := violation(t, res, "the combination 3, 5, 7")
	if got := concretes(v.Nondets); got != "3 5 7" {
		t.Errorf("nondets %s, want 3 5 7", got)
	}
	if len(v.Trace) != 1 || concretes(v.Trace[0].Args) != "3 5 7" {
		t.Errorf("trace %v", v.Trace)
	}
	if res.Stats.SolverCalls != 0 {
		t.Errorf("%d solver calls for concrete choices", res.Stats.SolverCalls)
	}
}

// choosebit explores exactly the numbers of the bits set, in increasing
// order, and a mask with none set is no path.
func TestChooseBit(t *testing.T) {
	const src = `
func @main() {
  var %k i64
  var %j i64
  var %ok bool
entry:
  %k = choosebit -9223372036854775786:i64
  trace "k", %k
  %ok = eq %k, 63:i64
  br %ok, last, on
last:
  %j = choosebit 0:i64
  trace "unreachable", %j
  ret
on:
  %ok = eq %k, 4:i64
  %ok = not %ok
  assert %ok, assert, "bit 4" at "b.go:1:1"
  ret
}
`
	p, err := ir.Parse("b.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res := run(t, p, Options{})
	if res.Stats.Paths != 4 || res.Stats.Completed != 2 {
		t.Errorf("paths %d completed %d, want 4 and 2 (bits 1, 2, 4 and 63; 4 fails, 63 chooses from none)", res.Stats.Paths, res.Stats.Completed)
	}
	if v := violation(t, res, "bit 4"); concretes(v.Nondets) != "4" {
		t.Errorf("nondets %s, want 4", concretes(v.Nondets))
	}
}

// TestKnown: known is true of a concrete value, false of a symbolic one or
// of an aggregate with a symbolic part, and forks nothing.
func TestKnown(t *testing.T) {
	const src = `
func @main() {
  var %x i64
  var %y i64
  var %p {i64, i64}
  var %k bool
entry:
  %x = nondet
  %k = known 5:i64
  assert %k, assert, "concrete" at "k.go:1:1"
  %k = known %x
  %k = not %k
  assert %k, assert, "symbolic" at "k.go:2:1"
  %y = add %x, 1:i64
  %p = make 1:i64, %y
  %k = known %p
  %k = not %k
  assert %k, assert, "aggregate" at "k.go:3:1"
  %p = make 1:i64, 2:i64
  %k = known %p
  assert %k, assert, "concrete aggregate" at "k.go:4:1"
  ret
}
`
	p, err := ir.Parse("k.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(p); err != nil {
		t.Fatal(err)
	}
	res := run(t, p, Options{})
	if len(res.Violations) != 0 || res.Stats.Paths != 1 || res.Stats.SolverCalls != 0 {
		t.Errorf("violations %v, %d paths, %d solver calls: want none, 1 and 0", res.Violations, res.Stats.Paths, res.Stats.SolverCalls)
	}
}

// MaxQueued bounds the states waiting; the rest are cut and counted.
func TestMaxQueued(t *testing.T) {
	res := run(t, load(t, "exec_choose.ir"), Options{MaxQueued: 5})
	if res.Stats.Complete || res.Stats.Cuts[CutQueued] == 0 || res.Stats.Completed >= 511 {
		t.Errorf("stats %+v", res.Stats)
	}
}

func concretes(cs []Concrete) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.String())
	}
	return strings.Join(s, " ")
}

func TestCostOrder(t *testing.T) {
	res := checkIR(t, "exec_cost.ir", "", Options{MaxCost: 5})
	if v := violation(t, res, "reached"); concretes(v.Nondets) != "1" {
		t.Errorf("violation %v with %v, want cost 1 by choice 1", v, v.Nondets)
	}
	if res.Stats.MaxCostSeen != 2 {
		t.Errorf("MaxCostSeen %d", res.Stats.MaxCostSeen)
	}
	res = checkIR(t, "exec_cost.ir", "cost0", Options{MaxCost: 0})
	if res.Stats.PrunedByCost != 2 {
		t.Errorf("pruned %d, want 2", res.Stats.PrunedByCost)
	}
	wantComplete(t, res, true) // pruning by cost is a bound, not a cut
	res = checkIR(t, "exec_cost.ir", "cost1", Options{MaxCost: 1})
	if res.Stats.PrunedByCost != 3 {
		t.Errorf("pruned %d, want 3 (both paths in round 0, the dearer in round 1)", res.Stats.PrunedByCost)
	}
}

func TestSchedulerCoroutines(t *testing.T) {
	res := checkIR(t, "exec_sched.ir", "cost0", Options{MaxCost: 0})
	wantComplete(t, res, true)
	if res.Stats.PrunedByCost == 0 {
		t.Error("nothing pruned at cost 0")
	}
	res = checkIR(t, "exec_sched.ir", "", Options{MaxCost: 2})
	v := violation(t, res, "reader saw the intermediate value")
	// writer runs (stores 1, yields), is preempted for reader, reader
	// runs to its yield and then on to the load.
	var runs []string
	for _, ev := range v.Trace {
		if ev.Name == "run" {
			runs = append(runs, ev.Args[0].String())
		}
	}
	if strings.Join(runs, " ") != "0 1 1" {
		t.Errorf("schedule %v, want 0 1 1 (trace %v)", runs, v.Trace)
	}
	last := v.Trace[len(v.Trace)-1]
	if last.Name != "step" || concretes(last.Args) != "1 1" {
		t.Errorf("last event %v, want reader seeing 1", last)
	}
}

func TestNestedCoroutines(t *testing.T) {
	res := checkIR(t, "exec_nested.ir", "", Options{})
	if res.Stats.Completed != 1 {
		t.Errorf("stats %+v", res.Stats)
	}
}

// twice flags the second observation of a pointer on a path.
type twice struct{ seen map[string]bool }

func (o *twice) Observe(name string, args []Concrete, pos string) *Finding {
	k := args[0].Key()
	if o.seen[k] {
		return &Finding{Kind: "twice", Message: "observed twice: " + k}
	}
	o.seen[k] = true
	return nil
}

func (o *twice) Clone() Observer {
	c := &twice{seen: make(map[string]bool)}
	for k := range o.seen {
		c.seen[k] = true
	}
	return c
}

func TestObserver(t *testing.T) {
	obs := map[string]func() Observer{"twice": func() Observer { return &twice{seen: map[string]bool{}} }}
	res := checkIR(t, "exec_observe.ir", "", Options{Observers: obs})
	// Paths: choice 0 observes a[0], choice 1 a[1]; then a[i] for i in 0..3:
	// the second observation happens for (0, 0) and (1, 1) only, both
	// at the last observe with different messages.
	if res.Stats.Paths != 8 || res.Stats.Completed != 8 {
		t.Errorf("paths %d completed %d, want 8", res.Stats.Paths, res.Stats.Completed)
	}
	for _, v := range res.Violations {
		if k, i := v.Nondets[0].Int64(), v.Nondets[1].Int64(); k != i {
			t.Errorf("violation %v with choice %d and index %d", v, k, i)
		}
	}
	// An unknown observer is an error before anything runs.
	if _, err := Run(context.Background(), load(t, "exec_observe.ir"), Options{}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("err = %v, want unknown observer", err)
	}
}

func TestMaps(t *testing.T) {
	res := checkIR(t, "exec_maps.ir", "", Options{})
	wantComplete(t, res, true)
	if v := violation(t, res, "m[k] == 20"); v.Nondets[0].Int64() != 2 {
		t.Errorf("model %v, want k == 2", v.Nondets)
	}
	if k := violation(t, res, "k is one of the keys").Nondets[0].Int64(); k == 1 || k == 2 {
		t.Errorf("model %d, want a new key", k)
	}
}

func TestSymbolicStrings(t *testing.T) {
	res := checkIR(t, "exec_strings.ir", "", Options{})
	if v := violation(t, res, "s+x == yzx"); v.Nondets[0].Str != "yz" {
		t.Errorf("model %v, want yz", v.Nondets)
	}
	v := violation(t, res, "between ab and ac")
	if s := v.Nondets[0].Str; !(len(s) == 3 && s > "ab" && s < "ac") {
		t.Errorf("model %q outside (ab, ac) or not of length 3", s)
	}
	// strindex of a symbolic string is beyond the string theory kept.
	if res.Stats.Cuts[CutSymString] != 1 {
		t.Errorf("cuts %v, want sym-string", res.Stats.Cuts)
	}
}

func TestSymbolicFloats(t *testing.T) {
	res := checkIR(t, "exec_floats.ir", "", Options{})
	if v := violation(t, res, "2x == 3"); v.Nondets[0].Float() != 1.5 {
		t.Errorf("model %v, want 1.5", v.Nondets)
	}
	if v := violation(t, res, "f+1 == f"); func() bool { f := float32(v.Nondets[1].Float()); return f+1 != f }() {
		t.Errorf("model %v: f+1 != f", v.Nondets)
	}
	if v := violation(t, res, "int32(x) == 7"); func() bool { x := v.Nondets[0].Float(); return !(x >= 7 && x < 8) }() {
		t.Errorf("model %v: int32(x) != 7", v.Nondets)
	}
}

func TestRuntimeErrors(t *testing.T) {
	res := checkIR(t, "exec_rterrors.ir", "", Options{})
	for _, e := range res.Errors {
		if e.Func != "main" {
			t.Errorf("error %v in %s", e, e.Func)
		}
	}
	// The symbolic division goes on where x != 0; "fine" completes.
	if res.Stats.Completed != 2 {
		t.Errorf("completed %d, want 2", res.Stats.Completed)
	}
}

// ---- budgets ----

func TestBudgetPaths(t *testing.T) {
	res := run(t, load(t, "exec_choose.ir"), Options{MaxPaths: 10})
	if res.Stats.Paths != 10 || res.Stats.Cuts[CutPaths] == 0 {
		t.Errorf("paths %d cuts %v", res.Stats.Paths, res.Stats.Cuts)
	}
	wantComplete(t, res, false)
}

func TestBudgetSteps(t *testing.T) {
	res := checkIR(t, "exec_sum.ir", "steps100", Options{MaxSteps: 100})
	if res.Stats.Cuts[CutSteps] != 1 || res.Stats.Steps != 100 {
		t.Errorf("steps %d cuts %v", res.Stats.Steps, res.Stats.Cuts)
	}
	wantComplete(t, res, false)
}

func TestBudgetPathSteps(t *testing.T) {
	res := run(t, load(t, "exec_choose.ir"), Options{MaxPathSteps: 5})
	// Every one of the 512 paths runs out of steps before its assertion.
	if res.Stats.Cuts[CutPathSteps] == 0 || len(res.Violations) != 0 {
		t.Errorf("cuts %v violations %v", res.Stats.Cuts, res.Violations)
	}
	wantComplete(t, res, false)
}

func TestBudgetTimeoutAndCancel(t *testing.T) {
	p := spin()
	res := run(t, p, Options{Timeout: 50 * time.Millisecond})
	if res.Stats.Cuts[CutTimeout] != 1 {
		t.Errorf("cuts %v, want timeout", res.Stats.Cuts)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	res, err := Run(ctx, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Cuts[CutCanceled] != 1 {
		t.Errorf("cuts %v, want canceled", res.Stats.Cuts)
	}
}

// A run stopped by its budget among many queries ends cleanly, and soon.
// The deadline used to interrupt Z3 between two queries as often as during
// one, which left it unable to push: the failure was taken for the budget's
// cut and the path went on against a solver missing a scope, which found
// assertions violated where the path assumed them (or crashed in Z3). Many
// short runs put the deadline at every point of the query cycle.
func TestBudgetTimeoutAmongQueries(t *testing.T) {
	p := parseIR(t, `
func @main() {
  var %x u32
  var %y u32
  var %p u32
  var %ok bool
entry:
  jmp loop
loop:
  %x = nondet
  %y = nondet
  %p = add %x, %y
  %ok = eq %p, 7:u32
  assume %ok
  assert %ok, assert, "x+y == 7 where assumed" at "t.go:1:1"
  jmp loop
}
`)
	queries := 0
	for i := range 30 {
		timeout := time.Duration(40+i) * time.Millisecond
		start := time.Now()
		res, err := Run(context.Background(), p, Options{Timeout: timeout})
		took := time.Since(start)
		if err != nil {
			t.Fatalf("timeout %v: %v", timeout, err)
		}
		// The path is cut by the timeout, also where it stops a query.
		if len(res.Stats.Cuts) != 1 || res.Stats.Cuts[CutTimeout] == 0 {
			t.Errorf("timeout %v: cuts %v", timeout, res.Stats.Cuts)
		}
		if len(res.Violations) > 0 {
			t.Errorf("timeout %v: %v", timeout, res.Violations[0])
		}
		if took > timeout+time.Second {
			t.Errorf("timeout %v: the run took %v", timeout, took)
		}
		queries += res.Stats.SolverCalls
	}
	if queries < 100 {
		t.Errorf("%d queries in all: the runs did not reach the solver", queries)
	}
}

// A query Z3 gives up on leaves its solver behind, for a fresh one. In the
// string theory, Z3 4.8.12 stopped by a timeout can leave the solver in a
// state from which a later pop or check crashes the process (SIGSEGV, as
// on os/signal's tests; TestZ3StoppedStringCheck reproduces it). Z3 needs
// more than a few thousand resource units to find that the strings below
// can be 100 bytes long and below "m" (its string solver unfolds a string
// up to its length; units, not a timeout, so that a fast machine gives
// them up too), so the path gives queries up, and goes on with the solvers
// that replace the first (which need not answer the last query in time
// either, but must not answer it wrongly).
func TestQueryGivenUpRenewsSolver(t *testing.T) {
	p := parseIR(t, `
func @main() {
  var %s str
  var %n i64
  var %ok bool
  var %i i64
  var %x u8
entry:
  jmp loop
loop:
  %ok = lt %i, 4:i64
  br %ok, body, done
body:
  %i = add %i, 1:i64
  %s = nondet
  %ok = lt %s, "m"
  assume %ok
  %n = strlen %s
  %ok = lt %n, 100:i64
  br %ok, loop, nonempty
nonempty:
  ret
done:
  %x = nondet
  %ok = gt %x, 5:u8
  assume %ok
  %ok = ne %x, 3:u8
  assert %ok, assert, "x > 5 and x == 3" at "s.go:1:1"
  ret
}
`)
	for i := range 5 {
		res := run(t, p, Options{QueryLimit: uint(2000 + 500*i)})
		st := res.Stats
		if len(res.Violations) > 0 {
			t.Fatalf("violations %v", res.Violations)
		}
		if st.Cuts[CutUnknown] == 0 || st.SolverRenewed != st.Cuts[CutUnknown] {
			t.Errorf("%d queries given up, %d solvers renewed", st.Cuts[CutUnknown], st.SolverRenewed)
		}
	}
}

// spin is a program that loops forever, concretely.
func spin() *ir.Program {
	f := &ir.Func{Name: "main"}
	entry := f.NewBlock("entry")
	loop := f.NewBlock("loop")
	entry.Add(&ir.Instr{Op: ir.OpJmp, Targets: []*ir.Block{loop}})
	loop.Add(&ir.Instr{Op: ir.OpJmp, Targets: []*ir.Block{loop}})
	return &ir.Program{Funcs: []*ir.Func{f}}
}

// recursionProgram: main calls rec, which counts its activations in @n
// and calls itself forever; an assert fails once @n reaches fail. rec is
// lowered from Go (it has a position; the models' functions, without
// one, are not bounded): rec's call of itself may be nested Recursion
// times, below main's call of rec, which is another call.
func recursionProgram(fail int64) *ir.Program {
	n := &ir.Global{Name: "n", Elem: ir.I64}
	rec := &ir.Func{Name: "rec", Pos: "rec.go:1:1"}
	v := rec.NewLocal("v", ir.I64)
	ok := rec.NewLocal("ok", ir.Bool)
	b := rec.NewBlock("entry")
	b.Add(&ir.Instr{Op: ir.OpLoad, Dst: v, Args: []ir.Value{n}})
	b.Add(&ir.Instr{Op: ir.OpAdd, Dst: v, Args: []ir.Value{v, ir.IntConst(ir.I64, 1)}})
	b.Add(&ir.Instr{Op: ir.OpStore, Args: []ir.Value{n, v}})
	b.Add(&ir.Instr{Op: ir.OpLt, Dst: ok, Args: []ir.Value{v, ir.IntConst(ir.I64, fail)}})
	b.Add(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{ok}, Name: "assert", Msg: "deep", Pos: "rec.go:1:1"})
	b.Add(&ir.Instr{Op: ir.OpCall, Args: []ir.Value{rec}})
	b.Add(&ir.Instr{Op: ir.OpRet})
	main := &ir.Func{Name: "main"}
	b = main.NewBlock("entry")
	b.Add(&ir.Instr{Op: ir.OpCall, Args: []ir.Value{rec}})
	b.Add(&ir.Instr{Op: ir.OpRet})
	return &ir.Program{Globals: []*ir.Global{n}, Funcs: []*ir.Func{main, rec}}
}

func TestBudgetRecursion(t *testing.T) {
	for _, c := range []struct {
		recursion int
		fail      int64 // the activation whose assert fails
		found     bool
	}{
		{0, 3, true},  // the default, 2: main's call, then rec's twice
		{0, 4, false}, // the fourth activation is cut
		{5, 6, true},
		{5, 7, false},
	} {
		res := run(t, recursionProgram(c.fail), Options{Recursion: c.recursion})
		if got := len(res.Violations) > 0; got != c.found {
			t.Errorf("recursion %d, assert at activation %d: violations %v, want found=%v", c.recursion, c.fail, res.Violations, c.found)
		}
		if wantCut := !c.found; (res.Stats.Cuts[CutRecursion] == 1) != wantCut || res.Stats.Cuts[CutDepth] != 0 || res.Stats.Complete == wantCut {
			t.Errorf("recursion %d, assert at activation %d: cuts %v complete %v, want a recursion cut: %v", c.recursion, c.fail, res.Stats.Cuts, res.Stats.Complete, wantCut)
		}
	}
}

// TestRecursionCallers: a call is the same call when the same Go function
// (one with a position) makes it, seen through functions without one.
func TestRecursionCallers(t *testing.T) {
	// main → d → h(1) → c1 → d → h(2) → c2 → d → h(3) → c3: h is on the
	// stack three times and d too, each called by another Go function (d,
	// the dispatcher, has no position): a chain, not recursion.
	chain := `
func @d(%k i64) at "" {
entry:
  call @h(%k)
  ret
}
func @h(%k i64) at "h.go:1:1" {
  var %b bool
entry:
  %b = eq %k, 1:i64
  br %b, one, more
one:
  call @c1()
  ret
more:
  %b = eq %k, 2:i64
  br %b, two, three
two:
  call @c2()
  ret
three:
  call @c3()
  ret
}
func @c1() at "c.go:1:1" {
entry:
  call @d(2:i64)
  ret
}
func @c2() at "c.go:2:1" {
entry:
  call @d(3:i64)
  ret
}
func @c3() at "c.go:3:1" {
entry:
  assert false, assert, "reached" at "c.go:3:2"
  ret
}
func @main() at "main.go:1:1" {
entry:
  call @d(1:i64)
  ret
}
`
	// walk → d → walk → d → …: a cycle through the dispatcher; walk counts
	// its activations in @n and fails at the fail-th.
	cycle := `
global @n i64
func @d() at "" {
entry:
  call @walk()
  ret
}
func @walk() at "walk.go:1:1" {
  var %v i64
  var %ok bool
entry:
  %v = load @n
  %v = add %v, 1:i64
  store @n, %v
  %ok = lt %v, FAIL:i64
  assert %ok, assert, "deep" at "walk.go:2:1"
  call @d()
  ret
}
func @main() at "main.go:1:1" {
entry:
  call @d()
  ret
}
`
	parse := func(src string) *ir.Program {
		p, err := ir.Parse("rec.ir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	res := run(t, parse(chain), Options{})
	if len(res.Violations) != 1 || len(res.Stats.Cuts) > 0 {
		t.Errorf("chain through distinct callers: violations %v cuts %v, want the assert reached and no cut", res.Violations, res.Stats.Cuts)
	}
	// main's call of walk (through d) is one call; walk's own, the
	// recursion, may be nested twice: walk runs 3 times.
	for _, c := range []struct {
		fail  string
		found bool
	}{{"3", true}, {"4", false}} {
		res := run(t, parse(strings.Replace(cycle, "FAIL", c.fail, 1)), Options{})
		if got := len(res.Violations) > 0; got != c.found || res.Stats.Cuts[CutRecursion] != b2i(!c.found) {
			t.Errorf("cycle, assert at activation %s: violations %v cuts %v, want found=%v", c.fail, res.Violations, res.Stats.Cuts, c.found)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDeepChain: a chain of distinct functions deeper than any fixed
// call-depth bound kiss had runs to its end; MaxDepth is the backstop.
func TestDeepChain(t *testing.T) {
	p := callChainProgram(300, 1)
	res := run(t, p, Options{})
	if !res.Stats.Complete || len(res.Violations) > 0 || len(res.Errors) > 0 {
		t.Fatalf("chain of 300: cuts %v violations %v errors %v", res.Stats.Cuts, res.Violations, res.Errors)
	}
	res = run(t, p, Options{MaxDepth: 100})
	if res.Stats.Cuts[CutDepth] != 1 {
		t.Errorf("chain of 300 under MaxDepth 100: cuts %v, want depth", res.Stats.Cuts)
	}
}

// factoringProgram asserts that a 64-bit semiprime has no factors: hard
// enough for the solver to run out of any small budget.
func factoringProgram() *ir.Program {
	main := &ir.Func{Name: "main"}
	x := main.NewLocal("x", ir.U64)
	y := main.NewLocal("y", ir.U64)
	p := main.NewLocal("p", ir.U64)
	ok := main.NewLocal("ok", ir.Bool)
	b := main.NewBlock("entry")
	b.Add(&ir.Instr{Op: ir.OpNondet, Dst: x})
	b.Add(&ir.Instr{Op: ir.OpNondet, Dst: y})
	for _, v := range []*ir.Local{x, y} {
		b.Add(&ir.Instr{Op: ir.OpGt, Dst: ok, Args: []ir.Value{v, ir.IntConst(ir.U64, 1)}})
		b.Add(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
		b.Add(&ir.Instr{Op: ir.OpLt, Dst: ok, Args: []ir.Value{v, ir.IntConst(ir.U64, 1<<32)}})
		b.Add(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
	}
	b.Add(&ir.Instr{Op: ir.OpMul, Dst: p, Args: []ir.Value{x, y}})
	// Three semiprimes, each a query of its own: a timing test fails only
	// if Z3 factors all three before the watchdog's interrupts take.
	for _, n := range []uint64{4294967291 * 4294967279, 4294967231 * 4294967197, 4294967189 * 4294967161} {
		b.Add(&ir.Instr{Op: ir.OpNe, Dst: ok, Args: []ir.Value{p, &ir.Const{Typ: ir.U64, Bits: n}}})
		b.Add(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{ok}, Name: "assert", Msg: "factored"})
	}
	b.Add(&ir.Instr{Op: ir.OpRet})
	return &ir.Program{Funcs: []*ir.Func{main}}
}

func TestBudgetQueryLimit(t *testing.T) {
	res := run(t, factoringProgram(), Options{QueryLimit: 1000})
	if res.Stats.Cuts[CutUnknown] == 0 {
		t.Errorf("cuts %v, want solver", res.Stats.Cuts)
	}
	wantComplete(t, res, false)
}

// The watchdog ends a query that outlives QueryTimeout (the run goes on).
func TestBudgetQueryTimeout(t *testing.T) {
	res := run(t, factoringProgram(), Options{QueryTimeout: 10 * time.Millisecond})
	if res.Stats.Cuts[CutUnknown] == 0 {
		t.Errorf("cuts %v, want solver", res.Stats.Cuts)
	}
	wantComplete(t, res, false)
}

func TestCutInstructionAndMaxViolations(t *testing.T) {
	main := &ir.Func{Name: "main"}
	k := main.NewLocal("k", ir.I64)
	b := main.NewBlock("entry")
	b.Add(&ir.Instr{Op: ir.OpChoose, Dst: k, Args: []ir.Value{ir.IntConst(ir.I64, 3)}})
	b.Add(&ir.Instr{Op: ir.OpCut, Name: "goroutines"})
	res := run(t, &ir.Program{Funcs: []*ir.Func{main}}, Options{})
	if res.Stats.Cuts["goroutines"] != 3 {
		t.Errorf("cuts %v, want 3 goroutines", res.Stats.Cuts)
	}
	wantComplete(t, res, false)

	res = run(t, load(t, "exec_wrap.ir"), Options{MaxViolations: 1})
	if len(res.Violations) != 1 || res.Stats.Cuts[CutViolations] != 1 {
		t.Errorf("violations %v, cuts %v", res.Violations, res.Stats.Cuts)
	}
}

// panicky panics, as a buggy observer might: Run must return an error.
type panicky struct{}

func (panicky) Observe(string, []Concrete, string) *Finding { panic("boom") }
func (panicky) Clone() Observer                             { return panicky{} }

func TestInternalPanicIsAnError(t *testing.T) {
	obs := map[string]func() Observer{"twice": func() Observer { return panicky{} }}
	_, err := Run(context.Background(), load(t, "exec_observe.ir"), Options{Observers: obs})
	// The error is wanted (observerPanic:"...") at the line of the IR
	// position it names.
	m := regexp.MustCompile(`\bobs\.go:\d+:\d+\b`).FindString(fmt.Sprint(err))
	if err == nil || m == "" {
		t.Fatalf("err = %v, want the panic with its IR position", err)
	}
	checkWants(t, "exec_observe.ir", "observerPanic", &Result{Errors: []*RuntimeError{{Message: err.Error(), Pos: m}}})
}

func TestBadProgram(t *testing.T) {
	if _, err := Run(context.Background(), &ir.Program{}, Options{}); err == nil {
		t.Error("no error for a program without main")
	}
}

var _ = math.MaxInt64

func TestMisc(t *testing.T) {
	res := checkIR(t, "exec_misc.ir", "", Options{})
	wantComplete(t, res, true)
	v := violation(t, res, "s.0 == 5")
	if len(v.Nondets) != 3 || v.Nondets[0].Int64() != 5 || v.Nondets[1].Type.Kind != ir.KindBool {
		t.Errorf("nondets %v, want 5 and two bools", v.Nondets)
	}
	v = violation(t, res, "o1 == o2")
	if o := v.Nondets[3:5]; o[0].Key() != o[1].Key() {
		t.Errorf("opaque values %v differ", o)
	}
	v = violation(t, res, "o1 is the zero value")
	if o := v.Nondets[3]; o.Bits != 0 {
		t.Errorf("opaque %v is not the zero value", o)
	}
	// select forks (2 paths), the struct index forks 3 ways in each; the
	// two with i == 2 end at the last (concretely false) assertion.
	if res.Stats.Paths != 6 || res.Stats.Completed != 4 {
		t.Errorf("paths %d completed %d, want 6 and 4", res.Stats.Paths, res.Stats.Completed)
	}
	v = violation(t, res, "arr[2].1 == 2")
	if i := v.Nondets[len(v.Nondets)-1].Int64(); i != 2 {
		t.Errorf("nondets %v, want i == 2", v.Nondets)
	}
}

// symArray builds: a = alloc T, n; i = nondet (assumed in range); p =
// index a, i; observe or store through p.
func symArray(n int64, observe bool) *ir.Program {
	main := &ir.Func{Name: "main"}
	a := main.NewLocal("a", ir.Ptr)
	i := main.NewLocal("i", ir.I64)
	p := main.NewLocal("p", ir.Ptr)
	ok := main.NewLocal("ok", ir.Bool)
	b := main.NewBlock("entry")
	b.Add(&ir.Instr{Op: ir.OpAlloc, Dst: a, Type: ir.I64, Args: []ir.Value{ir.IntConst(ir.I64, n)}})
	b.Add(&ir.Instr{Op: ir.OpNondet, Dst: i})
	b.Add(&ir.Instr{Op: ir.OpGe, Dst: ok, Args: []ir.Value{i, ir.IntConst(ir.I64, 0)}})
	b.Add(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
	b.Add(&ir.Instr{Op: ir.OpLt, Dst: ok, Args: []ir.Value{i, ir.IntConst(ir.I64, n)}})
	b.Add(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
	b.Add(&ir.Instr{Op: ir.OpIndex, Dst: p, Args: []ir.Value{a, i}})
	if observe {
		b.Add(&ir.Instr{Op: ir.OpObserve, Name: "out", Args: []ir.Value{p, i}})
	} else {
		b.Add(&ir.Instr{Op: ir.OpStore, Args: []ir.Value{p, ir.IntConst(ir.I64, 1)}})
	}
	b.Add(&ir.Instr{Op: ir.OpRet})
	return &ir.Program{Funcs: []*ir.Func{main}}
}

func TestEnumerationLimits(t *testing.T) {
	// An array of 1000 is too long for case analysis: the index forks, 64
	// values at most, the rest is cut.
	res := run(t, symArray(1000, false), Options{})
	if res.Stats.Paths != maxEnumerate || res.Stats.Cuts[CutEnumerate] != 1 {
		t.Errorf("paths %d cuts %v, want %d and an enumerate cut", res.Stats.Paths, res.Stats.Cuts, maxEnumerate)
	}
	// 8 elements: case analysis, one path, and the observer sees every
	// pointer once, matching the index.
	var got []Concrete
	obs := map[string]func() Observer{"out": func() Observer { return pairObserver{&got} }}
	res = run(t, symArray(8, true), Options{Observers: obs})
	if res.Stats.Paths != 8 || len(got) != 16 || !res.Stats.Complete {
		t.Fatalf("paths %d, observed %v, stats %+v", res.Stats.Paths, got, res.Stats)
	}
	seen := map[string]bool{}
	for k := 0; k < len(got); k += 2 {
		ref, i := got[k].Ref, got[k+1].Int64()
		if len(ref.Path) != 1 || int64(ref.Path[0]) != i {
			t.Errorf("pointer %v observed with index %d", ref, i)
		}
		seen[ref.Key()] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d distinct pointers, want 8", len(seen))
	}
	// More than 64 feasible values: cut.
	res = run(t, symArray(100, true), Options{Observers: obs})
	if res.Stats.Cuts[CutEnumerate] != 1 || res.Stats.Paths != maxEnumerate {
		t.Errorf("paths %d cuts %v", res.Stats.Paths, res.Stats.Cuts)
	}
}

// pairObserver records both arguments of every observation.
type pairObserver struct{ got *[]Concrete }

func (o pairObserver) Observe(_ string, args []Concrete, _ string) *Finding {
	*o.got = append(*o.got, args...)
	return nil
}
func (o pairObserver) Clone() Observer { return o }

func TestAllocTooLarge(t *testing.T) {
	res := checkIR(t, "exec_bigalloc.ir", "", Options{})
	if res.Stats.Cuts[CutAllocSize] != 1 {
		t.Errorf("cuts %v, want one alloc-size", res.Stats.Cuts)
	}
	res = checkIR(t, "exec_hugealloc.ir", "", Options{})
	if res.Stats.Cuts[CutAllocSize] != 1 {
		t.Errorf("cuts %v, want one alloc-size", res.Stats.Cuts)
	}
	res = checkIR(t, "exec_bigtype.ir", "", Options{})
	if res.Stats.Cuts[CutAllocSize] != 1 {
		t.Errorf("cuts %v, want one alloc-size", res.Stats.Cuts)
	}
}

func TestStopAt(t *testing.T) {
	res := checkIR(t, "exec_stopat.ir", "", Options{})
	if d := violation(t, res, "past the call").DependsOn; !slices.Equal(d, []string{"effects of f"}) {
		t.Errorf("DependsOn = %q, want the effects nondet", d)
	}

	res = checkIR(t, "exec_stopat.ir", "stopAt", Options{StopAt: func(l string) bool { return strings.HasPrefix(l, "effects of ") }})
	if d := violation(t, res, "at the call").DependsOn; !slices.Equal(d, []string{"effects of f"}) {
		t.Errorf("DependsOn = %q, want the effects nondet", d)
	}
	if !maps.Equal(res.Stats.Stopped, map[string]int{"effects of f": 1}) {
		t.Errorf("Stopped = %v, want one path at the effects nondet", res.Stats.Stopped)
	}
	wantComplete(t, res, true)
}

func TestIndependentConditions(t *testing.T) {
	res := checkIR(t, "exec_independent.ir", "", Options{})
	wantComplete(t, res, true)
}

func TestUnsafe(t *testing.T) {
	res := checkIR(t, "exec_unsafe.ir", "", Options{})
	if v := violation(t, res, "offset 16"); v.Nondets[0].Int64() != 2 {
		t.Errorf("model %v, want x == 2", v.Nondets)
	}
	if v := violation(t, res, "the symbolic index"); v.Nondets[0].Int64() != 3 {
		t.Errorf("model %v, want x == 3", v.Nondets)
	}
	wantComplete(t, res, true)
}

func TestUnsafeCuts(t *testing.T) {
	res := checkIR(t, "exec_unsafe_cuts.ir", "", Options{})
	want := map[string]int{CutUnsafeAddr: 3, CutUnsafeOffset: 3, CutUnsafeCast: 3, CutUnsafeLayout: 1}
	if !maps.Equal(res.Stats.Cuts, want) {
		t.Errorf("cuts %v, want %v", res.Stats.Cuts, want)
	}
}

// preemptible is false once a path's cost has reached the round's bound
// and true while a preemption fits (always, with no bound): the last round
// (bound MaxCost) sees room exactly when cost < MaxCost.
func TestPreemptible(t *testing.T) {
	const src = `
func @main() {
  var %ok bool
entry:
  cost COST
  %ok = preemptible
  br %ok, fits, full
fits:
  assert false, assert, "fits" at "p.go:1:1"
  ret
full:
  assert false, assert, "full" at "p.go:2:1"
  ret
}
`
	for _, tc := range []struct {
		cost, max int
		fits      bool
	}{{0, -1, true}, {0, 0, false}, {0, 1, true}, {1, 1, false}, {1, 2, true}} {
		p, err := ir.Parse("p.ir", []byte(strings.Replace(src, "COST", fmt.Sprint(tc.cost), 1)))
		if err != nil {
			t.Fatal(err)
		}
		res := run(t, p, Options{MaxCost: tc.max})
		fits := slices.ContainsFunc(res.Violations, func(v *Violation) bool { return v.Message == "fits" })
		if fits != tc.fits {
			t.Errorf("cost %d, MaxCost %d: fits %v, want %v", tc.cost, tc.max, fits, tc.fits)
		}
	}
}

// Later rounds start where round 0 first branched only if nothing forked
// before: here a branch on an input comes first, and the costlier
// violation is on the side explored second.
func TestRoundsAfterInputBranch(t *testing.T) {
	const src = `
func @main() {
  var %x i64
  var %c bool
  var %k i64
entry:
  %x = nondet
  %c = ne %x, 7:i64
  br %c, other, seven
other:
  %k = choose 2:i64
  ret
seven:
  %k = choose 2:i64
  %c = eq %k, 1:i64
  br %c, dear, fine
dear:
  cost 1
  assert false, assert, "seven and dear" at "s.go:1:1"
  ret
fine:
  ret
}
`
	p, err := ir.Parse("s.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res := run(t, p, Options{MaxCost: 1})
	if v := violation(t, res, "seven and dear"); v.Cost != 1 {
		t.Errorf("violation at cost %d, want 1", v.Cost)
	}
}

// TestLazyZeroArrays: large zero arrays are built when first written, so a
// program with a 32 MiB global it never touches allocates little (each
// element built would take 80 bytes: 2.6 GB), and reads before any write
// see zeros.
func TestLazyZeroArrays(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := checkIR(t, "exec_lazyzero.ir", "", Options{})
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("the run allocated %d MiB, want the untouched 32 MiB global left unbuilt", got>>20)
	}
	wantComplete(t, res, true)
}

// TestForksShareFixedValues: see testdata/ir/exec_manyfixed.ir.
func TestForksShareFixedValues(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res := checkIR(t, "exec_manyfixed.ir", "", Options{Unroll: 4000})
	runtime.ReadMemStats(&after)
	t.Logf("%d paths, %d solver calls, %d MiB allocated", res.Stats.Paths, res.Stats.SolverCalls, (after.TotalAlloc-before.TotalAlloc)>>20)
	if got := after.TotalAlloc - before.TotalAlloc; got > 96<<20 {
		t.Errorf("the run allocated %d MiB: forks copy the values their condition fixes", got>>20)
	}
	if res.Stats.Paths < 2048 {
		t.Errorf("%d paths, want the 2048 of eleven forks", res.Stats.Paths)
	}
	if res.Stats.SolverCalls > 100 {
		t.Errorf("%d solver calls: paths that reach a violation already recorded ask about it again", res.Stats.SolverCalls)
	}
	wantComplete(t, res, true)
}

// TestNarrowedRangesFix: see testdata/ir/exec_spans.ir. The six
// assumptions take 7 queries; the three assertions must take none (each
// took two before ranges fixed values).
func TestNarrowedRangesFix(t *testing.T) {
	res := checkIR(t, "exec_spans.ir", "", Options{})
	wantComplete(t, res, true)
	if res.Stats.SolverCalls > 7 {
		t.Errorf("%d solver calls, want at most the assumptions' 7", res.Stats.SolverCalls)
	}
}

// TestRangesDecideComparisons: see testdata/ir/exec_rangecmp.ir. The
// first two assertions must take no query (11 calls when they did); the
// third can wrap, and the solver must find that it does.
func TestRangesDecideComparisons(t *testing.T) {
	res := checkIR(t, "exec_rangecmp.ir", "", Options{})
	wantComplete(t, res, true)
	if res.Stats.SolverCalls > 7 {
		t.Errorf("%d solver calls, want at most 7", res.Stats.SolverCalls)
	}
	if res.Stats.Paths != 2 {
		t.Errorf("%d paths, want 2 (a+2c == a+b is possible)", res.Stats.Paths)
	}
}

// string() of bytes some of which are unknown is any string, labelled as
// the unknown byte is: a finding that depends on it (even on its length)
// depends on that label.
func TestUnknownBytesString(t *testing.T) {
	p := parseIR(t, `
func @main() {
  var %a ptr
  var %p ptr
  var %b u8
  var %s str
  var %n i64
  var %ok bool
entry:
  %a = alloc [3]u8
  %p = index %a, 0:i64
  store %p, 97:u8
  %b = nondet "the stack"
  %p = index %a, 1:i64
  store %p, %b
  %p = index %a, 0:i64
  %s = strfrombytes %p, 3:i64
  %n = strlen %s
  %ok = eq %n, 3:i64
  assert %ok, assert, "three bytes" at "c.go:1:1"
  %ok = ne %s, "abc"
  assert %ok, assert, "not abc" at "c.go:2:1"
  ret
}
`)
	res := run(t, p, Options{})
	for _, msg := range []string{"three bytes", "not abc"} {
		if v := violation(t, res, msg); !slices.Equal(v.DependsOn, []string{"the stack"}) {
			t.Errorf("%s: depends on %v, want [the stack]", msg, v.DependsOn)
		}
	}
	if len(res.Stats.Cuts) != 0 {
		t.Errorf("cuts %v, want none", res.Stats.Cuts)
	}
}

// The known start of an unknown string (a message that ends in a stack
// trace) is read as it is: its bytes, a slice of it, and the string's
// length as the sum of its parts'. Past it, a read still cuts the path.
func TestKnownPrefix(t *testing.T) {
	src := `
func @main() {
  var %x str
  var %s str
  var %n i64
  var %b u8
  var %ok bool
entry:
  %x = nondet "the stack"
  %s = add "panic: x, ", %x
  %n = strlen %s
  %ok = ge %n, 10:i64
  assert %ok, assert, "at least the prefix" at "c.go:1:1"
  %b = strindex %s, 7:i64
  %ok = eq %b, 120:u8
  assert %ok, assert, "byte 7 is x" at "c.go:2:1"
  %s = substr %s, 0:i64, 6:i64
  %ok = eq %s, "panic:"
  assert %ok, assert, "starts with panic:" at "c.go:3:1"
  READ
  ret
}
`
	res := run(t, parseIR(t, strings.Replace(src, "READ", "", 1)), Options{})
	if len(res.Violations) != 0 || len(res.Stats.Cuts) != 0 {
		t.Errorf("violations %v, cuts %v; want none", res.Violations, res.Stats.Cuts)
	}
	res = run(t, parseIR(t, strings.Replace(src, "READ", "%s = add \"panic: x, \", %x\n  %b = strindex %s, 10:i64", 1)), Options{})
	if res.Stats.Cuts[CutSymString] != 1 {
		t.Errorf("a read past the known start: cuts %v, want sym-string", res.Stats.Cuts)
	}
}
