package sequentialize

import (
	"go/constant"
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// concLowering lowers go statements, channels and select into calls of the
// runtime (runtime.ir) and of the channel models (summaries/models/chan.ir).
// Values cross channels boxed: a send allocates an object holding the
// value, a receive loads it (a nil box is the zero value).
type concLowering struct {
	rt       *runtimeProg
	wrappers map[string]*ir.Func // goroutine entry wrappers by signature
	rootName string              // what t.Name() returns
	lib      *libLowering        // the errors/fmt models' state

	gLoop       *ir.Global
	ctxID       int64            // kiss's context type, once registered
	deadlineM   *types.Func      // context.Context's Deadline, once kiss's context type is registered
	rtypeIDs    map[string]int64 // kiss's *reflect.rtype and *internal/reflectlite.rtype, once registered
	propagate   *ir.Func         // the goroutine watching a foreign parent context
	libinit     *ir.Func         // filled by libInit once the program is lowered
	timeValueFn *ir.Func         // what timers' and tickers' C receive (timeValue), once made

	// subtestSpawns are the instructions that start subtests (t.Run): the
	// parent waits for the subtest, so it is a second goroutine only once
	// something can call t.Parallel.
	subtestSpawns map[*ir.Instr]bool
	// watcherSpawns start the goroutine that watches a parent context of
	// another type than kiss's: they count only if there can be such a
	// parent (ctxKeys are its Done and Err).
	watcherSpawns map[*ir.Instr]bool
	ctxKeys       [2]methodKey
	// epilogue are the instructions that end a test as tRunner does
	// (endTest).
	epilogue map[*ir.Instr]bool
}

func (c *concLowering) fn(name string) *ir.Func { return c.rt.fn(name) }

// visible emits the scheduling point before a visible operation of the
// running goroutine and its "op" trace event.
func (c *concLowering) visible(b *builder, op string, obj ir.Value) {
	b.CallTo(nil, c.fn("rt.yield"))
	c.traceOp(b, op, obj)
}

// traceOp emits the "op" trace event of the running goroutine's operation
// op on obj (nil: none) at the builder's position.
func (c *concLowering) traceOp(b *builder, op string, obj ir.Value) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	if obj == nil {
		obj = ir.ZeroConst(ir.Ptr)
	}
	b.Trace(EventOp, g, ir.StringConst(op), obj, ir.StringConst(b.Pos))
}

// Go lowers `go f(args)`: the operands are evaluated by the spawning
// goroutine, the new goroutine is a coroutine running a wrapper that calls
// f, reports an unrecovered panic and marks the goroutine exited.
func (c *concLowering) Go(b *builder, instr *ssa.Go) error {
	ops := b.CallOperands(&instr.Call)
	if bi, ok := instr.Call.Value.(*ssa.Builtin); ok && bi.Name() == "panic" {
		// go panic(v): a goroutine that panics at once.
		c.spawn(b, c.panicker(b.Lowerer(), b.Pos), ops[0])
		return nil
	}
	target, args, err := b.CallTarget(&instr.Call, ops)
	if err != nil {
		return err
	}
	l := b.Lowerer()
	w := c.wrapper(l, target, args, l.resultType(instr.Call.Signature()))
	// What tells this statement's goroutines apart: a closure's captured
	// variables (its environment is new each time), else the function
	// value, and the arguments.
	var key []ir.Value
	if mc, ok := instr.Call.Value.(*ssa.MakeClosure); ok && !instr.Call.IsInvoke() {
		for _, v := range mc.Bindings {
			key = append(key, b.Value(v))
		}
		key = append(key, args[1:]...) // (args[0] is the environment)
	} else {
		key = append(append(key, target), args...)
	}
	c.spawnTwin(b, w, key, append([]ir.Value{target}, args...)...)
	return nil
}

// spawn is a go statement at b.Pos whose goroutine runs body(args...):
// a scheduling point, then the new goroutine, ordered after its parent.
func (c *concLowering) spawn(b *builder, body *ir.Func, args ...ir.Value) {
	c.spawnTwin(b, body, nil, args...)
}

