package kiss

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/analyzer/report"
	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/race"
	"github.com/gokiss/kiss/summaries"
)

// checkRoot explores one root up to the preemption bound. A panic inside
// kiss ends that root only, as one internal-error line naming it.
// budget is the root's time (-timeout, or its share of -package-timeout);
// its notes and statistics, and the call of cfg.OnRoot, wait in res for
// Check, which passes on those of the run it keeps. The root's time is
// added to l; when l has none left as its turn comes, it is skipped. The
// caller holds a slot (takeSlot) for it.
func checkRoot(pass *analysis.Pass, prog *ssa.Program, fn *ssa.Function, deps []*summaries.Lowered, cfg *Config, budget time.Duration, l *ledger) (res rootResult) {
	name := rootName(fn)
	start := time.Now()
	if !l.start(start) {
		res.skipped = true
		if cfg.Stats {
			res.log = new(bytes.Buffer)
			fmt.Fprintf(res.log, "kiss: %s.%s: not checked: the package's roots used up -package-timeout=%v\n", pass.Pkg.Path(), name, cfg.PackageTimeout)
		}
		return
	}
	res.log = new(bytes.Buffer)
	rc := *cfg
	if budget < cfg.Timeout {
		rc.shareOf = cfg.Timeout
	}
	rc.Timeout, rc.Err = budget, res.log
	if onRoot := cfg.OnRoot; onRoot != nil {
		rc.OnRoot = func(root string, st smt.Stats, took time.Duration) {
			res.onRoot = func() { onRoot(root, st, took) }
		}
	}
	cfg = &rc
	defer func() {
		res.took = time.Since(start)
		l.end(start, res.took)
	}()
	defer func() {
		if r := recover(); r != nil {
			note(cfg, "internal error while checking %s.%s: %v", pass.Pkg.Path(), name, r)
			if cfg.Stats {
				fmt.Fprintf(cfg.stderr(), "%s\n", debug.Stack())
			}
		}
	}()
	if testHookRoot != nil {
		testHookRoot(name)
	}
	sc, err := sequentialize.Build(prog, fn, sequentialize.Options{Goroutines: cfg.Goroutines, Imports: deps, Fetch: fetchCode, NoSymmetry: !cfg.Reduce})
	if err == nil && testHookLowered != nil {
		testHookLowered(pass.Pkg.Path()+"."+name, sc.Program.String())
	}
	if err != nil {
		note(cfg, "%s.%s: not checked: %s", pass.Pkg.Path(), name, oneLine(err))
		return
	}
	if cfg.DumpIR {
		fmt.Fprintf(cfg.stdout(), "// kiss -dump-ir: %s.%s\n", pass.Pkg.Path(), name)
		ir.Print(cfg.stdout(), sc.Program)
	}
	if sc.OneGoroutine && !sc.Primitives {
		oneGoroutine(cfg, pass.Pkg.Path()+"."+name, time.Since(start))
		return
	}
	if len(sc.Unsupported) > 0 {
		note(cfg, "%s.%s: paths into code kiss does not model are cut: %s", pass.Pkg.Path(), name, oneLine(errors.New(strings.Join(sc.Unsupported, "\n"))))
	}
	out, err := explore(sc, cfg, start)
	if err != nil {
		note(cfg, "%s.%s: not checked: %v", pass.Pkg.Path(), name, err)
		return
	}
	res.cut = out.Stats.Cuts[smt.CutTimeout] > 0
	for _, e := range out.Errors {
		note(cfg, "internal error while checking %s.%s: %v", pass.Pkg.Path(), name, e)
	}
	var withheld []*report.Finding
	for _, v := range out.Violations {
		if os.Getenv("KISS_DEBUG_TRACE") != "" {
			fmt.Fprintf(cfg.stderr(), "violation %v\n", v)
			for _, ev := range v.Trace {
				fmt.Fprintf(cfg.stderr(), "  %s %v %s\n", ev.Name, ev.Args, ev.Pos)
			}
			for _, p := range v.Path[max(0, len(v.Path)-40):] {
				fmt.Fprintf(cfg.stderr(), "  path %s\n", p)
			}
		}
		f := report.Decode(sc, v)
		if f.Check == "leak" && !isTestRoot(fn) {
			// a function that returns with its goroutines still
			// running is how a server starts, not a leak: only a test's
			// end says they should be gone
			continue
		}
		if provable(sc, f) {
			res.findings = append(res.findings, f)
		} else {
			withheld = append(withheld, f)
		}
	}
	if cfg.Timing {
		res.findings = append(res.findings, checkTiming(pass, prog, fn, deps, cfg, res.findings, withheld)...)
	}
	if cfg.OnRoot != nil {
		cfg.OnRoot(pass.Pkg.Path()+"."+name, out.Stats, time.Since(start))
	}
	if cfg.Stats {
		printStats(cfg, pass.Pkg.Path()+"."+name, sc, out, len(res.findings), len(withheld), time.Since(start))
	} else if !out.Stats.Complete && len(out.Violations) == 0 {
		note(cfg, "%s.%s: exploration cut (%s%s); no violation found in what was explored", pass.Pkg.Path(), name, cuts(out.Stats), shareNote(cfg, out.Stats))
	}
	// Said with or without -stats: silence must not hide that kiss saw a
	// violation it could not confirm.
	if len(withheld) > 0 {
		// (where the first is and what it is: the count alone left a user
		// nothing to look at)
		first := ""
		if w := withheld[0]; w.Pos.IsValid() {
			p := pass.Fset.Position(w.Pos)
			first = fmt.Sprintf("; the first: %s:%d: %s", filepath.Base(p.Filename), p.Line, w.Message)
		}
		note(cfg, "%s.%s: %d possible violation(s) not reported: they depend on what these do, which kiss does not know: %s%s",
			pass.Pkg.Path(), name, len(withheld), strings.Join(origins(sc, withheld), ", "), first)
	}
	return
}

