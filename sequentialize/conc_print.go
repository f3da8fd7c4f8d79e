package sequentialize

import (
	"go/types"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The printing models: fmt's Print family and package log. Running their
// source is the wrong choice: fmt formats through reflect, and the output
// is I/O. What kiss needs of them is what they read and how they order
// goroutines:
//
//   - They read their operands as fmt's reflection does (readOperands): a
//     pointer to a struct, array, slice or map is followed one level, a
//     slice's elements and a map are read. An operand with a String or
//     Error method is not: fmt calls the method, and kiss calls none of
//     them (a limitation: what a String method reads is not seen).
//   - A write to os.Stdout or os.Stderr takes the file's lock (internal/poll's
//     fdMutex, whose atomics the race detector sees), so two goroutines
//     printing are ordered: an acquire and a release of the stream. The
//     log package's Logger serializes its writes with its mutex as well.
//     Neither is a scheduling point: kiss replay stops a goroutine only at
//     the calls it instruments (sync, channels, time), so a step there
//     would not replay; the order of two writes follows the goroutines'
//     other steps.
//   - Any other io.Writer is called: its Write runs with the text, which
//     is exact for a constant text and otherwise unknown bytes (at most
//     maxText: the executor does not turn an unknown string into bytes).
//     A Logger's Write runs between the acquire and the release of its
//     lock; that the lock keeps a second writer out while a Write blocks
//     is not modelled.
//
// Print, Println and Printf return an unknown n and a nil error.
func (c *concLowering) printModels(m map[string]externFunc) {
	for _, f := range []string{"Print", "Println", "Printf"} {
		printf := f == "Printf"
		m["fmt."+f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.readPrintOperands(l, b, call, args, printf)
			c.syncStream(l, b, c.stream(l, b, "Stdout"))
			return c.printResults(l, b, call), nil
		}
		m["fmt.F"+strings.ToLower(f[:1])+f[1:]] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.readPrintOperands(l, b, call, args[1:], printf)
			text, known := formatted(call, 1, f)
			return c.writeTo(l, b, args[0], func() ir.Value { return textBytes(l, b, text, known) }, call.Signature().Results()), nil
		}
		m["log."+f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.loggerPrint(l, b, call, c.stdLogger(l), args, printf)
			return nil, nil
		}
		// log.Fatal*: the line goes where the standard logger's other
		// lines go (log's own code would write it to its own std, which
		// log.SetOutput no longer sets), then os.Exit(1).
		m["log.Fatal"+strings.TrimPrefix(f, "Print")] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.loggerPrint(l, b, call, c.stdLogger(l), args, printf)
			b.Emit(&ir.Instr{Op: ir.OpExit})
			b.SetBlock(b.NewBlock("exited"))
			return nil, nil
		}
		m["(*log.Logger)."+f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.loggerPrint(l, b, call, args[0], args[1:], printf)
			return nil, nil
		}
	}
	// log.Output(calldepth, s): s is the line, read as Print's operands are.
	m["log.Output"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.loggerWrite(l, b, c.stdLogger(l), func() {})
		return ir.ZeroConst(l.Iface()), nil
	}
	m["log.New"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		lt := deref(call.Signature().Results().At(0).Type())
		p := b.Alloc(l.Type(lt), nil)
		if i := fieldIndex(lt, "out"); i >= 0 {
			b.Store(b.Field(p, i), args[0])
		}
		return p, nil
	}
	m["log.Default"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return c.stdLogger(l), nil
	}
	// The standard logger's Writer: nil (os.Stderr) until log.SetOutput
	// sets it, under the logger's lock as Go's SetOutput takes it.
	m["log.SetOutput"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		std := c.stdLogger(l)
		if out := c.loggerOut(l, b, std); out != nil {
			c.hb(b, "hb.acquire", std)
			b.Store(out, args[0])
			c.hb(b, "hb.release", std)
		}
		return nil, nil
	}
	m["log.Writer"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		std := c.stdLogger(l)
		out := c.loggerOut(l, b, std)
		stderr := osGlobal(l, "os", "Stderr")
		if out == nil || stderr == nil {
			return l.UnknownResults(b, call.Signature()), nil
		}
		c.hb(b, "hb.acquire", std)
		w := b.Load(l.Iface(), out)
		c.hb(b, "hb.release", std)
		set := b.Bin(ir.OpNe, b.Extract(w, 0), ir.IntConst(ir.I64, 0))
		return b.Op(ir.OpSelect, l.Iface(), set, w, l.MakeInterface(b, b.Load(stderr.Elem, stderr), stderrType(l))), nil
	}
}

