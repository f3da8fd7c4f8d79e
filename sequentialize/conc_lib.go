package sequentialize

import (
	"go/types"
	"runtime"
	"slices"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The library models of error values, formatting and the few string
// functions whose results decide what a test does. Without them, functions
// without a body are unknown: errors.New could return nil, and a test's
// `if err == nil { t.Error(...) }` would fail on a path Go never takes.
//
// Error values. errors.New and fmt.Errorf return a pointer in Go, so each
// call makes a new, non-nil error that is equal only to itself. kiss gives
// them its own dynamic types, registered on first use:
//
//   - "*errors.errorString" (errors.New, and fmt.Errorf without %w): the box
//     is an $errbox {message, nil}; Error() returns the message.
//   - "*fmt.wrapError" (fmt.Errorf with one %w): the box is {message,
//     wrapped}; Error() returns the message. errors.Is, As and Unwrap follow
//     the wrapped error through the box; the type has no Unwrap method of
//     its own for interface assertions (kiss's types carry methods by name
//     only, so `Unwrap() error` and `Unwrap() []error` would be confused).
//
// Interface equality compares these boxes by identity (genIfaceEq: a model
// type compares its boxes), as Go compares the pointers. fmt.Errorf's
// message is Sprintf's text (printKnown) where kiss makes it, else an
// unknown string; with a format kiss cannot read (not a constant,
// explicit argument indexes, '*' widths with %w, several %w) the result
// is a fresh non-nil error of the unknown type (unknownTypeID): distinct,
// and unknown to errors.Is/As.
//
// errors.Is, As and Unwrap run Go's algorithm: equality with the target
// (when the target's type is comparable), the Is/As method of a Go type,
// then Unwrap() error (kiss's wrapError and Go types) or Unwrap() []error
// (Go types; each wrapped error in turn). A value of the unknown type may
// be or wrap anything, so the answer is unknown (As then stores an unknown
// value of the target's type). errors.Join is unknown.
//
// Formatting. fmt.Sprintf, Sprint and Sprintln read their operands as
// fmt's reflection does (conc_print.go); a format constant without verbs
// is itself, and Sprintf of plain verbs of known integers, strings and
// bools and of operands with Error or String methods, and Sprint and
// Sprintln of them, is the text (printKnown); any other is an unknown
// string. strconv.Itoa and FormatInt of known operands run
// strconv's code, else return unknown strings. strconv.Atoi parses a
// concrete argument as Go does: the value and nil, or 0 / the clamped
// value and a *strconv.NumError (whose Unwrap returns its Err, ErrSyntax
// or ErrRange); of a symbolic one, an unknown value or a syntax error. strings.HasPrefix
// and HasSuffix compare as Go does. The flags of package flag hold their
// default values, as in a go test run without -args, and so do go test's:
// testing.Short and Verbose are false. runtime.GOMAXPROCS and NumCPU are
// this machine's; NumGoroutine returns an unknown count of at least one.
type libLowering struct {
	errString, wrapError, wrapErrors int64    // type ids, 0 until registered
	tBox                             *ir.Type // $errbox {string, $iface}
	tErrsBox                         *ir.Type // $errsbox {string, []error}: wrapErrors'
}

// libModels registers the lowerings of the library models above (their
// entries in summaries.Models say what each does).
func libModels(m map[string]externFunc) *libLowering {
	lib := &libLowering{}
	m["errors.New"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		lib.register(l)
		return lib.newError(l, b, lib.errString, args[0], ir.ZeroConst(l.Iface())), nil
	}
	m["fmt.Errorf"] = lib.errorf
	m["unique.Make"] = uniqueMake
	m["errors.Is"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Bool, lib.isFunc(l), args[0], args[1]), nil
	}
	m["errors.Unwrap"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(l.Iface(), lib.unwrapFunc(l), args[0]), nil
	}
	m["errors.As"] = lib.as
	unknownString := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		if fn := call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "fmt" {
			readFormatted(l, b, call, args, fn.Name() == "Sprintf")
		}
		if len(call.Args) == 1 || len(call.Args) == 2 && isNilConst(call.Args[1]) {
			// Sprintf("text") and Sprint("text") are the text when it has no verbs.
			if s, ok := constString(call.Args[0]); ok && !strings.Contains(s, "%") {
				return ir.StringConst(s), nil
			}
		}
		if s, ok := printKnown(l, b, call); ok {
			return s, nil
		}
		return l.unknownNondetLabel(b, ir.String, libUnknown), nil
	}
	for _, f := range []string{"fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln"} {
		m[f] = unknownString
	}
	// strconv.Itoa(i) and FormatInt(i, base) of known operands run
	// strconv's code (its facts carry it beside the model's stub,
	// stubExported): a test's keys strconv.Itoa(i) of a loop's i were
	// unknown strings, and every map or hash of them forked or was cut
	// (concurrent-map: 100 sym-string cuts in a test of 100 keys). Of an
	// unknown operand the string is unknown, as before: strconv's digit
	// loop would fork on its magnitude and make a string of unknown bytes.
	for _, f := range []string{"strconv.Itoa", "strconv.FormatInt"} {
		m[f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			fn := call.StaticCallee()
			var own *ir.Func
			if fn != nil {
				own = l.linkedCode(fn, fn.String()+ownCode)
			}
			if own == nil {
				return l.unknownNondetLabel(b, ir.String, libUnknown), nil
			}
			var k ir.Value = b.Op(ir.OpKnown, ir.Bool, args[0])
			for _, a := range args[1:] {
				k = b.Op(ir.OpAnd, ir.Bool, k, b.Op(ir.OpKnown, ir.Bool, a))
			}
			if len(args) == 2 {
				// a known base out of 2..36: strconv's code panics, whatever i is
				base := args[1]
				bad := b.Bin(ir.OpOr, b.Bin(ir.OpLt, base, ir.IntConst(base.Type(), 2)), b.Bin(ir.OpGt, base, ir.IntConst(base.Type(), 36)))
				// (a select, so that an unknown base decides nothing)
				k = b.Bin(ir.OpOr, k, b.Op(ir.OpSelect, ir.Bool, b.Op(ir.OpKnown, ir.Bool, base), bad, ir.BoolConst(false)))
			}
			return b.ifElse(k, ir.String, "strconv.known", func() ir.Value {
				s := b.Temp(ir.String)
				// (a panic in there is reported at this call)
				l.atSite(b, true, func() { b.CallTo(s, own, append([]ir.Value{ir.ZeroConst(ir.Ptr)}, args...)...) })
				return s
			}, func() ir.Value { return l.unknownNondetLabel(b, ir.String, libUnknown) }), nil
		}
	}
	m["strconv.Atoi"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(l.Type(call.Signature().Results()), lib.atoiFunc(l), args[0]), nil
	}
	m["(*strconv.NumError).Unwrap"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// func (e *NumError) Unwrap() error { return e.Err }
		recv := call.Signature().Recv()
		if recv == nil {
			return l.Unknown(b, errorType()), nil
		}
		st, ok := deref(recv.Type()).Underlying().(*types.Struct)
		if !ok {
			return l.Unknown(b, errorType()), nil
		}
		for i := range st.NumFields() {
			if st.Field(i).Name() == "Err" {
				b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
				return b.Load(l.Iface(), b.Field(args[0], i)), nil
			}
		}
		return l.Unknown(b, errorType()), nil
	}
	// go test passes a test binary no flags of the package's own unless
	// asked to (-args), so a flag defined with package flag holds its
	// default value while the tests run: flag.Bool and its kind return a
	// new variable holding it, flag.BoolVar and its kind store it.
	for _, k := range []string{"Bool", "Int", "Int64", "Uint", "Uint64", "String", "Float64", "Duration"} {
		m["flag."+k] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			p := b.Alloc(l.Type(call.Signature().Params().At(1).Type()), nil)
			b.Store(p, args[1])
			return p, nil
		}
		m["flag."+k+"Var"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
			b.Store(args[0], args[2])
			return nil, nil
		}
	}
	// The processors are this machine's, where replay runs the test, as
	// syscall.Getpagesize's page size is: NumCPU this process's count, and
	// GOMAXPROCS(0) its setting (the same environment's GOMAXPROCS, or the
	// processors go test's process gets) until GOMAXPROCS(n) sets another.
	// As unknown counts, sizes made from them (puzpuzpuz/xsync's stripes
	// and resize helpers, from min(GOMAXPROCS, NumCPU) at init) were
	// symbolic everywhere after: 10 of its 65 explored roots finished.
	m["runtime.NumCPU"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return ir.IntConst(ir.I64, int64(runtime.NumCPU())), nil
	}
	m["runtime.GOMAXPROCS"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		set := l.sharedGlobal("rt.gomaxprocs", ir.I64) // 0: not set
		cur := b.Load(ir.I64, set)
		prev := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpEq, cur, ir.IntConst(ir.I64, 0)), ir.IntConst(ir.I64, int64(runtime.GOMAXPROCS(0))), cur)
		n := b.Conv(args[0], ir.I64)
		b.Store(set, b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpGt, n, ir.IntConst(ir.I64, 0)), n, cur))
		return prev, nil
	}
	// How many goroutines exist (the test runner's among them): at least
	// one, which count kiss does not say.
	m["runtime.NumGoroutine"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		n := l.unknownNondetLabel(b, ir.I64, "runtime.NumGoroutine")
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 1))}})
		return n, nil
	}
	// The runtime's memory statistics (under testing.AllocsPerRun, which
	// then runs its function as Go does): unknown, labelled, so that a
	// finding that needs particular counts is held back.
	m["runtime.ReadMemStats"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.PanicUnless(b.Bin(ir.OpNe, args[0], ir.ZeroConst(ir.Ptr)), msgNilDeref)
		defer l.labelUnknown("the runtime's memory statistics (runtime.ReadMemStats)")()
		b.Store(args[0], l.Unknown(b, deref(call.Signature().Params().At(0).Type())))
		return nil, nil
	}
	// testing.AllocsPerRun runs f once, then runs times (GOMAXPROCS 1
	// changes nothing kiss models), and returns the allocations per run
	// that the runtime counted: unknown, labelled.
	m["testing.AllocsPerRun"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		runs, f := args[0], args[1]
		fn, env := b.Extract(f, 0), b.Extract(f, 1)
		b.PanicUnless(b.Bin(ir.OpNe, fn, ir.ZeroConst(ir.FuncT)), msgNilDeref)
		b.CallTo(nil, fn, env)
		b.CheckPanicking()
		b.forLoop("run", runs, func(ir.Value) {
			b.CallTo(nil, fn, env)
			b.CheckPanicking()
		})
		avg := l.unknownNondetLabel(b, ir.F64, "the runtime's memory statistics (testing.AllocsPerRun)")
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, avg, ir.FloatConst(ir.F64, 0))}})
		return avg, nil
	}
	// So do go test's own flags: no -short, no -v.
	for f, v := range map[string]bool{"testing.Short": false, "testing.Verbose": false, "testing.Testing": true} {
		m[f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return ir.BoolConst(v), nil
		}
	}
	m["strings.HasPrefix"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Bool, hasAffixFunc(l, false), args[0], args[1]), nil
	}
	m["strings.HasSuffix"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Bool, hasAffixFunc(l, true), args[0], args[1]), nil
	}
	return lib
}

