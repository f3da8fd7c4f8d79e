package sequentialize

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The testify models (github.com/stretchr/testify v1, assert and
// require). Every assertion ends in assert.Fail or FailNow: Fail formats a
// report (the caller's frames through runtime.Caller, the message through
// fmt) and calls t.Errorf with it, so its model calls t.Errorf with an
// unknown message, a test failure when t is a *testing.T, and a TestingT
// of the program's own runs as written. ObjectsAreEqual is Equal's
// comparison: reflect.DeepEqual's model, with testify's own case for
// []byte. The models key on testify's import path: they apply where the
// program has those functions, in testify's exported code too (extern).
func (c *concLowering) testifyModels(m map[string]externFunc) {
	const assert, require = "github.com/stretchr/testify/assert", "github.com/stretchr/testify/require"
	m[assert+".Fail"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		if !c.testifyFail(l, b, call, args) {
			return l.unknownCall(b, call, assert+".Fail"), nil
		}
		return ir.BoolConst(false), nil
	}
	m[assert+".FailNow"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		if !c.testifyFail(l, b, call, args) {
			return l.unknownCall(b, call, assert+".FailNow"), nil
		}
		c.testifyFailNow(l, b, args[0], true)
		return ir.BoolConst(false), nil
	}
	for _, f := range []string{"Fail", "FailNow"} {
		now := f == "FailNow"
		m[require+"."+f] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			if !c.testifyFail(l, b, call, args) {
				return l.unknownCall(b, call, require+"."+f), nil
			}
			if now { // assert.FailNow: t is a require.TestingT, which has FailNow
				c.testifyFailNow(l, b, args[0], false)
			}
			c.testifyFailNow(l, b, args[0], false)
			return nil, nil
		}
	}
	m[assert+".ObjectsAreEqual"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		x, y := args[0], args[1]
		c.readTwo(l, b, call, args, false)
		return b.Call(ir.Bool, c.modelLate(l, "testify.ObjectsAreEqual"), x, y), nil
	}
	// EqualValues' comparison converts one value to the other's type
	// through reflect (Convert, Type.Size): of one dynamic type that is
	// ObjectsAreEqual's answer, of two it is left unknown.
	m[assert+".ObjectsAreEqualValues"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		x, y := args[0], args[1]
		c.readTwo(l, b, call, args, false)
		eq := b.Call(ir.Bool, c.modelLate(l, "testify.ObjectsAreEqual"), x, y)
		xid, yid := b.Extract(x, 0), b.Extract(y, 0)
		zero := ir.IntConst(ir.I64, 0)
		converted := b.And(b.And(b.Bin(ir.OpNe, xid, zero), b.Bin(ir.OpNe, yid, zero)), b.Bin(ir.OpNe, xid, yid))
		unknown := l.unknownNondetLabel(b, ir.Bool, "testify's ObjectsAreEqualValues of values of two types")
		return b.Bin(ir.OpOr, eq, b.And(converted, unknown)), nil
	}
	// Equal's report of two unequal values formats them through reflect
	// (go-spew, fmt's %#v) and truncates what is long: unknown strings,
	// which nothing branches on before Fail ignores them.
	report := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		c.readTwo(l, b, call, args, true)
		res := call.Signature().Results()
		if res.Len() == 1 {
			return l.unknownNondetLabel(b, ir.String, libUnknown), nil
		}
		return b.Make(l.Type(res), l.unknownNondetLabel(b, ir.String, libUnknown), l.unknownNondetLabel(b, ir.String, libUnknown)), nil
	}
	m[assert+".formatUnequalValues"] = report
	m[assert+".diff"] = report
	// ElementsMatch's report of two lists (listA, listB, then what each
	// has that the other lacks, which are their elements): go-spew's
	// dumps. go-spew's init digs into reflect.Value's flags through
	// unsafe, which kiss does not follow: ristretto's failing
	// ElementsMatch stopped there instead of failing the test.
	m[assert+".formatListDiff"] = report
	// mock's Called finds the mocked method's name with runtime.Caller(1)
	// and FuncForPC: the function that calls it, which the call site
	// knows. It is MethodCalled of that name, run as written.
	const mock = "github.com/stretchr/testify/mock"
	m["(*"+mock+".Mock).Called"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		fn, _ := call.Value.(*ssa.Function)
		if fn == nil || fn.Pkg == nil || len(args) != 2 {
			return l.unknownCall(b, call, "(*"+mock+".Mock).Called"), nil
		}
		sel := l.SSA.MethodSets.MethodSet(fn.Signature.Recv().Type()).Lookup(fn.Pkg.Pkg, "MethodCalled")
		if sel == nil {
			return l.unknownCall(b, call, "(*"+mock+".Mock).Called"), nil
		}
		var name ir.Value = l.unknownNondetLabel(b, ir.String, "the name of the function that calls mock's Called (runtime.Caller)")
		if b.fl != nil {
			if n := runtimeFuncName(b.fl.fn); n != "" {
				name = ir.StringConst(n)
			}
		}
		r := b.Temp(l.Type(call.Signature().Results().At(0).Type()))
		l.emitDirectCall(b, l.SSA.MethodValue(sel), []ir.Value{args[0], name, args[1]}, nil, r)
		return r, nil
	}
	// go-spew (testify's dumps, mock's too) finds reflect.Value's flag
	// word through unsafe in its init (bypass.go: flagValOffset's
	// initializer, init$1, and the check init#1), to print unexported
	// fields by clearing a Value's read-only flag: kiss's Values have no
	// such word, and every path of a program that imports mock stopped
	// there. The check finds nothing wrong, and unsafeReflectValue clears
	// the read-only mark of kiss's Value, as it does Go's. Another
	// version's functions of those names (other signatures) are calls
	// kiss does not know.
	const spew = "github.com/davecgh/go-spew/spew"
	spewFunc := func(name string, params, results int, model externFunc) {
		m[spew+"."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			if sig := call.Signature(); sig.Params().Len() != params || sig.Results().Len() != results {
				return l.unknownCall(b, call, spew+"."+name), nil
			}
			return model(l, b, call, args, pos)
		}
	}
	spewFunc("init#1", 0, 0, func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil
	})
	spewFunc("init$1", 0, 1, func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return ir.ZeroConst(l.Type(call.Signature().Results().At(0).Type())), nil
	})
	spewFunc("unsafeReflectValue", 1, 1, func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		v := args[0]
		return b.Make(c.rt.typ("rvalue"), ir.ZeroConst(ir.Ptr), b.Extract(v, 1), b.Extract(v, 2)), nil
	})
	m[assert+".CallerInfo"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		const frames = 4
		label := "the call stack (testify's CallerInfo)"
		arr := b.Alloc(ir.String, ir.IntConst(ir.I64, frames))
		for i := range int64(frames) {
			b.Store(b.Index(arr, ir.IntConst(ir.I64, i)), l.unknownNondetLabel(b, ir.String, label))
		}
		n := l.unknownNondetLabel(b, ir.I64, label)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpLe, n, ir.IntConst(ir.I64, frames)))}})
		return b.Make(l.Slice(), arr, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, frames)), nil
	}
}

