package sequentialize

import (
	"go/constant"
	"go/types"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// funcLowerer lowers the body of one Go function.
type funcLowerer struct {
	lits   literalFold
	l      *lowerer
	fn     *ssa.Function
	f      *ir.Func
	b      *builder
	vals   map[ssa.Value]*ir.Local
	blocks []*ir.Block // by SSA block index

	nonnil map[ssa.Value][]*ssa.BasicBlock // pointers already checked, and where
	cur    *ssa.BasicBlock

	defers *ir.Local // head of the frame's defer list
	sites  []*deferSite
	runner *ir.Func
	unwind *ir.Block

	// math/rand's (lower_rand.go): a rejection sampler's; the label of a
	// generator's draws of an unknown state, "" for other functions
	rejection bool
	drawLabel string
}

func itoa(i int) string { return strconv.Itoa(i) }

// lowerBody lowers a function with a body into f, whose parameters exist.
func (l *lowerer) lowerBody(fn *ssa.Function, f *ir.Func) error {
	fl := &funcLowerer{l: l, fn: fn, f: f, vals: map[ssa.Value]*ir.Local{}, nonnil: map[ssa.Value][]*ssa.BasicBlock{}}
	b := newBuilder(l, f)
	fl.b = b
	b.fl = fl
	b.unwind = fl.unwindBlock
	if len(fn.Params) != len(f.Params)-1 {
		unsupported(l.posString(fn.Pos()), "a function whose SSA parameters do not match its signature")
	}
	for i, p := range fn.Params {
		fl.vals[p] = f.Params[i+1]
	}
	for _, fv := range fn.FreeVars {
		fl.vals[fv] = b.Local(fv.Name(), l.Type(fv.Type()))
	}
	fl.lits = foldLiterals(fn)
	if fn.Pkg != nil && (fn.Pkg.Pkg.Path() == "math/rand" || fn.Pkg.Pkg.Path() == "math/rand/v2") {
		fl.rejection, fl.drawLabel = rejectionSamplers[fn.String()], unknownStateDraws[fn.String()]
	}
	if defers(fn) {
		// before any block: blocks are lowered in dominator order, and a
		// return reached both from a block that defers and from one that
		// does not (a switch's cases) could come first, find no defer list
		// and run nothing
		fl.defers = b.Local("defers", ir.Ptr)
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if v, ok := instr.(ssa.Value); ok && hasValue(v) && !fl.lits.skip[instr] {
				t := ir.Ptr // a range iterator is a pointer to its state
				if _, ok := v.(*ssa.Range); !ok {
					t = l.Type(v.Type())
				}
				fl.vals[v] = b.Local(v.Name(), t)
			}
		}
	}
	fl.blocks = make([]*ir.Block, len(fn.Blocks))
	b.label = ""
	for i, blk := range fn.Blocks {
		name := "entry"
		if i > 0 {
			name = strings.ReplaceAll(blk.Comment, " ", "_") + "." + itoa(i)
		}
		fl.blocks[i] = b.NewBlock(name)
	}

	order := fn.DomPreorder()
	seen := map[*ssa.BasicBlock]bool{}
	for _, blk := range order {
		seen[blk] = true
	}
	for _, blk := range fn.Blocks { // blocks outside the dominator tree (Recover)
		if !seen[blk] {
			order = append(order, blk)
		}
	}
	for _, blk := range order {
		fl.lowerBlock(blk)
	}
	fl.finishUnwind()
	fl.buildRunner()
	for _, blk := range fl.blocks {
		if blk.Index < 0 { // unreachable and never filled
			b.SetBlock(blk)
			b.RetZero()
		}
	}
	return nil
}

// defers reports whether fn defers a call (a deferred recover does
// nothing, see lowerDefer).
func defers(fn *ssa.Function) bool {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if d, ok := instr.(*ssa.Defer); ok {
				if bi, ok := d.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "recover" {
					return true
				}
			}
		}
	}
	return false
}

// hasValue reports whether an SSA value needs a local (not an empty tuple).
func hasValue(v ssa.Value) bool {
	if t, ok := v.Type().(*types.Tuple); ok && t.Len() == 0 {
		return false
	}
	return true
}

func (fl *funcLowerer) lowerBlock(blk *ssa.BasicBlock) {
	b := fl.b
	fl.cur = blk
	b.SetBlock(fl.blocks[blk.Index])
	b.label = fl.blocks[blk.Index].Name
	if blk.Index == 0 {
		b.Hint, b.Pos = "env", fl.f.Pos
		for i, fv := range fl.fn.FreeVars {
			b.Assign(fl.vals[fv], ir.OpLoad, b.Field(fl.f.Params[0], i))
		}
	}
	last := fl.f.Pos // an instruction without a position gets its predecessor's
	for _, instr := range blk.Instrs {
		if fl.lits.skip[instr] {
			continue
		}
		if p := fl.pos(instr); p != "" {
			last = p
		}
		b.Pos = last
		b.Hint = "t"
		if v, ok := instr.(ssa.Value); ok {
			b.Hint = v.Name()
		}
		fl.instr(instr)
	}
}

