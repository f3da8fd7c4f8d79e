package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/kisstest"
	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/cmd/kiss/internal/clitest"
)

// kissBin is the kiss binary built once for these tests.
var kissBin string

func TestMain(m *testing.M) { clitest.Main(m, &kissBin) }

// The helpers these tests share with kiss stress's.
var (
	run            = clitest.Run
	testdataModule = clitest.TestdataModule
	readSchedule   = clitest.ReadSchedule
	writeFile      = clitest.WriteFile
	lastLine       = clitest.LastLine
)

func replayAll(t *testing.T, dir string, files []string) []clitest.Verdict {
	t.Helper()
	return clitest.ReplayAll(t, kissBin, dir, files)
}

var examples = filepath.Join(clitest.Testdata, "examples")

// The four findings of the demo module, by where they are reported.
var wantFindings = []struct{ check, pos, msg string }{
	{"deadlock", "shop/shop.go:21:12", "deadlock: the test goroutine blocks forever locking a mutex"},
	{"race", "shop/shop.go:27:34", "data race on s.sold"},
	{"leak", "shop/shop.go:37:6", "goroutine leak: goroutine 1 (started at shop.go:33:2) blocks forever sending on a channel"},
	{"panic", "shop/shop.go:62:8", "panic: close of closed channel (1 preemption)"},
}

// checkText checks the four findings in go vet's text output, each followed
// by its schedule as related information.
func checkText(t *testing.T, out string) {
	t.Helper()
	for _, w := range wantFindings {
		re := regexp.MustCompile(regexp.QuoteMeta(w.pos) + `: ` + regexp.QuoteMeta(w.msg) + `.*\n((?:.*\tstep \d+: goroutine \d+ .*\n)+)`)
		m := re.FindStringSubmatch(out)
		if m == nil {
			t.Errorf("no %s at %s with its schedule in:\n%s", w.check, w.pos, out)
			continue
		}
		if steps := strings.Count(m[1], "\n"); steps < 2 {
			t.Errorf("%s: schedule of %d steps:\n%s", w.check, steps, m[1])
		}
	}
	if n := strings.Count(out, "(0 preemption") + strings.Count(out, "(1 preemption"); n != len(wantFindings) {
		t.Errorf("%d findings, want %d:\n%s", n, len(wantFindings), out)
	}
}

func TestGoVet(t *testing.T) {
	out, code := run(t, examples, "go", "vet", "-vettool="+kissBin, "./...")
	if code == 0 {
		t.Errorf("go vet exited 0 despite findings")
	}
	checkText(t, out)
	// The deadlock needs a preemption; its schedule says where.
	if !strings.Contains(out, "step 4: goroutine 1 lock (preemption)") {
		t.Errorf("deadlock schedule does not mark the preemption:\n%s", out)
	}
}

func TestStandalone(t *testing.T) {
	out, code := run(t, examples, kissBin, "./...")
	if code != 3 {
		t.Errorf("kiss exited %d, want 3 (findings)", code)
	}
	checkText(t, out)
}

func TestJSON(t *testing.T) {
	out, code := run(t, examples, kissBin, "-json", "./...")
	if code != 0 {
		t.Errorf("kiss -json exited %d, want 0", code)
	}
	type diag struct {
		Category, Posn, Message string
		Related                 []struct{ Posn, Message string }
	}
	var res map[string]map[string][]diag
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("kiss -json: %v\n%s", err, out)
	}
	got := map[string]diag{}
	for _, byAnalyzer := range res {
		for _, d := range byAnalyzer["kiss"] {
			got[d.Category] = d
		}
	}
	for _, w := range wantFindings {
		d, ok := got[w.check]
		if !ok {
			t.Errorf("no %s diagnostic in %s", w.check, out)
			continue
		}
		if !strings.HasSuffix(d.Posn, w.pos) || !strings.HasPrefix(d.Message, w.msg) || len(d.Related) < 2 {
			t.Errorf("%s: got %+v", w.check, d)
		}
	}
}

func TestSchedules(t *testing.T) {
	dir := t.TempDir()
	run(t, examples, kissBin, "-schedules", dir, "./...")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != len(wantFindings) {
		t.Fatalf("%d schedule files, want %d: %v", len(files), len(wantFindings), files)
	}
	checks := map[string]bool{}
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := schedule.Decode(r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		checks[s.Check] = true
		if s.Package != "example.com/shop/shop" || !strings.HasPrefix(s.Root, "Test") || len(s.Steps) == 0 {
			t.Errorf("%s: %+v", f, s)
		}
	}
	for _, w := range wantFindings {
		if !checks[w.check] {
			t.Errorf("no schedule file for the %s", w.check)
		}
	}
}

func TestBrokenPackage(t *testing.T) {
	out, code := run(t, filepath.Join("..", "..", "testdata", "broken"), kissBin, "./...")
	if code == 0 || !strings.Contains(out, "cannot use \"not an int\"") || strings.Contains(out, "panic") {
		t.Errorf("kiss on a package that does not type-check: exit %d\n%s", code, out)
	}
}

