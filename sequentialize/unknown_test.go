package sequentialize

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/ssa/ssautil"
)

// TestUnknownFaithful: which results of a function kiss does not know it
// can stand for with labelled nondets, and so go on past the call.
func TestUnknownFaithful(t *testing.T) {
	const src = `package p
import "time"
type node struct{ next *node; v int }
type Node struct{ Next *Node; V int }
func use() {}
type withChan struct{ C chan int }
type plain struct{ A, B int; S string }
var (
	pBool *bool
	pPlain *plain
	aTime time.Time
	pTime *time.Time
	pNode *node
	pExpNode *Node
	pChan *withChan
	aSlice []int
	aMap map[int]int
	anErr error
	aFunc func()
	bigArr *[1 << 20]byte
	smallArr [8]int
)`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	// p is built from source: its code runs, its unexported fields count;
	// time's do not.
	sp, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	l, pkg := newLowerer(sp.Prog, lowerOptions{}), sp.Pkg
	for name, want := range map[string]bool{
		"pBool": true, "pPlain": true, "aTime": true, "pTime": true, "smallArr": true,
		"pNode": false, "pExpNode": false, "pChan": false, "aSlice": false, "aMap": false, "anErr": false, "aFunc": false, "bigArr": false,
	} {
		typ := pkg.Scope().Lookup(name).Type()
		if got := l.unknownFaithful(typ, 0, nil); got != want {
			t.Errorf("%s (%s): unknownFaithful = %v, want %v", name, typ, got, want)
		}
	}
}

// The purego hint is given where the declaring file's constraint names
// the tag (xxhash keeps its portable Sum64 behind it), not where it does
// not (golang.org/x/sys/unix: the tag would change nothing).
func TestPuregoBuilds(t *testing.T) {
	write := func(dir, name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dir := t.TempDir()
	asm := write(dir, "asm.go", "//go:build (amd64 || arm64) && !appengine && gc && !purego\n\npackage x\n\nfunc Sum64(b []byte) uint64\n")
	write(dir, "other.go", "//go:build !amd64 || purego\n\npackage x\n")
	sys := write(dir, "syscall.go", "//go:build linux && amd64\n\n// purego is only mentioned here\npackage x\n\nfunc Syscall6() uintptr\n")
	if !puregoBuilds(asm) {
		t.Error("a declaration the purego tag leaves out: no hint")
	}
	if puregoBuilds(sys) {
		t.Error("a file whose build constraint does not name purego: a hint")
	}
}
