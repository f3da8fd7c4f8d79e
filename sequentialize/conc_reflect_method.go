package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// reflect's method table and Value.Call: what testify's suite.Run does to
// find a suite's Test methods and run them (Type.NumMethod, Type.Method(i),
// method.Func.Call). A type's methods are its method set's exported ones,
// sorted by name as reflect sorts them (go/types sorts a method set by Id,
// which is the name of an exported method); Method(i).Func is a Value of
// the method expression's type (the receiver first) holding the method's
// code, so that Call runs it as written.

// methodType is reflect.method's result: the name, the Func's type id and
// box, and a code: 0, 1 for an index out of range, 2 when kiss does not
// list the type's methods.
var methodType = ir.Struct(ir.String, ir.I64, ir.Ptr, ir.I64)

// exportedMethods are the methods of t's method set reflect lists.
func (l *lowerer) exportedMethods(t types.Type) []*types.Selection {
	var out []*types.Selection
	for sel := range l.SSA.MethodSets.MethodSet(t).Methods() {
		if sel.Obj().Exported() {
			out = append(out, sel)
		}
	}
	return out
}

// listsMethods reports whether reflect's method table of the model holds
// dynamic type e: a Go type of the program, not an interface.
func listsMethods(e *typeEntry) bool { return e.Type != nil && !isInterface(e.Type) }

// genNumMethod: reflect.nummethod(id) {n, ok}: the number of exported
// methods; ok false for a type whose methods kiss does not list (a model's
// own, one known only from another package's code).
func (c *concLowering) genNumMethod(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id := b.Fn.Params[0]
		l.switchOnType(b, id, listsMethods, func(e *typeEntry) {
			n := len(l.exportedMethods(e.Type))
			b.Ret(b.Make(lenType, ir.IntConst(ir.I64, int64(n)), ir.BoolConst(true)))
		})
		b.Ret(ir.ZeroConst(lenType))
	}
}

// genMethod: reflect.method(id, i) (methodType): method i's name and a
// Value of its method expression.
func (c *concLowering) genMethod(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, i := b.Fn.Params[0], b.Fn.Params[1]
		l.switchOnType(b, id, listsMethods, func(e *typeEntry) {
			for k, sel := range l.exportedMethods(e.Type) {
				_, next := b.If(b.Bin(ir.OpEq, i, ir.IntConst(ir.I64, int64(k))), "method")
				fn := l.SSA.MethodValue(sel)
				if fn == nil { // (a method ssa has no code of: kiss does not list it)
					b.Ret(b.Make(methodType, ir.StringConst(""), ir.IntConst(ir.I64, 0), ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 2)))
					b.SetBlock(next)
					continue
				}
				box := b.Alloc(l.tClosure, nil)
				b.Store(box, b.Make(l.tClosure, c.methodCode(l, fn, sel), ir.ZeroConst(ir.Ptr)))
				fid := l.TypeID(methodExpr(fn.Signature))
				b.Ret(b.Make(methodType, ir.StringConst(sel.Obj().Name()), ir.IntConst(ir.I64, fid), box, ir.IntConst(ir.I64, 0)))
				b.SetBlock(next)
			}
			b.Ret(b.Make(methodType, ir.StringConst(""), ir.IntConst(ir.I64, 0), ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 1)))
		})
		b.Ret(b.Make(methodType, ir.StringConst(""), ir.IntConst(ir.I64, 0), ir.ZeroConst(ir.Ptr), ir.IntConst(ir.I64, 2)))
	}
}