// explore runs the executor on sc's program with cfg's bounds and budgets.
// The root's time budget counts from start, when building its program
// began: linking a large closure (net/http's) takes seconds, and a root
// took twice its budget. At least a quarter of the budget is left to
// explore: on a loaded machine (go test ./... runs packages side by side)
// building a kernel's program took most of the budget, and a tenth left
// its one path unfinished. A root of one goroutine explores for that
// quarter, counted from here: its one schedule shows a goroutine blocking
// itself or misusing a primitive on its first paths, and the rest is the
// symbolic search of a sequential test, which ran to the budget on half
// such roots of std (every test of encoding/gob, whose own code locks): a
// fifth of go vet std's exploration time.
func explore(sc *sequentialize.Scenario, cfg *Config, start time.Time) (*smt.Result, error) {
	budget := max(cfg.Timeout-time.Since(start), cfg.Timeout/4)
	if sc.OneGoroutine {
		budget = cfg.Timeout / 4
	}
	// Nothing in a root of one goroutine can race: without the detector its
	// paths fork faster, and a queued one holds no copy of its clocks (a
	// one-goroutine root of x/sync's syncmap held 850 MB of them).
	observers := map[string]func() smt.Observer{race.Name: race.New}
	if sc.OneGoroutine {
		observers[race.Name] = nil
	}
	// The executor's own Timeout ends the root and says so ("timeout"); the
	// context is a backstop a little later.
	ctx, cancel := context.WithTimeout(context.Background(), budget+time.Second)
	defer cancel()
	var reduce *smt.Reduction
	var sym *smt.Symmetry
	if cfg.Reduce {
		reduce = &smt.Reduction{Scheduler: sequentialize.Scheduler, Bookkeeping: sequentialize.Bookkeeping, Private: sequentialize.Private, Runnable: sequentialize.Runnable, SleepSetsOnly: cfg.SleepSetsOnly}
		if !cfg.SymmetryOff {
			s := smt.Symmetry(sequentialize.Symmetry)
			sym = &s
		}
	}
	return smt.Run(ctx, sc.Program, smt.Options{
		MaxCost:      cfg.Contexts,
		Unroll:       cfg.Unroll,
		Recursion:    max(cfg.Recursion, 1), // 0 would be smt's default
		InitEnd:      sequentialize.EventBegins,
		Timeout:      budget,
		QueryLimit:   queryLimit,
		QueryTimeout: cfg.Timeout / 4,
		MaxQueued:    maxQueued,
		MaxMemory:    uint64(cfg.Memory) << 20,
		MaxPathSteps: maxPathSteps,
		Observers:    observers,
		StopAt:       func(label string) bool { _, ok := sc.Effects[label]; return ok },
		Running:      sequentialize.Running,
		Reduce:       reduce,
		Symmetry:     sym,
		Verified:     true, // sequentialize.Build verified it
	})
}