// register adds kiss's error types to the type table, once per build.
func (lib *libLowering) register(l *lowerer) {
	if lib.errString != 0 {
		return
	}
	lib.tBox = l.declareType("errbox", ir.Struct(ir.String, l.Iface()))
	b := l.helper("errors.errorString.Error", ir.String, "e", ir.Ptr)
	b.Ret(b.Load(ir.String, b.Field(b.Fn.Params[0], 0)))
	errorFn := b.Fn
	lib.errString = l.RegisterType("*errors.errorString", map[methodKey]*ir.Func{errorMethod: errorFn})
	lib.wrapError = l.RegisterType(wrapErrorName, map[methodKey]*ir.Func{errorMethod: errorFn})
	// fmt.Errorf with several %w: fmt's wrapErrors, whose Unwrap returns
	// the wrapped errors.
	lib.tErrsBox = l.declareType("errsbox", ir.Struct(ir.String, l.Slice()))
	b = l.helper("fmt.wrapErrors.Error", ir.String, "e", ir.Ptr)
	b.Ret(b.Load(ir.String, b.Field(b.Fn.Params[0], 0)))
	errsError := b.Fn
	b = l.helper("fmt.wrapErrors.Unwrap", l.Slice(), "e", ir.Ptr)
	b.Ret(b.Load(l.Slice(), b.Field(b.Fn.Params[0], 1)))
	lib.wrapErrors = l.RegisterType(wrapErrorsName, map[methodKey]*ir.Func{errorMethod: errsError, unwrapManyMethod: b.Fn})
}

var unwrapManyMethod = methodKey{name: "Unwrap", sig: "func() []error"}

