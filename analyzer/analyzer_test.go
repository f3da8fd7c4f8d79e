package kiss_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	kiss "github.com/gokiss/kiss/analyzer"
)

// corpus lists the analysistest packages under testdata/src/<group>.
func corpus(t *testing.T, group string, depth int) []string {
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

// variants runs analysistest on pkg, which it loads with its tests: a
// non-test file belongs to the package and to its test variant, and only
// the test variant has the roots (the tests) that make kiss report in it.
// So an expectation counts as met when some variant compiling the file met
// it, as a go vet user sees it once; every other failure stands.
func variants(t *testing.T, pkgs ...string) {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	rec := &recorder{}
	results := analysistest.Run(rec, testdata, kiss.Analyzer, pkgs...)
	compiled := map[string]int{} // file -> variants compiling it
	for _, r := range results {
		for _, f := range r.Action.Package.CompiledGoFiles {
			compiled[f]++
		}
	}
	missing := map[string]int{}
	for _, e := range rec.errs {
		if m := missingRE.FindStringSubmatch(e); m != nil {
			missing[e]++
			continue
		}
		t.Error(e)
	}
	for e, n := range missing {
		file := missingRE.FindStringSubmatch(e)[1]
		if n >= variantsOf(compiled, file) {
			t.Error(e)
		}
	}
}

var missingRE = regexp.MustCompile(`^(.*\.go):\d+: no diagnostic was reported matching`)

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
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "unexpected fact: ") {
		// Every concurrent package exports its lowered code; what the
		// facts are worth, TestCrossPackage shows by its findings.
		return
	}
	r.errs = append(r.errs, msg)
}

func TestKernels(t *testing.T) { variants(t, corpus(t, "kernels", 2)...) }

func TestCorrectPrograms(t *testing.T) { variants(t, corpus(t, "correct", 1)...) }

// TestCrossPackage runs kernels whose bug is in another package's code:
// kiss sees it through the lowered code that package exports as a fact.
func TestCrossPackage(t *testing.T) {
	variants(t, "crosspkg/counter", "crosspkg/ledger", "crosspkg/store")
}
