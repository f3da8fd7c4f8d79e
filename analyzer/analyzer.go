package kiss

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/analyzer/replay"
	"github.com/gokiss/kiss/analyzer/report"
	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/smt"
)

// Config holds the flags; Analyzer.Flags sets the package-level one.
type Config struct {
	Contexts   int           // preemption bound
	Unroll     int           // iterations of a loop whose condition is symbolic
	Recursion  int           // nesting of the same call on a goroutine's stack (smt.Options.Recursion)
	Goroutines int           // goroutines one path may start (a path that starts more is cut)
	Timeout    time.Duration // per root
	// PackageTimeout bounds the time of one package's roots together,
	// their times added up (0: no bound); see budget.go.
	PackageTimeout time.Duration
	// Memory is how much a root may grow the process's live memory (Go's
	// heap and Z3's), in MiB, before it queues no more states (0: no
	// bound): a one-goroutine root of x/sync's syncmap queued 3,900
	// states of 280 KB each (1.1 GB live). It is measured on the process,
	// so it fits a process that checks one package (go vet's); with many
	// packages in one process it is 0 (SetManyPackages).
	Memory    int
	Schedules string // directory for schedule files
	Stats     bool   // per-root statistics on stderr
	DumpIR    bool   // print each root's sequential program on stdout
	Run       string // only roots whose name matches this regular expression, as go test -run
	// Timing explores each root again letting timers and sleeps overtake
	// goroutines that could still run, and reports what only that reaches
	// as the check "timing".
	Timing bool
	// Reduce explores schedules that differ only in the order of
	// independent steps once (partial-order reduction, smt.Reduction).
	Reduce bool
	// SleepSetsOnly leaves the reduction's source sets out (smt.Reduction):
	// for comparisons, as BenchmarkReduction's.
	SleepSetsOnly bool
	// SymmetryOff leaves the state cache's symmetry reduction out
	// (smt.Symmetry): for comparisons.
	SymmetryOff bool
	// Verify replays each finding's schedule in the real test before it is
	// reported (package replay), and reports only those that reproduce: a
	// schedule is kiss's proof, and one the real test cannot follow would be
	// a false alarm to the user. A finding that does not replay is a line on
	// stderr saying why.
	Verify bool
	// ReplayTimeout bounds each replay's run of the test.
	ReplayTimeout time.Duration
	// FactsOnly checks no roots: the package is analysed only for the
	// facts its importers need (go vet's dependencies, VetxOnly).
	FactsOnly bool

	// shareOf is the -timeout a root's Timeout is a share of, when the
	// package's budget gave it less (0 otherwise).
	shareOf time.Duration

	// Out and Err receive -dump-ir and -stats/notes; nil means os.Stdout/os.Stderr.
	Out, Err io.Writer
	// OnRoot, when set, receives each explored root's statistics.
	OnRoot func(root string, st smt.Stats, took time.Duration)
}

// DefaultConfig are kiss's defaults (README, "Flags").
var DefaultConfig = Config{Contexts: 2, Unroll: 3, Recursion: 2, Goroutines: 64, Timeout: 10 * time.Second, PackageTimeout: 10 * time.Second, Memory: 256, Reduce: true,
	Verify: true, ReplayTimeout: 2 * time.Minute}

var config = DefaultConfig

// Analyzer is kiss's go/analysis pass.
var Analyzer = &analysis.Analyzer{
	Name: "kiss",
	Doc: `check concurrent Go for deadlocks, leaks, races and schedule-dependent panics

kiss explores every interleaving of each test scenario with at most
-contexts preemptions and reports each violation with the schedule that
makes it happen.`,
	URL:        "https://github.com/gokiss/kiss",
	Run:        run,
	Flags:      flags(&config),
	FactTypes:  []analysis.Fact{new(loweredFact)},
	ResultType: reflect.TypeFor[*Result](),
}

// Result is what the Analyzer found in a package: each finding it reported
// as a diagnostic, typed, with its schedule. Positions are in the pass's
// FileSet.
type Result struct {
	Findings []*report.Finding
}