// newWrapErrors makes fmt's wrapErrors of msg and the operands of args
// (the variadic slice) at the %w indexes wrapped that hold errors, in
// operand order, each once, as fmt.Errorf does.
func (lib *libLowering) newWrapErrors(l *lowerer, b *builder, msg, args ir.Value, wrapped []int) ir.Value {
	wrapped = slices.Compact(slices.Sorted(slices.Values(wrapped)))
	arr := b.Alloc(l.Iface(), ir.IntConst(ir.I64, int64(len(wrapped))))
	n := b.Local("nerrs", ir.I64)
	b.Copy(n, ir.IntConst(ir.I64, 0))
	for _, k := range wrapped {
		arg := b.Load(l.Iface(), b.elemPtr(args, ir.IntConst(ir.I64, int64(k))))
		isErr := b.Call(ir.Bool, l.implementsFunc(errorType()), b.Extract(arg, 0))
		_, join := b.If(isErr, "werr")
		b.Store(b.Index(arr, n), arg)
		b.Copy(n, b.Bin(ir.OpAdd, n, ir.IntConst(ir.I64, 1)))
		b.Jmp(join)
		b.SetBlock(join)
	}
	errs := b.Make(l.Slice(), arr, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, int64(len(wrapped))))
	box := b.Alloc(lib.tErrsBox, nil)
	b.Store(box, b.Make(lib.tErrsBox, msg, errs))
	return b.Make(l.Iface(), ir.IntConst(ir.I64, lib.wrapErrors), box)
}

// newError makes an error of kiss's type id with a new box.
func (lib *libLowering) newError(l *lowerer, b *builder, id int64, msg, wrapped ir.Value) ir.Value {
	box := b.Alloc(lib.tBox, nil)
	b.Store(box, b.Make(lib.tBox, msg, wrapped))
	return b.Make(l.Iface(), ir.IntConst(ir.I64, id), box)
}

// unknownError is a fresh non-nil error of the unknown type.
func unknownError(l *lowerer, b *builder) ir.Value {
	return b.Make(l.Iface(), ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))
}

// errorf lowers fmt.Errorf(format, args...).
func (lib *libLowering) errorf(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
	readFormatted(l, b, call, args, true)
	format, ok := "", false
	nargs := -1
	if len(call.Args) == 2 {
		format, ok = constString(call.Args[0])
		nargs = variadicLen(call.Args[1])
	}
	if !ok || nargs < 0 {
		return unknownError(l, b), nil
	}
	verbs, wrapped, simple := scanFormat(format)
	if !simple {
		return unknownError(l, b), nil
	}
	lib.register(l)
	var msg ir.Value
	if verbs == 0 && nargs == 0 {
		msg = ir.StringConst(strings.ReplaceAll(format, "%%", "%"))
	} else if s, ok := printKnown(l, b, call); ok {
		msg = s // Sprintf's text
	} else {
		msg = l.unknownNondetLabel(b, ir.String, libUnknown)
	}
	wrapped = slices.DeleteFunc(wrapped, func(k int) bool { return k >= nargs }) // %!w(MISSING) wraps nothing
	if len(wrapped) == 0 {
		return lib.newError(l, b, lib.errString, msg, ir.ZeroConst(l.Iface())), nil
	}
	if len(wrapped) > 1 {
		return lib.newWrapErrors(l, b, msg, args[1], wrapped), nil
	}
	// w.err, _ = a[k].(error)
	arg := b.Load(l.Iface(), b.elemPtr(args[1], ir.IntConst(ir.I64, int64(wrapped[0]))))
	isErr := b.Call(ir.Bool, l.implementsFunc(errorType()), b.Extract(arg, 0))
	w := b.Op(ir.OpSelect, l.Iface(), isErr, arg, ir.ZeroConst(l.Iface()))
	return lib.newError(l, b, lib.wrapError, msg, w), nil
}

// readFormatted reads the operands of a Sprint-like call as fmt does
// (concLowering.readPrintOperands), when the race detector is there.
func readFormatted(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, printf bool) {
	if c, ok := l.Conc.(*concLowering); ok && len(args) > 0 {
		c.readPrintOperands(l, b, call, args, printf)
	}
}

// scanFormat reads a Printf format: the number of verbs that take an
// operand, the operand indexes of its %w verbs, and whether kiss reads it
// (no explicit argument indexes, no '*' operands).
func scanFormat(format string) (verbs int, wrapped []int, simple bool) {
	vs, simple := formatVerbs(format)
	for i, v := range vs {
		if v == 'w' {
			wrapped = append(wrapped, i)
		}
	}
	return len(vs), wrapped, simple
}

// formatVerbs returns the verb of each operand of a Printf format, and
// whether kiss reads the format (no explicit argument indexes, no '*'
// operands).
func formatVerbs(format string) ([]byte, bool) {
	var verbs []byte
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			return verbs, true // %!(NOVERB)
		}
		switch format[i] {
		case '%':
			continue
		case '[', '*':
			return verbs, false
		}
		verbs = append(verbs, format[i])
	}
	return verbs, true
}

