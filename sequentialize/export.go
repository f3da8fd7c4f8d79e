package sequentialize

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/types"
	"io"
	"maps"
	"runtime/debug"
	"slices"
	"sort"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// Export lowers the code of pkg for the packages that import it: every
// function and method with a body, and the dynamic types they put in
// interfaces (their methods lowered too), so that an importer runs pkg's
// code as written (Options.Imports). deps are the packages pkg imports
// that have lowered code: a call into one is a declaration, attributed to
// its package in the result's Uses, which an importer links; of their code
// only which functions are written in assembly is read (Assembly: none for
// a dependency given by reference).
func Export(pkg *ssa.Package, deps []*summaries.Lowered) (out *summaries.Lowered, err error) {
	path := pkg.Pkg.Path()
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error exporting %s: %v\n%s", path, r, debug.Stack())
		}
	}()
	l, c, err := newLowering(pkg.Prog, pkg.Pkg, path)
	if err != nil {
		return nil, err
	}
	if err := c.linkRuntime(l); err != nil {
		return nil, err
	}
	l.setImports(deps, nil) // calls into them are declarations (Uses), linked by the importer
	base := map[*ir.Func]bool{}
	for _, f := range l.prog.Funcs {
		base[f] = true
	}
	known := map[int64]bool{}
	for _, e := range l.info.Types {
		known[e.ID] = true
	}

	out = &summaries.Lowered{Path: path}
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Blocks == nil && moduleAssembly(fn) {
			out.Assembly = append(out.Assembly, fn.String())
		}
	}
	slices.Sort(out.Assembly)
	for _, fn := range exportedFuncs(pkg) {
		if l.extern(fn) != nil && !stubExported[fn.String()] {
			continue // its importers run the model
		}
		out.Funcs++
		if _, err := l.LowerFunc(fn); err != nil {
			out.Failed = append(out.Failed, fn.String())
		}
		if ownExported[fn.String()] && fn.Blocks != nil {
			if err := l.lowerOwnCode(fn); err != nil {
				out.Failed = append(out.Failed, fn.String()+ownCode)
			}
		}
	}
	// The dynamic types, until describing them (lowering their methods)
	// finds no new ones.
	for {
		l.Program() // its errors are the failed functions', counted above
		var fresh []*typeEntry
		for _, e := range l.info.Types {
			if !known[e.ID] {
				known[e.ID] = true
				fresh = append(fresh, e)
			}
		}
		if len(fresh) == 0 {
			break
		}
		for _, e := range fresh {
			out.Types = append(out.Types, l.describe(e))
		}
	}

	exp := &ir.Program{Types: l.prog.Types, Globals: l.prog.Globals}
	recipes := map[*ir.Func]*summaries.Late{}
	for _, lf := range l.dyn.lates {
		if lf.recipe != nil {
			recipes[lf.f] = lf.recipe
		}
	}
	decls := map[*ir.Func]bool{}
	for _, f := range l.prog.Funcs {
		switch {
		case base[f]:
		case recipes[f] != nil:
			late := *recipes[f]
			late.Func = f.Name
			out.Lates = append(out.Lates, late)
			decls[f] = true
		default:
			exp.Funcs = append(exp.Funcs, f)
		}
	}
	// What the exported functions call outside them is declared.
	for _, f := range exp.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, a := range in.Args {
					if g, ok := a.(*ir.Func); ok && base[g] {
						decls[g] = true
					}
				}
			}
		}
	}
	var names []*ir.Func
	for f := range decls {
		names = append(names, f)
	}
	sort.Slice(names, func(i, j int) bool { return names[i].Name < names[j].Name })
	for _, f := range names {
		// A late function made while linking deps is declared like any
		// other, and its importer must make it too.
		if base[f] && recipes[f] != nil {
			late := *recipes[f]
			late.Func = f.Name
			out.Lates = append(out.Lates, late)
		}
		d := &ir.Func{Name: f.Name, Result: f.Result}
		for _, p := range f.Params {
			d.NewParam(p.Name, p.Typ)
		}
		exp.Funcs = append(exp.Funcs, d)
	}
	makers := map[int64][]string{}
	for _, t := range out.Types {
		makers[t.ID] = nil
	}
	for _, f := range exp.Funcs {
		seen := map[int64]bool{}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, a := range in.Args {
					if c, ok := a.(*ir.Const); ok && c.Typ.Kind == ir.KindInt && c.Typ.Bits == 64 {
						if id := int64(c.Bits); !seen[id] {
							if _, ok := makers[id]; ok {
								seen[id] = true
								makers[id] = append(makers[id], f.Name)
							}
						}
					}
				}
			}
		}
	}
	for i := range out.Types {
		out.Types[i].Makers = makers[out.Types[i].ID]
	}
	// Each function is a chunk of its own, parsed by an importer only
	// when what it runs reaches it.
	out.Chunks = map[string]string{}
	h := sha256.New()
	io.WriteString(h, path)
	for _, f := range exp.Funcs {
		if f.Blocks == nil {
			continue
		}
		text := ir.Chunk(f).String()
		out.Chunks[f.Name] = text
		io.WriteString(h, "\x00"+text)
	}
	for _, a := range out.Assembly {
		io.WriteString(h, "\x00asm "+a)
	}
	out.Uses = l.link.uses
	// The hash names all of the code: a store keeps it under it, and a
	// process keeps what it unpacked by it.
	fmt.Fprintf(h, "\x00types %+v\x00lates %+v\x00failed %q %d", out.Types, out.Lates, out.Failed, out.Funcs)
	for _, k := range slices.Sorted(maps.Keys(out.Uses)) {
		io.WriteString(h, "\x00use "+k+" "+out.Uses[k])
	}
	out.Hash = hex.EncodeToString(h.Sum(nil))
	return out, nil
}

