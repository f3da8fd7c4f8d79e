package sequentialize

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// instr lowers one SSA instruction into the current block.
func (fl *funcLowerer) instr(instr ssa.Instruction) {
	l, b := fl.l, fl.b
	switch in := instr.(type) {
	case *ssa.DebugRef:
	case *ssa.Phi: // assigned at the end of the predecessors
	case *ssa.Alloc:
		alloc := &ir.Instr{Op: ir.OpAlloc, Dst: fl.dst(in), Type: l.Type(deref(in.Type()))}
		if frozenCell(in) {
			alloc.Name = ir.Frozen
		}
		b.Emit(alloc)
		if lit := fl.lits.lits[in]; lit != nil {
			b.Store(alloc.Dst, fl.literal(lit, deref(in.Type())))
		}
	case *ssa.Store:
		if selfStore(in) {
			return
		}
		p := fl.value(in.Addr)
		fl.nilCheck(in.Addr, p)
		fl.access(p, in.Addr, true)
		b.Store(p, fl.value(in.Val))
	case *ssa.UnOp:
		fl.unop(in)
	case *ssa.BinOp:
		fl.binop(in)
	case *ssa.Call:
		l.emitCall(b, in.Common(), fl.callOperands(in.Common()), fl.dst(in))
	case *ssa.ChangeType:
		b.move(fl.dst(in), fl.value(in.X))
	case *ssa.ChangeInterface:
		b.move(fl.dst(in), fl.value(in.X))
	case *ssa.Convert:
		fl.convert(in, in.X, in.Type(), fl.dst(in))
	case *ssa.MultiConvert:
		fl.convert(in, in.X, in.Type(), fl.dst(in))
	case *ssa.MakeInterface:
		b.move(fl.dst(in), l.MakeInterface(b, fl.value(in.X), in.X.Type()))
	case *ssa.TypeAssert:
		fl.typeAssert(in)
	case *ssa.MakeClosure:
		fn := in.Fn.(*ssa.Function)
		env := ir.Value(ir.ZeroConst(ir.Ptr))
		if len(in.Bindings) > 0 {
			var fields []*ir.Type
			var vals []ir.Value
			for _, v := range in.Bindings {
				x := fl.value(v)
				fields, vals = append(fields, x.Type()), append(vals, x)
			}
			t := ir.Struct(fields...)
			// A closure's bindings never change: reading them is no
			// communication between goroutines.
			p := b.Temp(ir.Ptr)
			b.Emit(&ir.Instr{Op: ir.OpAlloc, Dst: p, Type: t, Name: ir.Frozen})
			b.Store(p, b.Make(t, vals...))
			env = p
		}
		b.Assign(fl.dst(in), ir.OpMake, l.boundAt(fn, in.Pos(), fl.fn), env)
	case *ssa.MakeSlice:
		fl.makeSlice(in)
	case *ssa.MakeMap:
		mt := in.Type().Underlying().(*types.Map)
		fl.checkMapKey(mt)
		b.Emit(&ir.Instr{Op: ir.OpMapNew, Dst: fl.dst(in), Type: l.mapKeyType(mt.Key()), Type2: l.Type(mt.Elem())})
	case *ssa.MapUpdate:
		mt := in.Map.Type().Underlying().(*types.Map)
		fl.checkMapKey(mt)
		m := fl.value(in.Map)
		if !fl.knownNonNil(in.Map) {
			b.PanicUnless(b.Bin(ir.OpNe, m, ir.ZeroConst(ir.Ptr)), msgNilMap)
			fl.nonnil[in.Map] = append(fl.nonnil[in.Map], fl.cur)
		}
		k := l.mapKey(b, mt.Key(), fl.value(in.Key))
		fl.access(m, in.Map, true)
		b.Emit(&ir.Instr{Op: ir.OpMapSet, Args: []ir.Value{m, k, fl.value(in.Value)}})
	case *ssa.Lookup:
		fl.lookup(in)
	case *ssa.IndexAddr:
		fl.indexAddr(in)
	case *ssa.Index:
		fl.index(in)
	case *ssa.FieldAddr:
		p := fl.value(in.X)
		fl.nilCheck(in.X, p)
		b.Emit(&ir.Instr{Op: ir.OpField, Dst: fl.dst(in), Args: []ir.Value{p}, Index: in.Field})
	case *ssa.Field:
		b.Emit(&ir.Instr{Op: ir.OpExtract, Dst: fl.dst(in), Args: []ir.Value{fl.value(in.X)}, Index: in.Field})
	case *ssa.Slice:
		fl.slice(in)
	case *ssa.SliceToArrayPointer:
		fl.sliceToArrayPointer(in)
	case *ssa.Extract:
		b.Emit(&ir.Instr{Op: ir.OpExtract, Dst: fl.dst(in), Args: []ir.Value{fl.value(in.Tuple)}, Index: in.Index})
	case *ssa.Range:
		fl.rangeIter(in)
	case *ssa.Next:
		fl.next(in)
	case *ssa.If:
		c := fl.value(in.Cond)
		s := fl.cur.Succs
		if exit, ok := fl.rejectionExit(); ok {
			// known c, or c leaves the loop
			leave := b.Bin(ir.OpEq, c, ir.BoolConst(exit == 0))
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpOr, b.Op(ir.OpKnown, ir.Bool, c), leave)}})
		}
		b.Br(c, fl.edge(s[0]), fl.edge(s[1]))
	case *ssa.Jump:
		fl.jumpTo(fl.cur.Succs[0])
	case *ssa.Return:
		switch len(in.Results) {
		case 0:
			b.Ret(nil)
		case 1:
			r := fl.value(in.Results[0])
			if fl.drawLabel != "" {
				r = fl.unknownStateDraw(fl.drawLabel, r)
			}
			b.Ret(r)
		default:
			vals := make([]ir.Value, len(in.Results))
			for i, r := range in.Results {
				vals[i] = fl.value(r)
			}
			b.Ret(b.Make(fl.f.Result, vals...))
		}
	case *ssa.Panic:
		fl.goPanic(b, in.X, fl.value(in.X))
	case *ssa.Defer:
		fl.lowerDefer(in)
	case *ssa.RunDefers:
		fl.runDefers(b)
		b.CheckPanicking()
	case *ssa.Go:
		fl.conc("go statement", func(c concurrencyLowering) error { return c.Go(b, in) })
	case *ssa.Send:
		fl.conc("channel send", func(c concurrencyLowering) error { return c.Send(b, in) })
	case *ssa.Select:
		fl.concValue(in, "select statement", func(c concurrencyLowering) (ir.Value, error) { return c.Select(b, in) })
	case *ssa.MakeChan:
		fl.concValue(in, "make(chan)", func(c concurrencyLowering) (ir.Value, error) { return c.MakeChan(b, in) })
	default:
		unsupported(b.Pos, "the SSA instruction %T (%s)", instr, instr)
	}
}