// TestVersion: -V, as a user types it, prints kiss's version; go vet's
// -V=full still gets unitchecker's line with the build ID its cache keys on.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"-V", "--version"} {
		out, code := run(t, ".", kissBin, arg)
		if code != 0 || !strings.HasPrefix(out, "kiss version ") {
			t.Errorf("kiss %s: exit %d\n%s", arg, code, out)
		}
	}
	out, code := run(t, ".", kissBin, "-V=full")
	if code != 0 || !strings.Contains(out, " version ") || !strings.Contains(out, "buildID=") {
		t.Errorf("kiss -V=full: exit %d\n%s", code, out)
	}
}

func TestStats(t *testing.T) {
	out, _ := run(t, examples, kissBin, "-stats", "-run", "TestRebalance", "./...")
	for _, want := range []string{"shop.TestRebalance: bound 2,", "paths", "solver calls", "1 violation(s) found"} {
		if !strings.Contains(out, want) {
			t.Errorf("-stats output lacks %q:\n%s", want, out)
		}
	}
}

func TestIR(t *testing.T) {
	out, code := run(t, ".", kissBin, "ir", filepath.Join("..", "..", "testdata", "ir", "triple.ir"))
	if code != 1 || !strings.Contains(out, "x*3 must not be 42") || !strings.Contains(out, "inputs: 14") {
		t.Errorf("kiss ir: exit %d\n%s", code, out)
	}
}

// TestCrossPackageFacts: bugs in one package's code, shown by another
// package's tests, are found through the lowered code kiss exports as
// facts, by go vet (facts only, no dependency sources) and by kiss ./...,
// on a module made of testdata/src/crosspkg: each finding is one its want
// comments expect (the analyzer's tests check the same), the fixed twins
// stay silent.
func TestCrossPackageFacts(t *testing.T) {
	dir := t.TempDir()
	if err := kisstest.Module(filepath.Join("..", "..", "testdata", "src", "crosspkg"), dir, "crosspkg"); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []struct {
		name string
		args []string
	}{
		{"go", []string{"vet", "-vettool=" + kissBin, "./..."}},
		{kissBin, []string{"./..."}},
	} {
		out, _ := run(t, dir, tool.name, tool.args...)
		wants := kisstest.New()
		if err := wants.Dir(dir); err != nil {
			t.Fatal(err)
		}
		for _, err := range wants.Output(out, dir, "") {
			t.Errorf("%s %v: %v", filepath.Base(tool.name), tool.args, err)
		}
		if n := strings.Count(out, "preemption"); n != 5 {
			t.Errorf("%s %v: %d findings, want 5 (the fixed twins are silent):\n%s", filepath.Base(tool.name), tool.args, n, out)
		}
	}
}

// TestGenericsAgainstExportData: under go vet, an external test that
// instantiates a generic table of another package and fills its options
// with a third package's constructor (whose result type go vet gives the
// test only as a mention) runs the table's code: the race in it is found,
// the fixed twin is silent, and no "generic code ... is unknown here". (It
// was, as in std's crypto/hkdf, go/types and internal/trace tests: the
// constructor's type was the export data's, the options' the source's.)
// Likewise tally's generic counters, whose methods the test calls only
// through an interface. go vet runs twice, in two copies of the module, the first removed before
// the second: go vet's cache gives the second the first's facts, which
// name files that are gone.
func TestGenericsAgainstExportData(t *testing.T) {
	src := filepath.Join("..", "..", "testdata", "src", "genericsrc")
	first := filepath.Join(t.TempDir(), "first")
	if err := kisstest.Module(src, first, "genericsrc"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := kisstest.Module(src, dir, "genericsrc"); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		dir  string
		args []string
	}{
		{first, []string{"go", "vet", "-vettool=" + kissBin, "-stats", "./..."}},
		{dir, []string{"go", "vet", "-vettool=" + kissBin, "-stats", "./..."}},
		{dir, []string{kissBin, "-stats", "./..."}},
	} {
		out, _ := run(t, r.dir, r.args[0], r.args[1:]...)
		wants := kisstest.New()
		if err := wants.Dir(r.dir); err != nil {
			t.Fatal(err)
		}
		for _, err := range wants.Output(out, r.dir, "") {
			t.Errorf("%v: %v", r.args[1:], err)
		}
		if strings.Contains(out, "is unknown here") {
			t.Errorf("%v: the generic code is unknown:\n%s", r.args[1:], out)
		}
		if r.dir == first {
			os.RemoveAll(first)
		}
	}
}

// TestRootsOnce: a root outside the tests (a function that starts
// goroutines) of a package with internal tests is explored once, in the
// package's test variant, by kiss ./... as by go vet; without the tests
// (-test=false), in the package itself.
func TestRootsOnce(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":    "module once\n\ngo 1.24\n",
		"a.go":      "package once\n\nfunc Spin() {\n\tdone := make(chan bool)\n\tgo func() { done <- true }()\n\t<-done\n}\n",
		"a_test.go": "package once\n\nimport \"testing\"\n\nfunc TestSpin(t *testing.T) { Spin() }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{kissBin, "-stats", "./..."},
		{kissBin, "-stats", "-test=false", "./..."},
		{"go", "vet", "-vettool=" + kissBin, "-stats", "./..."},
	} {
		out, _ := run(t, dir, args[0], args[1:]...)
		if n := strings.Count(out, "once.Spin: bound 2,"); n != 1 {
			t.Errorf("%v: once.Spin explored %d times, want once:\n%s", args[1:], n, out)
		}
	}
}
