package sequentialize

import (
	"fmt"
	"strconv"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// builder emits IR into one function, one block at a time. The lowering of
// a Go function, the generated helpers and the hooks (externFunc,
// concurrencyLowering) all emit through it, so that panics, positions and
// temporaries follow one convention.
type builder struct {
	l   *lowerer
	Fn  *ir.Func
	blk *ir.Block

	// Pos is the Go position given to the instructions that can fail or
	// that a user sees (calls, loads, stores, traces...).
	Pos string
	// Hint names the temporaries: "<Hint>.<n>" (the SSA value being lowered).
	Hint string

	fl     *funcLowerer       // the Go function being lowered; nil for helpers
	names  map[string]bool    // local and label names in use
	suffix map[string]int     // key+name -> the suffix uniq last gave it
	temps  map[*ir.Local]bool // temporaries not used as an operand yet
	ntemp  int
	label  string           // base of new block labels
	unwind func() *ir.Block // where a panic goes: the frame's unwind code
	// noCheck: calls are not followed by the panicking check (defer
	// runners keep running deferred calls whatever happens).
	noCheck bool
	// silent: a runtime panic is not traced here but at the call site
	// (CheckHelperPanic), which knows the Go position (generated helpers).
	silent bool
}

func newBuilder(l *lowerer, f *ir.Func) *builder {
	b := &builder{l: l, Fn: f, names: map[string]bool{}, temps: map[*ir.Local]bool{}, label: "b", Hint: "t"}
	for _, loc := range f.Locals {
		b.names[loc.Name] = true
	}
	for _, blk := range f.Blocks {
		b.names["label:"+blk.Name] = true
	}
	b.unwind = func() *ir.Block {
		// A generated function has no defers: a panic returns at once, the
		// caller sees @rt.panicking.
		blk := b.NewBlock("unwind")
		save := b.blk
		b.SetBlock(blk)
		b.RetZero()
		b.blk = save
		b.unwind = func() *ir.Block { return blk }
		return blk
	}
	return b
}

// lowerer returns the lowerer the builder belongs to.
func (b *builder) Lowerer() *lowerer { return b.l }

// Block returns the block being filled.
func (b *builder) Block() *ir.Block { return b.blk }

// uniq returns name, or name with the least numeric suffix unused in the
// function. The search starts at the suffix it last gave name: the names
// below it are all in use (a late function's thousands of "case" blocks
// made it quadratic).
func (b *builder) uniq(key, name string) string {
	if b.suffix == nil {
		b.suffix = map[string]int{}
	}
	for i := max(b.suffix[key+name], 1); ; i++ {
		n := name
		if i > 1 {
			n = name + "_" + strconv.Itoa(i)
		}
		if !b.names[key+n] {
			b.names[key+n] = true
			b.suffix[key+name] = i
			return n
		}
	}
}

// Local adds a local named after name (made unique).
func (b *builder) Local(name string, t *ir.Type) *ir.Local {
	if name == "" {
		name = "v"
	}
	return b.Fn.NewLocal(b.uniq("", name), t)
}

// Temp adds a temporary local named after the current hint.
func (b *builder) Temp(t *ir.Type) *ir.Local {
	for {
		b.ntemp++
		n := b.Hint + "." + strconv.Itoa(b.ntemp)
		if !b.names[n] {
			b.names[n] = true
			loc := b.Fn.NewLocal(n, t)
			b.temps[loc] = true
			return loc
		}
	}
}

// NewBlock makes a block labelled after the current SSA block and hint. It
// joins the function (and gets its place in the dump) when SetBlock first
// selects it, so blocks appear in the order they are filled.
func (b *builder) NewBlock(hint string) *ir.Block {
	name := hint
	if b.label != "" {
		name = b.label + "." + hint
	}
	return &ir.Block{Name: b.uniq("label:", name), Index: -1}
}

// SetBlock makes blk the block being filled.
func (b *builder) SetBlock(blk *ir.Block) {
	if blk.Index < 0 {
		blk.Index = len(b.Fn.Blocks)
		b.Fn.Blocks = append(b.Fn.Blocks, blk)
	}
	b.blk = blk
}

// Terminated reports whether the current block already ends in a terminator.
func (b *builder) Terminated() bool {
	n := len(b.blk.Instrs)
	return n > 0 && b.blk.Instrs[n-1].Op.IsTerminator()
}

// positioned ops carry the Go position: they can fail, or a user sees them.
var positioned = map[ir.Op]bool{
	ir.OpLoad: true, ir.OpStore: true, ir.OpField: true, ir.OpIndex: true, ir.OpElem: true,
	ir.OpCall: true, ir.OpDiv: true, ir.OpRem: true, ir.OpTrace: true, ir.OpAssert: true,
	ir.OpMapSet: true, ir.OpMapDel: true, ir.OpStrIndex: true, ir.OpSubstr: true,
	ir.OpStrFromBytes: true, ir.OpRuneDecode: true, ir.OpAlloc: true, ir.OpCoCreate: true,
	ir.OpObserve: true, ir.OpNondet: true, // a nondet is an input: say where it comes from
	ir.OpPtrCast: true, ir.OpArrayOf: true, ir.OpStrView: true, ir.OpStrData: true, // unsafe: may cut
	ir.OpBr: true, // a loop cut by -unroll: say which
}

// Emit appends in to the current block.
func (b *builder) Emit(in *ir.Instr) *ir.Instr {
	if b.blk == nil || b.Terminated() {
		panic(fmt.Sprintf("internal error: emitting %s after a terminator", in.Op))
	}
	if in.Pos == "" && positioned[in.Op] {
		in.Pos = b.Pos
	}
	for _, a := range in.Args {
		if loc, ok := a.(*ir.Local); ok {
			delete(b.temps, loc)
		}
	}
	return b.blk.Add(in)
}

// Op emits `%tmp = op args...` with a new temporary of type t and returns it.
func (b *builder) Op(op ir.Op, t *ir.Type, args ...ir.Value) *ir.Local {
	d := b.Temp(t)
	b.Emit(&ir.Instr{Op: op, Dst: d, Args: args})
	return d
}

// Assign emits `dst = op args...`.
func (b *builder) Assign(dst *ir.Local, op ir.Op, args ...ir.Value) {
	b.Emit(&ir.Instr{Op: op, Dst: dst, Args: args})
}

// Copy emits `dst = copy v`.
func (b *builder) Copy(dst *ir.Local, v ir.Value) { b.Assign(dst, ir.OpCopy, v) }

// move is Copy for a v the caller is done with: when v is a temporary just
// computed and not used yet, the computation assigns dst instead and v goes
// away (which keeps the dump free of copies).
func (b *builder) move(dst *ir.Local, v ir.Value) {
	if last := b.fresh(v); last != nil && ir.Identical(dst.Typ, last.Dst.Typ) {
		b.dropTemp(last.Dst)
		last.Dst = dst
		return
	}
	b.Assign(dst, ir.OpCopy, v)
}

// fresh returns the instruction that just computed v, if v is a temporary
// nothing uses yet.
func (b *builder) fresh(v ir.Value) *ir.Instr {
	loc, ok := v.(*ir.Local)
	if !ok || !b.temps[loc] || b.blk == nil || len(b.blk.Instrs) == 0 {
		return nil
	}
	if last := b.blk.Instrs[len(b.blk.Instrs)-1]; last.Dst == loc {
		return last
	}
	return nil
}

// dropTemp removes an unused temporary from the function.
func (b *builder) dropTemp(loc *ir.Local) {
	delete(b.temps, loc)
	ls := b.Fn.Locals
	for i := loc.Index; i+1 < len(ls); i++ {
		ls[i] = ls[i+1]
		ls[i].Index = i
	}
	b.Fn.Locals = ls[:len(ls)-1]
}

// Bin emits a binary operation; comparisons yield bool. Comparisons of
// integer constants and and/or with a boolean constant fold.
func (b *builder) Bin(op ir.Op, x, y ir.Value) ir.Value {
	if v := fold(op, x, y); v != nil {
		return v
	}
	t := x.Type()
	if op.IsComparison() {
		t = ir.Bool
	}
	return b.Op(op, t, x, y)
}

// fold evaluates op on constants where that is simple, or returns nil.
func fold(op ir.Op, x, y ir.Value) ir.Value {
	cx, okx := x.(*ir.Const)
	cy, oky := y.(*ir.Const)
	if (op == ir.OpAnd || op == ir.OpOr) && x.Type().Kind == ir.KindBool {
		if okx {
			x, y, cx, cy, oky = y, x, cy, cx, okx
		}
		if oky {
			if (cy.Bits == 1) == (op == ir.OpAnd) {
				return x // x && true, x || false
			}
			return cy // x && false, x || true
		}
		return nil
	}
	if !okx || !oky || !op.IsComparison() || cx.Typ.Kind != ir.KindInt || !ir.Identical(cx.Typ, cy.Typ) {
		return nil
	}
	var less, eq bool
	if cx.Typ.Signed {
		less, eq = cx.Int64() < cy.Int64(), cx.Int64() == cy.Int64()
	} else {
		less, eq = cx.Bits < cy.Bits, cx.Bits == cy.Bits
	}
	switch op {
	case ir.OpEq:
		return ir.BoolConst(eq)
	case ir.OpNe:
		return ir.BoolConst(!eq)
	case ir.OpLt:
		return ir.BoolConst(less)
	case ir.OpLe:
		return ir.BoolConst(less || eq)
	case ir.OpGt:
		return ir.BoolConst(!less && !eq)
	case ir.OpGe:
		return ir.BoolConst(!less)
	}
	return nil
}

// Not emits a logical or bitwise not.
func (b *builder) Not(x ir.Value) ir.Value {
	if c, ok := x.(*ir.Const); ok && c.Typ.Kind == ir.KindBool {
		return ir.BoolConst(c.Bits == 0)
	}
	return b.Op(ir.OpNot, x.Type(), x)
}

// negate is Not for an x the caller is done with: a fresh eq or ne turns
// into the other.
func (b *builder) negate(x ir.Value) ir.Value {
	if last := b.fresh(x); last != nil && (last.Op == ir.OpEq || last.Op == ir.OpNe) {
		last.Op = ir.OpEq + ir.OpNe - last.Op
		return x
	}
	return b.Not(x)
}

// And emits x && y (both evaluated), folding constants.
func (b *builder) And(x, y ir.Value) ir.Value {
	if isTrue(x) {
		return y
	}
	if isTrue(y) {
		return x
	}
	return b.Bin(ir.OpAnd, x, y)
}

func isTrue(v ir.Value) bool {
	c, ok := v.(*ir.Const)
	return ok && c.Typ.Kind == ir.KindBool && c.Bits == 1
}

// Conv converts an integer or float to t (no-op when already t).
func (b *builder) Conv(x ir.Value, t *ir.Type) ir.Value {
	if ir.Identical(x.Type(), t) {
		return x
	}
	if c, ok := x.(*ir.Const); ok && c.Typ.Kind == ir.KindInt && t.Kind == ir.KindInt {
		return ir.IntConst(t, c.Int64())
	}
	return b.Op(ir.OpConv, t, x)
}

// Load emits a load of a value of type t.
func (b *builder) Load(t *ir.Type, p ir.Value) *ir.Local { return b.Op(ir.OpLoad, t, p) }

// Store emits `store p, v`.
func (b *builder) Store(p, v ir.Value) { b.Emit(&ir.Instr{Op: ir.OpStore, Args: []ir.Value{p, v}}) }

// Field emits a pointer to field k of the struct p points to.
func (b *builder) Field(p ir.Value, k int) *ir.Local {
	d := b.Temp(ir.Ptr)
	b.Emit(&ir.Instr{Op: ir.OpField, Dst: d, Args: []ir.Value{p}, Index: k})
	return d
}

// Index emits a pointer to element i of the array p points to.
func (b *builder) Index(p, i ir.Value) *ir.Local { return b.Op(ir.OpIndex, ir.Ptr, p, i) }

// Extract emits field k of a struct value (element k of an array value).
func (b *builder) Extract(v ir.Value, k int) *ir.Local {
	t := v.Type()
	var ft *ir.Type
	if t.Kind == ir.KindArray {
		ft = t.Elem
	} else {
		ft = t.Fields[k]
	}
	d := b.Temp(ft)
	b.Emit(&ir.Instr{Op: ir.OpExtract, Dst: d, Args: []ir.Value{v}, Index: k})
	return d
}

// Make emits an aggregate of type t from its fields or elements.
func (b *builder) Make(t *ir.Type, vals ...ir.Value) *ir.Local { return b.Op(ir.OpMake, t, vals...) }

// Alloc emits a new zeroed object holding a t (or n of them, if n != nil).
func (b *builder) Alloc(t *ir.Type, n ir.Value) *ir.Local {
	d := b.Temp(ir.Ptr)
	in := &ir.Instr{Op: ir.OpAlloc, Dst: d, Type: t}
	if n != nil {
		in.Args = []ir.Value{n}
	}
	b.Emit(in)
	return d
}

// Call emits a call; res is the result type (nil: none) and dst may be nil.
func (b *builder) Call(res *ir.Type, f ir.Value, args ...ir.Value) *ir.Local {
	var d *ir.Local
	if res != nil {
		d = b.Temp(res)
	}
	b.CallTo(d, f, args...)
	return d
}

// CallTo emits `[dst =] call f(args...)`.
func (b *builder) CallTo(dst *ir.Local, f ir.Value, args ...ir.Value) {
	b.Emit(&ir.Instr{Op: ir.OpCall, Dst: dst, Args: append([]ir.Value{f}, args...)})
}

// Trace emits `trace name, args...` at b.Pos.
func (b *builder) Trace(name string, args ...ir.Value) {
	b.Emit(&ir.Instr{Op: ir.OpTrace, Name: name, Args: args})
}

// Jmp ends the block with a jump.
func (b *builder) Jmp(to *ir.Block) { b.Emit(&ir.Instr{Op: ir.OpJmp, Targets: []*ir.Block{to}}) }

// Br ends the block with a conditional branch.
func (b *builder) Br(c ir.Value, then, els *ir.Block) {
	b.Emit(&ir.Instr{Op: ir.OpBr, Args: []ir.Value{c}, Targets: []*ir.Block{then, els}})
}

// Ret ends the block with a return (v may be nil).
func (b *builder) Ret(v ir.Value) {
	in := &ir.Instr{Op: ir.OpRet}
	if v != nil {
		in.Args = []ir.Value{v}
	}
	b.Emit(in)
}

// RetZero returns the zero value of the function's result.
func (b *builder) RetZero() {
	if b.Fn.Result == nil {
		b.Ret(nil)
		return
	}
	b.Ret(ir.ZeroConst(b.Fn.Result))
}

// If branches on c and continues in the new "then" block; the caller ends
// it and goes on with the returned "else" block.
func (b *builder) If(c ir.Value, hint string) (then, els *ir.Block) {
	then, els = b.NewBlock(hint), b.NewBlock(hint+".else")
	b.Br(c, then, els)
	b.SetBlock(then)
	return then, els
}

// Value lowers an SSA operand of the Go function being lowered.
func (b *builder) Value(v ssa.Value) ir.Value {
	if b.fl == nil {
		panic("internal error: Builder.Value outside a Go function")
	}
	return b.fl.value(v)
}

// Unwind returns the block a panic in this frame jumps to.
func (b *builder) Unwind() *ir.Block { return b.unwind() }

// emitted runs emit and returns the instructions it added to b's function.
func (b *builder) emitted(emit func()) map[*ir.Instr]bool {
	blk, n, blocks := b.blk, len(b.blk.Instrs), len(b.Fn.Blocks)
	emit()
	out := map[*ir.Instr]bool{}
	for _, in := range blk.Instrs[n:] {
		out[in] = true
	}
	for _, bb := range b.Fn.Blocks[blocks:] {
		for _, in := range bb.Instrs {
			out[in] = true
		}
	}
	return out
}