// methodCode is the code of Method(i).Func for fn, the method expression
// of sel: fn itself for a method the package under analysis declares (a
// suite's Test methods); for another (a suite's methods promoted from
// testify's Suite and Assertions, a type of the standard library), a
// function that is a call kiss does not know, so that listing a type's
// methods does not bring every method of its embedded types into the
// program (testify's Assertions reach net/http and yaml).
func (c *concLowering) methodCode(l *lowerer, fn *ssa.Function, sel *types.Selection) *ir.Func {
	if l.opts.Home != nil && sel.Obj().Pkg() == l.opts.Home {
		return l.FuncRef(fn)
	}
	name := fn.String()
	params := []any{"env", ir.Ptr}
	sig := methodExpr(fn.Signature)
	for i := range sig.Params().Len() {
		params = append(params, "a"+itoa(i), l.Type(sig.Params().At(i).Type()))
	}
	return l.cached("reflect.method:"+name, "reflect.method."+sel.Obj().Name(), l.resultType(fn.Signature), params, func(b *builder) {
		stopIf(l, b, ir.BoolConst(true), name)
		defer l.labelUnknown(name)()
		l.retUnknown(b, fn.Signature)
	})
}

// methodExpr is the type of the method expression of a method of
// signature sig: its receiver is the first parameter.
func methodExpr(sig *types.Signature) *types.Signature {
	params := []*types.Var{sig.Recv()}
	for p := range sig.Params().Variables() {
		params = append(params, p)
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
}

// funcShapeType is reflect.funcshape's result: a func type's numbers of
// parameters and results, whether it is variadic, and a code: 0, 1 for a
// type that is not a func, 2 when kiss does not know the type.
var funcShapeType = ir.Struct(ir.I64, ir.I64, ir.Bool, ir.I64)

// genFuncShape: reflect.funcshape(id) (funcShapeType).
func (c *concLowering) genFuncShape(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id := b.Fn.Params[0]
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindFunc }, func(e *typeEntry) {
			sig := e.Type.Underlying().(*types.Signature)
			b.Ret(b.Make(funcShapeType, ir.IntConst(ir.I64, int64(sig.Params().Len())), ir.IntConst(ir.I64, int64(sig.Results().Len())),
				ir.BoolConst(sig.Variadic()), ir.IntConst(ir.I64, 0)))
		})
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		code := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindFunc)), ir.IntConst(ir.I64, 2), ir.IntConst(ir.I64, 1))
		b.Ret(b.Make(funcShapeType, ir.IntConst(ir.I64, 0), ir.IntConst(ir.I64, 0), ir.BoolConst(false), code))
	}
}

// funcIOType is reflect.funcio's result: the id of a func type's
// parameter or result type (of its pointer type, for an interface type),
// the number of them, and a code: 0, 1 for a type that is not a func, 2
// for one kiss does not know, 3 for an index out of range, 4 for an
// interface type.
var funcIOType = ir.Struct(ir.I64, ir.I64, ir.I64)

// genFuncIO: reflect.funcio(id, out, i) (funcIOType): the type of
// parameter i (out 0) or result i (out 1) of func type id.
func (c *concLowering) genFuncIO(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, out, i := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[2]
		ret := func(tid int64, n int, code int64) {
			b.Ret(b.Make(funcIOType, ir.IntConst(ir.I64, tid), ir.IntConst(ir.I64, int64(n)), ir.IntConst(ir.I64, code)))
		}
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindFunc }, func(e *typeEntry) {
			sig := e.Type.Underlying().(*types.Signature)
			for o, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
				_, next := b.If(b.Bin(ir.OpEq, out, ir.IntConst(ir.I64, int64(o))), "io")
				for j := range tup.Len() {
					t, code := tup.At(j).Type(), int64(0)
					if isInterface(t) {
						t, code = types.NewPointer(t), 4
					}
					_, nj := b.If(b.Bin(ir.OpEq, i, ir.IntConst(ir.I64, int64(j))), "at")
					ret(l.TypeID(t), tup.Len(), code)
					b.SetBlock(nj)
				}
				ret(0, tup.Len(), 3)
				b.SetBlock(next)
			}
			ret(0, 0, 2)
		})
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		code := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindFunc)), ir.IntConst(ir.I64, 2), ir.IntConst(ir.I64, 1))
		b.Ret(b.Make(funcIOType, ir.IntConst(ir.I64, 0), ir.IntConst(ir.I64, 0), code))
	}
}

