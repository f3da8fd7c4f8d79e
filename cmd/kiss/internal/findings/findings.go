// Package findings runs kiss on packages loaded with go/packages and returns
// the analyzer's typed findings with their positions resolved: the check,
// the message, the position and the schedule with each step's position. It
// is what `kiss -sarif` and `kiss lsp` share; each only converts the result
// into its own format.
package findings

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/analyzer/schedule"
)

// Finding is one kiss finding.
type Finding struct {
	Check    string             // a schedule.Checks name: deadlock, leak, race, panic or assert
	Message  string             // the diagnostic's message
	Pos      token.Position     // where the violation happens
	Package  string             // import path of the package it was found in
	Schedule *schedule.Schedule // the schedule, as kiss -schedules writes it
	Steps    []Step             // its steps in the package's files, in execution order
}

// Step is one step of a finding's schedule at its position.
type Step struct {
	N       int            // step number, 1-based, global across goroutines
	G       int            // goroutine: 0 is the root, the others in spawn order
	Op      string         // the visible operation, e.g. "lock", "send", "go"
	Preempt bool           // the switch to G before this step was a preemption
	Blocks  bool           // G blocked at this step
	Pos     token.Position // where the step happens
	Text    string         // how kiss shows it: "step 4: goroutine 1 lock (preemption)"
}

// Error is an error that kept a package from being checked (it does not
// type-check, a file does not parse, go list failed).
type Error struct {
	Pos     token.Position // invalid when the error has no position
	Message string
}

func (e Error) String() string {
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Message
	}
	return e.Message
}

// Result is what one run found.
type Result struct {
	Findings []Finding // sorted by position, then check
	Errors   []Error   // packages not checked, and why
	Files    []string  // the Go files of the loaded packages (test files included when loaded), sorted
	Packages []string  // import paths of the loaded packages, sorted, without test variants
}

// Options say what to load and how to check it.
type Options struct {
	Dir    string      // directory to load from; "" is the current directory
	Tests  bool        // load the packages' test files too (kiss's roots are mostly tests)
	Config kiss.Config // bounds; Out and Err as kiss.Config says
	Env    []string    // environment for go list; nil is os.Environ()
}

// Run loads the packages the patterns name and runs kiss on each. Canceling
// ctx stops the load and keeps packages not yet started from being checked;
// a package whose check has started runs to its end (per-root timeouts bound
// it), and Run then returns ctx's error.
func Run(ctx context.Context, opts Options, patterns ...string) (*Result, error) {
	cfg := opts.Config
	a := analyzer(ctx, &cfg)
	mode := packages.LoadSyntax | packages.NeedModule | packages.NeedForTest
	if len(a.FactTypes) > 0 {
		mode |= packages.NeedDeps // facts need the dependencies checked from source
	}
	pkgs, err := packages.Load(&packages.Config{
		Context: ctx,
		Mode:    mode,
		Dir:     opts.Dir,
		Env:     opts.Env,
		Tests:   opts.Tests,
	}, patterns...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	res := &Result{}
	files := map[string]bool{}
	paths := map[string]bool{}
	// A package with internal tests is checked as its test variant, which
	// holds all of its files, as go vet checks it: checking p as well
	// explored its roots outside the tests (main, functions that start
	// goroutines) twice.
	tested := map[string]bool{}
	for _, p := range pkgs {
		if p.ForTest != "" && p.PkgPath == p.ForTest {
			tested[p.PkgPath] = true
		}
	}
	var roots []*packages.Package
	for _, p := range pkgs {
		if testMain(p) {
			continue // the generated test main: no code of the user's
		}
		paths[p.PkgPath] = true
		for _, f := range p.GoFiles {
			files[f] = true
		}
		if p.ForTest == "" && tested[p.PkgPath] {
			continue
		}
		roots = append(roots, p)
	}
	res.Files = sortedKeys(files)
	res.Packages = sortedKeys(paths)
	res.Errors = loadErrors(roots, opts.Dir)

	// The dependencies are analysed for their facts only.
	initial := map[*types.Package]bool{}
	for _, p := range roots {
		initial[p.Types] = true
	}
	a = factsOnlyOutside(a, initial, cfg)
	g, err := checker.Analyze([]*analysis.Analyzer{a}, roots, nil)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	res.collect(g, a)
	sort.SliceStable(res.Findings, func(i, j int) bool {
		a, b := res.Findings[i], res.Findings[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		return a.Check < b.Check
	})
	return res, nil
}

// collect gathers the findings of the root packages' actions, each once
// (the tests of p [p.test] and of p_test may reach one), and the errors of the
// packages whose check failed.
func (r *Result) collect(g *checker.Graph, a *analysis.Analyzer) {
	seen := map[string]bool{}
	for act := range g.All() {
		if act.Err != nil {
			if !act.Package.IllTyped { // ill-typed packages are in r.Errors already
				r.Errors = append(r.Errors, Error{Message: fmt.Sprintf("%s: %v", act.Package.PkgPath, act.Err)})
			}
			continue
		}
		if !act.IsRoot || act.Analyzer != a {
			continue
		}
		fset := act.Package.Fset
		result, _ := act.Result.(*kiss.Result)
		if result == nil {
			continue
		}
		for _, kf := range result.Findings {
			f := Finding{Check: kf.Check, Message: kf.Message, Pos: fset.Position(kf.Pos), Package: act.Package.PkgPath, Schedule: kf.Schedule}
			key := f.Check + "\x00" + f.Pos.String() + "\x00" + f.Message
			if seen[key] {
				continue
			}
			seen[key] = true
			for i, st := range kf.Schedule.Steps {
				if p := kf.StepPos[i]; p.IsValid() {
					f.Steps = append(f.Steps, Step{N: i + 1, G: st.G, Op: st.Op, Preempt: st.Preempt, Blocks: st.Blocks,
						Pos: fset.Position(p), Text: st.Text(i+1, false)})
				}
			}
			r.Findings = append(r.Findings, f)
		}
	}
}

// analyzer is kiss.Analyzer with its own configuration and a cancellation
// check before each package.
func analyzer(ctx context.Context, cfg *kiss.Config) *analysis.Analyzer {
	a := *kiss.Analyzer
	a.Flags = flag.FlagSet{}
	a.Run = func(pass *analysis.Pass) (any, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return kiss.Check(pass, cfg)
	}
	return &a
}

// factsOnlyOutside makes a check only the facts of packages not initial.
func factsOnlyOutside(a *analysis.Analyzer, initial map[*types.Package]bool, cfg kiss.Config) *analysis.Analyzer {
	b := *a
	run := a.Run
	deps := cfg
	deps.FactsOnly = true
	b.Run = func(pass *analysis.Pass) (any, error) {
		if initial[pass.Pkg] {
			return run(pass)
		}
		return kiss.Check(pass, &deps)
	}
	return &b
}

// testMain reports whether p is the generated main package of a test binary.
func testMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test")
}

// loadErrors collects the errors of the packages and their dependencies,
// each once (p and p [p.test] share most).
func loadErrors(pkgs []*packages.Package, dir string) []Error {
	var out []Error
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		typed := false
		for _, e := range p.Errors {
			typed = typed || e.Kind == packages.ParseError || e.Kind == packages.TypeError
		}
		for _, e := range p.Errors {
			if typed && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
				continue // the compiler's output for the same errors
			}
			pe := Error{Pos: parsePos(e.Pos), Message: e.Msg}
			if pe.Pos.IsValid() && !filepath.IsAbs(pe.Pos.Filename) {
				// go list reports positions relative to the directory it ran in.
				if abs, err := filepath.Abs(filepath.Join(dir, pe.Pos.Filename)); err == nil {
					pe.Pos.Filename = abs
				}
			}
			if !pe.Pos.IsValid() && e.Pos != "" && e.Pos != "-" {
				pe.Message = e.Pos + ": " + e.Msg
			}
			if k := pe.String(); !seen[k] {
				seen[k] = true
				out = append(out, pe)
			}
		}
	})
	return out
}

