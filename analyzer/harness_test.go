package kiss

import (
	"context"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/analyzer/kisstest"
	"github.com/gokiss/kiss/analyzer/report"
	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/race"
)

// The harness checks a testdata package whose roots the analyzer does not
// check, or not all of them: roots that never start a second goroutine
// (the analyzer skips them) and the sequential roots of seq/*. It runs
// every root of the package through the stages the analyzer wires
// (sequentialize.Build, smt.Run with the race observer up to 2
// preemptions, report.Decode) and checks what it finds against the
// package's `// want` comments exactly as analysistest does (see package
// internal/want):
//
//   - each finding, at the line of its position, must match a
//     `// want "regexp"` there; the message ends with the preemptions
//     ("(1 preemption)"), so a want asserts the fewest that reach it;
//   - each root property below, at the line of the root's func, must match
//     a `// want root:"regexp"` there:
//     "one goroutine": the root can never start a second goroutine
//     (Scenario.OneGoroutine; the analyzer skips such a root unless
//     "runs its one schedule": code of its own package operates a
//     channel or a blocking type of package sync (Scenario.Primitives:
//     the analyzer runs its one schedule);
//     "may start goroutines when lowered with the package's other roots":
//     sequentialize.OneGoroutine of all the roots together does not say
//     one goroutine of a root that alone can never start another (or
//     "never starts another goroutine when lowered with the package's
//     other roots", the other way round);
//     "cut: name=n ...": the exploration was not complete (budgets or
//     unsupported code cut it);
//     "unknown: f, g": calls of functions kiss does not know;
//   - each want must be met. A runtime error of the IR fails the test.
//
// The roots are the analyzer's (tests, benchmarks, examples, main, and
// parameterless functions that start goroutines) and every exported
// function without parameters or results (the sequential roots of seq/*).

// harnessPackage is a testdata package (with its tests) built as the
// analyzer builds it: the package from syntax, its imports from types
// only (no bodies), generics instantiated.
type harnessPackage struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *ssa.Package
	fns   map[string]*ssa.Function // its functions, by name
}

var loaded sync.Map // dir -> *harnessPackage

// loadPackage loads testdata/src/<dir>, once per test binary.
func loadPackage(t testing.TB, dir string) *harnessPackage {
	t.Helper()
	if hp, ok := loaded.Load(dir); ok {
		return hp.(*harnessPackage)
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Dir: moduleRoot(t), Tests: true}
	pkgs, err := packages.Load(cfg, "./testdata/src/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("package errors")
	}
	var hp *harnessPackage
	for _, p := range pkgs {
		if !strings.HasSuffix(p.ID, ".test]") && len(pkgs) > 1 {
			continue // the package with its tests is the one to check
		}
		prog := ssa.NewProgram(p.Fset, ssa.InstantiateGenerics)
		created := map[*types.Package]bool{}
		var create func(q *types.Package)
		create = func(q *types.Package) {
			if created[q] {
				return
			}
			created[q] = true
			for _, i := range q.Imports() {
				create(i)
			}
			if q != p.Types {
				prog.CreatePackage(q, nil, nil, true)
			}
		}
		create(p.Types)
		sp := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
		sp.Build()
		hp = &harnessPackage{fset: p.Fset, files: p.Syntax, pkg: sp, fns: map[string]*ssa.Function{}}
		for _, m := range sp.Members {
			if f, ok := m.(*ssa.Function); ok {
				hp.fns[f.Name()] = f
			}
		}
	}
	if hp == nil {
		t.Fatalf("no package in %s", dir)
	}
	v, _ := loaded.LoadOrStore(dir, hp)
	return v.(*harnessPackage)
}

// harnessRoots are the roots the harness runs, in source order.
func harnessRoots(pkg *ssa.Package) []*ssa.Function {
	out := roots(pkg)
	seen := map[*ssa.Function]bool{}
	for _, fn := range out {
		seen[fn] = true
	}
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || seen[fn] || fn.Blocks == nil || fn.TypeParams().Len() > 0 || !ast.IsExported(fn.Name()) {
			continue
		}
		if sig := fn.Signature; sig.Recv() == nil && sig.Params().Len() == 0 && sig.Results().Len() == 0 {
			out = append(out, fn)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// runRoot builds fn's scenario and explores it as the harness does.
func runRoot(t *testing.T, fn *ssa.Function) (*sequentialize.Scenario, *smt.Result) {
	t.Helper()
	sc, err := sequentialize.Build(fn.Prog, fn, sequentialize.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(sc.Program); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := smt.Run(ctx, sc.Program, smt.Options{MaxCost: 2, Timeout: time.Minute,
		Observers: map[string]func() smt.Observer{race.Name: race.New}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("%s: runtime error: %v", fn.Name(), e)
	}
	return sc, res
}

// checkWants runs every root of testdata/src/<dir> and checks the
// findings and root properties against the package's want comments.
func checkWants(t *testing.T, dir string) {
	hp := loadPackage(t, dir)
	wants := kisstest.New()
	if err := wants.Go(hp.fset, hp.files...); err != nil {
		t.Fatal(err)
	}
	rs := harnessRoots(hp.pkg)
	if len(rs) == 0 {
		t.Fatalf("no roots in %s", dir)
	}
	together, prims, err := sequentialize.OneGoroutine(hp.pkg.Prog, rs, sequentialize.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range rs {
		sc, res := runRoot(t, fn)
		at := hp.fset.Position(fn.Pos())
		var facts []string
		switch {
		case sc.OneGoroutine && !together[fn]:
			facts = append(facts, "one goroutine", "may start goroutines when lowered with the package's other roots")
		case sc.OneGoroutine:
			facts = append(facts, "one goroutine")
		case together[fn]:
			facts = append(facts, "never starts another goroutine when lowered with the package's other roots")
		}
		if sc.OneGoroutine && together[fn] && sc.Primitives != prims[fn] {
			t.Errorf("%s: uses primitives of its own %v alone, %v with the package's other roots", fn.Name(), sc.Primitives, prims[fn])
		}
		if sc.OneGoroutine && sc.Primitives {
			facts = append(facts, "runs its one schedule")
		}
		if !res.Stats.Complete {
			facts = append(facts, "cut: "+cuts(res.Stats))
		}
		if len(sc.Unknown) > 0 {
			facts = append(facts, "unknown: "+strings.Join(sc.Unknown, ", "))
		}
		for _, f := range facts {
			if err := wants.Check(at.Filename, at.Line, "root", f); err != nil {
				t.Errorf("%s: %v", fn.Name(), err)
			}
		}
		for _, v := range res.Violations {
			f := report.Decode(sc, v)
			p := hp.fset.Position(f.Pos)
			if !p.IsValid() {
				t.Errorf("%s: finding without a position: %s", fn.Name(), f.Message)
				continue
			}
			if err := wants.Check(p.Filename, p.Line, "", f.Message); err != nil {
				t.Errorf("%s: %v", fn.Name(), err)
			}
		}
	}
	for _, err := range wants.Unmet() {
		t.Error(err)
	}
}

// TestWants runs the harness on each package whose roots the analyzer
// does not all check.
func TestWants(t *testing.T) {
	for _, dir := range []string{
		"seq/basic", "seq/more",
		"seqconc/models", "seqconc/testmain", "seqconc/liberr",
		"seqconc/onegoroutine", "seqconc/foreignctx", "seqconc/racepairs", "seqconc/unsafeptr",
		"seqconc/reflectmodel", "seqconc/literals", "seqconc/localtypes", "seqconc/initticker",
	} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			checkWants(t, dir)
		})
	}
}

func moduleRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}
