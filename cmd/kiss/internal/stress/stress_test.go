package stress_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gokiss/kiss/cmd/kiss/internal/clitest"
)

// kissBin is the kiss binary built once for these tests: they run kiss
// stress as users do, and replay its schedules with kiss replay.
var kissBin string

func TestMain(m *testing.M) { clitest.Main(m, &kissBin) }

var (
	run          = clitest.Run
	readSchedule = clitest.ReadSchedule
	writeFile    = clitest.WriteFile
	lastLine     = clitest.LastLine
)

func kernelModule(t *testing.T) string { return clitest.TestdataModule(t, "kernels") }

func replayAll(t *testing.T, dir string, files []string) []clitest.Verdict {
	t.Helper()
	return clitest.ReplayAll(t, kissBin, dir, files)
}

// stressJSON is kiss stress -json's output: findings by package.
type stressJSON map[string]map[string][]struct {
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Category string `json:"category"`
	Seed     int64  `json:"seed"`
}

// stress runs kiss stress -json with args in dir and returns its findings
// ("package: check: message") and its stderr.
func stress(t *testing.T, dir string, args ...string) ([]string, string) {
	t.Helper()
	cmd := exec.Command(kissBin, append([]string{"stress", "-json"}, args...)...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	var res stressJSON
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("kiss stress -json: %v\n%s\n%s", err, out, stderr.String())
	}
	var found []string
	for pkg, byAnalyzer := range res {
		for _, d := range byAnalyzer["kiss"] {
			found = append(found, pkg+": "+d.Category+": "+d.Message)
		}
	}
	return found, stderr.String()
}

// TestStressKernels: with 50 runs of each test, kiss stress finds the bug
// kernels (at least as many as before), nothing in their fixed twins, and
// every schedule it writes replays ten times out of ten. 50 runs, not the
// default 100: the latest first find is run 43 (inventoryfig8), and 100
// runs found the same 80 of 85 kernels. Each run starts a process of a
// test built with the race detector (90 ms before the test runs): the 50
// runs took 10m41s alone on a two-core machine, and the replays 5m30s.
// These tests are a package of their own, beside cmd/kiss's: in one
// package they took it past go test's 30 minutes under CI's load.
func TestStressKernels(t *testing.T) {
	dir := kernelModule(t)
	out := t.TempDir()
	start := time.Now()
	_, stderr := stress(t, dir, "-runs", "50", "-seed", "1", "-timeout", "20s", "-schedules", out, "./...")
	t.Logf("kiss stress -runs 50 on the kernels: %v\n%s", time.Since(start).Round(time.Second), lastLine(stderr))
	files, _ := filepath.Glob(filepath.Join(out, "*.json"))
	sort.Strings(files)
	found := map[string]bool{}
	for _, f := range files {
		s := readSchedule(t, f)
		if strings.HasSuffix(s.Root, "Fixed") {
			t.Errorf("%s: a finding in a fixed twin: %s", filepath.Base(f), s.Message)
			continue
		}
		found[s.Package] = true
	}
	kernels, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	var missed []string
	for _, k := range kernels {
		rel, _ := filepath.Rel(dir, k)
		if !found["kernels/"+filepath.ToSlash(rel)] {
			missed = append(missed, filepath.ToSlash(rel))
		}
	}
	t.Logf("found %d of %d kernels; missed: %s", len(kernels)-len(missed), len(kernels), strings.Join(missed, " "))
	// at least 90% (80 of 85 when this was written; the misses, kernels
	// whose window no random schedule of 100 runs hit, are in the log)
	if got := len(kernels) - len(missed); 10*got < 9*len(kernels) {
		t.Errorf("kiss stress found %d of %d kernels, fewer than 90%%", got, len(kernels))
	}

	// every schedule replays, ten times
	var ten []string
	for _, f := range files {
		for i := 0; i < 10; i++ {
			ten = append(ten, f)
		}
	}
	bad := map[string]string{}
	for _, v := range replayAll(t, dir, ten) {
		if v.Verdict != "reproduced" {
			bad[filepath.Base(v.File)] = v.Verdict + ": " + v.Detail
		}
	}
	for f, why := range bad {
		t.Errorf("%s does not always replay: %s", f, why)
	}
}

// TestStressUnlockPublishes: an RWMutex unlock under stress's scheduler
// gives the next holder its happens-before edge before the lock is free.
// The scheduler's own lock is hidden from the race detector; when the edge
// came after, a reader that took the lock in between raced with what the
// writer wrote under it (once in 16,700 runs of configrwr's fixed twin;
// every few runs with the moment after the unlock widened, as here).
func TestStressUnlockPublishes(t *testing.T) {
	dir := kernelModule(t)
	t.Setenv("KISS_STRESS_SLOWUNLOCK", "1")
	found, stderr := stress(t, dir, "-runs", "100", "-seed", "1", "-timeout", "20s", "-run", "Fixed$", "./deadlock/configrwr")
	t.Log(lastLine(stderr))
	for _, f := range found {
		t.Error(f)
	}
}

// TestStressCorrect: kiss stress reports nothing on the correct programs.
func TestStressCorrect(t *testing.T) {
	dir := clitest.TestdataModule(t, "correct")
	found, stderr := stress(t, dir, "-runs", "100", "-seed", "1", "-timeout", "20s", "./...")
	t.Log(lastLine(stderr))
	for _, f := range found {
		t.Error(f)
	}
	if strings.Contains(stderr, "kiss stress: correct") {
		t.Errorf("errors:\n%s", stderr)
	}
}