// variadicLen returns the number of operands in the ... slice of a call,
// -1 if it is not a literal list.
func variadicLen(v ssa.Value) int {
	if isNilConst(v) {
		return 0
	}
	s, ok := v.(*ssa.Slice)
	if !ok || s.Low != nil || s.High != nil || s.Max != nil {
		return -1
	}
	a, ok := s.X.(*ssa.Alloc)
	if !ok {
		return -1
	}
	arr, ok := deref(a.Type()).Underlying().(*types.Array)
	if !ok {
		return -1
	}
	return int(arr.Len())
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

func errorType() types.Type { return types.Universe.Lookup("error").Type() }

// goMethod returns the method name of Go type t if its signature is
// params -> results, else nil.
func (l *lowerer) goMethod(t types.Type, name string, params, results []types.Type) *ssa.Function {
	if t == nil {
		return nil
	}
	sel := l.SSA.MethodSets.MethodSet(t).Lookup(nil, name)
	if sel == nil {
		return nil
	}
	tuple := func(ts []types.Type) *types.Tuple {
		vs := make([]*types.Var, len(ts))
		for i, t := range ts {
			vs[i] = types.NewParam(0, nil, "", t)
		}
		return types.NewTuple(vs...)
	}
	want := types.NewSignatureType(nil, nil, nil, tuple(params), tuple(results), false)
	if !types.Identical(sel.Type(), want) {
		return nil
	}
	return l.SSA.MethodValue(sel)
}

// unwrapMethods returns Go type t's Unwrap() error and Unwrap() []error.
func (l *lowerer) unwrapMethods(t types.Type) (one, many *ssa.Function) {
	errT := errorType()
	one = l.goMethod(t, "Unwrap", nil, []types.Type{errT})
	many = l.goMethod(t, "Unwrap", nil, []types.Type{types.NewSlice(errT)})
	return one, many
}

// callMethod calls method fn of the dynamic type e on the interface value
// x; a panic in the method returns zero from the generated function at once.
func (l *lowerer) callMethod(b *builder, e *typeEntry, fn *ssa.Function, x ir.Value, args []ir.Value, res *ir.Type) ir.Value {
	recv := b.Load(l.Type(e.Type), b.Extract(x, 1))
	var r *ir.Local
	if res != nil {
		r = b.Temp(res)
	}
	l.emitDirectCall(b, fn, append([]ir.Value{recv}, args...), nil, r)
	_, cont := b.If(b.Load(ir.Bool, l.rt["rt.panicking"]), "panicked")
	b.RetZero()
	b.SetBlock(cont)
	return r
}

// isWrapError reports whether e is kiss's model of fmt's wrapError (by
// name, so that one registered by another package's code counts).
func isWrapError(e *typeEntry) bool { return e.Methods != nil && e.Name == wrapErrorName }

// isWrapErrors: the same of fmt's wrapErrors (several %w).
func isWrapErrors(e *typeEntry) bool { return e.Methods != nil && e.Name == wrapErrorsName }

const wrapErrorName, wrapErrorsName = "*fmt.wrapError", "*fmt.wrapErrors"

// chainLoop emits the walk shared by errors.Is and errors.As: cur starts as
// the err parameter; at the head of the loop a nil cur returns false, then
// step(cur) tests cur itself. Then, by cur's dynamic type: kiss's wrapError
// and a Go type's Unwrap() error continue with the wrapped error; a Go
// type's Unwrap() []error calls the generated function itself on each; the
// unknown type calls unknown(); a Go type's method (Is or As) is called by
// method(e) first when it has one. Anything else returns false.
func (lib *libLowering) chainLoop(l *lowerer, b *builder, err ir.Value, rest []ir.Value,
	step func(cur ir.Value), method func(e *typeEntry) *ssa.Function, unknown func(cur ir.Value)) {
	cur := b.Local("cur", l.Iface())
	b.Copy(cur, err)
	loop := b.NewBlock("loop")
	b.Jmp(loop)
	b.SetBlock(loop)
	_, nonnil := b.If(b.Bin(ir.OpEq, b.Extract(cur, 0), ir.IntConst(ir.I64, 0)), "nil")
	b.Ret(ir.BoolConst(false))
	b.SetBlock(nonnil)
	step(cur)
	each := func(errs ir.Value) { // the generated function itself on each
		b.forLoop("i", b.Extract(errs, 2), func(i ir.Value) {
			el := b.Load(l.Iface(), b.elemPtr(errs, i))
			r := b.Call(ir.Bool, b.Fn, append([]ir.Value{el}, rest...)...)
			_, no := b.If(r, "found")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(no)
		})
		b.Ret(ir.BoolConst(false))
	}
	l.switchOnType(b, b.Extract(cur, 0), func(e *typeEntry) bool {
		if isWrapError(e) || isWrapErrors(e) || e.ID == unknownTypeID || e.Imported != nil && e.Type == nil {
			return true
		}
		if e.Type == nil {
			return false
		}
		one, many := l.unwrapMethods(e.Type)
		return one != nil || many != nil || method(e) != nil
	}, func(e *typeEntry) {
		switch {
		case isWrapErrors(e): // kiss's wrapErrors
			each(b.Load(l.Slice(), b.Field(b.Extract(cur, 1), 1)))
			return
		case e.ID == unknownTypeID || e.Type == nil && !isWrapError(e):
			// A type of another package's code: whatever it wraps is
			// unknown here.
			unknown(cur)
			return
		case e.Type == nil: // kiss's wrapError
			b.Copy(cur, b.Load(l.Iface(), b.Field(b.Extract(cur, 1), 1)))
			b.Jmp(loop)
			return
		}
		if m := method(e); m != nil {
			// (Is and As take the target alone: rest's first)
			r := l.callMethod(b, e, m, cur, rest[:1], ir.Bool)
			_, no := b.If(r, "method")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(no)
		}
		one, many := l.unwrapMethods(e.Type)
		switch {
		case one != nil:
			b.Copy(cur, l.callMethod(b, e, one, cur, nil, l.Iface()))
			b.Jmp(loop)
		case many != nil:
			each(l.callMethod(b, e, many, cur, nil, l.Slice()))
		default:
			b.Ret(ir.BoolConst(false))
		}
	})
	b.Ret(ir.BoolConst(false))
}

// isFunc is errors.Is(err, target error) bool.
func (lib *libLowering) isFunc(l *lowerer) *ir.Func {
	return l.late("errors.Is", "errors.Is", ir.Bool, []any{"err", l.Iface(), "target", l.Iface()}, func(b *builder) {
		err, target := b.Fn.Params[0], b.Fn.Params[1]
		eq := l.lateFunc("rt.ifaceeq")
		tid := b.Extract(target, 0)
		// if err == nil || target == nil { return err == target }
		anyNil := b.Bin(ir.OpOr, b.Bin(ir.OpEq, b.Extract(err, 0), ir.IntConst(ir.I64, 0)), b.Bin(ir.OpEq, tid, ir.IntConst(ir.I64, 0)))
		_, els := b.If(anyNil, "nil")
		b.Ret(b.Call(ir.Bool, eq, err, target))
		b.SetBlock(els)
		// isComparable := reflectlite.TypeOf(target).Comparable()
		var comparable ir.Value = ir.BoolConst(true)
		for _, e := range l.info.Types {
			if e.Type != nil && !types.Comparable(e.Type) || e.Type == nil && e.Imported != nil && !e.Imported.comparable {
				comparable = b.And(comparable, b.Bin(ir.OpNe, tid, ir.IntConst(ir.I64, e.ID)))
			}
		}
		isM := func(e *typeEntry) *ssa.Function {
			return l.goMethod(e.Type, "Is", []types.Type{errorType()}, []types.Type{types.Typ[types.Bool]})
		}
		lib.chainLoop(l, b, err, []ir.Value{target}, func(cur ir.Value) {
			// if isComparable && err == target { return true }
			_, no := b.If(comparable, "comparable")
			_, ne := b.If(b.Call(ir.Bool, eq, cur, target), "equal")
			b.Ret(ir.BoolConst(true))
			b.SetBlock(ne)
			b.Jmp(no)
			b.SetBlock(no)
		}, isM, func(cur ir.Value) {
			b.Ret(l.unknownNondetLabel(b, ir.Bool, libUnknown)) // an unknown error may be or wrap anything
		})
	})
}

// unwrapFunc is errors.Unwrap(err error) error: only Unwrap() error.
func (lib *libLowering) unwrapFunc(l *lowerer) *ir.Func {
	return l.late("errors.Unwrap", "errors.Unwrap", l.Iface(), []any{"err", l.Iface()}, func(b *builder) {
		err := b.Fn.Params[0]
		l.switchOnType(b, b.Extract(err, 0), func(e *typeEntry) bool {
			if isWrapError(e) || e.ID == unknownTypeID || e.Imported != nil && e.Type == nil && !isWrapErrors(e) {
				return true
			}
			if e.Type == nil {
				return false
			}
			one, _ := l.unwrapMethods(e.Type)
			return one != nil
		}, func(e *typeEntry) {
			switch {
			case e.ID == unknownTypeID || e.Type == nil && !isWrapError(e):
				b.Ret(l.Unknown(b, errorType()))
			case e.Type == nil:
				b.Ret(b.Load(l.Iface(), b.Field(b.Extract(err, 1), 1)))
			default:
				one, _ := l.unwrapMethods(e.Type)
				b.Ret(l.callMethod(b, e, one, err, nil, l.Iface()))
			}
		})
		b.Ret(ir.ZeroConst(l.Iface()))
	})
}

// as lowers errors.As(err, target): target must be a pointer to an
// interface type or to a type implementing error, which kiss reads from the
// call (&v converted to any); otherwise the result is unknown.
func (lib *libLowering) as(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
	var T types.Type
	if len(call.Args) == 2 {
		if mi, ok := call.Args[1].(*ssa.MakeInterface); ok {
			if p, ok := mi.X.Type().Underlying().(*types.Pointer); ok {
				T = p.Elem()
			}
		}
	}
	if T == nil {
		return l.Unknown(b, types.Typ[types.Bool]), nil
	}
	if !isInterface(T) && !types.Implements(T, errorType().Underlying().(*types.Interface)) {
		b.LibPanic("errors: *target must be interface or implement error")
		b.SetBlock(b.NewBlock("unreachable"))
		return ir.BoolConst(false), nil
	}
	p := b.Load(ir.Ptr, b.Extract(args[1], 1))
	b.LibPanicUnless(b.Bin(ir.OpNe, p, ir.ZeroConst(ir.Ptr)), "errors: target must be a non-nil pointer")
	return b.Call(ir.Bool, lib.asFunc(l, T), args[0], args[1], p), nil
}

// asFunc is errors.As for a target of type *T: (err, target any, p *T) bool.
func (lib *libLowering) asFunc(l *lowerer, T types.Type) *ir.Func {
	key := "errors.As:" + types.TypeString(T, nil)
	return l.late(key, "errors.As."+typeName(T), ir.Bool, []any{"err", l.Iface(), "target", l.Iface(), "p", ir.Ptr}, func(b *builder) {
		err, target, p := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		asM := func(e *typeEntry) *ssa.Function {
			return l.goMethod(e.Type, "As", []types.Type{types.NewInterfaceType(nil, nil)}, []types.Type{types.Typ[types.Bool]})
		}
		lib.chainLoop(l, b, err, []ir.Value{target, p}, func(cur ir.Value) {
			// if reflectlite.TypeOf(err).AssignableTo(targetType) { *target = err; return true }
			id := b.Extract(cur, 0)
			var ok ir.Value
			if isInterface(T) {
				ok = b.Call(ir.Bool, l.implementsFunc(T), id)
			} else {
				ok = b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, l.TypeID(T)))
			}
			_, no := b.If(ok, "assignable")
			if isInterface(T) {
				b.Store(p, cur)
			} else {
				b.Store(p, b.Load(l.Type(T), b.Extract(cur, 1)))
			}
			b.Ret(ir.BoolConst(true))
			b.SetBlock(no)
		}, asM, func(cur ir.Value) {
			// An unknown error may wrap a T: maybe, with an unknown T.
			r := l.unknownNondetLabel(b, ir.Bool, libUnknown)
			_, no := b.If(r, "unknown")
			if isInterface(T) {
				b.Store(p, unknownError(l, b))
			} else {
				b.Store(p, l.Unknown(b, T))
			}
			b.Ret(ir.BoolConst(true))
			b.SetBlock(no)
			b.Ret(ir.BoolConst(false))
		})
	})
}

