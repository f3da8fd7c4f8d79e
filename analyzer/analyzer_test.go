package kiss_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/smt"
)

// corpus lists the analysistest packages under testdata/src/<group>.
func corpus(t testing.TB, group string, depth int) []string {
	t.Helper()
	root := filepath.Join("..", "testdata", "src")
	pattern := filepath.Join(append([]string{root, group}, strings.Split(strings.Repeat("*/", depth), "/")[:depth]...)...)
	dirs, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		rel, _ := filepath.Rel(root, d)
		pkgs = append(pkgs, filepath.ToSlash(rel))
	}
	if len(pkgs) == 0 {
		t.Fatalf("no packages match %s", pattern)
	}
	return pkgs
}

// variants runs analysistest on pkgs, which it loads with their tests: a
// non-test file belongs to the package and to its test variant, and only
// the test variant has the roots (the tests) that make kiss report in it.
// So an expectation counts as met when some variant compiling the file met
// it, as a go vet user sees it once; every other failure stands.
func variants(t *testing.T, pkgs ...string) {
	for _, e := range runVariants(kiss.Analyzer, pkgs...) {
		t.Error(e)
	}
}

// runVariants runs analysistest with a on pkgs and returns the failures
// that stand (see variants).
func runVariants(a *analysis.Analyzer, pkgs ...string) []string {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	rec := &recorder{}
	results := analysistest.Run(rec, testdata, a, pkgs...)
	compiled := map[string]int{} // file -> variants compiling it
	for _, r := range results {
		for _, f := range r.Action.Package.CompiledGoFiles {
			compiled[f]++
		}
	}
	var errs []string
	missing := map[string]int{}
	for _, e := range rec.errs {
		if m := missingRE.FindStringSubmatch(e); m != nil {
			missing[e]++
			continue
		}
		errs = append(errs, e)
	}
	for e, n := range missing {
		file := missingRE.FindStringSubmatch(e)[1]
		if n >= variantsOf(compiled, file) {
			errs = append(errs, e)
		}
	}
	sort.Strings(errs)
	return errs
}

var missingRE = regexp.MustCompile(`^(.*\.go):\d+: no (?:diagnostic|fact) was reported matching`)

// variantsOf counts the variants compiling a file named relative to the
// GOPATH's src (as analysistest reports it).
func variantsOf(compiled map[string]int, rel string) int {
	n := 0
	for f, c := range compiled {
		if strings.HasSuffix(filepath.ToSlash(f), "/"+rel) {
			n += c
		}
	}
	return max(n, 1)
}

// recorder is an analysistest.Testing that keeps the errors.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestKernels runs the bug kernels and their fixed twins. A kernel's two
// roots share the default -package-timeout of 10 s, 5 s each; under CI's
// load (go test's packages side by side on two cores) sessiontoken's bug
// root, 0.13 s alone, ran out of its 5 s after 2 paths (CI failed so). 30 s
// gives each root the whole -timeout, as TestLibraryModels does.
func TestKernels(t *testing.T) { variantsRoomy(t, corpus(t, "kernels", 2)...) }

// variantsRoomy is variants with a -package-timeout of 30 s, and kiss's
// notes logged when an expectation fails.
func variantsRoomy(t *testing.T, pkgs ...string) {
	a, notes := analyzerWith(func(c *kiss.Config) { c.PackageTimeout = 30 * time.Second })
	errs := runVariants(a, pkgs...)
	for _, e := range errs {
		t.Error(e)
	}
	if len(errs) > 0 {
		t.Log(notes.String())
	}
}

func TestCorrectPrograms(t *testing.T) { variants(t, corpus(t, "correct", 1)...) }

// TestCrossPackage runs kernels whose bug is in another package's code:
// kiss sees it through the lowered code that package exports as a fact.
func TestCrossPackage(t *testing.T) {
	variants(t, "crosspkg/counter", "crosspkg/ledger", "crosspkg/store", "crosspkg/front")
}

// TestSeqconc runs the analyzer on the seqconc packages whose roots it
// checks all of.
func TestSeqconc(t *testing.T) { variants(t, "seqconc/basic", "seqconc/gobuiltins") }

