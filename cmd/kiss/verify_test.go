package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