func (fl *funcLowerer) unop(in *ssa.UnOp) {
	b, d := fl.b, fl.dst(in)
	switch in.Op {
	case token.MUL:
		p := fl.value(in.X)
		fl.nilCheck(in.X, p)
		fl.access(p, in.X, false)
		b.Assign(d, ir.OpLoad, p)
	case token.ARROW:
		fl.concValue(in, "channel receive", func(c concurrencyLowering) (ir.Value, error) { return c.Recv(b, in) })
	case token.SUB:
		if isComplex(in.X.Type()) {
			b.move(d, b.complexNeg(fl.value(in.X)))
			return
		}
		b.Assign(d, ir.OpNeg, fl.value(in.X))
	case token.NOT, token.XOR:
		b.Assign(d, ir.OpNot, fl.value(in.X))
	default:
		unsupported(b.Pos, "the unary operator %s", in.Op)
	}
}

var binops = map[token.Token]ir.Op{
	token.ADD: ir.OpAdd, token.SUB: ir.OpSub, token.MUL: ir.OpMul, token.QUO: ir.OpDiv,
	token.REM: ir.OpRem, token.AND: ir.OpAnd, token.OR: ir.OpOr, token.XOR: ir.OpXor,
	token.AND_NOT: ir.OpAndNot, token.SHL: ir.OpShl, token.SHR: ir.OpShr,
	token.LSS: ir.OpLt, token.LEQ: ir.OpLe, token.GTR: ir.OpGt, token.GEQ: ir.OpGe,
}

