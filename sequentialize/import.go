package sequentialize

import (
	"fmt"
	"go/types"
	"sort"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// Lowered code of other packages (summaries.Lowered, made by Export and
// carried as analysis facts) is linked into the program being lowered,
// lazily: a package's code is linked when the program first reaches one
// of its functions or variables (a call of a function without a body, a
// declaration some linked code makes, which Lowered.Uses attributes to
// its package), so a root pays only for the code it runs. Linked code's
// type-dependent functions (interface dispatch, equality) are made here,
// against this program's type table, and its dynamic types join the
// table. A function whose package has no code here, or whose code does
// not define it, is a call kiss does not know (missingLinks).

// setImports makes the lowered code of other packages available for
// linking; fetch gets the code of a package given by reference only
// (Lowered.Stub).
func (l *lowerer) setImports(pkgs []*summaries.Lowered, fetch func(*summaries.Lowered) (*summaries.Lowered, error)) {
	l.link.avail = map[string]*summaries.Lowered{}
	l.link.fetch = fetch
	for _, lp := range pkgs {
		if l.opts.Home != nil && lp.Path == l.opts.Home.Path() {
			continue
		}
		if _, ok := l.link.avail[lp.Path]; !ok {
			l.link.avail[lp.Path] = lp
		}
	}
}

// available reports whether package path has lowered code to link.
func (l *lowerer) available(path string) bool {
	_, ok := l.link.avail[path]
	return ok
}

// ensureLinked links the code of package path if it has some and it is
// not linked yet, and reports whether it is linked. A package whose code
// cannot be had or linked is noted once and stays unlinked: what the
// program reaches of it is unknown.
func (l *lowerer) ensureLinked(path string) bool {
	if l.opts.Export != "" {
		return false // code lowered for export declares what it uses
	}
	if l.link.imported[path] {
		return true
	}
	lp, ok := l.link.avail[path]
	if !ok || l.link.broken[path] {
		return false
	}
	err := func() error {
		if lp.Stub() {
			if l.link.fetch == nil {
				return fmt.Errorf("only a reference to it is at hand")
			}
			full, err := l.link.fetch(lp)
			if err != nil {
				return err
			}
			lp = full
		}
		l.link.imported[path] = true
		return l.linkPackage(lp)
	}()
	if err != nil {
		l.link.imported[path] = false
		l.link.broken[path] = true
		l.errs = append(l.errs, fmt.Errorf("the lowered code of %s: %v", path, err))
		return false
	}
	return true
}

// linkPending links the packages of the functions and variables linked
// code declares, until none is left, and reports whether it linked any.
func (l *lowerer) linkPending() bool {
	if l.opts.Export != "" {
		return false // the importer links them
	}
	any := false
	for {
		var pending []string
		for name, pkg := range l.link.uses {
			if l.link.imported[pkg] || !l.available(pkg) || l.link.broken[pkg] {
				continue
			}
			if f, ok := l.link.declared[name]; ok && f.Blocks == nil || l.link.globals[name] != nil {
				pending = append(pending, pkg)
			}
		}
		if len(pending) == 0 {
			return any
		}
		sort.Strings(pending)
		for _, pkg := range pending {
			if l.ensureLinked(pkg) {
				any = true
			}
		}
	}
}

// missingLinks gives the functions linked code declares but nothing
// defines (their package's code is not at hand, or does not have them) a
// body: a call kiss does not know, which may touch shared state, so the
// path stops there (Scenario.Effects), named in -stats.
func (l *lowerer) missingLinks() {
	if l.opts.Export != "" {
		return // the importer links them
	}
	var missing []*ir.Func
	for name, f := range l.link.declared {
		if f.Blocks == nil && l.link.uses[name] != "" {
			missing = append(missing, f)
		}
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].Name < missing[j].Name })
	for _, f := range missing {
		l.unk.called[f.Name] = true
		l.link.stubs[f.Name] = f
		b := newBuilder(l, f)
		b.label, b.noCheck, b.silent = "", true, true
		b.SetBlock(b.NewBlock("entry"))
		ok := l.unknownNondetLabel(b, ir.Bool, effectsLabel+f.Name)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
		if f.Result == nil {
			b.Ret(nil)
		} else {
			b.Ret(ir.ZeroConst(f.Result)) // never reached past the stop
		}
	}
}

