package kiss_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/smt"
)

// analyzerWith is kiss.Analyzer with its own configuration (the default,
// changed by set), whose notes go to the returned buffer.
func analyzerWith(set ...func(*kiss.Config)) (*analysis.Analyzer, *bytes.Buffer) {
	var notes bytes.Buffer
	conf := kiss.DefaultConfig
	conf.Err = &notes
	for _, f := range set {
		f(&conf)
	}
	a := *kiss.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return kiss.Check(pass, &conf) }
	return &a, &notes
}

// A panic inside kiss ends that root only: one internal-error line names
// it, and the other roots are still checked and reported.
func TestInternalPanicIsOneLine(t *testing.T) {
	kiss.SetTestHookRoot(func(root string) {
		if root == "TestABBA" {
			panic("boom")
		}
	})
	defer kiss.SetTestHookRoot(nil)
	a, notes := analyzerWith()
	errs := runVariants(a, "seqconc/basic")
	if n := strings.Count(notes.String(), "internal error while checking seqconc/basic.TestABBA: boom"); n != 1 {
		t.Errorf("%d internal-error lines for TestABBA, want 1:\n%s", n, notes.String())
	}
	// Every want of the package is met (the other roots were checked and
	// reported) but TestABBA's deadlock.
	if len(errs) != 1 || !strings.Contains(errs[0], "seqconc/basic/basic.go:12: no diagnostic was reported matching `deadlock: ") {
		t.Errorf("want only TestABBA's deadlock missing, got:\n%s", strings.Join(errs, "\n"))
	}
}

// A construct kiss does not model cuts the paths that reach it, with a
// one-line reason, never a diagnostic; the rest of the root is checked.
func TestUnsupportedConstructIsOneLine(t *testing.T) {
	a, notes := analyzerWith()
	if errs := runVariants(a, "seqconc/unsupported"); len(errs) != 0 {
		t.Errorf("diagnostics for an unchecked root: %v", errs)
	}
	for _, want := range []string{
		"seqconc/unsupported.TestInterfaceKeys: paths into code kiss does not model are cut: seqconc/unsupported.TestInterfaceKeys$1: kiss does not model maps with keys that hold interfaces (map[unsupported.pair]int) yet (unsupported_test.go:17:20)\n",
		"seqconc/unsupported.TestInterfaceKeys: exploration cut (unsupported=",
	} {
		if !strings.Contains(notes.String(), want) {
			t.Errorf("notes lack %q:\n%s", want, notes.String())
		}
	}
}

// A goroutine spinning in a loop that never blocks ends its own path (a
// state explored before, or cut "path-steps"), not the root: the rest is
// explored within the time budget, and the leak elsewhere is found.
func TestSpinningPathIsCut(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) {
		c.Stats = true
		// Time enough for the rest of the root on a loaded machine: only
		// a spinning path that is never cut would use it all up.
		c.Timeout = 2 * time.Minute
	})
	for _, e := range runVariants(a, "seqconc/spin") {
		t.Error(e)
	}
	out := notes.String()
	if strings.Contains(out, "timeout=") {
		t.Errorf("want the spinning path ended and no time cut:\n%s", out)
	}
}

