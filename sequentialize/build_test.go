package sequentialize

import (
	"context"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/sequentialize/ir"
	"github.com/gokiss/kiss/smt"
)

// loadRoots builds the SSA of a testdata package (with its tests) the way
// the analyzer does: the package from syntax, its imports from types only
// (no bodies), generics instantiated. It returns its functions by name.
func loadRoots(t *testing.T, dir string) map[string]*ssa.Function {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Dir: moduleRoot(t), Tests: true}
	pkgs, err := packages.Load(cfg, "./testdata/src/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("package errors")
	}
	fns := map[string]*ssa.Function{}
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
		for _, m := range sp.Members {
			if f, ok := m.(*ssa.Function); ok {
				fns[f.Name()] = f
			}
		}
	}
	return fns
}

func runRoot(t *testing.T, fn *ssa.Function, maxCost int) (*Scenario, *smt.Result) {
	t.Helper()
	sc, err := Build(fn.Prog, fn, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(sc.Program); err != nil {
		t.Fatal(err)
	}
	res, err := smt.Run(context.Background(), sc.Program, smt.Options{MaxCost: maxCost, Observers: sc.Observers})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("runtime error: %v", e)
	}
	return sc, res
}

func TestBuildBasic(t *testing.T) {
	fns := loadRoots(t, "seqconc/basic")
	for _, c := range []struct {
		root, check string
		cost        int
	}{{"TestABBA", "deadlock", 1}, {"TestChan", "", 0}, {"TestLeak", "leak", 0},
		{"TestRace", "race", 0}, {"TestNoRaceLocked", "", 0}, {"TestNoRaceHandoff", "", 0}} {
		sc, res := runRoot(t, fns[c.root], 2)
		var got []string
		for _, v := range res.Violations {
			r := sc.Decode(v)
			got = append(got, r.Check)
			t.Logf("%s: %s: %s\n%s", c.root, r.Pos, r.Message, r.Schedule)
		}
		t.Logf("%s: %+v", c.root, res.Stats)
		if c.check == "" {
			if len(got) != 0 {
				t.Errorf("%s: want no violation, got %v", c.root, got)
			}
			continue
		}
		if len(got) == 0 || got[0] != c.check || res.Violations[0].Cost != c.cost {
			t.Errorf("%s: want %s with %d preemptions, got %v", c.root, c.check, c.cost, got)
		}
	}
}

// What kiss replay reads besides the steps: a race's two accesses, the
// goroutines blocked at the end of a deadlock or a leak.
func TestDecodeReplayFields(t *testing.T) {
	fns := loadRoots(t, "seqconc/basic")
	for _, root := range []string{"TestABBA", "TestLeak", "TestRace"} {
		sc, res := runRoot(t, fns[root], 2)
		if len(res.Violations) == 0 {
			t.Fatalf("%s: no violation", root)
		}
		s := sc.Decode(res.Violations[0]).Schedule
		switch s.Check {
		case "race":
			if s.Race == nil || s.Race.First.G == s.Race.Second.G || s.Race.Second.Pos != s.Pos {
				t.Errorf("%s: race %+v, report at %s", root, s.Race, s.Pos)
			}
		case "deadlock", "leak":
			if len(s.Blocked) == 0 {
				t.Errorf("%s: no blocked goroutine", root)
			}
			for _, b := range s.Blocked {
				if b.Pos == "" || !strings.Contains(s.Message, b.Pos) {
					t.Errorf("%s: blocked %+v not in %q", root, b, s.Message)
				}
			}
		default:
			t.Errorf("%s: check %s", root, s.Check)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", root, err)
		}
	}
}
