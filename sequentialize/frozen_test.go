package sequentialize

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// A captured variable's cell is frozen when nothing writes it once a
// closure has captured it; written after the capture (later in the block,
// in a later iteration, by the closure, through another pointer), it is
// not.
func TestFrozenCell(t *testing.T) {
	const src = `package p

type q struct{ n int }

func sink(func()) {}

func once() {
	x := &q{}
	y := 2
	y = 3
	sink(func() { _ = x.n + y })
}

func after() {
	x := 1
	sink(func() { _ = x })
	x = 2
}

func loop() {
	x := 0
	for i := 0; i < 3; i++ {
		sink(func() { _ = x })
		x = i
	}
}

func written() {
	x := 0
	sink(func() { x = 1 })
	_ = x
}

var gp *int

func escapes() {
	x := 0
	gp = &x
	sink(func() { _ = x })
	*gp = 1
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]bool{
		"once":    {"x": true, "y": true},
		"after":   {"x": false},
		"loop":    {"x": false},
		"written": {"x": false},
		"escapes": {"x": false},
	}
	for fn, vars := range want {
		got := map[string]bool{}
		for _, b := range pkg.Func(fn).Blocks {
			for _, in := range b.Instrs {
				if a, ok := in.(*ssa.Alloc); ok && a.Heap {
					got[a.Comment] = frozenCell(a)
				}
			}
		}
		for v, w := range vars {
			if g, ok := got[v]; !ok || g != w {
				t.Errorf("%s: %s frozen %v (found %v), want %v", fn, v, g, ok, w)
			}
		}
	}
}