// genTypeName: reflect.name(id) {name, ok}: a defined type's name ("" for
// another); ok false for a type kiss does not name (an instantiated
// generic type, whose name reflect spells with its type arguments, and
// the types whose methods kiss does not list).
func (c *concLowering) genTypeName(l *lowerer) func(b *builder) {
	rt := ir.Struct(ir.String, ir.Bool)
	return func(b *builder) {
		id := b.Fn.Params[0]
		l.switchOnType(b, id, listsMethods, func(e *typeEntry) {
			name, ok := "", true
			switch t := types.Unalias(e.Type).(type) {
			case *types.Named:
				name, ok = t.Obj().Name(), t.TypeArgs().Len() == 0
			case *types.Basic:
				name = types.Typ[t.Kind()].Name() // (byte is uint8 to reflect)
			}
			b.Ret(b.Make(rt, ir.StringConst(name), ir.BoolConst(ok)))
		})
		b.Ret(ir.ZeroConst(rt))
	}
}

// callType is reflect.call's result: the results' Values and a code: 0, 1
// for a Value that is not a func, 2 when kiss does not call it (a
// variadic func, a result of interface type or one a Value does not
// hold, a func type known only from another package's code), or why Go's
// Call panics (callPanics).
func callType(l *lowerer) *ir.Type { return ir.Struct(l.tSlice, ir.I64) }

// The panics of Value.Call, by reflect.call's code, in the order Go
// checks them. 1's and 4's messages are not Go's, which spell the kind
// and the types (1 is a *reflect.ValueError).
var callPanics = map[int64]string{
	1: "reflect: call of reflect.Value.Call on a Value that is not a func",
	6: "reflect: reflect.Value.Call using value obtained using unexported field",
	5: "reflect.Value.Call: call of nil function",
	3: "reflect: Call with too few input arguments",
	7: "reflect: Call with too many input arguments",
	8: "reflect: Call using zero Value argument",
	4: "reflect: Call using a value of another type than the parameter's",
}