func flags(c *Config) flag.FlagSet {
	fs := flag.NewFlagSet("kiss", flag.ExitOnError)
	fs.IntVar(&c.Contexts, "contexts", c.Contexts, "preemption bound: explore every schedule with at most this many preemptions")
	fs.IntVar(&c.Unroll, "unroll", c.Unroll, "iterations of a loop whose condition depends on an input")
	fs.IntVar(&c.Recursion, "recursion", c.Recursion, "how many times the same call (a function called by the same function) may be nested on a goroutine's stack: a call chain of any depth runs, the call that would recurse once more is cut")
	fs.Var(deprecatedInline{c}, "inline", "deprecated and ignored: call chains of any depth run (see -recursion)")
	fs.IntVar(&c.Goroutines, "goroutines", c.Goroutines, "cap on the goroutines alive at once in one schedule")
	fs.DurationVar(&c.Timeout, "timeout", c.Timeout, "time budget per root")
	fs.DurationVar(&c.PackageTimeout, "package-timeout", c.PackageTimeout, "time budget of one package's roots, their times added up: each root gets an equal share (at most -timeout), and those its share cut run again with what the others left (0: every root gets -timeout)")
	fs.IntVar(&c.Memory, "memory", c.Memory, "how much one root may grow kiss's live memory, in MiB, before it queues no more states (0: no bound; roots checked at once share the process)")
	fs.StringVar(&c.Schedules, "schedules", c.Schedules, "write one schedule file per diagnostic into this directory")
	fs.BoolVar(&c.Stats, "stats", c.Stats, "print per-root statistics and the coverage statement on stderr")
	fs.BoolVar(&c.DumpIR, "dump-ir", c.DumpIR, "print each root's sequential program on stdout")
	fs.Var(runPattern{c}, "run", "check only the roots whose name matches this `regexp`, as go test -run does (TestX$ is TestX alone)")
	fs.BoolVar(&c.Reduce, "por", c.Reduce, "partial-order reduction: explore schedules that differ only in the order of independent steps once (-por=false explores each; the findings are the same)")
	fs.BoolVar(&c.Verify, "verify", c.Verify, "replay each finding's schedule in the real test and report only those that reproduce (-verify=false reports every finding unreplayed)")
	fs.DurationVar(&c.ReplayTimeout, "replay-timeout", c.ReplayTimeout, "timeout of each replay's run of the test (-verify)")
	fs.BoolVar(&c.Timing, "timing", c.Timing, "also explore schedules where a goroutine is slower than a timer or sleep, and report what only they reach (check \"timing\")")
	return *fs
}

// runPattern is the flag -run: a bad regular expression is an error of the
// command line, not of each package.
type runPattern struct{ c *Config }

func (r runPattern) String() string {
	if r.c == nil {
		return ""
	}
	return r.c.Run
}

func (r runPattern) Get() any { return r.c.Run }

func (r runPattern) Set(s string) error {
	if _, err := regexp.Compile(s); err != nil {
		return err
	}
	r.c.Run = s
	return nil
}

// deprecatedInline is the flag -inline, which bounded the call depth before
// -recursion replaced it. It is still accepted so that the command lines,
// go vet invocations and scripts that pass it keep working; it says once
// that it is ignored.
type deprecatedInline struct{ c *Config }

func (deprecatedInline) String() string { return "" }

func (d deprecatedInline) Set(s string) error {
	if _, err := strconv.Atoi(s); err != nil {
		return fmt.Errorf("not an integer: %q", s)
	}
	fmt.Fprintln(d.c.stderr(), "kiss: -inline is deprecated and ignored: call chains of any depth run; -recursion bounds recursion")
	return nil
}

func (c *Config) stderr() io.Writer {
	if c.Err != nil {
		return lockedWriter{c.Err}
	}
	return lockedWriter{os.Stderr}
}

// lockedWriter writes one line at a time for the roots that run side by
// side: each write of kiss's is a line, or lines of one root.
type lockedWriter struct{ w io.Writer }

var outputMu sync.Mutex

func (l lockedWriter) Write(p []byte) (int, error) {
	outputMu.Lock()
	defer outputMu.Unlock()
	return l.w.Write(p)
}

func (c *Config) stdout() io.Writer {
	if c.Out != nil {
		return c.Out
	}
	return os.Stdout
}

// SetFactsOnly makes the Analyzer skip roots (Config.FactsOnly): the
// vettool sets it when go vet runs it on a dependency only for its facts.
func SetFactsOnly(on bool) { config.FactsOnly = on }

// SetManyPackages says that the process checks many packages at once (kiss
// ./..., not go vet's process per package): -memory then defaults to 0.
// Its budget is measured on the process, whose live heap then holds every
// package loaded and every root running, and they cut each other's
// roots: 3 kernels of the corpus lost their findings under kiss ./....
func SetManyPackages() {
	config.Memory = 0
	manyPackages = true
}

var manyPackages bool // SetManyPackages: kiss ./..., singlechecker's driver

func run(pass *analysis.Pass) (any, error) {
	if manyPackages && testVariantChecked(pass) {
		cfg := config
		cfg.FactsOnly = true
		return Check(pass, &cfg)
	}
	return Check(pass, &config)
}