func (fl *funcLowerer) binop(in *ssa.BinOp) {
	b, d := fl.b, fl.dst(in)
	x, y := fl.value(in.X), fl.value(in.Y)
	switch in.Op {
	case token.EQL, token.NEQ:
		eq := fl.l.equal(b, in.X.Type(), x, y)
		if in.Op == token.NEQ {
			eq = b.negate(eq)
		}
		b.move(d, eq)
		return
	}
	op, ok := binops[in.Op]
	if !ok {
		unsupported(b.Pos, "the binary operator %s", in.Op)
	}
	if isComplex(in.X.Type()) {
		b.move(d, b.complexBin(op, x, y))
		return
	}
	switch in.Op {
	case token.QUO, token.REM:
		if x.Type().Kind == ir.KindInt && !isNonZeroConst(y) {
			b.PanicUnless(b.Bin(ir.OpNe, y, ir.ZeroConst(y.Type())), msgDivide)
		}
	case token.SHL, token.SHR:
		if _, isConst := y.(*ir.Const); isSigned(y.Type()) && !isConst {
			b.PanicUnless(b.Bin(ir.OpGe, y, ir.ZeroConst(y.Type())), msgShift, y)
		}
	}
	b.Assign(d, op, x, y)
}

func isNonZeroConst(v ir.Value) bool {
	c, ok := v.(*ir.Const)
	return ok && !c.Zero && c.Bits != 0
}

// equal returns x == y for Go values of type t.
func (l *lowerer) equal(b *builder, t types.Type, x, y ir.Value) ir.Value {
	isNil := func(v ir.Value) bool { c, ok := v.(*ir.Const); return ok && c.Zero }
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Signature: // only comparable with nil
		if isNil(x) {
			x, y = y, x
		}
		k := ir.Value(b.Extract(x, 0))
		return b.Bin(ir.OpEq, k, ir.ZeroConst(k.Type()))
	case *types.Interface:
		if isNil(x) {
			x, y = y, x
		}
		if isNil(y) {
			return b.Bin(ir.OpEq, b.Extract(x, 0), ir.IntConst(ir.I64, 0))
		}
		r := b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), x, y)
		b.CheckHelperPanic()
		return r
	case *types.Basic:
		if isComplex(u) {
			return b.complexEqual(x, y)
		}
	case *types.Struct, *types.Array:
		r := b.Call(ir.Bool, l.eqFunc(t), x, y)
		if containsInterface(u) {
			b.CheckHelperPanic()
		}
		return r
	}
	return b.Bin(ir.OpEq, x, y)
}

// checkMapKey rejects map types kiss cannot key faithfully (see
// lower_mapkey.go).
func (fl *funcLowerer) checkMapKey(mt *types.Map) {
	if !isInterface(mt.Key()) && containsInterface(mt.Key()) {
		unsupported(fl.b.Pos, "maps with keys that hold interfaces (%s)", typeName(mt))
	}
}

func (fl *funcLowerer) makeSlice(in *ssa.MakeSlice) {
	b := fl.b
	n, c := b.Conv(fl.value(in.Len), ir.I64), b.Conv(fl.value(in.Cap), ir.I64)
	if !isNonNegConst(n) {
		b.PanicUnless(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), "runtime error: makeslice: len out of range", n)
	}
	if c != n {
		b.PanicUnless(b.Bin(ir.OpLe, n, c), "runtime error: makeslice: cap out of range", n, c)
	}
	elem := fl.l.Type(in.Type().Underlying().(*types.Slice).Elem())
	arr := b.Alloc(elem, c)
	b.Assign(fl.dst(in), ir.OpMake, arr, ir.IntConst(ir.I64, 0), n, c)
}

