package kiss

// Tests that run roots of testdata packages through every stage: build the
// scenario, explore it, decode each violation.

import (
	"context"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/report"
	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/race"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// ---- from sequentialize/build_test.go ----

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

func runRoot(t *testing.T, fn *ssa.Function, maxCost int) (*sequentialize.Scenario, *smt.Result) {
	t.Helper()
	sc, err := sequentialize.Build(fn.Prog, fn, sequentialize.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(sc.Program); err != nil {
		t.Fatal(err)
	}
	res, err := smt.Run(context.Background(), sc.Program, smt.Options{MaxCost: maxCost, Observers: map[string]func() smt.Observer{race.Name: race.New}})
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
			r := report.Decode(sc, v)
			got = append(got, r.Check)
			t.Logf("%s: %s: %s\n%s", c.root, r.Schedule.Pos, r.Message, r.Schedule)
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
		s := report.Decode(sc, res.Violations[0]).Schedule
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

// ---- from sequentialize/models_test.go ----

// TestModels runs every root (test or benchmark) of testdata/src/seqconc/models and checks the
// outcome its name announces: _ok, or the check and the fewest preemptions
// that reach it.
func TestModels(t *testing.T) {
	checkOutcomes(t, "seqconc/models", 30)
}

// TestTestMain checks that go test's TestMain runs around each test, as
// the outcomes in the names of testdata/src/seqconc/testmain say.
func TestTestMain(t *testing.T) {
	checkOutcomes(t, "seqconc/testmain", 2)
}

// checkOutcomes runs the roots of dir and checks the outcome each name
// announces; dir has at least min such roots.
func checkOutcomes(t *testing.T, dir string, min int) {
	fns := loadRoots(t, dir)
	re := regexp.MustCompile(`^(?:Test|Benchmark)\w+_(ok|deadlock|leak|race|panic|assert)(\d*)$`)
	var names []string
	for name := range fns {
		if re.MatchString(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < min {
		t.Fatalf("only %d roots found in %s", len(names), dir)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			m := re.FindStringSubmatch(name)
			sc, res := runRoot(t, fns[name], 2)
			if !res.Stats.Complete {
				t.Errorf("exploration cut: %v", res.Stats.Cuts)
			}
			var got []string
			for _, v := range res.Violations {
				r := report.Decode(sc, v)
				got = append(got, r.Check+strconv.Itoa(v.Cost)+": "+r.Message)
			}
			if m[1] == "ok" {
				if len(got) > 0 {
					t.Errorf("want no violation, got %q", got)
				}
				return
			}
			want, _ := strconv.Atoi(m[2])
			if len(res.Violations) == 0 {
				t.Fatalf("want %s with %d preemptions, got none", m[1], want)
			}
			first := report.Decode(sc, res.Violations[0])
			if first.Check != m[1] || res.Violations[0].Cost != want {
				t.Errorf("want %s with %d preemptions first, got %q", m[1], want, got)
			}
		})
	}
}

// ---- from sequentialize/race_pairs_test.go ----

// markLine returns "file:line:" of the line of dir/file marked
// "// mark: what".
func markLine(t *testing.T, dir, file, what string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "testdata", "src", dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(line, "// mark: "+what) {
			return fmt.Sprintf("%s:%d:", file, i+1)
		}
	}
	t.Fatalf("no mark %q in %s", what, file)
	return ""
}

// TestRacePairsOnce: a racing pair of accesses is reported once per root,
// at the cheapest schedule, not again in the other order; one access that
// races with several earlier ones is one report naming them all; races on
// different pairs are reported each.
func TestRacePairsOnce(t *testing.T) {
	const dir = "seqconc/racepairs"
	fns := loadRoots(t, dir)
	mark := func(file, what string) string { return markLine(t, dir, file, what) }
	for _, c := range []struct {
		root string
		at   []string // the positions of the race reports, in order
		also []string // positions each report's message must name
	}{
		{"TestRefill", []string{mark("racepairs.go", "refill")},
			[]string{mark("racepairs.go", "allow read"), mark("racepairs.go", "allow write")}},
		{"TestTwoFields", []string{mark("racepairs_test.go", "x write"), mark("racepairs_test.go", "y write")},
			[]string{mark("racepairs_test.go", "x read")}},
	} {
		sc, res := runRoot(t, fns[c.root], 2)
		var got []string
		for _, v := range res.Violations {
			r := report.Decode(sc, v)
			t.Logf("%s: %s: %s", c.root, r.Schedule.Pos, r.Message)
			if r.Check != "race" {
				t.Errorf("%s: unexpected %s", c.root, r.Message)
				continue
			}
			got = append(got, r.Schedule.Pos)
			if v.Cost != 0 {
				t.Errorf("%s: race with %d preemptions: %s", c.root, v.Cost, r.Message)
			}
			if len(got) == 1 {
				for _, a := range c.also {
					if !strings.Contains(r.Message, a) {
						t.Errorf("%s: the report does not name %s: %s", c.root, a, r.Message)
					}
				}
			}
		}
		if len(got) != len(c.at) {
			t.Errorf("%s: got races at %v, want at %v", c.root, got, c.at)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.at[i]) {
				t.Errorf("%s: got races at %v, want at %v", c.root, got, c.at)
			}
		}
	}
}

// ---- from sequentialize/conc_lib_test.go ----

// TestLibErrors runs the roots of seqconc/liberr: every Test is silent
// (the models are faithful where the test checks them) except those named
// ...Bad, which must fail their assertion, with no preemption.
func TestLibErrors(t *testing.T) {
	fns := loadRoots(t, "seqconc/liberr")
	var roots []string
	for name := range fns {
		if strings.HasPrefix(name, "Test") {
			roots = append(roots, name)
		}
	}
	sort.Strings(roots)
	if len(roots) < 10 {
		t.Fatalf("roots: %v", roots)
	}
	for _, root := range roots {
		sc, res := runRoot(t, fns[root], 1)
		var got []string
		for _, v := range res.Violations {
			r := report.Decode(sc, v)
			got = append(got, r.Check+" at "+r.Schedule.Pos+": "+r.Message)
		}
		if !res.Stats.Complete {
			t.Errorf("%s: exploration cut: %v", root, res.Stats.Cuts)
		}
		if len(sc.Unknown) > 0 {
			t.Errorf("%s: unknown functions: %v", root, sc.Unknown)
		}
		t.Logf("%s: %d paths, %d steps, %v", root, res.Stats.Paths, res.Stats.Steps, got)
		bad := strings.HasSuffix(root, "Bad")
		switch {
		case bad && (len(got) != 1 || !strings.HasPrefix(got[0], "assert")):
			t.Errorf("%s: want one test failure, got %v", root, got)
		case !bad && len(got) > 0:
			t.Errorf("%s: want no violation, got %v", root, got)
		}
	}
}

func moduleRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}
