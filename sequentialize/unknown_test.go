package sequentialize

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
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