func isNonNegConst(v ir.Value) bool {
	c, ok := v.(*ir.Const)
	return ok && c.Typ.Kind == ir.KindInt && (c.Zero || c.Int64() >= 0)
}

// inBounds checks 0 <= i < n (n an i64 >= 0) and returns i as an i64.
func (fl *funcLowerer) inBounds(i, n ir.Value) ir.Value {
	b := fl.b
	ci, iconst := i.(*ir.Const)
	cn, nconst := n.(*ir.Const)
	if iconst && nconst {
		if v := ci.Int64(); v >= 0 && !(ci.Typ.Signed == false && ci.Bits > 1<<62) && v < cn.Int64() {
			return ir.IntConst(ir.I64, v)
		}
	}
	ok := b.Bin(ir.OpLt, b.Conv(i, ir.U64), b.Conv(n, ir.U64))
	b.PanicUnless(ok, msgIndex, i, n)
	return b.Conv(i, ir.I64)
}

func (fl *funcLowerer) indexAddr(in *ssa.IndexAddr) {
	b, d := fl.b, fl.dst(in)
	x := fl.value(in.X)
	i := fl.value(in.Index)
	switch u := in.X.Type().Underlying().(type) {
	case *types.Slice:
		j := fl.inBounds(i, b.Extract(x, 2))
		b.Assign(d, ir.OpIndex, b.Extract(x, 0), b.Bin(ir.OpAdd, b.Extract(x, 1), j))
	case *types.Pointer: // *[n]T
		fl.nilCheck(in.X, x)
		n := u.Elem().Underlying().(*types.Array).Len()
		b.Assign(d, ir.OpIndex, x, fl.inBounds(i, ir.IntConst(ir.I64, n)))
	default:
		unsupported(b.Pos, "indexing a %s", in.X.Type())
	}
}

func (fl *funcLowerer) index(in *ssa.Index) {
	b, d := fl.b, fl.dst(in)
	x, i := fl.value(in.X), fl.value(in.Index)
	switch u := in.X.Type().Underlying().(type) {
	case *types.Array:
		b.Assign(d, ir.OpElem, x, fl.inBounds(i, ir.IntConst(ir.I64, u.Len())))
	case *types.Basic: // string
		b.Assign(d, ir.OpStrIndex, x, fl.inBounds(i, b.Op(ir.OpStrLen, ir.I64, x)))
	default:
		unsupported(b.Pos, "indexing a %s", in.X.Type())
	}
}

func (fl *funcLowerer) lookup(in *ssa.Lookup) {
	b, d := fl.b, fl.dst(in)
	x, k := fl.value(in.X), fl.value(in.Index)
	if _, ok := in.X.Type().Underlying().(*types.Map); !ok { // string (older SSA)
		b.Assign(d, ir.OpStrIndex, x, fl.inBounds(k, b.Op(ir.OpStrLen, ir.I64, x)))
		return
	}
	mt := in.X.Type().Underlying().(*types.Map)
	fl.checkMapKey(mt)
	k = fl.l.mapKey(b, mt.Key(), k)
	fl.access(x, in.X, false)
	if in.CommaOk {
		b.Assign(d, ir.OpMapGet, x, k)
		return
	}
	r := b.Op(ir.OpMapGet, ir.Struct(d.Typ, ir.Bool), x, k)
	b.Assign(d, ir.OpExtract, r) // field 0: the value
}

