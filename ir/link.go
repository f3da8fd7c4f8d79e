package ir

import (
	"errors"
	"fmt"
)

// Link adds src's named types, globals and functions to dst, so that
// programs written separately (kiss's runtime, its models, the lowered Go)
// become one. Names are shared: a function declared without a body in one
// program is resolved to the function of that name with a body in the
// other, and every reference is rewritten to it; a global or named type in
// both must have the same type. Two bodies for one function name are an
// error. Declarations nobody defines remain; Verify reports the calls to
// them.
func Link(dst, src *Program) error {
	var errs []error
	dtypes := map[string]*Type{}
	for _, t := range dst.Types {
		dtypes[t.Name] = t
	}
	dglobals := map[string]*Global{}
	for _, g := range dst.Globals {
		dglobals[g.Name] = g
	}
	dfuncs := map[string]int{}
	for i, f := range dst.Funcs {
		if _, ok := dfuncs[f.Name]; !ok {
			dfuncs[f.Name] = i
		}
	}
	for _, t := range src.Types {
		if d := dtypes[t.Name]; d != nil {
			if !Identical(d, t) {
				errs = append(errs, fmt.Errorf("link: type $%s is %v here and %v there", t.Name, d, t))
			}
			continue
		}
		dst.Types = append(dst.Types, t)
	}
	globals := map[*Global]*Global{}
	for _, g := range src.Globals {
		if d := dglobals[g.Name]; d != nil {
			if !Identical(d.Elem, g.Elem) {
				errs = append(errs, fmt.Errorf("link: global @%s is %v here and %v there", g.Name, d.Elem, g.Elem))
			}
			globals[g] = d
			continue
		}
		dst.Globals = append(dst.Globals, g)
	}
	// References in src to its declarations of dst's functions are
	// rewritten; a definition in src of a function dst only declares is
	// moved into dst's function, so that dst's references stay valid and
	// only src's code is walked (linking stays linear in what is linked).
	funcs := map[*Func]*Func{}
	for _, f := range src.Funcs {
		var d *Func
		i, ok := dfuncs[f.Name]
		if ok {
			d = dst.Funcs[i]
		}
		switch {
		case d == nil:
			dfuncs[f.Name] = len(dst.Funcs)
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

// LinkOnce is Link for code that may have been linked before: a function
// src defines that dst defines already keeps dst's definition (the same
// package's lowered code, reached again through another import), and
// src's references are rewritten to it.
func LinkOnce(dst, src *Program) error {
	defined := map[string]bool{}
	for _, f := range dst.Funcs {
		if f.Blocks != nil {
			defined[f.Name] = true
		}
	}
	for _, f := range src.Funcs {
		if f.Blocks != nil && defined[f.Name] {
			f.Blocks = nil // now a declaration: Link resolves it to dst's
			f.Locals = f.Locals[:len(f.Params)]
		}
	}
	return Link(dst, src)
}