// runtimeFuncName is the last dot-separated element of the name Go's
// runtime gives fn (runtime.FuncForPC(pc).Name()): a function's or
// method's name (a generic method's too; a generic function, pkg.F[...],
// gives "]"), an explicit init's "0" for ssa's init#1, a closure's
// "func1" (or "1" inside another closure). "" where ssa's name does not
// tell Go's: wrappers ssa makes, the closures of package-level variables'
// initializers (Go numbers them in source order, ssa in initialization
// order) and of functions with a range-over-func loop (ssa numbers the
// loop bodies with the closures, Go apart), and code inlined copies
// renumber (a closure inlined into another function is numbered with
// that function's: kiss names the closure as written).
func runtimeFuncName(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		if fn.Signature.Recv() == nil {
			return "]"
		}
		return o.Name()
	}
	if fn.Synthetic != "" {
		return ""
	}
	if fn.Parent() == nil {
		if n, ok := strings.CutPrefix(fn.Name(), "init#"); ok {
			k, err := strconv.Atoi(n)
			if err != nil {
				return ""
			}
			return strconv.Itoa(k - 1)
		}
		return fn.Name()
	}
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	if top.Name() == "init" && top.Signature.Recv() == nil || rangeFuncBodies(top) {
		return ""
	}
	i := strings.LastIndex(fn.Name(), "$")
	if i < 0 {
		return ""
	}
	if fn.Parent().Parent() == nil {
		return "func" + fn.Name()[i+1:]
	}
	return fn.Name()[i+1:]
}

// rangeFuncBodies reports whether fn or a closure inside it has the body
// of a range-over-func loop (a synthetic closure).
func rangeFuncBodies(fn *ssa.Function) bool {
	for _, a := range fn.AnonFuncs {
		if a.Synthetic != "" || rangeFuncBodies(a) {
			return true
		}
	}
	return false
}