// slice lowers s[lo:hi:max] of a slice, a string or a pointer to an array.
func (fl *funcLowerer) slice(in *ssa.Slice) {
	b, d := fl.b, fl.dst(in)
	x := fl.value(in.X)
	opt := func(v ssa.Value, def ir.Value) ir.Value {
		if v == nil {
			return def
		}
		return b.Conv(fl.value(v), ir.I64)
	}
	zero := ir.IntConst(ir.I64, 0)
	// ordered checks lo <= hi <= max <= cap as unsigned comparisons: a
	// negative bound is huge and fails against the last, non-negative one.
	ordered := func(vs ...ir.Value) {
		ok := ir.Value(ir.BoolConst(true))
		for k := 0; k+1 < len(vs); k++ {
			if vs[k] == zero || vs[k] == vs[k+1] {
				continue
			}
			ok = b.And(ok, b.Bin(ir.OpLe, b.Conv(vs[k], ir.U64), b.Conv(vs[k+1], ir.U64)))
		}
		b.PanicUnless(ok, msgSlice, vs...)
	}
	switch u := in.X.Type().Underlying().(type) {
	case *types.Basic: // string
		n := b.Op(ir.OpStrLen, ir.I64, x)
		lo, hi := opt(in.Low, zero), opt(in.High, n)
		ordered(lo, hi, n)
		b.Assign(d, ir.OpSubstr, x, lo, hi)
	case *types.Slice:
		c := b.Extract(x, 3)
		lo, hi := opt(in.Low, zero), opt(in.High, b.Extract(x, 2))
		max := opt(in.Max, c)
		ordered(lo, hi, max, c)
		fl.makeSliceValue(d, b.Extract(x, 0), b.Bin(ir.OpAdd, b.Extract(x, 1), lo), lo, hi, max)
	case *types.Pointer: // *[n]T
		fl.nilCheck(in.X, x)
		n := ir.IntConst(ir.I64, u.Elem().Underlying().(*types.Array).Len())
		lo, hi, max := opt(in.Low, zero), opt(in.High, n), opt(in.Max, n)
		ordered(lo, hi, max, n)
		fl.makeSliceValue(d, x, lo, lo, hi, max)
	default:
		unsupported(b.Pos, "slicing a %s", in.X.Type())
	}
}

// makeSliceValue assigns d = {base, off, hi-lo, max-lo}.
func (fl *funcLowerer) makeSliceValue(d *ir.Local, base, off, lo, hi, max ir.Value) {
	b := fl.b
	sub := func(x, y ir.Value) ir.Value {
		if c, ok := y.(*ir.Const); ok && c.Int64() == 0 {
			return x
		}
		return b.Bin(ir.OpSub, x, y)
	}
	b.Assign(d, ir.OpMake, base, off, sub(hi, lo), sub(max, lo))
}

// sliceToArrayPointer lowers (*[N]T)(s). The pointer must point to an array
// of N elements; kiss has one when s covers its whole backing array, and
// copies when the pointer is only loaded ([N]T(s)); otherwise it cuts the
// path (an IR pointer cannot view part of an array as an array).
func (fl *funcLowerer) sliceToArrayPointer(in *ssa.SliceToArrayPointer) {
	b, d := fl.b, fl.dst(in)
	s := fl.value(in.X)
	at := deref(in.Type()).Underlying().(*types.Array)
	n := ir.IntConst(ir.I64, at.Len())
	ln := b.Extract(s, 2)
	b.PanicUnless(b.Bin(ir.OpGe, ln, n),
		"runtime error: cannot convert slice to array or pointer to array (length too short)", ln, n)
	base := b.Extract(s, 0)
	if at.Len() == 0 {
		b.move(d, base)
		return
	}
	onlyLoaded := true
	for _, r := range *in.Referrers() {
		if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
			onlyLoaded = false
		}
	}
	whole := b.And(b.Bin(ir.OpEq, b.Extract(s, 1), ir.IntConst(ir.I64, 0)), b.Bin(ir.OpEq, b.Extract(s, 3), n))
	_, other := b.If(whole, "whole")
	join := b.NewBlock("join")
	b.move(d, base)
	b.Jmp(join)
	b.SetBlock(other)
	if onlyLoaded {
		et := fl.l.Type(at.Elem())
		arr := b.Alloc(et, n)
		dst := b.Make(fl.l.tSlice, arr, ir.IntConst(ir.I64, 0), n, n)
		b.Call(ir.I64, fl.l.copyFunc(et), dst, s)
		b.move(d, arr)
		b.Jmp(join)
	} else {
		b.Emit(&ir.Instr{Op: ir.OpCut, Name: "unsupported", Msg: "a pointer to an array made from part of a slice, used other than by loading it"})
	}
	b.SetBlock(join)
}