// pos is the Go position of an instruction, or "".
func (fl *funcLowerer) pos(instr ssa.Instruction) string {
	p := instr.Pos()
	if c, ok := instr.(ssa.CallInstruction); ok && !p.IsValid() {
		p = c.Common().Pos()
	}
	return fl.l.posString(p)
}

// value returns the IR operand of an SSA value.
func (fl *funcLowerer) value(v ssa.Value) ir.Value {
	switch v := v.(type) {
	case *ssa.Const:
		return fl.l.constValue(fl.b, v)
	case *ssa.Function:
		return fl.b.Make(fl.l.tClosure, fl.l.FuncRef(v), ir.ZeroConst(ir.Ptr))
	case *ssa.Global:
		return fl.l.global(v)
	case *ssa.Builtin:
		unsupported(fl.b.Pos, "the builtin %s used as a value", v.Name())
	}
	if loc, ok := fl.vals[v]; ok {
		return loc
	}
	panic("internal error: no local for SSA value " + v.Name())
}

// dst returns the local of an SSA value (nil for an empty tuple).
func (fl *funcLowerer) dst(v ssa.Value) *ir.Local { return fl.vals[v] }

// global returns the IR global of a Go package variable.
func (l *lowerer) global(g *ssa.Global) *ir.Global {
	if gl, ok := l.globals.byVar[g]; ok {
		return gl
	}
	foreign := g.Pkg != nil && g.Pkg.Pkg != l.opts.Home
	if gl := l.link.globals[g.String()]; gl != nil && foreign {
		l.globals.byVar[g] = gl
		l.globals.order = append(l.globals.order, g) // initialised as its package's are
		l.link.rootUses[gl] = true
		return gl
	}
	name := qualifyByName(g.String())
	switch owner := ""; {
	case l.opts.Export != "":
		name = g.String()
		if foreign {
			l.link.uses[name] = g.Pkg.Pkg.Path()
		}
	case foreign && l.available(g.Pkg.Pkg.Path()):
		// Its package's init sets it (linkPending links the init of a
		// package the program reaches).
		name, owner = g.String(), g.Pkg.Pkg.Path()
		gl := &ir.Global{Name: name, Elem: l.Type(deref(g.Type()))}
		l.names[name] = true
		l.link.owner[name] = owner
		l.link.globals[name] = gl
		l.globals.byVar[g] = gl
		l.globals.order = append(l.globals.order, g)
		l.prog.Globals = append(l.prog.Globals, gl)
		return gl
	}
	gl := &ir.Global{Name: l.uniqName(name), Elem: l.Type(deref(g.Type()))}
	l.globals.byVar[g] = gl
	l.globals.order = append(l.globals.order, g)
	l.prog.Globals = append(l.prog.Globals, gl)
	return gl
}

// constValue returns the IR constant of an SSA constant.
func (l *lowerer) constValue(b *builder, c *ssa.Const) ir.Value {
	t := l.Type(c.Type())
	if c.Value == nil {
		return ir.ZeroConst(t)
	}
	switch t.Kind {
	case ir.KindBool:
		return ir.BoolConst(constant.BoolVal(c.Value))
	case ir.KindInt:
		if c.Value.Kind() == constant.Float { // an integral untyped float
			v, _ := constant.Int64Val(constant.ToInt(c.Value))
			return ir.IntConst(t, v)
		}
		if t.Signed {
			v, _ := constant.Int64Val(c.Value)
			return ir.IntConst(t, v)
		}
		v, _ := constant.Uint64Val(c.Value)
		return &ir.Const{Typ: t, Bits: ir.Truncate(v, int(t.Bits))}
	case ir.KindFloat:
		f, _ := constant.Float64Val(constant.ToFloat(c.Value))
		return ir.FloatConst(t, f)
	case ir.KindString:
		return ir.StringConst(constant.StringVal(c.Value))
	case ir.KindStruct:
		if isComplex(c.Type()) {
			return complexConst(b, t, c.Value)
		}
	case ir.KindPtr: // unsafe.Pointer(uintptr(k)): the pointer at address k
		if v, ok := constant.Uint64Val(c.Value); ok {
			return b.Op(ir.OpConv, ir.Ptr, &ir.Const{Typ: ir.U64, Bits: v})
		}
	}
	unsupported(b.Pos, "the constant %s of type %s", c.Value, c.Type())
	return nil
}