// checkTiming explores the root again letting timers and sleeps overtake
// goroutines that could still run (-timing), and returns the failures
// only such schedules reach (found is what the default run found, or held
// back): findings of the check "timing".
func checkTiming(pass *analysis.Pass, prog *ssa.Program, fn *ssa.Function, deps []*summaries.Lowered, cfg *Config, found, withheld []*report.Finding) []*report.Finding {
	root := pass.Pkg.Path() + "." + rootName(fn)
	start := time.Now()
	sc, err := sequentialize.Build(prog, fn, sequentialize.Options{Goroutines: cfg.Goroutines, Imports: deps, Fetch: fetchCode, Timing: true, NoSymmetry: !cfg.Reduce})
	if err != nil {
		note(cfg, "%s not checked with -timing: %s", root, oneLine(err))
		return nil
	}
	out, err := explore(sc, cfg, start)
	if err != nil {
		note(cfg, "%s not checked with -timing: %v", root, err)
		return nil
	}
	type key struct {
		check string
		pos   token.Pos
	}
	seen := map[key]bool{}
	for _, f := range append(found, withheld...) {
		seen[key{f.Check, f.Pos}] = true
	}
	var fs []*report.Finding
	for _, v := range out.Violations {
		f := report.Decode(sc, v)
		if f.Check != "timing" || seen[key{f.Base, f.Pos}] || !provable(sc, f) {
			continue
		}
		seen[key{f.Base, f.Pos}] = true
		fs = append(fs, f)
	}
	if cfg.Stats {
		printStats(cfg, root+" (-timing)", sc, out, len(fs), 0, time.Since(start))
	}
	return fs
}

// testHookRoot, set by tests, runs as a root's check starts (to make it
// fail the way a bug in kiss would).
var testHookRoot func(root string)

// testHookPackage, set by tests, runs as a package's own work starts.
var testHookPackage func(pkg string)

// testHookLowered, set by tests, sees the code lowered for each root
// (its sequential program) and for each package's importers (its hash).
var testHookLowered func(name, code string)

// queryLimit bounds each solver query, in Z3's resource units: about a
// quarter of a second of Z3's time. The queries kiss's findings need take
// far less; the ones that reach it are mostly string constraints on unknown
// text (a path from os.Executable taken apart by filepath), which at five
// times the limit took a root's whole budget in a dozen queries
// (x/sync's singleflight subprocess tests: 13 queries, 7.5 s).
const queryLimit = 1_000_000

// maxQueued bounds the states a root keeps waiting (each a whole program
// state): it bounds kiss's memory per root, as -timeout bounds its time.
const maxQueued = 5000

// maxPathSteps ends one path that runs this long (a goroutine spinning in a
// loop that never blocks), counted as cut "path-steps", so that the rest of
// the root is still explored within its time budget.
const maxPathSteps = 1 << 20

func rootName(fn *ssa.Function) string { return fn.Name() }

// oneGoroutine accounts for a root that can never start a second
// goroutine and whose own code operates no channel or blocking type of
// package sync: its one schedule cannot block for good, and nothing in it
// can race.
func oneGoroutine(cfg *Config, root string, took time.Duration) {
	if cfg.Stats {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: one goroutine (nothing in it starts another) and no channel or lock of its own: nothing to check; %v\n",
			root, took.Round(time.Millisecond))
	}
}