// A path past a call of a function kiss does not know, which may reach
// shared memory, is not followed (nothing on it could be shown), and the
// stats say so; what comes before such a call is still found. Past one
// that takes plain values only kiss goes on: a race is found whatever it
// returns, a failure that needs it to return some value is held back. The
// flags of package flag hold their defaults, as go test runs the tests. The
// stats name the kiss stress command that runs such a test for real. Each
// root has all of -timeout: with shares of -package-timeout (667ms for the
// package's 15), a busy machine cut roots before their races.
func TestPathPastUnknownEffectsNotFollowed(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.Stats, c.PackageTimeout = true, 0 })
	for _, e := range runVariants(a, "seqconc/unknownfx") {
		t.Error(e)
	}
	out := notes.String()
	if strings.Contains(out, "internal error") {
		t.Errorf("internal error:\n%s", out)
	}
	// (the machine's processors are known: nothing about them is held back)
	if strings.Contains(out, "TestGOMAXPROCSSetsTheCount: 1 possible violation") {
		t.Errorf("GOMAXPROCS is not the count set:\n%s", out)
	}
	// (setting a valid constant variable does not fail; nothing splits the
	// unknown environment)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "TestEnvironAndSetenv: ") && (strings.Contains(line, "possible violation") || strings.Contains(line, ": bound ") && !strings.Contains(line, "cut: none")) {
			t.Errorf("os.Setenv or os.Environ: %s", line)
		}
		if strings.Contains(line, "TestAtoiOfEnv: bound ") && !strings.Contains(line, "cut: none") {
			t.Errorf("strconv.Atoi of an unknown string: %s", line)
		}
		if strings.Contains(line, "TestRaceAfterModelLimit: bound ") && !strings.HasSuffix(line, "cut: none; no path got past the cases kiss's models do not cover below: nothing beyond them checked") {
			t.Errorf("a stop of reflect's model: %s", line)
		}
	}
	if !strings.Contains(out, "seqconc/unknownfx.TestEnvironAndSetenv: bound 2,") {
		t.Errorf("TestEnvironAndSetenv not explored:\n%s", out)
	}
	for _, want := range []string{
		"kiss: seqconc/unknownfx.TestRaceAfterUnknown: 1 path(s) not followed past a call that may touch shared state in a way kiss does not know (nothing past it could be shown): seqconc/unknownfx.fill (assembly; try GOFLAGS=-tags=purego); kiss stress -run '^TestRaceAfterUnknown$' seqconc/unknownfx runs the real test past them\n",
		"kiss: seqconc/unknownfx.TestRaceAfterUnknown: bound 2, 1 paths,",
		"cut: none; no path got past the calls kiss does not know below: nothing beyond them checked\n",
		"kiss: seqconc/unknownfx.TestBodylessMayBlock: 1 path(s) not followed past a call that may touch shared state in a way kiss does not know (nothing past it could be shown): seqconc/unknownfx.recvSignal (assembly; try GOFLAGS=-tags=purego); kiss stress -run '^TestBodylessMayBlock$' seqconc/unknownfx runs the real test past them\n",
		"kiss: seqconc/unknownfx.TestModelledResult: 1 path(s) not followed past a call that may touch shared state in a way kiss does not know (nothing past it could be shown): seqconc/unknownfx.pending (assembly; try GOFLAGS=-tags=purego); kiss stress -run '^TestModelledResult$' seqconc/unknownfx runs the real test past them\n",
		" path(s) not followed past a case kiss's models do not cover (nothing past it could be shown): (reflect.Value).Interface; kiss stress -run '^TestRaceAfterModelLimit$' seqconc/unknownfx runs the real test past them\n",
		"kiss: seqconc/unknownfx.TestTimeOfDayUnknown: 2 possible violation(s) not reported: they depend on what these do, which kiss does not know: the clock (time.Now); the first: plain_test.go:81: test failure: t.Error called (0 preemptions)\n",
		"kiss: seqconc/unknownfx.TestFailureNeedsUnknownValue: 1 possible violation(s) not reported: they depend on what these do, which kiss does not know: the process's environment; the first: plain_test.go:34: test failure: t.Error called (0 preemptions)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stats lack %q:\n%s", want, out)
		}
	}
}

// Roots of many packages checked in one process (kiss ./...) take turns on
// its processors, with the packages' own work: a root's budget is wall
// time, and with every package's roots exploring at once, or beside every
// package lowering its code, each had a sliver of a processor.
func TestRootsShareProcessors(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"correct", 1}})
	var active, peak atomic.Int64
	busy := func(string) {
		n := active.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		time.Sleep(20 * time.Millisecond) // work not bounded would overlap here
		active.Add(-1)
	}
	kiss.SetTestHookRoot(busy)
	defer kiss.SetTestHookRoot(nil)
	kiss.SetTestHookPackage(busy)
	defer kiss.SetTestHookPackage(nil)
	conf := kiss.DefaultConfig
	conf.Err = discard{}
	conf.Timeout = time.Second
	var roots atomic.Int64
	conf.OnRoot = func(string, smt.Stats, time.Duration) { roots.Add(1) }
	analyze(t, pkgs, &conf)
	if roots.Load() < 10 {
		t.Fatalf("%d roots checked: the corpus did not load", roots.Load())
	}
	if p, procs := peak.Load(), int64(runtime.GOMAXPROCS(0)); p > procs {
		t.Errorf("%d roots and packages checked at once on %d processors", p, procs)
	}
}