// knownNonNil reports whether pointer v cannot be nil here: it comes from an
// allocation, or was already dereferenced in a dominating position.
func (fl *funcLowerer) knownNonNil(v ssa.Value) bool {
	if staticNonNil(v) {
		return true
	}
	if fl.nonNilByConstruction(v, map[ssa.Value]bool{}) {
		return true
	}
	for _, blk := range fl.nonnil[v] {
		if blk == fl.cur || blk.Dominates(fl.cur) {
			return true
		}
	}
	return false
}

// staticNonNil reports whether v is never nil by construction.
func staticNonNil(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.MakeMap, *ssa.MakeClosure,
		*ssa.Function, *ssa.MakeInterface:
		return true
	}
	return false
}

// nonNilByConstruction extends staticNonNil through captured variables and
// phis (a cycle of phis carries only its other inputs).
func (fl *funcLowerer) nonNilByConstruction(v ssa.Value, visiting map[ssa.Value]bool) bool {
	switch v := v.(type) {
	case *ssa.FreeVar:
		return fl.capturedAlloc(v)
	case *ssa.Phi:
		if visiting[v] {
			return true
		}
		visiting[v] = true
		for _, e := range v.Edges {
			if !staticNonNil(e) && !fl.nonNilByConstruction(e, visiting) {
				return false
			}
		}
		return true
	}
	return staticNonNil(v)
}

// capturedAlloc reports whether every closure of fl.fn binds the free
// variable to a variable's address (how Go captures variables).
func (fl *funcLowerer) capturedAlloc(fv *ssa.FreeVar) bool {
	parent := fl.fn.Parent()
	if parent == nil {
		return false
	}
	k := -1
	for i, f := range fl.fn.FreeVars {
		if f == fv {
			k = i
		}
	}
	found := false
	for _, blk := range parent.Blocks {
		for _, instr := range blk.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fl.fn {
				continue
			}
			if _, ok := mc.Bindings[k].(*ssa.Alloc); !ok {
				return false
			}
			found = true
		}
	}
	return found
}

// nilCheck panics if pointer v (lowered as p) is nil, unless it is known
// not to be.
func (fl *funcLowerer) nilCheck(v ssa.Value, p ir.Value) {
	fl.l.guardNonNil(fl.b, v, func() ir.Value { return fl.b.Bin(ir.OpNe, p, ir.ZeroConst(ir.Ptr)) })
}

// phiCopies assigns the phis of succ for the edge from fl.cur, as a
// parallel copy: through temporaries when a phi reads another phi of succ.
func (fl *funcLowerer) phiCopies(succ *ssa.BasicBlock) {
	pred := -1
	for i, p := range succ.Preds {
		if p == fl.cur {
			pred = i
			break
		}
	}
	var phis []*ssa.Phi
	for _, instr := range succ.Instrs {
		if phi, ok := instr.(*ssa.Phi); ok {
			phis = append(phis, phi)
		}
	}
	if len(phis) == 0 {
		return
	}
	if pred < 0 {
		panic("internal error: phi edge not found")
	}
	isPhi := map[ssa.Value]bool{}
	for _, phi := range phis {
		isPhi[phi] = true
	}
	b := fl.b
	srcs := make([]ir.Value, len(phis))
	tmp := false
	for i, phi := range phis {
		e := phi.Edges[pred]
		if isPhi[e] && e != ssa.Value(phi) {
			tmp = true
		}
		b.Hint = phi.Name()
		srcs[i] = fl.value(e)
	}
	if tmp {
		for i, phi := range phis {
			if _, ok := srcs[i].(*ir.Local); ok {
				b.Hint = phi.Name()
				t := b.Temp(fl.vals[phi].Typ)
				b.move(t, srcs[i])
				srcs[i] = t
			}
		}
	}
	for i, phi := range phis {
		if srcs[i] != ir.Value(fl.vals[phi]) {
			b.move(fl.vals[phi], srcs[i])
		}
	}
}

// jumpTo ends the current block with the phi copies for succ and a jump.
func (fl *funcLowerer) jumpTo(succ *ssa.BasicBlock) {
	fl.phiCopies(succ)
	fl.b.Jmp(fl.blocks[succ.Index])
}

// edge returns the block to branch to for the edge fl.cur -> succ: succ's
// own block, or an edge block with the phi copies.
func (fl *funcLowerer) edge(succ *ssa.BasicBlock) *ir.Block {
	if len(succ.Instrs) == 0 {
		return fl.blocks[succ.Index]
	}
	if _, ok := succ.Instrs[0].(*ssa.Phi); !ok {
		return fl.blocks[succ.Index]
	}
	b := fl.b
	save := b.blk
	e := b.NewBlock("to." + fl.blocks[succ.Index].Name)
	b.SetBlock(e)
	fl.jumpTo(succ)
	b.blk = save
	return e
}