// atoiFunc is strconv.Atoi(s string) (int, error), with ParseInt's
// results for long and invalid inputs; of a symbolic s, an unknown number
// or a syntax error.
func (lib *libLowering) atoiFunc(l *lowerer) *ir.Func {
	res := l.Type(types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.Int]), types.NewParam(0, nil, "", errorType())))
	return l.cached("strconv.Atoi", "strconv.Atoi", res, []any{"s", ir.String}, func(b *builder) {
		s := b.Fn.Params[0]
		fail := func(v int64, rangeErr bool) {
			b.Ret(b.Make(res, ir.IntConst(ir.I64, v), numError(l, b, s, rangeErr)))
		}
		// A string kiss does not know (an environment variable's, as
		// os/signal's tests scale their timeouts by) parses to an unknown
		// number, or fails: reading its bytes would cut the path.
		_, known := b.If(b.Not(b.Op(ir.OpKnown, ir.Bool, s)), "unknown")
		_, parsed := b.If(l.unknownNondetLabel(b, ir.Bool, libUnknown), "syntax")
		fail(0, false)
		b.SetBlock(parsed)
		b.Ret(b.Make(res, l.unknownNondetLabel(b, ir.I64, libUnknown), ir.ZeroConst(l.Iface())))
		b.SetBlock(known)
		n := b.Op(ir.OpStrLen, ir.I64, s)
		_, nonEmpty := b.If(b.Bin(ir.OpEq, n, ir.IntConst(ir.I64, 0)), "empty")
		fail(0, false)
		b.SetBlock(nonEmpty)
		i := b.Local("i", ir.I64)
		neg := b.Local("neg", ir.Bool)
		b.Copy(i, ir.IntConst(ir.I64, 0))
		b.Copy(neg, ir.BoolConst(false))
		c0 := b.Op(ir.OpStrIndex, ir.U8, s, ir.IntConst(ir.I64, 0))
		isMinus := b.Bin(ir.OpEq, c0, ir.IntConst(ir.U8, '-'))
		sign := b.Bin(ir.OpOr, isMinus, b.Bin(ir.OpEq, c0, ir.IntConst(ir.U8, '+')))
		digits := b.NewBlock("digits")
		_, unsigned := b.If(sign, "sign")
		b.Copy(neg, isMinus)
		b.Copy(i, ir.IntConst(ir.I64, 1))
		_, more := b.If(b.Bin(ir.OpEq, n, ir.IntConst(ir.I64, 1)), "signonly")
		fail(0, false)
		b.SetBlock(more)
		b.Jmp(digits)
		b.SetBlock(unsigned)
		b.Jmp(digits)
		b.SetBlock(digits)
		u := b.Local("u", ir.U64)
		b.Copy(u, ir.IntConst(ir.U64, 0))
		head, body, done, overflow := b.NewBlock("loop"), b.NewBlock("body"), b.NewBlock("done"), b.NewBlock("overflow")
		b.Jmp(head)
		b.SetBlock(head)
		b.Br(b.Bin(ir.OpLt, i, n), body, done)
		b.SetBlock(body)
		d := b.Bin(ir.OpSub, b.Op(ir.OpStrIndex, ir.U8, s, i), ir.IntConst(ir.U8, '0'))
		_, digit := b.If(b.Bin(ir.OpGt, d, ir.IntConst(ir.U8, 9)), "bad")
		fail(0, false)
		b.SetBlock(digit)
		const maxU64 = ^uint64(0)
		_, fits := b.If(b.Bin(ir.OpGe, u, u64Const(maxU64/10+1)), "big")
		b.Jmp(overflow)
		b.SetBlock(fits)
		u10 := b.Bin(ir.OpMul, u, ir.IntConst(ir.U64, 10))
		u1 := b.Bin(ir.OpAdd, u10, b.Conv(d, ir.U64))
		_, ok := b.If(b.Bin(ir.OpLt, u1, u10), "wrap")
		b.Jmp(overflow)
		b.SetBlock(ok)
		b.Copy(u, u1)
		b.Assign(i, ir.OpAdd, i, ir.IntConst(ir.I64, 1))
		b.Jmp(head)

		const cutoff = uint64(1) << 63
		b.SetBlock(done)
		_, pos := b.If(neg, "neg")
		_, inRange := b.If(b.Bin(ir.OpGt, u, u64Const(cutoff)), "under")
		fail(-1<<63, true)
		b.SetBlock(inRange)
		b.Ret(b.Make(res, b.Op(ir.OpNeg, ir.I64, b.Conv(u, ir.I64)), ir.ZeroConst(l.Iface())))
		b.SetBlock(pos)
		_, inRange = b.If(b.Bin(ir.OpGe, u, u64Const(cutoff)), "over")
		fail(1<<63-1, true)
		b.SetBlock(inRange)
		b.Ret(b.Make(res, b.Conv(u, ir.I64), ir.ZeroConst(l.Iface())))

		b.SetBlock(overflow)
		_, pos = b.If(neg, "neg")
		fail(-1<<63, true)
		b.SetBlock(pos)
		fail(1<<63-1, true)
	})
}