// readPrintOperands reads the operands of a Print-like call: the last
// argument, a ...any slice, whose verbs Printf's constant format gives.
func (c *concLowering) readPrintOperands(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, printf bool) {
	if len(call.Args) == 0 { // a call kiss makes (the function as a value): no operands to see
		c.readOperands(l, b, nil, args[len(args)-1], nil, true)
		return
	}
	var verbs []byte
	if printf && len(call.Args) >= 2 {
		if format, ok := constString(call.Args[len(call.Args)-2]); ok {
			if vs, simple := formatVerbs(format); simple {
				verbs = vs
			}
		}
	}
	c.readOperands(l, b, call.Args[len(call.Args)-1], args[len(args)-1], verbs, true)
}

// printResults are Print's results: an unknown n of at least 0, a nil error.
func (c *concLowering) printResults(l *lowerer, b *builder, call *ssa.CallCommon) ir.Value {
	res := call.Signature().Results()
	if res.Len() != 2 {
		return l.UnknownResults(b, call.Signature())
	}
	n := l.unknownNondetLabel(b, l.Type(res.At(0).Type()), libUnknown)
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, n, ir.IntConst(n.Typ, 0))}})
	return b.Make(l.Type(res), n, ir.ZeroConst(l.Iface()))
}

// formatted is the text a Print-like call writes, its operands from
// argument first on (after a format for Printf), when it is a constant:
// a format without verbs, or operands that are all constant strings.
func formatted(call *ssa.CallCommon, first int, f string) (string, bool) {
	if len(call.Args) <= first {
		return "", false
	}
	ops := call.Args[first:]
	if f == "Printf" {
		if s, ok := constString(ops[0]); ok && variadicLen(ops[1]) == 0 && !strings.Contains(s, "%") {
			return s, true
		}
		return "", false
	}
	vals := variadicOperands(ops[0])
	if vals == nil {
		return "", false
	}
	strs := make([]string, len(vals))
	for i, v := range vals {
		mi, ok := v.(*ssa.MakeInterface)
		if !ok {
			return "", false
		}
		if strs[i], ok = constString(mi.X); !ok {
			return "", false
		}
	}
	if f == "Println" { // Println separates its operands, Print only non-strings
		return strings.Join(strs, " ") + "\n", true
	}
	return strings.Join(strs, ""), true
}

// maxText is the most bytes of an unknown text a model hands to a Write.
const maxText = 64

// textBytes is the []byte a Print-like call writes: the text when it is a
// constant (formatted), else an unknown text of at most maxText bytes.
func textBytes(l *lowerer, b *builder, text string, known bool) ir.Value {
	if known {
		return l.stringToBytes(b, ir.StringConst(text))
	}
	return unknownBytes(l, b, libUnknown, maxText)
}

// unknownBytes is a new []byte of unknown contents and length (at most
// max), labelled: the executor does not turn an unknown string into bytes.
func unknownBytes(l *lowerer, b *builder, label string, max int) ir.Value {
	at := ir.Array(ir.U8, max)
	p := b.Alloc(at, nil)
	b.Store(p, l.unknownNondetLabel(b, at, label))
	n := l.unknownNondetLabel(b, ir.I64, label)
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpLe, n, ir.IntConst(ir.I64, int64(max))))}})
	return b.Make(l.Slice(), p, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, int64(max)))
}

// writeTo writes to the io.Writer w as Fprint does: to os.Stdout or
// os.Stderr it orders the writers (an unknown n, a nil error); otherwise
// w.Write(text()) runs and its results are the call's.
func (c *concLowering) writeTo(l *lowerer, b *builder, w ir.Value, text func() ir.Value, results *types.Tuple) ir.Value {
	res := l.Type(results)
	r := b.Temp(res)
	done := b.NewBlock("written")
	for _, name := range []string{"Stdout", "Stderr"} {
		is, key := c.isStream(l, b, w, name)
		if is == nil {
			continue
		}
		_, other := b.If(is, "to"+strings.ToLower(name))
		c.syncStream(l, b, key)
		n := l.unknownNondetLabel(b, ir.I64, libUnknown)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0))}})
		b.move(r, b.Make(res, n, ir.ZeroConst(l.Iface())))
		b.Jmp(done)
		b.SetBlock(other)
	}
	b.CallTo(r, c.writeMethod(l), w, text())
	b.CheckPanicking()
	b.Jmp(done)
	b.SetBlock(done)
	return r
}