// Without -stats too, a root whose violations all depend on what an
// unknown call does says so: silence would read as "checked, nothing
// found".
func TestWithheldSaidWithoutStats(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.Stats, c.PackageTimeout = false, 0 })
	for _, e := range runVariants(a, "seqconc/unknownfx") {
		t.Error(e)
	}
	out := notes.String()
	for _, want := range []string{
		"kiss: seqconc/unknownfx.TestTimeOfDayUnknown: 2 possible violation(s) not reported: they depend on what these do, which kiss does not know: the clock (time.Now); the first: plain_test.go:81: test failure: t.Error called (0 preemptions)\n",
		"kiss: seqconc/unknownfx.TestFailureNeedsUnknownValue: 1 possible violation(s) not reported: they depend on what these do, which kiss does not know: the process's environment; the first: plain_test.go:34: test failure: t.Error called (0 preemptions)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("notes lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, ": bound ") {
		t.Errorf("per-root statistics printed without -stats:\n%s", out)
	}
}

// libmodels/ctxdeadline's checks of Deadline hold on every path: nothing
// is held back for want of the deadline (Deadline returned unknown values,
// and each check was a possible violation not reported).
func TestDeadlineKnown(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.Stats = false })
	for _, e := range runVariants(a, "libmodels/ctxdeadline") {
		t.Error(e)
	}
	if out := notes.String(); strings.Contains(out, "not reported: they depend") {
		t.Errorf("checks of Deadline held back:\n%s", out)
	}
}

// Where a bound cut paths, the stats name the flag to raise.
func TestCutNamesItsFlag(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) {
		c.Stats = true
		c.Goroutines = 2
	})
	runVariants(a, "porbench/fanin8")
	want := "where paths were first cut: goroutines at fanin_test.go:13:3 (more than -goroutines=2 alive at once)"
	if out := notes.String(); !strings.Contains(out, want) {
		t.Errorf("want %q in the stats:\n%s", want, out)
	}
}

// Under a cap below the goroutines a test keeps alive, a go statement
// waits for a slot (rt.spawn) and the race after the loop is still found;
// under the default cap the schedule's goroutine records grow to hold all
// sixty and the roots complete (with budgets no load on the machine runs
// out: alone they take 1.7 s each, under CI's load they ran past their
// 5 s share of -package-timeout).
func TestGoroutineCap(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) {
		c.Stats = true
		c.Goroutines = 16
		c.Timeout = 4e9
	})
	for _, e := range runVariants(a, "kernels/race/spawnmany") {
		t.Error(e)
	}
	if want := "(more than -goroutines=16 alive at once)"; !strings.Contains(notes.String(), want) {
		t.Errorf("want %q in the stats:\n%s", want, notes.String())
	}
	a, notes = analyzerWith(func(c *kiss.Config) {
		c.Stats, c.Timeout, c.PackageTimeout = true, 2*time.Minute, 0
	})
	for _, e := range runVariants(a, "kernels/race/spawnmany") {
		t.Error(e)
	}
	if n := strings.Count(notes.String(), "cut: none"); n != 2 {
		t.Errorf("%d of spawnmany's 2 roots complete, want both:\n%s", n, notes.String())
	}
}

// TestPackageBudget: one package's roots share -package-timeout. Its heavy
// root (fanin8's, whose state space no budget here exhausts) is first cut
// by its equal share, then runs again with what the five light roots left,
// and is reported once, saying its time was a share; with no package
// budget it has all of -timeout.
func TestPackageBudget(t *testing.T) {
	pkgs := loadPatterns(t, "./porbench/budget")
	const heavy = "porbench/budget.TestFanIn8"
	run := func(timeout, pkgTimeout time.Duration) (map[string][]time.Duration, string) {
		var mu sync.Mutex
		took := map[string][]time.Duration{}
		var notes bytes.Buffer
		conf := kiss.DefaultConfig
		conf.Err, conf.Stats, conf.Timeout, conf.PackageTimeout = &notes, true, timeout, pkgTimeout
		conf.OnRoot = func(root string, _ smt.Stats, d time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			took[root] = append(took[root], d)
		}
		analyze(t, pkgs, &conf)
		return took, notes.String()
	}
	// six roots: an equal share is 4s/6; the heavy root's second run has
	// what the light ones left, at least half again as much, and less than
	// -timeout
	took, notes := run(5*time.Second, 4*time.Second)
	if len(took) != 6 {
		t.Fatalf("%d roots explored, want 10: %v\n%s", len(took), took, notes)
	}
	for root, d := range took {
		if len(d) != 1 {
			t.Errorf("%s reported %d times, want once", root, len(d))
		}
	}
	if d := took[heavy][0]; d < time.Second || d > 4500*time.Millisecond {
		t.Errorf("the heavy root explored for %v; want its second run, over a second and under -timeout", d)
	}
	if want := heavy + ": bound 2"; !strings.Contains(notes, want) || !strings.Contains(notes, "its time was its share of -package-timeout") {
		t.Errorf("want the heavy root's statistics to say its time was a share:\n%s", notes)
	}
	took, notes = run(3*time.Second, 0)
	if d := took[heavy]; len(d) != 1 || d[0] < 2500*time.Millisecond {
		t.Errorf("with no package budget the heavy root explored for %v, want -timeout's 3s", d)
	}
	if strings.Contains(notes, "share of -package-timeout") {
		t.Errorf("with no package budget a root's time was a share:\n%s", notes)
	}
}

