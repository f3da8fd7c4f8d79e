package sequentialize

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// loadRoots builds the SSA of a testdata package (with its tests) the way
// the analyzer does: the package from syntax, its imports from types only
// (no bodies), generics instantiated. It returns its functions by name.
func loadRoots(t *testing.T, dir string) map[string]*ssa.Function {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Dir: moduleRoot(t), Tests: true}
	pkgs, err := packages.Load(cfg, "./testdata/src/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("package errors")
	}
	fns := map[string]*ssa.Function{}
	for _, p := range pkgs {
		if !strings.HasSuffix(p.ID, ".test]") && len(pkgs) > 1 {
			continue // the package with its tests is the one to check
		}
		prog := ssa.NewProgram(p.Fset, ssa.InstantiateGenerics)
		created := map[*types.Package]bool{}
		var create func(q *types.Package)
		create = func(q *types.Package) {
			if created[q] {
				return
			}
			created[q] = true
			for _, i := range q.Imports() {
				create(i)
			}
			if q != p.Types {
				prog.CreatePackage(q, nil, nil, true)
			}
		}
		create(p.Types)
		sp := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
		sp.Build()
		for _, m := range sp.Members {
			if f, ok := m.(*ssa.Function); ok {
				fns[f.Name()] = f
			}
		}
	}
	return fns
}