// writeMethod is the dispatcher of io.Writer's Write.
func (c *concLowering) writeMethod(l *lowerer) *ir.Func {
	byteSlice := types.NewSlice(types.Typ[types.Byte])
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(0, nil, "p", byteSlice)),
		types.NewTuple(types.NewParam(0, nil, "n", types.Typ[types.Int]), types.NewParam(0, nil, "err", errorType())), false)
	return l.dispatcherFor(methodKey{name: "Write", sig: sigString(sig)}, []*ir.Type{l.Slice()}, l.resultType(sig), sig)
}

// osGlobal returns the IR global of package os's variable name, if the
// program has package os.
func osGlobal(l *lowerer, pkg, name string) *ir.Global {
	p := l.SSA.ImportedPackage(pkg)
	if p == nil {
		return nil
	}
	g, _ := p.Members[name].(*ssa.Global)
	if g == nil {
		return nil
	}
	return l.global(g)
}

// stream is what orders the writes to os.Stdout or os.Stderr (name): the
// *os.File the variable holds, or a fixed global without package os.
func (c *concLowering) stream(l *lowerer, b *builder, name string) ir.Value {
	if g := osGlobal(l, "os", name); g != nil {
		return b.Load(g.Elem, g)
	}
	return l.sharedGlobal("rt."+strings.ToLower(name), ir.I64)
}

// isStream reports whether the io.Writer w is os.Stdout or os.Stderr
// (name), and the stream's key; nil without package os.
func (c *concLowering) isStream(l *lowerer, b *builder, w ir.Value, name string) (ir.Value, ir.Value) {
	g := osGlobal(l, "os", name)
	os := l.SSA.ImportedPackage("os")
	if g == nil || os == nil {
		return nil, nil
	}
	file, _ := os.Members["File"].(*ssa.Type)
	if file == nil {
		return nil, nil
	}
	is := b.Local("is"+name, ir.Bool)
	key := b.Load(g.Elem, g)
	b.Copy(is, ir.BoolConst(false))
	_, join := b.If(b.Bin(ir.OpEq, b.Extract(w, 0), ir.IntConst(ir.I64, l.TypeID(types.NewPointer(file.Type())))), "file")
	b.Copy(is, b.Bin(ir.OpEq, b.Load(ir.Ptr, b.Extract(w, 1)), key))
	b.Jmp(join)
	b.SetBlock(join)
	return is, key
}

// syncStream orders the running goroutine after the earlier writers of
// key and before the later ones, as a lock taken and released would.
func (c *concLowering) syncStream(l *lowerer, b *builder, key ir.Value) {
	c.hb(b, "hb.acquire", key)
	c.hb(b, "hb.release", key)
}

// hb is the race detector's happens-before event ev ("hb.acquire",
// "hb.release") of the running goroutine on key.
func (c *concLowering) hb(b *builder, ev string, key ir.Value) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst(ev), g, key, ir.IntConst(ir.I64, 0)}})
}

// stdLogger is log's standard logger: a global of log.Logger's layout (or
// a word, without it) whose address log.Default returns. Its Writer is nil
// until log.SetOutput sets one, and then its lines go there; while nil,
// they go to os.Stderr. (Not log's own variable std: kiss may not have
// log's code, whose init makes it, and then that variable is an unknown
// pointer to a Logger of an unknown Writer.)
func (c *concLowering) stdLogger(l *lowerer) ir.Value {
	tt := ir.I64
	if lt := loggerType(l); lt != nil {
		tt = l.Type(lt)
	}
	return l.sharedGlobal("rt.logstd", tt)
}

// loggerOut is the address of the *log.Logger lg's Writer, nil without
// package log's Logger.
func (c *concLowering) loggerOut(l *lowerer, b *builder, lg ir.Value) ir.Value {
	lt := loggerType(l)
	if lt == nil {
		return nil
	}
	i := fieldIndex(lt, "out")
	if i < 0 {
		fail(errorf("log.Logger has no field out"))
	}
	return b.Field(lg, i)
}

// stderrType is os.Stderr's type, *os.File.
func stderrType(l *lowerer) types.Type {
	if p := l.stdTypes("os"); p != nil {
		if v, ok := p.Scope().Lookup("Stderr").(*types.Var); ok {
			return v.Type()
		}
	}
	return types.NewPointer(types.NewStruct(nil, nil))
}

// loggerPrint is Print, Printf or Println of the *log.Logger lg (log's
// own are the standard logger's): nothing for io.Discard (Go checks it
// first), else read the operands (ops: the call's arguments but the
// receiver), then under the logger's lock write to its Writer.
func (c *concLowering) loggerPrint(l *lowerer, b *builder, call *ssa.CallCommon, lg ir.Value, ops []ir.Value, printf bool) {
	c.loggerWrite(l, b, lg, func() { c.readPrintOperands(l, b, call, ops, printf) })
}

