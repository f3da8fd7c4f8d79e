package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// kissRun runs kiss with args in dir: stdout, stderr, exit code.
func kissRun(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(kissBin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// TestVerifyExamples: kiss (-verify by default) prints the demo's four
// findings, each with its schedule, after replaying each in the real test;
// their schedule files are written, and the replays leave nothing in the
// temporary directory.
func TestVerifyExamples(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	_, stderr, code := kissRun(t, examples, "-schedules", dir, "./...")
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the replays left %d entries in TMPDIR, the first %s", len(left), left[0].Name())
	}
	if code != 3 || strings.Contains(stderr, "not reported") {
		t.Fatalf("exit %d, want 3 with every finding reported:\n%s", code, stderr)
	}
	checkText(t, stderr)
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != len(wantFindings) {
		t.Errorf("%d schedule files, want %d: %v", len(files), len(wantFindings), files)
	}
}

// TestVerifyDrops: kiss reports a finding whose schedule replays and
// writes its schedule file; one that does not replay (here: every one, its
// replay given 1ms) is not reported, a line says why, and no schedule file
// is written: by kiss and by go vet alike. -verify=false reports it
// unreplayed. The findings are the two whose steps are not where the
// goroutine runs: sync.OnceValue's recursion (named at the OnceValue call,
// taken when the func it returns is called) and a timing finding (the
// sleep runs out while the goroutine it waits for is held back).
func TestVerifyDrops(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module ov\n\ngo 1.26\n")
	writeFile(t, filepath.Join(mod, "cfg", "cfg.go"), `package cfg

import "sync"

type Config struct {
	load func() string
}

func New() *Config {
	c := &Config{}
	c.load = sync.OnceValue(func() string {
		return "dsn:" + c.Name()
	})
	return c
}

func (c *Config) Name() string {
	return c.load()
}
`)
	writeFile(t, filepath.Join(mod, "cfg", "cfg_test.go"), `package cfg

import "testing"

func TestName(t *testing.T) {
	if New().Name() == "" {
		t.Fatal("empty")
	}
}
`)
	writeFile(t, filepath.Join(mod, "srv", "srv_test.go"), `package srv

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestStartListens(t *testing.T) {
	var up atomic.Bool
	go up.Store(true)
	time.Sleep(time.Millisecond) // give the server time to start
	if !up.Load() {
		t.Error("server not listening")
	}
}
`)
	if out, code := run(t, mod, kissBin, "-verify=false", "-timing", "./..."); code != 3 || !strings.Contains(out, "cfg.go:11:25: deadlock: ") || !strings.Contains(out, "srv_test.go:14:10: timing: ") {
		t.Fatalf("kiss -verify=false -timing: exit %d, want the OnceValue deadlock and the timing finding:\n%s", code, out)
	}
	dir := t.TempDir()
	_, stderr, code := kissRun(t, mod, "-timing", "-schedules", dir, "./...")
	if code != 3 || !strings.Contains(stderr, "cfg.go:11:25: deadlock: ") || !strings.Contains(stderr, "srv_test.go:14:10: timing: ") || strings.Contains(stderr, "not reported") {
		t.Errorf("kiss -timing: exit %d, want 3 and both findings reported:\n%s", code, stderr)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 2 {
		t.Errorf("schedule files %v, want the two findings'", files)
	}
	const dropped = "kiss: not reported: "
	const why = "cfg.go:11:25: deadlock of TestName does not replay in the real test ("
	dir = t.TempDir()
	_, stderr, code = kissRun(t, mod, "-replay-timeout", "1ms", "-schedules", dir, "./...")
	if code != 0 || strings.Contains(stderr, ": deadlock: ") || !strings.Contains(stderr, dropped) || !strings.Contains(stderr, why) {
		t.Errorf("kiss -replay-timeout 1ms: exit %d, want 0, nothing reported and the deadlock dropped:\n%s", code, stderr)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
		t.Errorf("the dropped finding's schedule was written: %v", files)
	}
	out, code := run(t, mod, "go", "vet", "-vettool="+kissBin, "-replay-timeout=1ms", "./...")
	if code != 0 || strings.Contains(out, ": deadlock: ") || !strings.Contains(out, dropped) || !strings.Contains(out, why) {
		t.Errorf("go vet -replay-timeout=1ms: exit %d, want 0, nothing reported and the deadlock dropped:\n%s", code, out)
	}
}

// TestVerifyInitCauseHelper: a finding replays whose schedule, as kiss
// explores it, has a step in the package's initialization (a package
// variable whose initializer cancels a context), a CancelCauseFunc call,
// and a failure inside another package's helper that calls t.Helper (go
// test reports it at the helper's call): alitto/pond's shape, where every
// finding was dropped for one of these.
func TestVerifyInitCauseHelper(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module pd\n\ngo 1.26\n")
	writeFile(t, filepath.Join(mod, "check", "check.go"), `package check

import "testing"

func Equal(t *testing.T, want, got int) {
	t.Helper()
	if want != got {
		t.Errorf("want %d, got %d", want, got)
	}
}
`)
	writeFile(t, filepath.Join(mod, "pool", "pool.go"), `package pool

import (
	"context"
	"errors"
	"sync"
)

var errStopped = errors.New("stopped")

// stopped is a context cancelled before any test runs.
var stopped = func() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errStopped)
	return ctx
}()

type Pool struct {
	mu     sync.Mutex
	done   int
	ctx    context.Context
	cancel context.CancelCauseFunc
}

func New() *Pool {
	ctx, cancel := context.WithCancelCause(context.Background())
	return &Pool{ctx: ctx, cancel: cancel}
}

// Go runs f; the channel is closed before the task is counted.
func (p *Pool) Go(f func()) chan struct{} {
	ch := make(chan struct{})
	go func() {
		f()
		close(ch)
		p.mu.Lock()
		p.done++
		p.mu.Unlock()
	}()
	return ch
}

func (p *Pool) Done() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.done
}

func (p *Pool) Stop() error {
	p.cancel(errStopped)
	return context.Cause(stopped)
}
`)
	writeFile(t, filepath.Join(mod, "pool", "pool_test.go"), `package pool_test

import (
	"testing"

	"pd/check"
	"pd/pool"
)

func TestCount(t *testing.T) {
	p := pool.New()
	<-p.Go(func() {})
	p.Stop()
	check.Equal(t, 1, p.Done())
}
`)
	dir := t.TempDir()
	stdout, stderr, code := kissRun(t, mod, "-schedules", dir, "./...")
	if code != 3 || strings.Contains(stderr, "not reported") || !strings.Contains(stderr, "pool_test.go:14:13: test failure") {
		t.Fatalf("exit %d, want 3 with the failure at check.Equal's call reported:\n%s%s", code, stdout, stderr)
	}
	sch := onlySchedule(t, dir)
	var cancels []schedule.Step
	for _, st := range sch.Steps {
		if st.Op == "cancel" {
			cancels = append(cancels, st)
		}
	}
	// Stop's, by the test's goroutine; not the initializer's
	if len(cancels) != 1 || cancels[0].G != 0 || sch.Steps[0].Op == "cancel" {
		t.Errorf("cancel steps %v of %v, want Stop's alone", cancels, sch.Steps)
	}
}

// A failure inside a test helper of the package's own (it calls t.Helper,
// and so does the helper calling it) is reported by go test at the test's
// call of the outer helper: replay finds it there, and the finding is
// reported. (It was dropped: "the test failed, but not at" the t.Errorf.)
func TestVerifySamePackageHelper(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module hp\n\ngo 1.26\n")
	writeFile(t, filepath.Join(mod, "hp_test.go"), `package hp

import (
	"sync"
	"testing"
)

func checkCount(t *testing.T, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("count = %d, want %d", got, want)
	}
}

func expectTwo(t *testing.T, got int) {
	t.Helper()
	checkCount(t, got, 2)
}

// Each goroutine reads and then writes the counter, under the lock each
// time but not across: an update can be lost.
func TestCounter(t *testing.T) {
	var n int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			v := n
			mu.Unlock()
			mu.Lock()
			n = v + 1
			mu.Unlock()
		}()
	}
	wg.Wait()
	expectTwo(t, n)
}
`)
	dir := t.TempDir()
	stdout, stderr, code := kissRun(t, mod, "-schedules", dir, "./...")
	if code != 3 || strings.Contains(stderr, "not reported") || !strings.Contains(stderr, "hp_test.go:11:11: test failure") {
		t.Fatalf("exit %d, want 3 with the helper's failure reported:\n%s%s", code, stdout, stderr)
	}
	sch := onlySchedule(t, dir)
	if !strings.HasSuffix(sch.Helper, "hp_test.go:39:11") {
		t.Errorf("helper site %q, want the test's call of expectTwo (hp_test.go:39:11)", sch.Helper)
	}
}

// onlySchedule reads the one schedule file kiss wrote into dir.
func onlySchedule(t *testing.T, dir string) *schedule.Schedule {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("%d schedule files, want 1", len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	sch, err := schedule.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestVerifyAfterQuietSubtest: a finding replays whose schedule runs a
// subtest (t.Run or synctest.Test) that does nothing another goroutine
// sees, so that the subtest's goroutine has no step; replay used to park
// it until a turn that never came, with its caller waiting in t.Run, and
// dropped the finding ("diverged: expected goroutine 0 go").
func TestVerifyAfterQuietSubtest(t *testing.T) {
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), "module qs\n\ngo 1.26\n")
	writeFile(t, filepath.Join(mod, "quiet", "quiet_test.go"), `package quiet

import (
	"testing"
	"testing/synctest"
)

func TestAfterSubtest(t *testing.T) {
	x := 0
	t.Run("setup", func(t *testing.T) {
		x = 1
	})
	done := make(chan bool)
	go func() {
		x = 2
		done <- true
	}()
	if x != 1 {
		t.Error("x changed")
	}
	<-done
}

func TestAfterBubble(t *testing.T) {
	x := 0
	synctest.Test(t, func(t *testing.T) {
		x = 1
	})
	done := make(chan bool)
	go func() {
		x = 2
		done <- true
	}()
	if x != 1 {
		t.Error("x changed")
	}
	<-done
}
`)
	stdout, stderr, code := kissRun(t, mod, "./...")
	if code != 3 || strings.Contains(stderr, "not reported") || strings.Count(stdout+stderr, "data race on x") != 2 {
		t.Fatalf("exit %d, want 3 with both races reported:\n%s%s", code, stdout, stderr)
	}
}