// shareNote says, for a root whose time ran out, that its time was its
// share of -package-timeout, when that was less than -timeout.
func shareNote(cfg *Config, st smt.Stats) string {
	if cfg.shareOf == 0 || st.Cuts[smt.CutTimeout] == 0 {
		return ""
	}
	return fmt.Sprintf("; its time was its share of -package-timeout, %v of -timeout=%v", cfg.Timeout.Round(time.Millisecond), cfg.shareOf)
}

func cuts(st smt.Stats) string {
	if len(st.Cuts) == 0 {
		return "none"
	}
	return counts(st.Cuts, "%s=%d", " ")
}

// cutPlaces lists, per reason a path was cut at some code (not a budget
// of the whole exploration: time, memory, queue), where the first such
// cut was, and the flag that sets the bound: what a user reads to see
// which loop, go statement or unsafe conversion to look at, and what to
// raise.
func cutPlaces(st smt.Stats, cfg *Config) string {
	goroutines := cfg.Goroutines
	if goroutines <= 0 {
		goroutines = sequentialize.DefaultOptions.Goroutines // (what Build takes for 0)
	}
	flags := map[string]string{
		"goroutines":     fmt.Sprintf(" (more than -goroutines=%d alive at once)", goroutines),
		smt.CutUnroll:    fmt.Sprintf(" (a loop ran more than -unroll=%d times)", cfg.Unroll),
		smt.CutRecursion: fmt.Sprintf(" (calls nested more than -recursion=%d deep)", max(cfg.Recursion, 1)),
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(st.CutAt)) {
		switch k {
		case smt.CutTimeout, smt.CutCanceled, smt.CutMemory, smt.CutQueued, smt.CutPaths, smt.CutSteps:
			continue
		}
		if pos := st.CutAt[k]; pos != "" {
			parts = append(parts, k+" at "+pos+flags[k])
		}
	}
	return strings.Join(parts, "; ")
}

// counts lists the entries of m by key, each as format puts key and count.
func counts(m map[string]int, format, sep string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf(format, k, m[k]))
	}
	return strings.Join(parts, sep)
}

// splitStopped splits the paths stopped (Stats.Stopped, by label) into
// those stopped at a call kiss does not know and those a model stopped on
// purpose (sequentialize.LimitLabel), with the names of each kind, sorted.
func splitStopped(stopped map[string]int, effects map[string]string) (unknown, limits int, unknownFns, limitFns []string) {
	for l, k := range stopped {
		if strings.HasPrefix(l, sequentialize.LimitLabel) {
			limits += k
			limitFns = append(limitFns, effects[l])
			continue
		}
		unknown += k
		unknownFns = append(unknownFns, effects[l])
	}
	slices.Sort(unknownFns)
	slices.Sort(limitFns)
	return
}

