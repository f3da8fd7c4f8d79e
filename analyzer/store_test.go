package kiss

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gokiss/kiss/summaries"
)

// withStore points the store at dir for one test.
func withStore(t *testing.T, dir string) {
	t.Helper()
	old := stores
	t.Setenv("KISS_CACHE", dir)
	stores = &storeState{}
	t.Cleanup(func() { stores = old })
}

func lowered(path, ir string) *summaries.Lowered {
	return &summaries.Lowered{Path: path, Hash: path + "-hash", Chunks: map[string]string{path + ".F": ir}, Uses: map[string]string{"dep.F": "dep"}}
}

// On the wire a fact carries its own code and refers to its
// dependencies' in the store, from which an importer fetches them.
func TestFactRefersToTheStore(t *testing.T) {
	withStore(t, t.TempDir())
	dep := lowered("example.com/dep", "func @dep.F(%env ptr)\n")
	f := &loweredFact{Own: lowered("example.com/p", "func @p.G(%env ptr)\n"), Deps: []*summaries.Lowered{dep}}
	data, err := f.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	var g loweredFact
	if err := g.GobDecode(data); err != nil {
		t.Fatal(err)
	}
	if g.Own.Chunks[f.Own.Path+".F"] != f.Own.Chunks[f.Own.Path+".F"] || g.Own.Uses["dep.F"] != "dep" {
		t.Errorf("own code %+v, want %+v", g.Own, f.Own)
	}
	if len(g.Deps) != 1 || !g.Deps[0].Stub() || g.Deps[0].Hash != dep.Hash {
		t.Fatalf("deps %+v, want a reference to %s", g.Deps, dep.Path)
	}
	got, err := fetchCode(g.Deps[0])
	if err != nil {
		t.Fatal(err)
	}
	if got.Chunks[dep.Path+".F"] != dep.Chunks[dep.Path+".F"] || got.Path != dep.Path {
		t.Errorf("fetched %+v, want %+v", got, dep)
	}
	// The importer's own fact refers to the dependency again, without its code.
	h := &loweredFact{Own: lowered("example.com/q", ""), Deps: g.Deps}
	if _, err := h.GobEncode(); err != nil {
		t.Errorf("re-encoding a reference: %v", err)
	}
}

// A store that cannot be written makes the fact carry its dependencies'
// code itself.
func TestFactWithoutStoreCarriesCode(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	withStore(t, file) // a file, not a directory: no store
	dep := lowered("example.com/dep", "func @dep.F(%env ptr)\n")
	f := &loweredFact{Own: lowered("example.com/p", "func @p.G(%env ptr)\n"), Deps: []*summaries.Lowered{dep}}
	data, err := f.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	var g loweredFact
	if err := g.GobDecode(data); err != nil {
		t.Fatal(err)
	}
	if len(g.Deps) != 1 || g.Deps[0].Stub() || g.Deps[0].Chunks[dep.Path+".F"] != dep.Chunks[dep.Path+".F"] {
		t.Errorf("deps %+v, want the code of %s inline", g.Deps, dep.Path)
	}
	if _, err := fetchCode(&summaries.Lowered{Path: "x", Hash: "abcd"}); err == nil {
		t.Error("fetch without a store succeeded")
	}
}

// A reference whose code the store lost is an error that says what to do.
func TestStoreMiss(t *testing.T) {
	withStore(t, t.TempDir())
	if _, err := fetchCode(&summaries.Lowered{Path: "example.com/gone", Hash: "abcdef"}); err == nil {
		t.Error("fetching code never stored succeeded")
	}
}
