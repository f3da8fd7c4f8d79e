package kiss

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/sequentialize"
)

// neededPackages adds to need the packages whose SSA members building
// and lowering a package's code (pkg, checked as info says) can reach:
// those of the objects it names, of the named types its expressions have
// (the methods of a type its code converts to an interface are in the
// dispatch; those promoted through embedded fields too), and its direct
// imports (its initializer calls theirs). The other packages of its
// imports' closure need no SSA package: calls into them run the code
// their facts carry, and methods of their types that no code here names
// are never asked for. Creating every package of the closure (every
// function and method of every package under testing, reflect and os)
// was 22% of the corpus's CPU.
func neededPackages(need map[*types.Package]bool, pkg *types.Package, info *types.Info) {
	seen := map[types.Type]bool{}
	var visit func(t types.Type)
	visitObj := func(obj types.Object) {
		if obj == nil {
			return
		}
		if p := obj.Pkg(); p != nil {
			need[p] = true
		}
		visit(obj.Type())
	}
	embedded := func(s *types.Struct) {
		for f := range s.Fields() {
			if f.Embedded() {
				visit(f.Type())
			}
		}
	}
	visit = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if p := t.Obj().Pkg(); p != nil {
				need[p] = true
			}
			for a := range t.TypeArgs().Types() {
				visit(a)
			}
			if s, ok := t.Underlying().(*types.Struct); ok {
				embedded(s) // promoted methods
			}
		case *types.Alias:
			if p := t.Obj().Pkg(); p != nil {
				need[p] = true
			}
			visit(types.Unalias(t))
		case *types.Pointer:
			visit(t.Elem())
		case *types.Slice:
			visit(t.Elem())
		case *types.Array:
			visit(t.Elem())
		case *types.Chan:
			visit(t.Elem())
		case *types.Map:
			visit(t.Key())
			visit(t.Elem())
		case *types.Struct:
			for f := range t.Fields() {
				visit(f.Type())
			}
		case *types.Tuple:
			for v := range t.Variables() {
				visit(v.Type())
			}
		case *types.Signature:
			if r := t.Recv(); r != nil {
				visit(r.Type())
			}
			visit(t.Params())
			visit(t.Results())
		case *types.Interface:
			for e := range t.EmbeddedTypes() {
				visit(e)
			}
		case *types.TypeParam:
			visit(t.Constraint())
		case *types.Union:
			for term := range t.Terms() {
				visit(term.Type())
			}
		}
	}
	for _, obj := range info.Uses {
		visitObj(obj)
	}
	for _, obj := range info.Defs {
		visitObj(obj)
	}
	for _, obj := range info.Implicits {
		visitObj(obj)
	}
	for _, sel := range info.Selections {
		visitObj(sel.Obj())
		visit(sel.Recv())
	}
	for _, tv := range info.Types {
		visit(tv.Type)
	}
	for _, inst := range info.Instances {
		visit(inst.Type)
		for a := range inst.TypeArgs.Types() {
			visit(a)
		}
	}
	for _, p := range pkg.Imports() {
		need[p] = true
	}
}

// createAll, set by tests, creates every package of the closure, as kiss
// did before neededPackages.
var createAll bool

// createImports creates in prog the SSA packages of pkg's imports,
// transitively, that need holds or the models link by path, in
// dependency order; source gives the syntax of those checked from source
// (other packages' generic code instantiated here), always created.
func createImports(prog *ssa.Program, pkg *types.Package, need map[*types.Package]bool, source func(*types.Package) ([]*ast.File, *types.Info)) {
	model := map[string]bool{}
	for _, path := range sequentialize.ModelPackages {
		model[path] = true
	}
	done := map[*types.Package]bool{pkg: true}
	var create func(p *types.Package)
	create = func(p *types.Package) {
		for _, q := range p.Imports() {
			if !done[q] {
				done[q] = true
				create(q)
				if files, info := source(q); info != nil {
					prog.CreatePackage(q, files, info, true)
				} else if need[q] || model[q.Path()] || createAll {
					prog.CreatePackage(q, nil, nil, true)
				}
			}
		}
	}
	create(pkg)
}
