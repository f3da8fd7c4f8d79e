package replay

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestInModCache: a frame in the module cache is matched to a step kiss
// names by the dependency's import path (ratelimit's leaks, blocked in
// benbjohnson/clock's Mock.Sleep, did not replay for want of it).
func TestInModCache(t *testing.T) {
	for path, want := range map[string]string{
		"/root/go/pkg/mod/github.com/benbjohnson/clock@v1.3.5/clock.go":           "github.com/benbjohnson/clock/clock.go",
		"/root/go/pkg/mod/github.com/!victoria!metrics/fastcache@v1.13.2/file.go": "github.com/VictoriaMetrics/fastcache/file.go",
		"/root/go/pkg/mod/golang.org/x/sync@v0.25.0/errgroup/errgroup.go":         "golang.org/x/sync/errgroup/errgroup.go",
		"/work/m/guard/guard.go": "",
	} {
		if got := inModCache(path); got != want {
			t.Errorf("inModCache(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestDeferEnds: a call deferred at a line runs at the returns and the
// closing brace of the function that holds the defer statement, not of
// a function around it or inside it (a test's defer wg.Wait() blocks
// where its subtest's function returns, which Go's stack shows).
func TestDeferEnds(t *testing.T) {
	src := `package p

func f(ok bool) int {
	run(func() {
		defer wait()
		if ok {
			return
		}
		work(func() int { return 1 })
	})
	defer done()
	if ok {
		return 1
	}
	return 2
}
`
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for ln, want := range map[int][]int{5: {10, 7}, 11: {16, 13, 15}, 4: nil} {
		if got := deferEnds(file, ln); !slices.Equal(got, want) {
			t.Errorf("deferEnds(line %d) = %v, want %v", ln, got, want)
		}
	}
}
