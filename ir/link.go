package ir

import (
	"errors"
	"fmt"
)

// A Linker links programs into dst one after another. It keeps dst's
// index of names between calls, indexing only what was appended since, so
// that linking a program function by function stays linear in what is
// linked rather than in dst's size times the number of links.
type Linker struct {
	dst        *Program
	types      map[string]*Type
	globals    map[string]*Global
	funcs      map[string]*Func
	nt, ng, nf int // how much of dst's lists the maps cover
}

// NewLinker returns a Linker into dst.
func NewLinker(dst *Program) *Linker { return &Linker{dst: dst} }

// index brings the maps up to date with dst, which others may have added
// to (or, pruning, shrunk) since the last link. The first of two
// functions of one name is the one references resolve to.
func (k *Linker) index() {
	d := k.dst
	if k.funcs == nil || len(d.Types) < k.nt || len(d.Globals) < k.ng || len(d.Funcs) < k.nf {
		k.types, k.globals, k.funcs = map[string]*Type{}, map[string]*Global{}, map[string]*Func{}
		k.nt, k.ng, k.nf = 0, 0, 0
	}
	for _, t := range d.Types[k.nt:] {
		if _, ok := k.types[t.Name]; !ok {
			k.types[t.Name] = t
		}
	}
	for _, g := range d.Globals[k.ng:] {
		if _, ok := k.globals[g.Name]; !ok {
			k.globals[g.Name] = g
		}
	}
	for _, f := range d.Funcs[k.nf:] {
		if _, ok := k.funcs[f.Name]; !ok {
			k.funcs[f.Name] = f
		}
	}
	k.nt, k.ng, k.nf = len(d.Types), len(d.Globals), len(d.Funcs)
}

// Link adds src's named types, globals and functions to dst, so that
// programs written separately (kiss's runtime, its models, the lowered Go)
// become one. Names are shared: a function declared without a body in one
// program is resolved to the function of that name with a body in the
// other, and every reference is rewritten to it; a global or named type in
// both must have the same type. Two bodies for one function name are an
// error. Declarations nobody defines remain; Verify reports the calls to
// them.
func Link(dst, src *Program) error { return NewLinker(dst).Link(src, false) }

// LinkOnce is Link for code that may have been linked before: a function
// src defines that dst defines already keeps dst's definition (the same
// package's lowered code, reached again through another import), and
// src's references are rewritten to it.
func LinkOnce(dst, src *Program) error { return NewLinker(dst).Link(src, true) }

// Link links src into the Linker's program as the functions Link and
// (once) LinkOnce do.
func (k *Linker) Link(src *Program, once bool) error {
	k.index()
	dst := k.dst
	if once {
		for _, f := range src.Funcs {
			if d := k.funcs[f.Name]; d != nil && d.Blocks != nil && f.Blocks != nil {
				f.Blocks = nil // now a declaration: resolved to dst's below
				f.Locals = f.Locals[:len(f.Params)]
			}
		}
	}
	var errs []error
	for _, t := range src.Types {
		if d := k.types[t.Name]; d != nil {
			if !Identical(d, t) {
				errs = append(errs, fmt.Errorf("link: type $%s is %v here and %v there", t.Name, d, t))
			}
			continue
		}
		k.types[t.Name] = t
		dst.Types = append(dst.Types, t)
	}
	globals := map[*Global]*Global{}
	for _, g := range src.Globals {
		if d := k.globals[g.Name]; d != nil {
			if !Identical(d.Elem, g.Elem) {
				errs = append(errs, fmt.Errorf("link: global @%s is %v here and %v there", g.Name, d.Elem, g.Elem))
			}
			globals[g] = d
			continue
		}
		k.globals[g.Name] = g
		dst.Globals = append(dst.Globals, g)
	}
	// References in src to its declarations of dst's functions are
	// rewritten; a definition in src of a function dst only declares is
	// moved into dst's function, so that dst's references stay valid and
	// only src's code is walked (linking stays linear in what is linked).
	funcs := map[*Func]*Func{}
	for _, f := range src.Funcs {
		d := k.funcs[f.Name]
		switch {
		case d == nil:
			k.funcs[f.Name] = f
			dst.Funcs = append(dst.Funcs, f)
		case d.Blocks != nil && f.Blocks != nil:
			errs = append(errs, fmt.Errorf("link: function @%s is defined twice", f.Name))
		case !sameSignature(d, f):
			errs = append(errs, fmt.Errorf("link: function @%s has different signatures", f.Name))
		case f.Blocks == nil:
			funcs[f] = d
		default:
			// dst only declared it: src's definition becomes dst's function.
			d.Params, d.Locals, d.Blocks, d.Pos = f.Params, f.Locals, f.Blocks, f.Pos
			funcs[f] = d
		}
	}
	k.nt, k.ng, k.nf = len(dst.Types), len(dst.Globals), len(dst.Funcs)
	if len(globals) > 0 || len(funcs) > 0 {
		for _, f := range src.Funcs {
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					for i, a := range in.Args {
						switch a := a.(type) {
						case *Global:
							if d, ok := globals[a]; ok {
								in.Args[i] = d
							}
						case *Func:
							if d, ok := funcs[a]; ok {
								in.Args[i] = d
							}
						}
					}
				}
			}
		}
	}
	return errors.Join(errs...)
}

func sameSignature(a, b *Func) bool {
	if len(a.Params) != len(b.Params) || (a.Result == nil) != (b.Result == nil) {
		return false
	}
	if a.Result != nil && !Identical(a.Result, b.Result) {
		return false
	}
	for i := range a.Params {
		if !Identical(a.Params[i].Typ, b.Params[i].Typ) {
			return false
		}
	}
	return true
}