// spawnTwin is spawn; with key (a go statement's), a goroutine the same
// statement started just before with an equal key, and that has not run
// yet, is the new one's twin (rt.twin).
func (c *concLowering) spawnTwin(b *builder, body *ir.Func, key []ir.Value, args ...ir.Value) {
	c.visible(b, "go", nil)
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	co := b.Temp(ir.Co)
	b.Emit(&ir.Instr{Op: ir.OpCoCreate, Dst: co, Args: append([]ir.Value{body}, args...)})
	b.Store(c.rt.global("rt.gostmt"), ir.BoolConst(true)) // it may wait for a slot
	id := b.Call(ir.I64, c.fn("rt.spawn"), co)
	if key != nil {
		// (and the parent: children of two goroutines are ordered after
		// different histories)
		key = append(key, b.Load(ir.I64, b.Field(b.Call(ir.Ptr, c.fn("rt.g"), g), 8)))
		var kts []*ir.Type
		for _, k := range key {
			kts = append(kts, k.Type())
		}
		kt := ir.Struct(kts...)
		// the statement's last goroutine: its slot + 1 (0: none), its
		// number, its key
		name := "rt.twin." + b.Fn.Name + "." + b.Pos
		if b.Pos == "" {
			name = b.Lowerer().uniqName(name) // (code without positions)
		}
		site := b.Lowerer().sharedGlobal(name, ir.Struct(ir.I64, ir.I64, kt))
		last := b.Load(site.Elem, site)
		k := b.Make(kt, key...)
		same := sameValue(b, b.Extract(last, 2), k)
		b.CallTo(nil, c.fn("rt.twin"), id, b.Bin(ir.OpSub, b.Extract(last, 0), ir.IntConst(ir.I64, 1)), b.Extract(last, 1), same)
		num := b.Load(ir.I64, b.Field(b.Call(ir.Ptr, c.fn("rt.g"), id), 8))
		b.Store(site, b.Make(site.Elem, b.Bin(ir.OpAdd, id, ir.IntConst(ir.I64, 1)), num, k))
	}
	b.Trace(EventSpawn, g, id)
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("hb.spawn"), g, id}})
}

// wrapper returns the entry function of goroutines that call a target of
// the given argument types.
func (c *concLowering) wrapper(l *lowerer, target ir.Value, args []ir.Value, res *ir.Type) *ir.Func {
	key := ""
	params := []any{"fn", ir.FuncT}
	for i, a := range args {
		key += a.Type().String() + ";"
		params = append(params, "a"+itoa(i), a.Type())
	}
	if res != nil {
		key += "->" + res.String()
	}
	if f, ok := c.wrappers[key]; ok {
		return f
	}
	b := l.helper("rt.go", nil, params...)
	b.CallTo(nil, c.fn("rt.restore"))
	b.CallTo(nil, c.fn("rt.untwin"), b.Load(ir.I64, c.rt.global("rt.cur")))
	var fargs []ir.Value
	for _, p := range b.Fn.Params[1:] {
		fargs = append(fargs, p)
	}
	b.Call(res, b.Fn.Params[0], fargs...)
	c.exitGoroutine(b, "unrecovered panic in goroutine")
	b.Ret(nil)
	c.wrappers[key] = b.Fn
	return b.Fn
}

// exitGoroutine ends the running goroutine: an unrecovered panic crashes
// the program (a violation), otherwise the goroutine is marked exited.
func (c *concLowering) exitGoroutine(b *builder, msg string) {
	// A Goexit that unwound to here ends the goroutine normally.
	p := b.And(b.Load(ir.Bool, c.rt.global("rt.panicking")), b.Not(b.Load(ir.Bool, c.rt.global("rt.goexiting"))))
	b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{b.Not(p)}, Name: KindPanic, Msg: msg})
	b.CallTo(nil, c.fn("rt.exit"))
}

func (c *concLowering) MakeChan(b *builder, instr *ssa.MakeChan) (ir.Value, error) {
	size := b.Conv(b.Value(instr.Size), ir.I64)
	r := b.Call(ir.Ptr, c.fn("chan.make"), size, ir.StringConst(b.Pos))
	b.CheckPanicking()
	return r, nil
}

// box allocates an object holding v.
func box(b *builder, v ir.Value) ir.Value {
	p := b.Alloc(v.Type(), nil)
	b.Store(p, v)
	return p
}

// unbox loads a received value: the zero value for a nil box.
func unbox(b *builder, p ir.Value, t *ir.Type) *ir.Local {
	v := b.Temp(t)
	isNil := b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr))
	zero, load := b.NewBlock("zero"), b.NewBlock("load")
	join := b.NewBlock("unboxed")
	b.Br(isNil, zero, load)
	b.SetBlock(zero)
	b.Copy(v, ir.ZeroConst(t))
	b.Jmp(join)
	b.SetBlock(load)
	b.Assign(v, ir.OpLoad, p)
	b.Jmp(join)
	b.SetBlock(join)
	return v
}

func (c *concLowering) Send(b *builder, instr *ssa.Send) error {
	ch := b.Value(instr.Chan)
	v := b.Value(instr.X)
	b.CallTo(nil, c.fn("chan.send"), ch, box(b, v), ir.StringConst(b.Pos))
	b.CheckPanicking()
	return nil
}

