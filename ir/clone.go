package ir

// Clone returns a copy of p that shares nothing p's users may change:
// functions, their locals, blocks and instructions, and globals are new
// (linking rewrites instructions' operands and moves function bodies).
// Types and constants, which nothing changes once made, are shared.
// Copying a parsed program costs a fraction of parsing it again: kiss's
// runtime, parsed for every build, took 7% of the corpus's CPU.
func (p *Program) Clone() *Program {
	globals := make(map[*Global]*Global, len(p.Globals))
	funcs := make(map[*Func]*Func, len(p.Funcs))
	q := &Program{Types: append([]*Type(nil), p.Types...)}
	q.Globals = make([]*Global, len(p.Globals))
	for i, g := range p.Globals {
		c := *g
		q.Globals[i], globals[g] = &c, &c
	}
	q.Funcs = make([]*Func, len(p.Funcs))
	for i, f := range p.Funcs {
		c := &Func{Name: f.Name, Result: f.Result, Pos: f.Pos}
		q.Funcs[i], funcs[f] = c, c
	}
	for i, f := range p.Funcs {
		cloneBody(q.Funcs[i], f, globals, funcs)
	}
	return q
}

// cloneBody gives c copies of f's parameters, locals and blocks, with
// operands renamed through globals and funcs (those of other programs
// kept). The copies of one function are cut from a few slabs, each piece
// capped so that appending to it copies: the allocations, not the copying,
// were most of the cost of linking a package's dependencies for each root.
func cloneBody(c, f *Func, globals map[*Global]*Global, funcs map[*Func]*Func) {
	src := f.Locals
	if src == nil {
		src = f.Params
	}
	slab := make([]Local, len(src))
	dup := make([]*Local, len(src))
	for i, l := range src {
		slab[i] = *l
		dup[i] = &slab[i]
	}
	// a local of another function is kept: the copy then fails Verify,
	// as f does
	local := func(l *Local) *Local {
		if l.Index >= 0 && l.Index < len(src) && src[l.Index] == l {
			return dup[l.Index]
		}
		return l
	}
	if f.Locals != nil {
		c.Locals = dup
		c.Params = c.Locals[:len(f.Params):len(f.Params)]
	} else if f.Params != nil {
		c.Params = dup
	}
	if f.Blocks == nil {
		return // a declaration
	}
	var ninstrs, nargs, ntargets int
	for _, b := range f.Blocks {
		ninstrs += len(b.Instrs)
		for _, in := range b.Instrs {
			nargs += len(in.Args)
			ntargets += len(in.Targets)
		}
	}
	blockSlab := make([]Block, len(f.Blocks))
	c.Blocks = make([]*Block, len(f.Blocks))
	blocks := make(map[*Block]*Block, len(f.Blocks))
	for i, b := range f.Blocks {
		blockSlab[i] = Block{Name: b.Name, Index: b.Index}
		c.Blocks[i] = &blockSlab[i]
		blocks[b] = c.Blocks[i]
	}
	instrs := make([]Instr, ninstrs)
	ptrs := make([]*Instr, ninstrs)
	args := make([]Value, nargs)
	targets := make([]*Block, ntargets)
	for i, b := range f.Blocks {
		c.Blocks[i].Instrs = ptrs[:len(b.Instrs):len(b.Instrs)]
		ptrs = ptrs[len(b.Instrs):]
		for j, in := range b.Instrs {
			n := &instrs[0]
			instrs = instrs[1:]
			*n = *in
			if in.Dst != nil {
				n.Dst = local(in.Dst)
			}
			if in.Args != nil {
				n.Args = args[:len(in.Args):len(in.Args)]
				args = args[len(in.Args):]
				for k, a := range in.Args {
					switch a := a.(type) {
					case *Local:
						n.Args[k] = local(a)
					case *Global:
						if g, ok := globals[a]; ok {
							n.Args[k] = g
						} else {
							n.Args[k] = a
						}
					case *Func:
						if g, ok := funcs[a]; ok {
							n.Args[k] = g
						} else {
							n.Args[k] = a
						}
					default:
						n.Args[k] = a
					}
				}
			}
			if in.Targets != nil {
				n.Targets = targets[:len(in.Targets):len(in.Targets)]
				targets = targets[len(in.Targets):]
				for k, t := range in.Targets {
					n.Targets[k] = blocks[t]
				}
			}
			c.Blocks[i].Instrs[j] = n
		}
	}
}