// loggerWrite writes a line to the *log.Logger lg, after read, the reads
// of what makes the line.
func (c *concLowering) loggerWrite(l *lowerer, b *builder, lg ir.Value, read func()) {
	b.PanicUnless(b.Bin(ir.OpNe, lg, ir.ZeroConst(ir.Ptr)), msgNilDeref)
	outAt := c.loggerOut(l, b, lg)
	if outAt == nil {
		fail(errorf("package log has no Logger"))
	}
	std := c.stdLogger(l)
	done, toStderr, other := b.NewBlock("logged"), b.NewBlock("std"), b.NewBlock("logger")
	// the standard logger before log.SetOutput: os.Stderr
	unset := b.Bin(ir.OpEq, b.Extract(b.Load(l.Iface(), outAt), 0), ir.IntConst(ir.I64, 0))
	b.Br(b.Bin(ir.OpAnd, b.Bin(ir.OpEq, lg, std), unset), toStderr, other)
	b.SetBlock(toStderr)
	read()
	c.syncStream(l, b, std)
	c.syncStream(l, b, c.stream(l, b, "Stderr"))
	b.Jmp(done)
	b.SetBlock(other)
	out := b.Load(l.Iface(), outAt)
	if d := osGlobal(l, "io", "Discard"); d != nil {
		discard := b.Call(ir.Bool, l.lateFunc("rt.ifaceeq"), out, b.Load(d.Elem, d))
		_, write := b.If(discard, "discard")
		b.Jmp(done)
		b.SetBlock(write)
	}
	read()
	c.hb(b, "hb.acquire", lg) // l.outMu.Lock()
	// The line: a header, the prefix and the text.
	line := func() ir.Value { return textBytes(l, b, "", false) }
	results := types.NewTuple(types.NewParam(0, nil, "n", types.Typ[types.Int]), types.NewParam(0, nil, "err", errorType()))
	c.writeTo(l, b, out, line, results)
	c.hb(b, "hb.release", lg)
	b.Jmp(done)
	b.SetBlock(done)
}

// loggerType is log.Logger, nil without package log.
func loggerType(l *lowerer) types.Type {
	if p := l.stdTypes("log"); p != nil {
		if lt, ok := p.Scope().Lookup("Logger").(*types.TypeName); ok {
			return lt.Type()
		}
	}
	return nil
}

// fieldIndex is the index of the field name of struct type t, or -1.
func fieldIndex(t types.Type, name string) int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// readOperands emits the race detector's reads of what fmt's or
// reflect.DeepEqual's reflection reads of the operands of a ...any
// parameter (v, lowered as s), at b.Pos, one level deep: what a pointer
// to a struct, array, slice or map points to, a slice's elements, a map.
// The value itself was read where the operand was made. verbs, when not
// nil, are a Printf format's: %T and %p read nothing. With methods, an
// operand whose type has a String or Error method is not read (fmt calls
// the method instead).
func (c *concLowering) readOperands(l *lowerer, b *builder, v ssa.Value, s ir.Value, verbs []byte, methods bool) {
	skip := func(i int) bool { return i < len(verbs) && (verbs[i] == 'T' || verbs[i] == 'p') }
	if ops := variadicOperands(v); ops != nil {
		for i, op := range ops {
			if skip(i) {
				continue
			}
			x := b.Load(l.Iface(), b.elemPtr(s, ir.IntConst(ir.I64, int64(i))))
			c.readOperand(l, b, op, x, methods)
		}
		return
	}
	if strings.ContainsAny(string(verbs), "Tp") {
		return // which operands they print, kiss does not see
	}
	b.forLoop("arg", b.Extract(s, 2), func(i ir.Value) {
		c.readOperand(l, b, nil, b.Load(l.Iface(), b.elemPtr(s, i)), methods)
	})
}

// readOperand reads what the interface value x refers to, one level; op
// is the operand's SSA value when kiss sees it (its static type then
// decides), nil otherwise (x's dynamic type decides, at run time).
func (c *concLowering) readOperand(l *lowerer, b *builder, op ssa.Value, x ir.Value, methods bool) {
	if mi, ok := op.(*ssa.MakeInterface); ok {
		switch readsOf(mi.X.Type(), methods) {
		case readPointee, readMap:
			c.read(b, b.Load(ir.Ptr, b.Extract(x, 1)))
		case readElems:
			c.readElems(b, b.Load(l.Slice(), b.Extract(x, 1)))
		}
		return
	}
	refs := b.Call(refsType(l), c.refsFunc(l, methods), x)
	c.read(b, b.Extract(refs, 0))
	c.readElems(b, b.Extract(refs, 1))
}