// parsePos parses "file:line:col" or "file:line".
func parsePos(s string) token.Position {
	var p token.Position
	parts := strings.Split(s, ":")
	if len(parts) < 2 {
		return p
	}
	nums := 0
	for i := len(parts) - 1; i > 0 && nums < 2; i-- {
		if _, err := strconv.Atoi(parts[i]); err != nil {
			break
		}
		nums++
	}
	if nums == 0 {
		return p
	}
	p.Filename = strings.Join(parts[:len(parts)-nums], ":")
	p.Line, _ = strconv.Atoi(parts[len(parts)-nums])
	if nums == 2 {
		p.Column, _ = strconv.Atoi(parts[len(parts)-1])
	}
	return p
}

// ConfigFromFlags returns the configuration that kiss's flags, as registered
// in kiss.Analyzer.Flags and parsed from the command line, describe.
func ConfigFromFlags() (kiss.Config, error) {
	cfg := kiss.DefaultConfig
	var errs []error
	get := func(name string) any {
		f := kiss.Analyzer.Flags.Lookup(name)
		if f == nil {
			return nil
		}
		g, ok := f.Value.(flag.Getter)
		if !ok {
			return nil
		}
		return g.Get()
	}
	set := func(name string, dst any) {
		v := get(name)
		if v == nil {
			return
		}
		switch d := dst.(type) {
		case *int:
			if x, ok := v.(int); ok {
				*d = x
				return
			}
		case *bool:
			if x, ok := v.(bool); ok {
				*d = x
				return
			}
		case *string:
			if x, ok := v.(string); ok {
				*d = x
				return
			}
		case *time.Duration:
			if x, ok := v.(time.Duration); ok {
				*d = x
				return
			}
		}
		errs = append(errs, fmt.Errorf("flag -%s: unexpected value %T", name, v))
	}
	set("contexts", &cfg.Contexts)
	set("unroll", &cfg.Unroll)
	set("recursion", &cfg.Recursion)
	set("goroutines", &cfg.Goroutines)
	set("timeout", &cfg.Timeout)
	set("schedules", &cfg.Schedules)
	set("stats", &cfg.Stats)
	set("dump-ir", &cfg.DumpIR)
	set("run", &cfg.Run)
	set("timing", &cfg.Timing)
	return cfg, errors.Join(errs...)
}

// AddFlags registers kiss's flags (those of kiss.Analyzer) in fs; parse fs,
// then call ConfigFromFlags.
func AddFlags(fs *flag.FlagSet) {
	kiss.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage)
	})
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