// numError makes Atoi's *strconv.NumError{"Atoi", s, ErrSyntax or
// ErrRange}, or an unknown error when strconv's types are not in the
// program.
func numError(l *lowerer, b *builder, s ir.Value, rangeErr bool) ir.Value {
	pkg := l.SSA.ImportedPackage("strconv")
	if pkg == nil {
		return unknownError(l, b)
	}
	typ, _ := pkg.Members["NumError"].(*ssa.Type)
	name := "ErrSyntax"
	if rangeErr {
		name = "ErrRange"
	}
	g, _ := pkg.Members[name].(*ssa.Global)
	if typ == nil || g == nil {
		return unknownError(l, b)
	}
	st, ok := typ.Type().Underlying().(*types.Struct)
	if !ok {
		return unknownError(l, b)
	}
	irT := l.Type(typ.Type())
	vals := make([]ir.Value, st.NumFields())
	for i := range vals {
		switch st.Field(i).Name() {
		case "Func":
			vals[i] = ir.StringConst("Atoi")
		case "Num":
			vals[i] = s
		case "Err":
			gl := l.global(g)
			vals[i] = b.Load(gl.Elem, gl)
		default:
			vals[i] = ir.ZeroConst(irT.Fields[i])
		}
	}
	p := b.Alloc(irT, nil)
	b.Store(p, b.Make(irT, vals...))
	return l.MakeInterface(b, p, types.NewPointer(typ.Type()))
}

// hasAffixFunc is strings.HasPrefix (suffix false) or HasSuffix.
func hasAffixFunc(l *lowerer, suffix bool) *ir.Func {
	name := "strings.HasPrefix"
	if suffix {
		name = "strings.HasSuffix"
	}
	return l.cached(name, name, ir.Bool, []any{"s", ir.String, "affix", ir.String}, func(b *builder) {
		s, a := b.Fn.Params[0], b.Fn.Params[1]
		ls, la := b.Op(ir.OpStrLen, ir.I64, s), b.Op(ir.OpStrLen, ir.I64, a)
		_, fits := b.If(b.Bin(ir.OpLt, ls, la), "short")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(fits)
		lo, hi := ir.Value(ir.IntConst(ir.I64, 0)), ir.Value(la)
		if suffix {
			lo, hi = b.Bin(ir.OpSub, ls, la), ls
		}
		b.Ret(b.Bin(ir.OpEq, b.Op(ir.OpSubstr, ir.String, s, lo, hi), a))
	})
}

func u64Const(v uint64) *ir.Const { return &ir.Const{Typ: ir.U64, Bits: v} }

// libUnknown labels the values the library models do not compute (a
// formatted string, whether an unknown error wraps another): findings that
// depend on them are not shown as real (smt's DependsOn).
const libUnknown = "a value kiss's library models leave unknown"