// conc runs a concurrencyLowering hook, or fails without one.
func (fl *funcLowerer) conc(what string, f func(concurrencyLowering) error) {
	if fl.l.Conc == nil {
		fail(errUnsupportedConc(what, fl.b.Pos))
	}
	if err := f(fl.l.Conc); err != nil {
		fail(err)
	}
}

// concValue is conc for a construct with a value.
func (fl *funcLowerer) concValue(v ssa.Value, what string, f func(concurrencyLowering) (ir.Value, error)) {
	fl.conc(what, func(c concurrencyLowering) error {
		r, err := f(c)
		if err == nil && r != nil && fl.dst(v) != nil {
			fl.b.move(fl.dst(v), r)
		}
		return err
	})
}

// access reports a memory access of the Go code to lowerOptions.Access.
func (fl *funcLowerer) access(p ir.Value, addr ssa.Value, write bool) {
	if fl.l.opts.Access != nil {
		fl.l.opts.Access(fl.b, p, addr, write)
	}
}

// frozenCell reports whether a variable's cell is frozen (ir.Frozen): the
// closures that capture it only read it, the function that declares it
// only reads it, stores to it, or captures it, and no store can run once a
// closure has captured it (none is reachable from a capture). Every write
// then happens before another goroutine can see the cell.
func frozenCell(a *ssa.Alloc) bool {
	if !a.Heap {
		return false
	}
	var stores []*ssa.Store
	var captures []*ssa.MakeClosure
	for _, r := range *a.Referrers() {
		if onlyReads(r) {
			continue
		}
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || r.Val == a {
				return false
			}
			stores = append(stores, r)
		case *ssa.MakeClosure:
			fn, ok := r.Fn.(*ssa.Function)
			if !ok {
				return false
			}
			for i, v := range r.Bindings {
				if v != a {
					continue
				}
				for _, u := range *fn.FreeVars[i].Referrers() {
					if !onlyReads(u) {
						return false
					}
				}
			}
			captures = append(captures, r)
		default:
			return false
		}
	}
	if len(captures) == 0 {
		return false
	}
	for _, m := range captures {
		if storeAfter(m, stores) {
			return false
		}
	}
	return true
}

// onlyReads reports whether instruction r, using a variable's cell, only
// reads it (a load, or a debug reference).
func onlyReads(r ssa.Instruction) bool {
	switch r := r.(type) {
	case *ssa.DebugRef:
		return true
	case *ssa.UnOp:
		return r.Op == token.MUL
	}
	return false
}

// storeAfter reports whether one of stores can run after m: later in m's
// block, or in a block reachable from it.
func storeAfter(m ssa.Instruction, stores []*ssa.Store) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), m.Block().Succs...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	for _, s := range stores {
		if seen[s.Block()] {
			return true
		}
		if s.Block() == m.Block() && slices.Index(m.Block().Instrs, ssa.Instruction(s)) > slices.Index(m.Block().Instrs, m) {
			return true
		}
	}
	return false
}

// selfStore reports whether st stores back what was just loaded from its
// address, with only loads between: go/ssa makes `return x` of a named
// result x such a pair (x = x), which Go's compiler drops, so the race
// detector sees no write there (concurrent-map's snapshot, whose
// goroutines read the named result while it returns: a false race).
func selfStore(st *ssa.Store) bool {
	ld, ok := st.Val.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.X != st.Addr || ld.Block() != st.Block() {
		return false
	}
	instrs := st.Block().Instrs
	between := false
	for _, in := range instrs {
		switch {
		case in == ssa.Instruction(ld):
			between = true
		case in == ssa.Instruction(st):
			return between
		case between:
			if u, ok := in.(*ssa.UnOp); !ok || u.Op != token.MUL {
				if _, ok := in.(*ssa.Store); !ok || !selfStore(in.(*ssa.Store)) {
					return false
				}
			}
		}
	}
	return false
}