// TestStressBadInput: a package that does not build, tests that need a
// flag or the network, and a -run that matches nothing are one line each,
// and the other packages go on.
func TestStressBadInput(t *testing.T) {
	dir := kernelModule(t)
	writeFile(t, filepath.Join(dir, "broken", "broken_test.go"), "package broken\n\nfunc TestX(t *testing.T) { undefined() }\n")
	writeFile(t, filepath.Join(dir, "needs", "needs_test.go"), `package needs

import (
	"flag"
	"net"
	"testing"
)

var addr = flag.String("addr", "", "the server to test")

func TestNeedsFlag(t *testing.T) {
	if *addr == "" {
		t.Fatal("run with -addr")
	}
}

func TestNeedsNetwork(t *testing.T) {
	c, err := net.Dial("tcp", "127.0.0.1:1")
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c.Close()
}
`)
	found, stderr := stress(t, dir, "-runs", "20", "-seed", "1", "./broken", "./needs", "./deadlock/banktransfer")
	if !strings.Contains(stderr, "kiss stress: kernels/broken: does not build: broken/broken_test.go:3:15: undefined: testing") || strings.Count(stderr, "kernels/broken") != 1 {
		t.Errorf("want one line for the broken package:\n%s", stderr)
	}
	for _, want := range []string{
		"kiss stress: kernels/needs TestNeedsFlag: fails with no goroutine started, whatever the schedule: needs_test.go:13:3: run with -addr\n",
		"kiss stress: kernels/needs TestNeedsNetwork: fails with no goroutine started, whatever the schedule: needs_test.go:20:3: dial: ",
	} {
		if strings.Count(stderr, want) != 1 {
			t.Errorf("want one line %q:\n%s", want, stderr)
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], "deadlock") {
		t.Errorf("want the deadlock of banktransfer (only) after the broken package:\n%s\n%s", found, stderr)
	}
	_, stderr = stress(t, dir, "-runs", "1", "-run", "^TestNothing$", "./deadlock/banktransfer")
	if !strings.Contains(stderr, `no test matches -run "^TestNothing$"`) {
		t.Errorf("want a line for the -run that matches nothing:\n%s", stderr)
	}
}

// TestStressRealTime: a test that waits on a worker started when its
// package was initialised (outside the synctest bubble, whose fake clock
// cannot go on while a goroutine waits on a channel made outside it) runs
// on real time; its race is found, and its schedule says real time and
// replays; the fixed twin is silent.
func TestStressRealTime(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module rt\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "pool", "pool.go"), `package pool

import "sync"

var jobs = make(chan func())

func init() {
	go func() {
		for f := range jobs {
			f()
		}
	}()
}

func Run(f func()) {
	done := make(chan struct{})
	jobs <- func() { f(); close(done) }
	<-done
}

type Counter struct{ n int }

func (c *Counter) Add() { c.n++ }

type CounterFixed struct {
	mu sync.Mutex
	n  int
}

func (c *CounterFixed) Add() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}
`)
	test := `
func TestCount(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			Run(func() { time.Sleep(time.Millisecond) })
			c.Add()
		}()
	}
	wg.Wait()
}
`
	writeFile(t, filepath.Join(dir, "pool", "pool_test.go"), "package pool\n\nimport (\n\t\"sync\"\n\t\"testing\"\n\t\"time\"\n)\n"+
		test+strings.NewReplacer("TestCount", "TestCountFixed", "Counter", "CounterFixed").Replace(test))
	out := t.TempDir()
	found, stderr := stress(t, dir, "-runs", "100", "-seed", "1", "-schedules", out, "./...")
	if !strings.Contains(stderr, "kiss stress: 2 tests ran on real time, outside a synctest bubble: they wait on channels made outside one (a package-level pool's, an init goroutine's): rt/pool.TestCount, rt/pool.TestCountFixed\n") {
		t.Errorf("want the line that says which tests ran on real time:\n%s", stderr)
	}
	if len(found) != 1 || !strings.HasPrefix(found[0], "rt/pool: race: data race: ") {
		t.Fatalf("want the race of TestCount, only:\n%s\n%s", strings.Join(found, "\n"), stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.json"))
	if len(files) != 1 || !readSchedule(t, files[0]).RealTime {
		t.Fatalf("want one schedule, on real time: %v", files)
	}
	for _, v := range replayAll(t, dir, []string{files[0], files[0], files[0]}) {
		if v.Verdict != "reproduced" {
			t.Errorf("%s: %s", v.Verdict, v.Detail)
		}
	}
}

// BenchmarkStressKernel is 100 runs of one kernel's two tests (the binary
// built once per iteration, as kiss stress does).
func BenchmarkStressKernel(b *testing.B) {
	dir := clitest.TestdataModule(b, "kernels")
	for i := 0; i < b.N; i++ {
		out, code := run(b, dir, kissBin, "stress", "-runs", "100", "-seed", "1", "-verify=false", "./deadlock/banktransfer")
		if code != 3 || !strings.Contains(out, ": deadlock: ") {
			b.Fatalf("want the deadlock (exit 3), got exit %d:\n%s", code, out)
		}
	}
}