// testVariantChecked reports whether kiss ./... (singlechecker with -test)
// also checks pass's package as its test variant, p [p.test], which holds
// every file of p: its roots are explored there, as go vet checks only
// that variant, and exploring them in p too did it twice.
func testVariantChecked(pass *analysis.Pass) bool {
	f := flag.Lookup("test")
	if f == nil || f.Value.String() != "true" || hasTests(pass) {
		return false
	}
	dir := packageDir(pass)
	if dir == "" {
		return false
	}
	bp, err := build.ImportDir(dir, 0)
	return err == nil && len(bp.TestGoFiles) > 0 && bp.Name == pass.Pkg.Name()
}

// Check runs kiss on one package with the given configuration: it reports
// each finding as a diagnostic (its category is the check, its related
// information the schedule's steps) and returns them all.
func Check(pass *analysis.Pass, cfg *Config) (*Result, error) {
	result := &Result{}
	if !lowerable(pass.Pkg) {
		return result, nil // the runtime's own: modelled, never run from source
	}
	release := takeProcessSlot()
	defer func() {
		if release != nil {
			release()
		}
	}()
	if testHookPackage != nil {
		testHookPackage(pass.Pkg.Path())
	}
	deps := importedCode(pass)
	// No roots (the standard library's are its tests), or nothing can
	// block, race or interleave without goroutines: only code to export,
	// which the store may have from an earlier run for the standard
	// library's (reuse.go).
	noRoots := cfg.FactsOnly || standard(pass) && !hasTests(pass) || !concurrent(pass) && len(deps) == 0
	key := ""
	if noRoots && standard(pass) && exports(pass) {
		if key = reuseKey(pass, deps); key != "" && fromStore(pass, key, deps, cfg) {
			return result, nil
		}
	}
	prog, pkg, why := buildSSAWithGenerics(pass, deps)
	if why != "" && cfg.Stats {
		note(cfg, "%s: %s", pass.Pkg.Path(), why)
	}
	own := exportCode(pass, pkg, deps, cfg)
	if noRoots {
		if key != "" && own != nil {
			codeStore().keep(key, own, why) // (none kept: built again next time)
		}
		return result, nil
	}
	only, err := regexp.Compile(cfg.Run)
	if err != nil {
		return nil, fmt.Errorf("-run: %v", err)
	}
	var selected []*ssa.Function
	run := examplesRun(pass.Files)
	for _, fn := range roots(pkg) {
		if !only.MatchString(fn.Name()) {
			continue
		}
		if isTestRoot(fn) && sequentialize.IsTestName(fn.Name(), "Example") && !run[fn.Name()] {
			if cfg.Stats {
				note(cfg, "%s.%s: not checked: an example without an output comment, which go test compiles but does not run", pass.Pkg.Path(), fn.Name())
			}
			continue
		}
		selected = append(selected, fn)
	}
	// Roots that never start a second goroutine are told apart first, all
	// together: most tests of most packages are such, and building each
	// would cost more than the rest of go vet.
	one, prims, err := sequentialize.OneGoroutine(prog, selected, sequentialize.Options{Goroutines: cfg.Goroutines, Imports: deps, Fetch: fetchCode})
	if err != nil {
		note(cfg, "%s: %s; each root is checked on its own", pass.Pkg.Path(), oneLine(err))
	}
	seen := map[string]bool{}
	// failed counts the schedules of a finding (check and position) that
	// did not replay: each replay builds and runs the test, and a third
	// failure at one place says more schedules will not do better.
	failed := map[string]int{}
	dir := packageDir(pass)
	if cfg.Verify {
		defer replay.Forget(dir)
	}
	// The roots run side by side, each once it has a slot (takeSlot); their
	// findings are reported in the roots' order. (-dump-ir's programs are
	// printed one after another.)
	release()
	release = nil // (the roots take their own slots)
	results := make([]rootResult, len(selected))
	// A root of one goroutine (explored for the channels or locks of its
	// own package) takes its turn after the roots that may start another:
	// its one schedule finds only what one goroutine does to itself, and
	// such roots, first in source order, used up the package's budget
	// before its concurrent tests (puzpuzpuz/xsync's sequential map tests,
	// a thousand entries each, before its parallel ones).
	var explored, later []int
	for i, fn := range selected {
		switch {
		case one[fn] && !prims[fn] && !cfg.DumpIR:
			oneGoroutine(cfg, pass.Pkg.Path()+"."+rootName(fn), 0)
		case one[fn]:
			later = append(later, i)
		default:
			explored = append(explored, i)
		}
	}
	explored = append(explored, later...)
	checkRoots(cfg, pass.Pkg.Path(), explored, results, func(i int) string { return rootName(selected[i]) }, func(i int, budget time.Duration, l *ledger) rootResult {
		return checkRoot(pass, prog, selected[i], deps, cfg, budget, l)
	})
	for _, res := range results {
		// a root's findings of one check on one line (a race on i and one
		// on n in one statement) get their column in the file name
		lines := map[string]int{}
		for _, f := range res.findings {
			lines[f.Check+"\x00"+strconv.Itoa(pass.Fset.Position(f.Pos).Line)]++
		}
		for _, f := range res.findings {
			posn := pass.Fset.Position(f.Pos)
			key := f.Check + "\x00" + posn.String()
			if seen[key] {
				continue // roots with the same violation report it once
			}
			if cfg.Verify && failed[key] >= maxReplays {
				continue
			}
			if cfg.Verify && !replays(cfg, dir, f, posn) {
				if failed[key]++; failed[key] == maxReplays {
					note(cfg, "not reported: %s: %s: %d schedules did not replay; the others found there are not tried", posn, f.Check, maxReplays)
				}
				continue
			}
			seen[key] = true
			pass.Report(diagnostic(f))
			result.Findings = append(result.Findings, f)
			if cfg.Schedules != "" {
				at := strconv.Itoa(posn.Line)
				if lines[f.Check+"\x00"+at] > 1 {
					at += "." + strconv.Itoa(posn.Column)
				}
				if err := writeSchedule(cfg.Schedules, pass.Pkg.Path(), at, f.Schedule); err != nil {
					note(cfg, "%v", err)
				}
			}
		}
	}
	return result, nil
}

