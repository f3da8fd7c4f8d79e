package ir

// Chunk returns the smallest program that holds f as it is: f, a
// declaration of every other function it references, the globals it
// references, and the named types all of them use. Printed, it is f's
// code in a form that parses on its own and links into any program that
// has the rest: what another package's importer needs to run f without
// reading the rest of its package.
func Chunk(f *Func) *Program {
	c := &chunker{types: map[*Type]bool{}, names: map[string]bool{}, funcs: map[string]bool{f.Name: true}, globals: map[*Global]bool{}}
	p := &Program{}
	for _, l := range f.Locals {
		c.typ(l.Typ)
	}
	c.typ(f.Result)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			c.typ(in.Type)
			c.typ(in.Type2)
			for _, a := range in.Args {
				switch a := a.(type) {
				case *Func:
					if !c.funcs[a.Name] {
						c.funcs[a.Name] = true
						d := &Func{Name: a.Name, Result: a.Result}
						for _, prm := range a.Params {
							d.NewParam(prm.Name, prm.Typ)
							c.typ(prm.Typ)
						}
						c.typ(a.Result)
						p.Funcs = append(p.Funcs, d)
					}
				case *Global:
					if !c.globals[a] {
						c.globals[a] = true
						c.typ(a.Elem)
						p.Globals = append(p.Globals, a)
					}
				case *Const:
					c.typ(a.Typ)
				}
			}
		}
	}
	p.Funcs = append(p.Funcs, f)
	p.Types = c.order
	return p
}

type chunker struct {
	types   map[*Type]bool
	names   map[string]bool
	order   []*Type // the named types met, each name once
	funcs   map[string]bool
	globals map[*Global]bool
}

// typ records the named types t uses, t included.
func (c *chunker) typ(t *Type) {
	if t == nil || c.types[t] {
		return
	}
	c.types[t] = true
	if t.Name != "" && !c.names[t.Name] {
		c.names[t.Name] = true
		c.order = append(c.order, t)
	}
	for _, f := range t.Fields {
		c.typ(f)
	}
	c.typ(t.Elem)
}