// uniqueMake is unique.Make[T](v): a Handle (a struct holding a *T) whose
// pointer is the same for equal values. Its source keys a concurrent map
// by the runtime's type descriptor (abi.TypeFor) and holds weak pointers:
// here each instance has a table of its own, a global list of the values
// made so far and their pointers, searched with Go's ==.
func uniqueMake(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
	t := call.Signature().Params().At(0).Type()
	res := l.resultType(call.Signature())
	if res == nil || res.Kind != ir.KindStruct || len(res.Fields) != 1 || res.Fields[0].Kind != ir.KindPtr {
		return nil, errorf("kiss does not model %s with this Handle (%s)", call.Value, pos)
	}
	et := l.Type(t)
	node := ir.Struct(et, ir.Ptr, ir.Ptr) // value, its *T, next
	head := l.sharedGlobal("unique.table."+types.TypeString(t, nil), ir.Ptr)
	r := b.Temp(ir.Ptr)
	p := b.Temp(ir.Ptr)
	b.Copy(p, b.Load(ir.Ptr, head))
	loop, done := b.NewBlock("unique"), b.NewBlock("unique.done")
	b.Jmp(loop)
	b.SetBlock(loop)
	_, more := b.If(b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr)), "unique.new")
	obj := b.Alloc(et, nil)
	b.Store(obj, args[0])
	n := b.Alloc(node, nil)
	b.Store(b.Field(n, 0), args[0])
	b.Store(b.Field(n, 1), obj)
	b.Store(b.Field(n, 2), b.Load(ir.Ptr, head))
	b.Store(head, n)
	b.Copy(r, obj)
	b.Jmp(done)
	b.SetBlock(more)
	_, next := b.If(l.equal(b, t, b.Load(et, b.Field(p, 0)), args[0]), "unique.found")
	b.Copy(r, b.Load(ir.Ptr, b.Field(p, 1)))
	b.Jmp(done)
	b.SetBlock(next)
	b.Copy(p, b.Load(ir.Ptr, b.Field(p, 2)))
	b.Jmp(loop)
	b.SetBlock(done)
	return b.Make(res, r), nil
}

// printKnown is the string of fmt.Sprintf, Sprint or Sprintln (or the
// message of fmt.Errorf) when every operand is an integer, string or bool
// without methods printed by a plain verb (Sprintf's constant format of
// %d, %v, %x, %o and %b of integers, %s and %v of strings, %t and %v of
// bools; Sprint's and Sprintln's %v with fmt's spaces), or an interface
// or a value with an Error or String method printed by %v, %s or
// Errorf's %w (fmtMethods): made as fmt makes it (integers by strconv's
// code) when the path knows every operand's text, else an unknown string
// as before. Keys and names made with Sprintf("key-%d", i) or Sprint(i)
// stay concrete, as strconv.Itoa's do, and so does an error's message
// wrapped by Errorf("op: %w", err), which tests compare. ok is false for
// any other call; then nothing is emitted.
func printKnown(l *lowerer, b *builder, call *ssa.CallCommon) (ir.Value, bool) {
	fn := call.StaticCallee()
	if fn == nil || b.fl == nil || l.SSA == nil {
		return nil, false
	}
	var format string
	var ops []ssa.Value
	switch fn.String() {
	case "fmt.Sprintf", "fmt.Errorf":
		var ok bool
		if format, ok = constString(call.Args[0]); !ok {
			return nil, false
		}
		ops = varargsOperands(call.Args[1])
	case "fmt.Sprint", "fmt.Sprintln":
		ops = varargsOperands(call.Args[0])
		if c, ok := call.Args[0].(*ssa.Const); ok && c.IsNil() {
			ops = []ssa.Value{} // no operand
		}
	default:
		return nil, false
	}
	if ops == nil {
		return nil, false
	}
	// strconv's formatting, linked only for an integer operand.
	strconvCode := map[string]*ir.Func{}
	formatCode := func(name string) *ir.Func {
		if f, ok := strconvCode[name]; ok {
			return f
		}
		var f *ir.Func
		if sc := l.SSA.ImportedPackage("strconv"); sc != nil {
			if fn := sc.Func(name); fn != nil {
				code := fn.String()
				if ownExported[code] {
					code += ownCode
				}
				f = l.linkedCode(fn, code)
			}
		}
		strconvCode[name] = f
		return f
	}
	// The pieces, checked before anything is emitted: literal text, or an
	// operand (op >= 0) as its verb prints it.
	type piece struct {
		text string
		op   int
		kind *types.Basic
		base int64
		code *ir.Func // strconv's FormatInt or FormatUint, for an integer
		wide *ir.Type // its integer parameter's type
		verb byte     // for an operand of methods (kind nil): printed by fmtMethods
	}
	var pieces []piece
	lit := ""
	operand := func(k int, verb byte) bool {
		mi, ok := ops[k].(*ssa.MakeInterface)
		if !ok || types.NewMethodSet(mi.X.Type()).Len() > 0 {
			// an interface or a value with methods: its Error or String
			// method prints it
			if !methodsVerb(verb, fn.Name() == "Errorf") || ok && !hasPrintMethod(mi.X.Type()) {
				return false
			}
			if lit != "" {
				pieces = append(pieces, piece{text: lit, op: -1})
			}
			pieces, lit = append(pieces, piece{op: k, verb: verb}), ""
			return true
		}
		basic, ok := mi.X.Type().Underlying().(*types.Basic)
		if !ok {
			return false
		}
		p := piece{op: k, kind: basic}
		info := basic.Info()
		switch {
		case info&types.IsString != 0 && (verb == 's' || verb == 'v'):
		case info&types.IsBoolean != 0 && (verb == 't' || verb == 'v'):
		case info&types.IsInteger != 0:
			p.base = map[byte]int64{'d': 10, 'v': 10, 'x': 16, 'o': 8, 'b': 2}[verb]
			name, wide := "FormatInt", ir.I64
			if k := basic.Kind(); k == types.Uint || k == types.Uint64 || k == types.Uintptr {
				name, wide = "FormatUint", ir.U64
			}
			p.wide = wide
			if p.base == 0 {
				return false
			}
			if p.code = formatCode(name); p.code == nil {
				return false
			}
		default:
			return false
		}
		if lit != "" {
			pieces = append(pieces, piece{text: lit, op: -1})
		}
		pieces, lit = append(pieces, p), ""
		return true
	}
	if fn.Name() == "Sprintf" || fn.Name() == "Errorf" {
		k := 0
		for i := 0; i < len(format); i++ {
			if format[i] != '%' {
				lit += format[i : i+1]
				continue
			}
			if i++; i == len(format) {
				return nil, false
			}
			if format[i] == '%' {
				lit += "%"
				continue
			}
			if k == len(ops) || !operand(k, format[i]) {
				return nil, false
			}
			k++
		}
		if k != len(ops) {
			return nil, false
		}
	} else {
		// fmt's doPrint puts a space between operands when neither is a
		// string; doPrintln between any two, and a newline after them.
		isString := func(k int) bool {
			mi, ok := ops[k].(*ssa.MakeInterface)
			if !ok {
				return false
			}
			basic, ok := mi.X.Type().Underlying().(*types.Basic)
			return ok && basic.Info()&types.IsString != 0
		}
		for k := range ops {
			if _, ok := ops[k].(*ssa.MakeInterface); !ok && fn.Name() == "Sprint" && len(ops) > 1 {
				return nil, false // whether its dynamic type is a string decides the spaces
			}
			if k > 0 && (fn.Name() == "Sprintln" || !isString(k-1) && !isString(k)) {
				lit += " "
			}
			if !operand(k, 'v') {
				return nil, false
			}
		}
		if fn.Name() == "Sprintln" {
			lit += "\n"
		}
	}
	if lit != "" {
		pieces = append(pieces, piece{text: lit, op: -1})
	}
	// (fmt calls the operands' methods in order, whatever the text.)
	vals := make([]ir.Value, len(ops))
	var known ir.Value = ir.BoolConst(true)
	for _, p := range pieces {
		switch {
		case p.op < 0:
			continue
		case p.kind == nil:
			vals[p.op] = fmtMethods(l, b, fn.Object().Pkg(), b.Value(ops[p.op]), p.verb)
		default:
			vals[p.op] = b.Value(ops[p.op].(*ssa.MakeInterface).X)
		}
		known = b.And(known, b.Op(ir.OpKnown, ir.Bool, vals[p.op]))
	}
	return b.ifElse(known, ir.String, "print.known", func() ir.Value {
		var s ir.Value = ir.StringConst("")
		for _, p := range pieces {
			var v ir.Value
			switch {
			case p.op < 0:
				v = ir.StringConst(p.text)
			case p.kind == nil || p.kind.Info()&types.IsString != 0:
				v = vals[p.op]
			case p.kind.Info()&types.IsBoolean != 0:
				v = b.Op(ir.OpSelect, ir.String, vals[p.op], ir.StringConst("true"), ir.StringConst("false"))
			default:
				t := b.Temp(ir.String)
				x := b.Conv(vals[p.op], p.wide)
				l.atSite(b, true, func() { b.CallTo(t, p.code, ir.ZeroConst(ir.Ptr), x, ir.IntConst(ir.I64, p.base)) })
				v = t
			}
			s = b.Bin(ir.OpAdd, s, v)
		}
		return s
	}, func() ir.Value { return l.unknownNondetLabel(b, ir.String, libUnknown) }), true
}

