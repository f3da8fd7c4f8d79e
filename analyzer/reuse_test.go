package kiss_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	kiss "github.com/gokiss/kiss/analyzer"
)

// A package with no roots is lowered once: the next run exports its code
// from the store. A change to its source is a different package, lowered
// again: its fixed code must not be the stale one.
func TestReuseLoweredCode(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("KISS_CACHE", cache)
	kiss.ResetStore()
	t.Cleanup(kiss.ResetStore)
	gopath := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(gopath, "src", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// tally has no roots (nothing concurrent, no imports): facts only.
	write("tally/tally.go", "package tally\n\n// Bump adds one to *n.\nfunc Bump(n *int) { *n++ }\n")
	write("user/user_test.go", `package user

import (
	"sync"
	"testing"

	"tally"
)

func TestBumps(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			tally.Bump(&n)
		}()
	}
	wg.Wait()
}
`)
	findings := func() int {
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true, Dir: filepath.Join(gopath, "src", "user"),
			Env: append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOPROXY=off")}
		pkgs, err := packages.Load(cfg, ".")
		if err != nil {
			t.Fatal(err)
		}
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		n := 0
		g, a := analyze(t, pkgs, &conf)
		for act := range g.All() {
			if act.Analyzer == a {
				n += len(act.Diagnostics)
			}
		}
		return n
	}
	before := kiss.ReuseHits()
	if n := findings(); n == 0 {
		t.Fatal("the race through tally.Bump was not found")
	}
	first := kiss.ReuseHits() - before
	if n := findings(); n == 0 {
		t.Fatal("the race through tally.Bump was not found with tally's code from the store")
	}
	second := kiss.ReuseHits() - before - first
	// (the standard library's packages are reused too)
	if second <= first {
		t.Errorf("the second run reused %d packages' code, the first %d: want more", second, first)
	}
	write("tally/tally.go", "package tally\n\n// Bump adds nothing.\nfunc Bump(n *int) {}\n")
	if n := findings(); n != 0 {
		t.Errorf("%d finding(s) after tally.Bump was fixed: its old code was reused", n)
	}
}
