package kiss_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	kiss "github.com/gokiss/kiss/analyzer"
)

// A package of the standard library is lowered once: the next run exports
// its code from the store, and the findings are the same. A module's
// package with no roots is lowered on every run: a change to its source
// (or a dependency's constant) must not find the stale code.
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
	// (other tests of the process count too: only the differences tell)
	sync0, tally0 := kiss.Reused("sync"), kiss.Reused("tally")
	if n := findings(); n == 0 {
		t.Fatal("the race through tally.Bump was not found")
	}
	sync1 := kiss.Reused("sync")
	if sync1 != sync0 {
		t.Errorf("sync's code came from an empty store %d times", sync1-sync0)
	}
	if n := findings(); n == 0 {
		t.Fatal("the race through tally.Bump was not found with the standard library's code from the store")
	}
	if s, tl := kiss.Reused("sync")-sync1, kiss.Reused("tally")-tally0; s == 0 || tl != 0 {
		t.Errorf("the second run took sync's code from the store %d times, tally's %d: want some, then none", s, tl)
	}
	write("tally/tally.go", "package tally\n\n// Bump adds nothing.\nfunc Bump(n *int) {}\n")
	if n := findings(); n != 0 {
		t.Errorf("%d finding(s) after tally.Bump was fixed: its old code was reused", n)
	}
}