// exportedFuncs are pkg's functions and the methods of its types that have
// bodies (generic ones are lowered by their instances, as reached).
func exportedFuncs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(fn *ssa.Function) {
		if fn != nil && !seen[fn] && fn.Blocks != nil && fn.TypeParams().Len() == 0 && len(fn.TypeArgs()) == 0 {
			seen[fn] = true
			out = append(out, fn)
		}
	}
	prog := pkg.Prog
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			named, ok := m.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			for _, t := range []types.Type{named, types.NewPointer(named)} {
				ms := prog.MethodSets.MethodSet(t)
				for sel := range ms.Methods() {
					if fn := prog.MethodValue(sel); fn != nil && fn.Pkg == pkg {
						add(fn)
					}
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// describe says what an importer needs of a dynamic type this package's
// code made, lowering its methods.
func (l *lowerer) describe(e *typeEntry) summaries.DynType {
	dt := summaries.DynType{ID: e.ID, Name: e.Name}
	if e.Type == nil { // a model's own type
		dt.Model = true
		for k, f := range e.Methods {
			dt.Methods = append(dt.Methods, summaries.Method{Pkg: k.pkg, Name: k.name, Sig: k.sig, Func: f.Name})
		}
		sort.Slice(dt.Methods, func(i, j int) bool {
			a, b := dt.Methods[i], dt.Methods[j]
			return a.Name < b.Name || a.Name == b.Name && a.Sig < b.Sig
		})
		return dt
	}
	t := e.Type
	ms := l.SSA.MethodSets.MethodSet(t)
	for sel := range ms.Methods() {
		fn := l.SSA.MethodValue(sel)
		if fn == nil {
			continue
		}
		// The selection's signature: a generic type's methods instantiated.
		k := keyOf(sel.Obj().(*types.Func))
		k.sig = sigString(sel.Type().(*types.Signature))
		f := l.FuncRef(fn)
		dt.Methods = append(dt.Methods, summaries.Method{Pkg: k.pkg, Name: k.name, Sig: k.sig, Func: f.Name})
	}
	it := l.Type(t)
	dt.Kind = goKind(t)
	dt.Comparable = types.Comparable(t)
	if dt.Comparable {
		b := l.helper("eq."+e.Name, ir.Bool, "x", ir.Ptr, "y", ir.Ptr)
		b.Ret(l.equal(b, t, b.Load(it, b.Fn.Params[0]), b.Load(it, b.Fn.Params[1])))
		dt.Eq = b.Fn.Name
	}
	b := l.helper("desc."+e.Name, ir.String, "v", ir.Ptr)
	b.Ret(l.goValueDesc(b, e, b.Fn.Params[0]))
	dt.Desc = b.Fn.Name
	return dt
}

// ownCode suffixes the name of a function's own code in its package's
// facts, beside its model's stub (ownExported), for the model's cases
// that run it.
const ownCode = "$code"

func (l *lowerer) lowerOwnCode(fn *ssa.Function) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = asLowerError(r, fn)
		}
	}()
	return l.lowerBody(fn, l.funcDecl(fn, fn.String()+ownCode))
}