func (c *concLowering) Recv(b *builder, instr *ssa.UnOp) (ir.Value, error) {
	ch := b.Value(instr.X)
	l := b.Lowerer()
	elem := l.Type(instr.X.Type().Underlying().(*types.Chan).Elem())
	r := b.Call(c.rt.typ("recv"), c.fn("chan.recv"), ch, ir.StringConst(b.Pos))
	b.CheckPanicking()
	v := unbox(b, b.Extract(r, 0), elem)
	if !instr.CommaOk {
		return v, nil
	}
	return b.Make(l.Type(instr.Type()), v, b.Extract(r, 1)), nil
}

// Select lowers a select statement into chan.select over an array of
// cases, then builds SSA's tuple (index, recvOk, one value per receive
// case).
func (c *concLowering) Select(b *builder, instr *ssa.Select) (ir.Value, error) {
	l := b.Lowerer()
	n := len(instr.States)
	caseT := c.rt.typ("case")
	cases := b.Alloc(caseT, ir.IntConst(ir.I64, int64(n)))
	for i, st := range instr.States {
		p := b.Index(cases, ir.IntConst(ir.I64, int64(i)))
		dir := int64(0)
		var bx ir.Value = ir.ZeroConst(ir.Ptr)
		if st.Dir == types.SendOnly {
			dir = 1
			bx = box(b, b.Value(st.Send))
		}
		b.Store(p, b.Make(caseT, ir.IntConst(ir.I64, dir), b.Value(st.Chan), bx))
	}
	at := b.Pos
	if n == 1 && !instr.Blocking {
		at = l.posString(instr.States[0].Pos) // where Go's selectnbsend panics
	}
	r := b.Call(c.rt.typ("selr"), c.fn("chan.select"), cases, ir.IntConst(ir.I64, int64(n)),
		ir.BoolConst(instr.Blocking), ir.StringConst(b.Pos), ir.StringConst(at))
	b.CheckPanicking()
	idx := b.Extract(r, 0)
	tuple := l.Type(instr.Type())
	vals := []ir.Value{idx, b.Extract(r, 2)}
	for i, st := range instr.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		t := tuple.Fields[len(vals)]
		v := b.Temp(t)
		hit := b.Bin(ir.OpEq, idx, ir.IntConst(ir.I64, int64(i)))
		then, els := b.If(hit, "case")
		b.Copy(v, unbox(b, b.Extract(r, 1), t))
		join := b.NewBlock("case.done")
		b.Jmp(join)
		b.SetBlock(els)
		b.Copy(v, ir.ZeroConst(t))
		b.Jmp(join)
		b.SetBlock(join)
		_ = then
		vals = append(vals, v)
	}
	return b.Make(tuple, vals...), nil
}

func (c *concLowering) Close(b *builder, call *ssa.CallCommon, ch ir.Value) error {
	b.CallTo(nil, c.fn("chan.close"), ch, ir.StringConst(b.Pos))
	b.CheckPanicking()
	return nil
}

func (c *concLowering) Len(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	return b.Call(ir.I64, c.fn("chan.len"), ch), nil
}

func (c *concLowering) Cap(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	return b.Call(ir.I64, c.fn("chan.cap"), ch), nil
}

// constString returns the value of a constant string operand, if it is one.
func constString(v ssa.Value) (string, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value), true
	}
	return "", false
}

// panicker returns the body of `go panic(v)` at pos: the goroutine panics
// with v, unrecovered.
func (c *concLowering) panicker(l *lowerer, pos string) *ir.Func {
	b := l.helper("rt.gopanicked", nil, "v", l.Iface())
	b.Pos = pos
	b.CallTo(nil, c.fn("rt.restore"))
	v := b.Fn.Params[0]
	msg := b.Call(ir.String, l.lateFunc("rt.panicdesc"), v)
	b.CallTo(nil, l.helpers["rt.gopanic"], v, msg)
	b.Trace(EventPanic, msg, ir.StringConst(pos))
	c.exitGoroutine(b, "unrecovered panic in goroutine")
	b.Ret(nil)
	return b.Fn
}

// sameValue is whether x and y, of one IR type, hold the same value: field
// by field, pointers by address.
func sameValue(b *builder, x, y ir.Value) ir.Value {
	t := x.Type()
	switch t.Kind {
	case ir.KindStruct:
		var r ir.Value = ir.BoolConst(true)
		for i := range t.Fields {
			r = b.And(r, sameValue(b, b.Extract(x, i), b.Extract(y, i)))
		}
		return r
	case ir.KindArray:
		var r ir.Value = ir.BoolConst(true)
		for i := range t.Len {
			r = b.And(r, sameValue(b, b.Extract(x, i), b.Extract(y, i)))
		}
		return r
	}
	return b.Bin(ir.OpEq, x, y)
}
