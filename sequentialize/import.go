package sequentialize

import (
	"fmt"
	"strings"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// Lowered code of other packages (summaries.Lowered, made by Export and
// carried as analysis facts) is linked into the program being lowered: a
// call of a function without a body whose package exported its lowered code
// runs that code. Its type-dependent functions (interface dispatch,
// equality) are made here, against this program's type table, and its
// dynamic types join the table.

// importLowered links the lowered code of other packages, each once, a
// package after those it imports.
func (l *lowerer) importLowered(pkgs []*summaries.Lowered) error {
	if l.link.imported == nil {
		l.link.imported = map[string]bool{}
		l.link.funcs = map[string]*ir.Func{}
		l.link.globals = map[string]*ir.Global{}
	}
	for _, lp := range pkgs {
		if l.link.imported[lp.Path] || l.opts.Home != nil && lp.Path == l.opts.Home.Path() {
			continue
		}
		l.link.imported[lp.Path] = true
		if err := l.linkPackage(lp); err != nil {
			return fmt.Errorf("the lowered code of %s: %v", lp.Path, err)
		}
	}
	return nil
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
	reserved := map[string]bool{}
	for _, g := range src.Globals {
		reserved[g.Name] = l.names[g.Name]
	}
	if err := ir.LinkOnce(l.prog, src); err != nil {
		return err
	}
	for _, f := range src.Funcs {
		l.names[f.Name] = true
		if d := l.prog.Func(f.Name); d != nil && d.Blocks != nil {
			l.link.funcs[f.Name] = d
		}
	}
	for _, g := range src.Globals {
		l.names[g.Name] = true
		gl := l.prog.Global(g.Name)
		l.link.globals[g.Name] = gl
		// A variable of a package with no code here (the standard
		// library's) starts unknown, as the program's own references to
		// such variables do (genInitExtern); a variable of a package
		// whose code is linked is set by its init.
		if !reserved[g.Name] && !l.link.imported[globalPkg(g.Name)] && (l.opts.Home == nil || globalPkg(g.Name) != l.opts.Home.Path()) {
			if l.link.externG == nil {
				l.link.externG = map[*ir.Global]bool{}
			}
			l.link.externG[gl] = true
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
		fn := func(name string) *ir.Func {
			if name == "" {
				return nil
			}
			return l.prog.Func(name)
		}
		if dt.Model {
			e.Methods = map[methodKey]*ir.Func{}
			for _, m := range dt.Methods {
				e.Methods[methodKey{m.Pkg, m.Name, m.Sig}] = fn(m.Func)
			}
		} else {
			imp := &importedType{methods: map[methodKey]*ir.Func{}, comparable: dt.Comparable, eq: fn(dt.Eq), desc: fn(dt.Desc)}
			for _, m := range dt.Methods {
				if f := fn(m.Func); f != nil {
					imp.methods[methodKey{m.Pkg, m.Name, m.Sig}] = f
				}
			}
			e.Imported = imp
		}
		l.dyn.byID[e.ID] = e
		l.info.Types = append(l.info.Types, e)
	}
	return nil
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

// linkedFunc returns the linked definition of fn, a function this program
// does not lower from a body or a model, if another package's lowered code
// has one.
func (l *lowerer) linkedFunc(fn *ssa.Function) *ir.Func {
	if len(l.link.funcs) == 0 || l.lowersBody(fn) || l.extern(fn) != nil {
		return nil
	}
	return l.link.funcs[fn.String()]
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

// globalPkg is the package path of a Go variable's full name
// ("example.com/p.Var", "context.Canceled").
func globalPkg(name string) string {
	slash := strings.LastIndexByte(name, '/')
	if dot := strings.IndexByte(name[slash+1:], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return ""
}