// read is a plain read of *p by the running goroutine (none for nil). It
// is unnamed: a race with it is named by the program's own access.
func (c *concLowering) read(b *builder, p ir.Value) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("rd"), g, p, ir.StringConst("")}})
}

// write is a write of *p by the running goroutine, named name in a race
// report: what the kernel writes for a system call.
func (c *concLowering) write(b *builder, p ir.Value, name string) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("wr"), g, p, ir.StringConst(name)}})
}

// readElems reads each element of the slice s.
func (c *concLowering) readElems(b *builder, s ir.Value) {
	c.readN(b, s, ir.IntConst(ir.I64, 0), b.Extract(s, 2))
}

// readN reads the n elements of the slice s from index lo on: one event,
// not a loop of n (a formatted []byte was a loop of ~8 steps a byte).
func (c *concLowering) readN(b *builder, s, lo, n ir.Value) {
	_, done := b.If(b.Bin(ir.OpGt, n, ir.IntConst(ir.I64, 0)), "rdn")
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("rdn"), g, b.elemPtr(s, lo), n, ir.StringConst("")}})
	b.Jmp(done)
	b.SetBlock(done)
}

// readArray reads the n > 0 elements of the array *p: one event.
func (c *concLowering) readArray(b *builder, p ir.Value, n int64) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("rdn"), g, b.Index(p, ir.IntConst(ir.I64, 0)), ir.IntConst(ir.I64, n), ir.StringConst("")}})
}

// What fmt's reflection reads of an operand beyond its value.
const (
	readNothing = iota
	readPointee // the object a pointer to a struct, array, slice or map points to
	readElems   // a slice's elements
	readMap     // a map
)

// readsOf says what fmt reads of an operand of type t (with methods, a
// String or Error method means fmt calls it instead).
func readsOf(t types.Type, methods bool) int {
	if methods && (hasStringMethod(t, "String") || hasStringMethod(t, "Error")) {
		return readNothing
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		switch u.Elem().Underlying().(type) {
		case *types.Struct, *types.Array, *types.Slice, *types.Map:
			return readPointee
		}
	case *types.Slice:
		return readElems
	case *types.Map:
		return readMap
	}
	return readNothing
}

// hasStringMethod reports whether t's method set has name() string.
func hasStringMethod(t types.Type, name string) bool {
	sel := types.NewMethodSet(t).Lookup(nil, name)
	if sel == nil {
		return false
	}
	// (as fmt.Stringer and error have it: a result of a named string
	// type is no such method)
	sig := sel.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// refsType is what refsFunc returns: a pointer whose object to read and a
// slice whose elements to read.
func refsType(l *lowerer) *ir.Type { return ir.Struct(ir.Ptr, l.Slice()) }

// refsFunc is the late function fmt.refs(x any) {ptr, $slice}: what to
// read of x, by its dynamic type, as readsOf says.
func (c *concLowering) refsFunc(l *lowerer, methods bool) *ir.Func {
	key := "fmt.refs"
	if !methods {
		key = "reflect.refs"
	}
	return c.modelLate(l, key)
}

func (c *concLowering) genRefs(l *lowerer, methods bool) func(b *builder) {
	return func(b *builder) {
		x := b.Fn.Params[0]
		rt := refsType(l)
		l.switchOnType(b, b.Extract(x, 0), func(e *typeEntry) bool {
			return e.Type != nil && readsOf(e.Type, methods) != readNothing
		}, func(e *typeEntry) {
			switch readsOf(e.Type, methods) {
			case readElems:
				b.Ret(b.Make(rt, ir.ZeroConst(ir.Ptr), b.Load(l.Slice(), b.Extract(x, 1))))
			default:
				b.Ret(b.Make(rt, b.Load(ir.Ptr, b.Extract(x, 1)), ir.ZeroConst(l.Slice())))
			}
		})
		b.Ret(ir.ZeroConst(rt))
	}
}

// variadicOperands returns the operands of a ...any slice made at the
// call (variadicLen), each the value stored in its element (nil when kiss
// does not find it); nil when the slice is not a literal list.
func variadicOperands(v ssa.Value) []ssa.Value {
	n := variadicLen(v)
	if n < 0 {
		return nil
	}
	ops := make([]ssa.Value, n)
	if n == 0 {
		return ops
	}
	a := v.(*ssa.Slice).X.(*ssa.Alloc)
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			continue
		}
		i := int(k.Int64())
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia && i < n {
				ops[i] = st.Val
			}
		}
	}
	return ops
}