// maxReplays is how many schedules of one finding replay tries.
const maxReplays = 3

// replays reports whether f's schedule reproduces in the real test of the
// package in dir, and says on stderr why when it does not.
func replays(cfg *Config, dir string, f *report.Finding, posn token.Position) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			// a bug of replay's: the finding is not shown, the others are
			note(cfg, "not reported: %s: %s of %s: internal error in replay: %v", posn, f.Check, f.Schedule.Root, p)
			ok = false
		}
	}()
	ok, why := replay.ReplaySchedule(f.Schedule, replay.Options{Timeout: cfg.ReplayTimeout, Dir: dir})
	if !ok {
		note(cfg, "not reported: %s: %s of %s does not replay in the real test (%s)", posn, f.Check, f.Schedule.Root, replay.OneLine(why))
	}
	return ok
}

// packageDir is the directory of the pass's files ("" if it has none).
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if name := pass.Fset.Position(f.Package).Filename; filepath.IsAbs(name) {
			return filepath.Dir(name)
		}
	}
	return ""
}

// diagnostic is a finding as go/analysis reports it: the check as its
// category, each step of the schedule in this package's files as related
// information at the step's position ("step 4: goroutine 1 lock
// (preemption)").
func diagnostic(f *report.Finding) analysis.Diagnostic {
	d := analysis.Diagnostic{Pos: f.Pos, Category: f.Check, Message: f.Message}
	for i, st := range f.Schedule.Steps {
		if p := f.StepPos[i]; p.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: st.Text(i+1, false)})
		}
	}
	return d
}

// concurrent reports whether the package's code can make two goroutines
// interleave or block: a go statement, a channel, a select, or a use of the
// packages whose models can block or synchronize. Without any, kiss has
// nothing to find, and go vet of the package stays as cheap as it was.
// (A package whose imports exported lowered code is checked too: the
// code it calls may.)
func concurrent(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		switch imp.Path() {
		case "sync", "sync/atomic", "context", "time", "os/signal":
			return true
		}
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt, *ast.SelectStmt, *ast.SendStmt, *ast.ChanType:
				found = true
			case *ast.UnaryExpr:
				found = found || n.Op == token.ARROW
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// hasTests reports whether the package's files include tests.
func hasTests(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			return true
		}
	}
	return false
}

// buildSSA builds the package with generics instantiated (see doc.go).
func buildSSA(pass *analysis.Pass) (*ssa.Program, *ssa.Package) {
	prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
	need := map[*types.Package]bool{}
	neededPackages(need, pass.Pkg, pass.TypesInfo)
	createImports(prog, pass.Pkg, need, func(*types.Package) ([]*ast.File, *types.Info) { return nil, nil })
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	return prog, pkg
}

// rootResult is what checking one root produced.
type rootResult struct {
	findings []*report.Finding
	took     time.Duration
	cut      bool          // its time ran out
	skipped  bool          // not checked: its package's budget was used up
	log      *bytes.Buffer // its notes and statistics
	onRoot   func()        // its call of Config.OnRoot
}

func note(cfg *Config, format string, args ...any) {
	fmt.Fprintf(cfg.stderr(), "kiss: "+format+"\n", args...)
}