// genCall: reflect.call(id, box, in, ro) (callType): calls the func the
// box holds, of type id, with the values in holds, and returns Values of
// its results; ro is the func Value's read-only mark. The checks come before the call, as Go's: a code other than 0
// means the func did not run.
func (c *concLowering) genCall(l *lowerer) func(b *builder) {
	return func(b *builder) {
		id, box, ro := b.Fn.Params[0], b.Fn.Params[1], b.Fn.Params[3]
		rt, rv := callType(l), c.rt.typ("rvalue")
		code := func(k int64) { b.Ret(b.Make(rt, ir.ZeroConst(l.tSlice), ir.IntConst(ir.I64, k))) }
		// failIf returns code k when cond holds
		failIf := func(cond ir.Value, k int64) {
			_, past := b.If(cond, "fail")
			code(k)
			b.SetBlock(past)
		}
		l.switchOnType(b, id, func(e *typeEntry) bool { return e.Type != nil && kindOf(e) == kindFunc }, func(e *typeEntry) {
			sig := e.Type.Underlying().(*types.Signature)
			// what a Value cannot hold stops the path
			var rids []int64
			for r := range sig.Results().Variables() {
				if isInterface(r.Type()) || l.holdsModelled(r.Type(), nil) {
					code(2)
					return
				}
				rids = append(rids, l.TypeID(r.Type()))
			}
			np := sig.Params().Len()
			for k := range np {
				if P := sig.Params().At(k).Type(); !isInterface(P) && l.holdsModelled(P, nil) {
					code(2)
					return
				}
			}
			if sig.Variadic() {
				code(2)
				return
			}
			failIf(ro, 6) // (Go checks the kind first)
			clo := b.Load(l.tClosure, box)
			fn := b.Extract(clo, 0)
			failIf(b.Bin(ir.OpEq, fn, ir.ZeroConst(ir.FuncT)), 5)
			n := b.Extract(b.Fn.Params[2], 2)
			failIf(b.Bin(ir.OpLt, n, ir.IntConst(ir.I64, int64(np))), 3)
			failIf(b.Bin(ir.OpGt, n, ir.IntConst(ir.I64, int64(np))), 7)
			in := make([]ir.Value, np)
			for k := range np {
				in[k] = b.Load(rv, b.elemPtr(b.Fn.Params[2], ir.IntConst(ir.I64, int64(k))))
				failIf(b.Bin(ir.OpEq, rvID(b, in[k]), ir.IntConst(ir.I64, 0)), 8)
			}
			for k, arg := range in {
				P, aid := sig.Params().At(k).Type(), rvID(b, arg)
				var ok ir.Value
				if isInterface(P) {
					ok = ir.BoolConst(true)
					if P.Underlying().(*types.Interface).NumMethods() > 0 {
						ok = b.Call(ir.Bool, l.implementsFunc(P), aid)
					}
				} else {
					ok = b.Bin(ir.OpEq, aid, ir.IntConst(ir.I64, l.TypeID(P)))
					for _, e := range l.info.Types { // assignable, as Go's AssignableTo
						if e.Type != nil && !types.Identical(e.Type, P) && types.AssignableTo(e.Type, P) {
							ok = b.Bin(ir.OpOr, ok, b.Bin(ir.OpEq, aid, ir.IntConst(ir.I64, e.ID)))
						}
					}
				}
				failIf(b.Not(ok), 4)
			}
			args := []ir.Value{b.Extract(clo, 1)}
			for k, arg := range in {
				failIf(readOnly(b, arg), 6)
				P, abox := sig.Params().At(k).Type(), b.Extract(arg, 1)
				if isInterface(P) {
					args = append(args, b.Make(l.Iface(), rvID(b, arg), abox))
				} else {
					args = append(args, b.Load(l.Type(P), abox))
				}
			}
			var r *ir.Local
			if len(rids) > 0 {
				r = b.Temp(l.resultType(sig))
			}
			b.CallTo(r, fn, args...)
			nr := ir.IntConst(ir.I64, int64(len(rids)))
			arr := b.Alloc(rv, nr)
			for k, rid := range rids {
				var v ir.Value = r
				if len(rids) > 1 {
					v = b.Extract(r, k)
				}
				nb := b.Alloc(l.Type(sig.Results().At(k).Type()), nil)
				b.Store(nb, v)
				b.Store(b.Index(arr, ir.IntConst(ir.I64, int64(k))), c.rvalue(b, ir.IntConst(ir.I64, rid), nb))
			}
			b.Ret(b.Make(rt, b.Make(l.tSlice, arr, ir.IntConst(ir.I64, 0), nr, nr), ir.IntConst(ir.I64, 0)))
		})
		k := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), id), 0)
		_, other := b.If(b.Bin(ir.OpEq, k, ir.IntConst(ir.I64, kindFunc)), "func")
		code(2)
		b.SetBlock(other)
		code(1)
	}
}

// valueCall is the model of (reflect.Value).Call.
func (c *concLowering) valueCall(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
	v, in := args[0], args[1]
	id := rvID(b, v)
	b.PanicStringUnless(b.Bin(ir.OpNe, id, ir.IntConst(ir.I64, 0)), "reflect: call of reflect.Value.Call on zero Value")
	r := b.Call(callType(l), c.modelLate(l, "reflect.call"), id, b.Extract(v, 1), in, readOnly(b, v))
	code := b.Extract(r, 1)
	stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Value).Call")
	for k := range int64(9) {
		if msg := callPanics[k]; msg != "" {
			b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, k)), msg)
		}
	}
	return b.Extract(r, 0), nil
}