// externGlobals are the variables linked code uses whose package's code
// is not linked: their init does not run here, so they start unknown.
func (l *lowerer) externGlobals() []*ir.Global {
	var out []*ir.Global
	for name, gl := range l.link.globals {
		owner := l.link.uses[name]
		if owner == "" || l.link.imported[owner] || l.opts.Home != nil && owner == l.opts.Home.Path() || l.link.ownGlobal[gl] || l.link.rootUses[gl] {
			continue
		}
		out = append(out, gl)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (l *lowerer) linkPackage(lp *summaries.Lowered) error {
	src, err := ir.Parse(lp.Path, []byte(lp.IR))
	if err != nil {
		return err
	}
	// Its type-dependent functions become this program's.
	for _, late := range lp.Lates {
		f := src.Func(late.Func)
		if f == nil {
			return fmt.Errorf("no function @%s", late.Func)
		}
		mine, err := l.lateFor(late, f)
		if err != nil {
			return err
		}
		f.Name = mine.Name
	}
	// Functions missingLinks stubbed that this code defines are
	// declarations again: the definition takes their place.
	for _, f := range src.Funcs {
		if st := l.link.stubs[f.Name]; st != nil && f.Blocks != nil {
			st.Locals, st.Blocks = st.Locals[:len(st.Params)], nil
			delete(l.link.stubs, f.Name)
			delete(l.unk.called, f.Name)
		}
	}
	if err := ir.LinkOnce(l.prog, src); err != nil {
		return err
	}
	for name, pkg := range lp.Uses {
		if _, ok := l.link.uses[name]; !ok {
			l.link.uses[name] = pkg
		}
	}
	for _, f := range src.Funcs {
		l.names[f.Name] = true
	}
	l.indexLinked(src)
	for _, g := range src.Globals {
		l.names[g.Name] = true
		gl := l.prog.Global(g.Name)
		l.link.globals[g.Name] = gl
		if _, foreign := lp.Uses[g.Name]; !foreign && g == gl {
			l.link.ownGlobal[gl] = true // the package's own variable (or kiss's), set by its init
		}
	}
	for _, t := range src.Types {
		l.layout.names[t.Name] = true
	}
	for _, dt := range lp.Types {
		if l.dyn.byID[dt.ID] != nil {
			continue
		}
		e := &typeEntry{ID: dt.ID, Name: dt.Name, linked: true}
		if dt.Model {
			e.Methods = map[methodKey]*ir.Func{}
			for _, m := range dt.Methods {
				e.Methods[methodKey{m.Pkg, m.Name, m.Sig}] = l.prog.Func(m.Func)
			}
		} else {
			imp := &importedType{methods: map[methodKey]*ir.Func{}, names: map[methodKey]string{}, comparable: dt.Comparable, eqName: dt.Eq, descName: dt.Desc}
			for _, m := range dt.Methods {
				if m.Func != "" {
					imp.names[methodKey{m.Pkg, m.Name, m.Sig}] = m.Func
				}
			}
			e.Imported = imp
		}
		l.dyn.byID[e.ID] = e
		l.info.Types = append(l.info.Types, e)
	}
	l.refreshImportedTypes()
	return nil
}

// indexLinked records the functions of the program by name after src was
// linked: the definitions linked code brought (link.funcs), and, for the
// names linked code declares for other packages, the function now under
// that name (link.declared: a declaration until its package is linked).
func (l *lowerer) indexLinked(src *ir.Program) {
	byName := make(map[string]*ir.Func, len(l.prog.Funcs))
	for _, f := range l.prog.Funcs {
		byName[f.Name] = f
	}
	for _, f := range src.Funcs {
		if d := byName[f.Name]; d != nil && d.Blocks != nil {
			l.link.funcs[f.Name] = d
		}
	}
	for name := range l.link.uses {
		if f := byName[name]; f != nil {
			l.link.declared[name] = f
		}
	}
}

// refreshImportedTypes points the imported dynamic types at the program's
// functions of their methods' names: linking replaces a declaration by its
// definition.
func (l *lowerer) refreshImportedTypes() {
	byName := make(map[string]*ir.Func, len(l.prog.Funcs))
	for _, f := range l.prog.Funcs {
		byName[f.Name] = f
	}
	for _, e := range l.info.Types {
		imp := e.Imported
		if imp == nil {
			continue
		}
		for k, name := range imp.names {
			imp.methods[k] = byName[name]
		}
		imp.eq, imp.desc = byName[imp.eqName], byName[imp.descName]
	}
}

// lateFor makes this program's late function for an imported one's
// recipe; decl is the imported declaration (its signature).
func (l *lowerer) lateFor(late summaries.Late, decl *ir.Func) (*ir.Func, error) {
	switch late.Kind {
	case "invoke":
		var params []*ir.Type
		for _, p := range decl.Params[1:] {
			params = append(params, p.Typ)
		}
		m := late.Method
		return l.dispatcherFor(methodKey{m.Pkg, m.Name, m.Sig}, params, decl.Result, nil), nil
	case "implements":
		var keys []methodKey
		for _, m := range late.Methods {
			keys = append(keys, methodKey{m.Pkg, m.Name, m.Sig})
		}
		return l.implementsFor("imported", keys), nil
	case "rt.ifaceeq", "rt.panicdesc":
		return l.lateFunc(late.Kind), nil
	case "ikey":
		kt := decl.Result
		return l.late("ikey", "rt.ikey", kt, []any{"v", l.tIface}, l.genIkey), nil
	case "ikeyval":
		return l.late("ikeyval", "rt.ikeyval", l.tIface, []any{"k", decl.Params[0].Typ}, l.genIkeyVal), nil
	case "errors.Is", "errors.Unwrap":
		lib := l.opts.Conc.(*concLowering).lib
		if late.Kind == "errors.Is" {
			return lib.isFunc(l), nil
		}
		return lib.unwrapFunc(l), nil
	}
	return nil, fmt.Errorf("unknown late function kind %q", late.Kind)
}

// linkedFunc returns the IR function that runs fn, a function this program
// does not lower from a body or a model, from another package's lowered
// code: when lowering for export, a declaration of it if its package has
// code (Uses says which); otherwise its linked definition, linking its
// package if needed (nil if that code does not define it).
func (l *lowerer) linkedFunc(fn *ssa.Function) *ir.Func {
	if l.link.avail == nil || l.lowersBody(fn) || l.extern(fn) != nil || len(fn.TypeArgs()) > 0 {
		return nil
	}
	pkg := funcPkg(fn)
	if pkg == nil || !l.available(pkg.Path()) {
		return nil
	}
	name := fn.String()
	if l.opts.Export != "" {
		if f := l.link.declared[name]; f != nil {
			return f
		}
		f := l.funcDecl(fn, name)
		l.link.uses[name] = pkg.Path()
		l.link.declared[name] = f
		return f
	}
	if !l.ensureLinked(pkg.Path()) {
		return nil
	}
	if f := l.link.funcs[name]; f != nil && f.Blocks != nil {
		return f
	}
	return nil
}

// funcPkg is the package that defines fn (its origin's, for an instance).
func funcPkg(fn *ssa.Function) *types.Package {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg
	}
	if obj := fn.Object(); obj != nil {
		return obj.Pkg()
	}
	return nil
}

// sharedGlobal returns the global of a fixed name that linked code may
// use too, making it if needed.
func (l *lowerer) sharedGlobal(name string, t *ir.Type) *ir.Global {
	if g := l.prog.Global(name); g != nil {
		return g
	}
	g := &ir.Global{Name: name, Elem: t}
	l.names[name] = true
	l.prog.Globals = append(l.prog.Globals, g)
	return g
}