// TestLibraryModels runs kernels whose paths go through the models of
// library code kiss does not run from source (fmt, log, reflect, the
// runtime's introspection, testify's assert and require, whose copy in
// testdata/src is the tests' dependency).
//
// Its packages hold many roots each (jsonuse eleven), so the default
// -package-timeout of 10 s gave each about 0.9 s; under CI's load a bug
// kernel's root ran out of it before its race (CI failed so). 30 s gives
// each about 2.7 s (the test: 18 s alone before, 27 s now).
func TestLibraryModels(t *testing.T) { variantsRoomy(t, corpus(t, "libmodels", 1)...) }

// TestTiming runs the tests that rely on durations: silent by default (Go's
// fake clock never lets a timer overtake a goroutine that can run), each
// reported as a timing finding with -timing, their fixed twins silent.
func TestTiming(t *testing.T) {
	pkgs := corpus(t, "timing", 1)
	for _, e := range runVariants(kiss.Analyzer, pkgs...) {
		if !strings.Contains(e, "no diagnostic was reported matching `timing: ") {
			t.Errorf("without -timing: %s", e)
		}
	}
	conf := kiss.DefaultConfig
	conf.Timing = true
	conf.Err = io.Discard
	a := *kiss.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return kiss.Check(pass, &conf) }
	for _, e := range runVariants(&a, pkgs...) {
		t.Errorf("with -timing: %s", e)
	}
}

// TestNoAssemblyOnTheWay: the roots of libmodels/asmfallback (MD5, big
// numbers, SHA-256, AES, AES-CTR's XORBytes) run Go all the way: no path stops at a function
// without Go code, and the processor's features do not multiply the paths
// (with unknown features, 900 paths of which 164 stopped at AES's and
// SHA-256's assembly).
func TestNoAssemblyOnTheWay(t *testing.T) {
	eachRoot(t, "./libmodels/asmfallback", 2, func(root string, st smt.Stats) {
		if len(st.Stopped) > 0 {
			t.Errorf("%s: paths stopped at calls kiss does not know: %v", root, st.Stopped)
		}
		if !st.Complete || st.Paths > 100 {
			t.Errorf("%s: %d paths, complete %v; want the few paths of a schedule search", root, st.Paths, st.Complete)
		}
	})
}

// TestWallClockDecided: libmodels/wallclock's deadlines are wall-clock
// times (UnixNano), compared with later readings. The clock's start is
// unknown, but the time between two readings is the time slept, so every
// comparison is decided without Z3. When each reading was an unknown of
// its own, TestExpiry took 202 solver calls and 9 s, was cut, and held 3
// findings back as depending on the clock.
func TestWallClockDecided(t *testing.T) {
	eachRoot(t, "./libmodels/wallclock", 2, func(root string, st smt.Stats) {
		if !st.Complete || st.SolverCalls > 0 {
			t.Errorf("%s: complete %v, %d solver calls; want a complete search without Z3", root, st.Complete, st.SolverCalls)
		}
	})
}

// TestLargeArrays: libmodels/jsonarray's json.Marshal of a struct with a
// [60000]uint8 field reads the array as one range (the race on a pixel is
// TestLibraryModels'), in few steps, and the race detector looks up one
// element's history without walking the others'. Unrolled, the read was
// over 60,000 steps; with the history of a struct's field kept in one list,
// the roots used their whole budget at 367 steps.
func TestLargeArrays(t *testing.T) {
	eachRoot(t, "./libmodels/jsonarray", 2, func(root string, st smt.Stats) {
		if !st.Complete || st.Steps > 20000 {
			t.Errorf("%s: %d steps, complete %v; want a complete search of under 20,000 steps", root, st.Steps, st.Complete)
		}
	})
}

// eachRoot checks pattern's packages with the default configuration and
// gives check the statistics of each root (one at a time: a package's
// roots run side by side); want roots must be explored.
func eachRoot(t *testing.T, pattern string, want int, check func(root string, st smt.Stats)) {
	pkgs := loadPatterns(t, pattern)
	conf := kiss.DefaultConfig
	conf.Err = discard{}
	var mu sync.Mutex
	roots := 0
	conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		roots++
		check(root, st)
	}
	analyze(t, pkgs, &conf)
	if roots != want {
		t.Errorf("%d roots explored, want %d", roots, want)
	}
}