// rtypeMethods emits the body of reflect.Type's method m of the model's
// method table (NumMethod, Method, Name) for type id; false for another m.
func (c *concLowering) rtypeMethods(l *lowerer, b *builder, m *types.Func, id ir.Value) bool {
	sig := m.Type().(*types.Signature)
	switch m.Name() {
	case "NumMethod":
		r := b.Call(lenType, c.modelLate(l, "reflect.nummethod"), id)
		stopIf(l, b, b.Not(b.Extract(r, 1)), "(reflect.Type).NumMethod")
		b.Ret(b.Conv(b.Extract(r, 0), b.Fn.Result))
	case "Method":
		st, ok := sig.Results().At(0).Type().Underlying().(*types.Struct)
		if !ok {
			return false
		}
		i := b.Conv(b.Fn.Params[1], ir.I64)
		r := b.Call(methodType, c.modelLate(l, "reflect.method"), id, i)
		code := b.Extract(r, 3)
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Type).Method")
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect: Method index out of range")
		fid := b.Extract(r, 1)
		var fields []ir.Value
		for f := range st.Fields() {
			switch f.Name() {
			case "Name":
				fields = append(fields, b.Extract(r, 0))
			case "Type":
				fields = append(fields, c.typeOf(l, b, f.Type(), fid))
			case "Func":
				fields = append(fields, c.rvalue(b, fid, b.Extract(r, 2)))
			case "Index":
				fields = append(fields, b.Conv(i, l.Type(f.Type())))
			default: // PkgPath: "" for an exported method
				fields = append(fields, ir.ZeroConst(l.Type(f.Type())))
			}
		}
		b.Ret(b.Make(b.Fn.Result, fields...))
	case "NumIn", "NumOut", "IsVariadic":
		// (testify's suite.Run from v1.12 checks each Test method's
		// signature)
		r := b.Call(funcShapeType, c.modelLate(l, "reflect.funcshape"), id)
		code := b.Extract(r, 3)
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Type)."+m.Name())
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect: "+m.Name()+" of non-func type")
		field := map[string]int{"NumIn": 0, "NumOut": 1, "IsVariadic": 2}[m.Name()]
		b.Ret(b.Conv(b.Extract(r, field), b.Fn.Result))
	case "In", "Out":
		// (testing/quick makes a value of each parameter's type)
		out := int64(0)
		if m.Name() == "Out" {
			out = 1
		}
		i := b.Conv(b.Fn.Params[1], ir.I64)
		r := b.Call(funcIOType, c.modelLate(l, "reflect.funcio"), id, ir.IntConst(ir.I64, out), i)
		tid, code := b.Extract(r, 0), b.Extract(r, 2)
		stopIf(l, b, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 2)), "(reflect.Type)."+m.Name())
		b.PanicStringUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 1)), "reflect: "+m.Name()+" of non-func type")
		b.PanicUnless(b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 3)), msgIndex, i, b.Extract(r, 1))
		// An interface type is no entry of the table: the element of its
		// pointer type, as reflect.TypeFor makes it.
		elem := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), tid), 1)
		ibox := b.Op(ir.OpSelect, ir.Ptr, b.Bin(ir.OpNe, elem, ir.IntConst(ir.I64, 0)),
			b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), elem), b.Call(ir.Ptr, c.modelLate(l, "reflect.elemof"), tid))
		box := b.Op(ir.OpSelect, ir.Ptr, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 4)), ibox, b.Call(ir.Ptr, c.modelLate(l, "reflect.typeof"), tid))
		b.Ret(b.Make(b.Fn.Result, ir.IntConst(ir.I64, c.rtype(l, sig.Results().At(0).Type())), box))
	case "Name":
		r := b.Call(ir.Struct(ir.String, ir.Bool), c.modelLate(l, "reflect.name"), id)
		_, unknown := b.If(b.Extract(r, 1), "named")
		b.Ret(b.Extract(r, 0))
		b.SetBlock(unknown)
		defer l.labelUnknown("the method Name of reflect.Type")()
		l.retUnknown(b, sig)
	default:
		return false
	}
	return true
}