// TestPackageBudgetConcurrentFirst: the roots that may start a second
// goroutine take their turns before those of one goroutine, whatever the
// source order: with the budget used up at once, the concurrent root is
// the one checked.
func TestPackageBudgetConcurrentFirst(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.Stats, c.PackageTimeout = true, time.Nanosecond })
	runVariants(a, "seqconc/budgetorder")
	out := notes.String()
	if !strings.Contains(out, "seqconc/budgetorder.TestTwoGoroutines: bound 2,") {
		t.Errorf("the concurrent root was not checked:\n%s", out)
	}
	if !strings.Contains(out, "roots not checked: the package's roots used up -package-timeout=1ns (raise it, or pick roots with -run): TestOwnLock") {
		t.Errorf("want the roots of one goroutine not checked:\n%s", out)
	}
}

// TestPackageBudgetUsedUp: once a package's roots have used up
// -package-timeout, the roots that have not started are not checked, and
// one note says how many and names them.
func TestPackageBudgetUsedUp(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.PackageTimeout = time.Nanosecond })
	runVariants(a, "porbench/budget")
	// the roots that took a processor before any had ended ran
	want := "of 6 roots not checked: the package's roots used up -package-timeout=1ns (raise it, or pick roots with -run): "
	if !strings.Contains(notes.String(), want) {
		t.Fatalf("want %q in the notes:\n%s", want, notes.String())
	}
	var n int
	fmt.Sscanf(notes.String()[strings.Index(notes.String(), "porbench/budget: ")+len("porbench/budget: "):], "%d", &n)
	if procs := runtime.GOMAXPROCS(0); n < 6-procs || n > 5 {
		t.Errorf("%d roots not checked, want between %d and 5:\n%s", n, 6-procs, notes.String())
	}
	// the roots take their slots in source order: those not checked are
	// the last ones, whichever goroutine the Go scheduler would run first
	roots := []string{"TestFanIn8", "TestLight1", "TestLight2", "TestLight3", "TestLight4", "TestLight5"}
	if n >= 1 && n <= 5 {
		if last := strings.Join(roots[6-n:], ", "); !strings.Contains(notes.String(), want+last+"\n") {
			t.Errorf("want the last %d roots not checked (%s):\n%s", n, last, notes.String())
		}
	}
}

// A source seeded at run time draws unknown values, on which math/rand's
// rejection loops (Intn's, Shuffle's, math/rand/v2's IntN) would fork on
// every draw until -unroll cut the path: each draws once, and the roots
// complete; so do those of a PCG seeded with the clock, whose draws are
// unknown values.
func TestRejectionSamplersComplete(t *testing.T) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.Stats, c.PackageTimeout = true, 0 })
	for _, e := range runVariants(a, "libmodels/randsource") {
		t.Error(e)
	}
	n := 0
	for _, line := range strings.Split(notes.String(), "\n") {
		if strings.Contains(line, ".TestClockS") && strings.Contains(line, ": bound ") {
			n++
			if !strings.Contains(line, "cut: none") {
				t.Errorf("not complete: %s", line)
			}
		}
	}
	if n != 10 {
		t.Errorf("%d roots of a source seeded with the clock explored, want 10:\n%s", n, notes.String())
	}
}