func printStats(cfg *Config, root string, sc *sequentialize.Scenario, out *smt.Result, reported, withheld int, took time.Duration) {
	st := out.Stats
	n, nl, fns, limits := splitStopped(st.Stopped, sc.Effects)
	cover := fmt.Sprintf("no violation with ≤ %d preemptions, loops unrolled %d times", cfg.Contexts, cfg.Unroll)
	switch {
	case reported > 0:
		cover = fmt.Sprintf("%d violation(s) found (with -verify, shown once their schedule replays)", reported)
	case !st.Complete:
		cover = "incomplete: budgets cut the exploration (" + cuts(st) + shareNote(cfg, st) + ")"
	case len(st.Stopped) > 0 && st.Completed == 0:
		cover = "no path got past the calls kiss does not know below: nothing beyond them checked"
		if n == 0 {
			cover = "no path got past the cases kiss's models do not cover below: nothing beyond them checked"
		}
	case withheld > 0 || len(st.Stopped) > 0:
		cover = fmt.Sprintf("no violation kiss can show with ≤ %d preemptions, loops unrolled %d times", cfg.Contexts, cfg.Unroll)
	}
	one := ""
	if sc.OneGoroutine {
		// (its own channels or locks: run for the deadlocks and misuse of one goroutine)
		one = " (one goroutine: one schedule)"
	}
	fmt.Fprintf(cfg.stderr(), "kiss: %s: bound %d%s, %d paths, %d steps (%.0f%% without the solver), %d solver calls (%v), %d paths met a state seen before, %d reordered independent steps, %d schedules added by races, %d points with nothing to preempt, %v; cut: %s; %s\n",
		root, cfg.Contexts, one, st.Paths, st.Steps, 100*share(st.ConcreteSteps, st.Steps), st.SolverCalls,
		st.SolverTime.Round(time.Millisecond), st.Revisits, st.Slept, st.Backtracks, st.Merged, took.Round(time.Millisecond), cuts(st), cover)
	if n > 0 {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: %d path(s) not followed past a call that may touch shared state in a way kiss does not know (nothing past it could be shown): %s%s\n",
			root, n, strings.Join(fns, ", "), stressHint(root))
	}
	if nl > 0 {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: %d path(s) not followed past a case kiss's models do not cover (nothing past it could be shown): %s%s\n",
			root, nl, strings.Join(limits, ", "), stressHint(root))
	}
	if len(st.CutWhy) > 0 {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: paths cut in code kiss does not model: %s\n", root, counts(st.CutWhy, "%s (%d)", "; "))
	}
	if at := cutPlaces(st, cfg); at != "" {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: where paths were first cut: %s\n", root, at)
	}
	if len(sc.Unknown) > 0 {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: assumed to return any value and touch no shared state: %s\n", root, strings.Join(sc.Unknown, ", "))
	}
}

// stressHint tells how to run a test root that kiss could not follow
// past unknown calls for real, under random schedules.
func stressHint(root string) string {
	slash := strings.LastIndex(root, "/")
	dot := strings.LastIndex(root, ".")
	if dot < slash || !strings.HasPrefix(root[dot+1:], "Test") {
		return ""
	}
	pkg := strings.TrimSuffix(root[:dot], "_test")
	return fmt.Sprintf("; kiss stress -run '^%s$' %s runs the real test past them", root[dot+1:], pkg)
}

func share(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// writeSchedule writes the schedule of a reported diagnostic, named after
// the package, the root, the check and at, the line (with the column when
// the root has another finding of the check on that line).
func writeSchedule(dir, pkg, at string, s *schedule.Schedule) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := fmt.Sprintf("%s.%s.%s.%s.json", filepath.Base(pkg), sanitize(s.Root), s.Check, at)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if err := schedule.Encode(f, s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '(' || r == ')' || r == '*' || r == '/' || r == ' ' {
			return '_'
		}
		return r
	}, s)
}

// provable reports whether a finding holds whatever the functions kiss
// does not know do. A path that relied on such a function reaching shared
// memory and doing nothing kiss sees (it might have synchronized, blocked,
// unblocked or panicked) proves nothing; a failure about values (a panic
// of the program's own, a test failure) that needs particular results from
// them proves nothing either. kiss does not report those.
func provable(sc *sequentialize.Scenario, f *report.Finding) bool {
	for _, d := range f.DependsOn {
		if _, ok := sc.Effects[d]; ok {
			return false
		}
	}
	return f.ScheduleFact || len(f.DependsOn) == 0
}

// origins lists the functions whose results or effects withheld findings
// depend on.
func origins(sc *sequentialize.Scenario, fs []*report.Finding) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range fs {
		for _, d := range f.DependsOn {
			if fn, ok := sc.Effects[d]; ok {
				d = fn
			}
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// oneLine keeps the first line of an error and says how many more there
// were: a root that is not checked gets one line of output.
func oneLine(err error) string {
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	if len(lines) == 1 {
		return lines[0]
	}
	return fmt.Sprintf("%s (and %d more)", lines[0], len(lines)-1)
}