// testifyFail is assert.Fail(t, failureMessage, msgAndArgs...): it reads
// msgAndArgs as fmt does and calls t.Errorf with an unknown message. It
// reports false when the call does not have Fail's signature.
func (c *concLowering) testifyFail(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value) bool {
	sig := call.Signature()
	if sig.Params().Len() != 3 || !sig.Variadic() || len(args) != 3 {
		return false
	}
	errorf := interfaceMethod(sig.Params().At(0).Type(), "Errorf")
	if errorf == nil {
		return false
	}
	c.readPrintOperands(l, b, call, args, false)
	msg := l.unknownNondetLabel(b, ir.String, libUnknown)
	b.CallTo(nil, l.dispatcher(errorf), args[0], msg, ir.ZeroConst(l.Slice()))
	b.CheckPanicking()
	return true
}

// testifyFailNow is t.FailNow() on the TestingT t; with check, t may not
// have it, and then assert.FailNow panics as testify does.
func (c *concLowering) testifyFailNow(l *lowerer, b *builder, t ir.Value, check bool) {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	k := methodKey{name: "FailNow", sig: sigString(sig)}
	if check {
		has := b.Call(ir.Bool, l.implementsFor("failNower", []methodKey{k}), b.Extract(t, 0))
		b.PanicStringUnless(has, "test failed and t is missing `FailNow()`")
	}
	b.CallTo(nil, l.dispatcherFor(k, nil, nil, sig), t)
	b.CheckPanicking()
}

// interfaceMethod returns the method name of interface type t, or nil.
func interfaceMethod(t types.Type, name string) *types.Func {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for m := range it.Methods() {
		if m.Name() == name {
			return m
		}
	}
	return nil
}

// genObjectsAreEqual is testify's ObjectsAreEqual(expected, actual any)
// bool: nil equals only nil; a []byte expected equals only a []byte actual
// with the same bytes (both nil, or neither); otherwise reflect.DeepEqual.
// It is late for []byte's id, which is the program's.
func (c *concLowering) genObjectsAreEqual(l *lowerer) func(b *builder) {
	bytesT := types.NewSlice(types.Typ[types.Byte])
	return func(b *builder) {
		x, y := b.Fn.Params[0], b.Fn.Params[1]
		xid, yid := b.Extract(x, 0), b.Extract(y, 0)
		zero := ir.IntConst(ir.I64, 0)
		_, both := b.If(b.Bin(ir.OpOr, b.Bin(ir.OpEq, xid, zero), b.Bin(ir.OpEq, yid, zero)), "nil")
		b.Ret(b.Bin(ir.OpEq, xid, yid))
		b.SetBlock(both)
		bid := ir.IntConst(ir.I64, l.TypeID(bytesT))
		_, isBytes := b.If(b.Bin(ir.OpNe, xid, bid), "deep")
		b.Ret(b.Call(ir.Bool, c.modelLate(l, "reflect.deepequal"), x, y))
		b.SetBlock(isBytes)
		_, bothBytes := b.If(b.Bin(ir.OpNe, yid, bid), "other")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(bothBytes)
		exp, act := b.Load(l.Slice(), b.Extract(x, 1)), b.Load(l.Slice(), b.Extract(y, 1))
		en := b.Bin(ir.OpEq, b.Extract(exp, 0), ir.ZeroConst(ir.Ptr))
		an := b.Bin(ir.OpEq, b.Extract(act, 0), ir.ZeroConst(ir.Ptr))
		_, nonnil := b.If(b.Bin(ir.OpOr, en, an), "nilslice")
		b.Ret(b.And(en, an))
		b.SetBlock(nonnil)
		// bytes.Equal
		_, sameLen := b.If(b.Bin(ir.OpNe, b.Extract(exp, 2), b.Extract(act, 2)), "len")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(sameLen)
		b.forLoop("i", b.Extract(exp, 2), func(i ir.Value) {
			ne := b.Bin(ir.OpNe, b.Load(ir.U8, b.elemPtr(exp, i)), b.Load(ir.U8, b.elemPtr(act, i)))
			_, eq := b.If(ne, "byte")
			b.Ret(ir.BoolConst(false))
			b.SetBlock(eq)
		})
		b.Ret(ir.BoolConst(true))
	}
}

// readTwo reads the first two operands of a testify comparison, as
// readOperand does (methods: their String or Error methods may be called).
func (c *concLowering) readTwo(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, methods bool) {
	for i := range 2 {
		var op ssa.Value
		if i < len(call.Args) {
			op = call.Args[i]
		}
		c.readOperand(l, b, op, args[i], methods)
	}
}