// methodsVerb reports whether fmt prints an operand with verb by its Error
// or String method: %v and %s, and Errorf's %w.
func methodsVerb(verb byte, errorf bool) bool {
	return verb == 'v' || verb == 's' || verb == 'w' && errorf
}

// hasPrintMethod reports whether t has an Error or a String method fmt
// calls (reflect.Value's String is not one: fmt prints the value held).
func hasPrintMethod(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Value" {
		return false
	}
	return hasStringMethod(t, "Error") || hasStringMethod(t, "String")
}

// fmtMethods is the text fmt prints for operand x (an interface) by verb
// (%v, %s, or Errorf's %w), as its handleMethods does: "<nil>" for a nil
// operand (%!s(<nil>) and %!w(<nil>) by the other verbs), the result of
// its Error method, else (not by %w) of its String method, else, for %v
// and %s, a string itself. An operand that formats itself
// (fmt.Formatter) or has neither method and is no string prints by
// reflection, which kiss does not follow: an unknown string. So is a nil
// pointer with a method: fmt prints "<nil>" if the method panics
// (catchPanic), what it returns if not.
func fmtMethods(l *lowerer, b *builder, fmtPkg *types.Package, x ir.Value, verb byte) ir.Value {
	errT, stringer := errorType(), fmtPkg.Scope().Lookup("Stringer").Type()
	unknown := func() ir.Value { return l.unknownNondetLabel(b, ir.String, libUnknown) }
	call := func(iface types.Type) func() ir.Value {
		return func() ir.Value {
			r := b.Temp(ir.String)
			m := iface.Underlying().(*types.Interface).Method(0)
			l.atSite(b, true, func() { b.CallTo(r, l.dispatcher(m), x) })
			return r
		}
	}
	id := b.Extract(x, 0)
	nilText := "<nil>"
	if verb != 'v' {
		nilText = "%!" + string(verb) + "(<nil>)"
	}
	return b.ifElse(b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, 0)), ir.String, "print.nil", func() ir.Value { return ir.StringConst(nilText) }, func() ir.Value {
		var formatter ir.Value = b.Call(ir.Bool, l.implementsFunc(fmtPkg.Scope().Lookup("Formatter").Type()), id)
		if isNil := l.modelLate("reflect.isnil"); isNil != nil {
			nilPtr := b.Bin(ir.OpEq, b.Call(ir.I64, isNil, id, b.Extract(x, 1)), ir.IntConst(ir.I64, 1))
			formatter = b.Bin(ir.OpOr, formatter, nilPtr)
		}
		return b.ifElse(formatter, ir.String, "print.formatter", unknown, func() ir.Value {
			isErr := b.Call(ir.Bool, l.implementsFunc(errT), id)
			return b.ifElse(isErr, ir.String, "print.error", call(errT), func() ir.Value {
				if verb == 'w' {
					return unknown() // %!w(...)
				}
				isStringer := b.Call(ir.Bool, l.implementsFunc(stringer), id)
				return b.ifElse(isStringer, ir.String, "print.stringer", call(stringer), func() ir.Value {
					if verb != 's' && verb != 'v' {
						return unknown()
					}
					// a string (a cache's key of type any): itself
					isStr := b.Bin(ir.OpEq, id, ir.IntConst(ir.I64, l.TypeID(types.Typ[types.String])))
					return b.ifElse(isStr, ir.String, "print.string", func() ir.Value { return b.Load(ir.String, b.Extract(x, 1)) }, unknown)
				})
			})
		})
	})
}

// varargsOperands are the operands of a call's ... parameter when the
// compiler made the slice (its "varargs" array, each element stored once
// where the call is): what a Printf-like call receives. Else nil: a slice
// of the program's own may be written after it is filled.
func varargsOperands(v ssa.Value) []ssa.Value {
	ops := variadicOperands(v)
	if len(ops) == 0 {
		return ops
	}
	a := v.(*ssa.Slice).X.(*ssa.Alloc)
	if a.Comment != "varargs" {
		return nil
	}
	stores := 0
	for _, r := range *a.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					stores++
				}
			}
		}
	}
	for _, op := range ops {
		if op == nil {
			return nil
		}
	}
	if stores != len(ops) {
		return nil
	}
	return ops
}
