package main_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// verify runs kiss -verify with args in dir: stdout, stderr, exit code.
func verify(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(kissBin, append([]string{"-verify"}, args...)...)
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

// TestVerifyExamples: kiss -verify prints the demo's four findings, each
// with its schedule, after replaying each in the real test; their schedule
// files stay.
func TestVerifyExamples(t *testing.T) {
	dir := t.TempDir()
	out, stderr, code := verify(t, examples, "-schedules", dir, "./...")
	if code != 3 || strings.Contains(stderr, "dropped") {
		t.Fatalf("exit %d, want 3 with nothing dropped:\n%s\n%s", code, out, stderr)
	}
	checkText(t, out)
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != len(wantFindings) {
		t.Errorf("%d schedule files, want %d: %v", len(files), len(wantFindings), files)
	}
}

// TestVerifyDrops: a finding whose schedule does not replay is not
// printed, a line on stderr says why, and its schedule file is removed.
// (sync.OnceValue's recursion deadlocks, but kiss names its steps at the
// OnceValue call, where replay finds the goroutine at the call that
// re-enters it: the open item. When kiss names them right, this
// test needs another finding that does not replay.)
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
	dir := t.TempDir()
	if out, code := run(t, mod, kissBin, "./..."); code != 3 || !strings.Contains(out, "cfg.go:11:25: deadlock: ") {
		t.Fatalf("kiss: exit %d, want the OnceValue deadlock:\n%s", code, out)
	}
	out, stderr, code := verify(t, mod, "-schedules", dir, "./...")
	if code != 0 || out != "" || !strings.Contains(stderr, "kiss: dropped: ") || !strings.Contains(stderr, "cfg.go:11:25: deadlock of TestName does not replay (diverged: ") {
		t.Errorf("kiss -verify: exit %d, want 0, nothing printed and the dropped deadlock:\n%s\n%s", code, out, stderr)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
		t.Errorf("the dropped finding's schedule is still there: %v", files)
	}
}
