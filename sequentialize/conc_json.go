package sequentialize

import (
	"go/types"
	"math"
	"reflect"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// The encoding/json model. json's source runs (Marshal, Unmarshal, the
// Encoder and Decoder, the scanner that checks the input's syntax, the
// pools and caches), up to the two calls where it walks the value through
// reflect, which kiss's reflect model does not run:
//
//   - (*encodeState).marshal(v) reads the value as encoding does, field
//     by field through pointers, slices and maps, and writes to the
//     state's buffer unknown bytes (at most maxText), nil error; Marshal
//     returns such bytes, and (*Encoder).Encode writes them to its Writer;
//   - (*decodeState).unmarshal(v), for a non-nil pointer, reads the input
//     and writes an unknown value to every field decoding may set
//     (exported, not tagged "-"), and returns nil or an unknown error: which
//     keys the input has and whether their values fit, kiss does not
//     follow. A nil or non-pointer v is an unknown error (Go's
//     InvalidUnmarshalError).
//
// Where a value's type has a MarshalJSON, MarshalText, UnmarshalJSON or
// UnmarshalText method (json would call it, and kiss would not see what
// it does; encoding reads a time.Time's fields instead), an interface
// inside (its dynamic types are not known here), or a type the model does
// not fill (a map whose keys json parses with a method, an interface with
// methods), the call is one kiss does not know: the path stops there;
// but json.Marshal of a value whose type has a MarshalJSON calls it
// (jsonMarshaler).
func (c *concLowering) jsonModels(m map[string]externFunc) {
	m["(*encoding/json.encodeState).marshal"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		e, v := args[0], args[1]
		return orStop(l, b, b.Call(ir.Bool, c.modelLate(l, "json.encode"), v), call.Signature(), jsonWalkStop, func() ir.Value {
			// e.Buffer.buf = unknown bytes, e.Buffer.off = 0
			st := deref(call.Signature().Recv().Type())
			if buf := fieldIndex(st, "Buffer"); buf >= 0 {
				bt := st.Underlying().(*types.Struct).Field(buf).Type()
				p := b.Field(e, buf)
				if i := fieldIndex(bt, "buf"); i >= 0 {
					b.Store(b.Field(p, i), jsonText(l, b))
				}
				if i := fieldIndex(bt, "off"); i >= 0 {
					b.Store(b.Field(p, i), ir.IntConst(ir.I64, 0))
				}
			}
			return ir.ZeroConst(l.Iface())
		}), nil
	}
	// Marshal is e.marshal's bytes, without the copy of its source: a
	// copy of bytes of unknown length is a loop that forks at each byte.
	m["encoding/json.Marshal"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		if r := jsonMarshaler(l, b, call); r != nil {
			return r, nil
		}
		return orStop(l, b, b.Call(ir.Bool, c.modelLate(l, "json.encode"), args[0]), call.Signature(), jsonWalkStop, func() ir.Value {
			return b.Make(l.Type(call.Signature().Results()), jsonText(l, b), ir.ZeroConst(l.Iface()))
		}), nil
	}
	// (*Encoder).Encode writes the bytes and a newline to its Writer in
	// one Write, as its source does: an Encode to os.Stdout orders the
	// writers, as fmt's Fprint does (writeTo).
	m["(*encoding/json.Encoder).Encode"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		enc, v := args[0], args[1]
		st := deref(call.Signature().Recv().Type())
		wi, ei := fieldIndex(st, "w"), fieldIndex(st, "err")
		if wi < 0 || ei < 0 {
			return l.callUnknown(b, "(*encoding/json.Encoder).Encode", call.Signature(), true), nil
		}
		r := b.Temp(l.Iface())
		join := b.NewBlock("encoded")
		prev := b.Load(l.Iface(), b.Field(enc, ei))
		b.Copy(r, prev)
		_, fresh := b.If(b.Bin(ir.OpNe, b.Extract(prev, 0), ir.IntConst(ir.I64, 0)), "failed")
		b.Jmp(join)
		b.SetBlock(fresh)
		encoded := orStop(l, b, b.Call(ir.Bool, c.modelLate(l, "json.encode"), v), call.Signature(), jsonWalkStop, func() ir.Value {
			written := c.writeTo(l, b, b.Load(l.Iface(), b.Field(enc, wi)), func() ir.Value { return jsonText(l, b) },
				types.NewTuple(types.NewParam(0, nil, "n", types.Typ[types.Int]), types.NewParam(0, nil, "err", errorType())))
			err := b.Extract(written, 1)
			_, done := b.If(b.Bin(ir.OpNe, b.Extract(err, 0), ir.IntConst(ir.I64, 0)), "werr")
			b.Store(b.Field(enc, ei), err)
			b.Jmp(done)
			b.SetBlock(done)
			return err
		})
		b.Copy(r, encoded)
		b.Jmp(join)
		b.SetBlock(join)
		return r, nil
	}
	m["(*encoding/json.decodeState).unmarshal"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		d, v := args[0], args[1]
		st := deref(call.Signature().Recv().Type())
		if i := fieldIndex(st, "data"); i >= 0 {
			c.readElems(b, b.Load(l.Slice(), b.Field(d, i)))
		}
		useNumber := ir.Value(ir.BoolConst(false))
		if i := fieldIndex(st, "useNumber"); i >= 0 {
			useNumber = b.Load(ir.Bool, b.Field(d, i))
		}
		code := b.Call(ir.I64, c.modelLate(l, "json.decode"), v, useNumber)
		return orStop(l, b, b.Bin(ir.OpNe, code, ir.IntConst(ir.I64, 2)), call.Signature(), "encoding/json.Unmarshal into a value kiss does not fill", func() ir.Value {
			// filled: nil or an unknown error; not a non-nil pointer: an error
			failed := b.Bin(ir.OpOr, b.Bin(ir.OpEq, code, ir.IntConst(ir.I64, 1)), l.unknownNondetLabel(b, ir.Bool, jsonLabel))
			return b.Op(ir.OpSelect, l.Iface(), failed, unknownError(l, b), ir.ZeroConst(l.Iface()))
		}), nil
	}
}

// orStop is known()'s value where ok holds, and elsewhere the results of
// a call kiss does not know, name, of signature sig: the path stops there.
func orStop(l *lowerer, b *builder, ok ir.Value, sig *types.Signature, name string, known func() ir.Value) ir.Value {
	r := b.Temp(l.resultType(sig))
	join := b.NewBlock("known")
	_, unknown := b.If(ok, "model")
	b.Copy(r, known())
	b.Jmp(join)
	b.SetBlock(unknown)
	b.move(r, l.callUnknown(b, name, sig, true))
	b.Jmp(join)
	b.SetBlock(join)
	return r
}

// jsonMarshaler is json.Marshal(v) where v's type, known at the call,
// has a MarshalJSON (not time.Time's): json calls it first and returns
// what it made (concurrent-map's MarshalJSON starts goroutines: as a
// call kiss does not know, the root was one goroutine, and blind). A nil
// pointer is "null". nil when the call is not of that shape.
func jsonMarshaler(l *lowerer, b *builder, call *ssa.CallCommon) ir.Value {
	if b.fl == nil || len(call.Args) != 1 {
		return nil
	}
	mi, ok := call.Args[0].(*ssa.MakeInterface)
	if !ok || isTime(mi.X.Type()) {
		return nil
	}
	bytes := types.NewSlice(types.Typ[types.Byte])
	fn := l.goMethod(mi.X.Type(), "MarshalJSON", nil, []types.Type{bytes, errorType()})
	if fn == nil {
		return nil
	}
	res := l.resultType(call.Signature())
	r := b.Temp(res)
	x := b.Value(mi.X)
	join := b.NewBlock("marshaled")
	if _, isPtr := mi.X.Type().Underlying().(*types.Pointer); isPtr {
		_, call := b.If(b.Bin(ir.OpEq, x, ir.ZeroConst(ir.Ptr)), "nilmarshaler")
		b.move(r, b.Make(res, l.stringToBytes(b, ir.StringConst("null")), ir.ZeroConst(l.Iface())))
		b.Jmp(join)
		b.SetBlock(call)
	}
	l.emitDirectCall(b, fn, []ir.Value{x}, nil, r)
	b.Jmp(join)
	b.SetBlock(join)
	return r
}

// jsonWalkStop names the call that stops a path where the model does not
// walk the value.
const jsonWalkStop = "encoding/json.Marshal of a value kiss does not walk"

// jsonLabel names the unknown inputs of the json model.
const jsonLabel = "what encoding/json encodes or decodes"

// jsonText is a value's unknown encoding: at least a byte ("0"), at most
// maxText.
func jsonText(l *lowerer, b *builder) ir.Value {
	s := unknownBytes(l, b, jsonLabel, maxText)
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpGe, b.Extract(s, 2), ir.IntConst(ir.I64, 1))}})
	return s
}

// jsonCalls reports whether json would call a method of t's (or *t's):
// a Marshaler's, Unmarshaler's or their Text forms'.
func jsonCalls(t types.Type) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(typ)
		for _, name := range []string{"MarshalJSON", "MarshalText", "UnmarshalJSON", "UnmarshalText"} {
			if ms.Lookup(nil, name) != nil {
				return true
			}
		}
	}
	return false
}

// jsonField reports whether json encodes and decodes field i of st.
func jsonField(st *types.Struct, i int) bool {
	f := st.Field(i)
	return f.Exported() && !f.Embedded() && reflect.StructTag(st.Tag(i)).Get("json") != "-"
}

// jsonScalar reports whether json encodes u as a boolean, number or string.
func jsonScalar(u *types.Basic) bool {
	return u.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0
}

// jsonFields reports whether ok holds of the type of every field of st json
// encodes and decodes, and st has no embedded exported field (whose
// promoted fields the models do not walk).
func jsonFields(st *types.Struct, ok func(types.Type) bool) bool {
	for i := range st.NumFields() {
		if st.Field(i).Embedded() && st.Field(i).Exported() {
			return false
		}
		if jsonField(st, i) && !ok(st.Field(i).Type()) {
			return false
		}
	}
	return true
}

// isTime reports whether t is time.Time, whose MarshalJSON formats the
// value it reads and does nothing else: encoding reads its fields.
func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// jsonWalks reports whether the encoding model reads every value of type
// t: no method json calls (but time.Time's), no interface, channel,
// function or complex number inside; seen are the types being walked (a
// recursive type is walked to the depth its values have).
func jsonWalks(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] || isTime(t) {
		return true
	}
	if jsonCalls(t) {
		return false
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return jsonScalar(u)
	case *types.Struct:
		return jsonFields(u, func(ft types.Type) bool { return jsonWalks(ft, seen) })
	case *types.Pointer:
		return jsonWalks(u.Elem(), seen)
	case *types.Slice:
		return jsonWalks(u.Elem(), seen)
	case *types.Array:
		return jsonWalks(u.Elem(), seen)
	case *types.Map:
		return jsonWalks(u.Key(), seen) && jsonWalks(u.Elem(), seen)
	}
	return false
}

// jsonFills reports whether the decoding model writes every value json may
// decode into a t: booleans, numbers, strings, time.Time, empty
// interfaces, and structs, arrays, slices, pointers and maps (of string or
// integer keys) of them, without a method json calls; seen are the types
// being looked at (a recursive type fills to the depth jsonFill goes).
func jsonFills(t types.Type, seen map[types.Type]bool) bool {
	if isTime(t) || seen[t] {
		return true
	}
	if jsonCalls(t) {
		return false
	}
	seen[t] = true
	defer delete(seen, t)
	fills := func(t types.Type) bool { return jsonFills(t, seen) }
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return jsonScalar(u)
	case *types.Struct:
		return jsonFields(u, fills)
	case *types.Array:
		return u.Len() <= 16 && fills(u.Elem())
	case *types.Slice:
		return fills(u.Elem())
	case *types.Pointer:
		return fills(u.Elem())
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		return ok && k.Info()&(types.IsString|types.IsInteger) != 0 && !jsonCalls(u.Key()) && fills(u.Elem())
	case *types.Interface:
		return u.Empty()
	}
	return false
}

// maxJSONElems bounds the length of a JSON array the decoding model puts
// in a slice, and the entries of an object it puts in a map: each length
// is a path of its own where the program loops over the value.
const maxJSONElems = 2

// jsonElems is maxJSONElems for elements of type t, and 1 for interfaces:
// each element of an interface is six paths (null, bool, number, string,
// array, object) before the program looks at it.
func jsonElems(t types.Type) int64 {
	if isInterface(t) {
		return 1
	}
	return maxJSONElems
}

// jsonLen is the unknown length of a decoded array or object: 0 to n.
func jsonLen(l *lowerer, b *builder, n int64) ir.Value {
	k := l.unknownNondetLabel(b, ir.I64, jsonLabel)
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, k, ir.IntConst(ir.I64, 0)), b.Bin(ir.OpLe, k, ir.IntConst(ir.I64, n)))}})
	return k
}

// genJSONEncode: json.encode(v) bool: whether the model walks v's dynamic
// type; it reads v's value as encoding does if so.
func (c *concLowering) genJSONEncode(l *lowerer) func(b *builder) {
	return func(b *builder) {
		v := b.Fn.Params[0]
		_, nonnil := b.If(b.Bin(ir.OpEq, b.Extract(v, 0), ir.IntConst(ir.I64, 0)), "nil")
		b.Ret(ir.BoolConst(true)) // "null"
		b.SetBlock(nonnil)
		l.switchOnType(b, b.Extract(v, 0), func(e *typeEntry) bool {
			return e.Type != nil && jsonWalks(e.Type, map[types.Type]bool{})
		}, func(e *typeEntry) {
			c.jsonRead(l, b, b.Extract(v, 1), e.Type, map[types.Type]bool{})
			b.Ret(ir.BoolConst(true))
		})
		b.Ret(ir.BoolConst(false))
	}
}

// jsonRead reads the value of Go type t at p as json's encoding does.
func (c *concLowering) jsonRead(l *lowerer, b *builder, p ir.Value, t types.Type, seen map[types.Type]bool) {
	if seen[t] {
		return // a recursive type: deeper values are not read
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		c.read(b, p)
	case *types.Struct:
		for i := range u.NumFields() {
			if isTime(t) {
				c.read(b, b.Field(p, i))
			} else if jsonField(u, i) {
				c.jsonRead(l, b, b.Field(p, i), u.Field(i).Type(), seen)
			}
		}
	case *types.Pointer:
		c.read(b, p)
		q := b.Load(ir.Ptr, p)
		_, done := b.If(b.Bin(ir.OpNe, q, ir.ZeroConst(ir.Ptr)), "ptr")
		c.jsonRead(l, b, q, u.Elem(), seen)
		b.Jmp(done)
		b.SetBlock(done)
	case *types.Slice:
		c.read(b, p)
		s := b.Load(l.Slice(), p)
		if _, ok := u.Elem().Underlying().(*types.Basic); ok {
			c.readElems(b, s)
			return
		}
		b.forLoop("el", b.Extract(s, 2), func(i ir.Value) {
			c.jsonRead(l, b, b.elemPtr(s, i), u.Elem(), seen)
		})
	case *types.Array:
		// a loop, not one read per element: reflect's tests hold arrays of
		// a million elements, and each unrolled read was code in every
		// program of the package
		if u.Len() == 0 {
			return
		}
		if _, ok := u.Elem().Underlying().(*types.Basic); ok {
			c.readArray(b, p, u.Len())
			return
		}
		b.forLoop("el", ir.IntConst(ir.I64, u.Len()), func(i ir.Value) {
			c.jsonRead(l, b, b.Index(p, i), u.Elem(), seen)
		})
	case *types.Map:
		c.read(b, p)
		c.read(b, b.Load(ir.Ptr, p))
	}
}

// genJSONDecode: json.decode(v, useNumber) i64: 0 when the model filled
// what the non-nil pointer v points to, 1 for a nil or non-pointer v, 2 for
// a type it does not fill (jsonFills) or a value it does not decode into
// (an interface holding a pointer, which json decodes through).
func (c *concLowering) genJSONDecode(l *lowerer) func(b *builder) {
	return func(b *builder) {
		v, useNumber := b.Fn.Params[0], b.Fn.Params[1]
		l.switchOnType(b, b.Extract(v, 0), func(e *typeEntry) bool { return e.Type != nil }, func(e *typeEntry) {
			pt, ok := e.Type.Underlying().(*types.Pointer)
			if !ok {
				b.Ret(ir.IntConst(ir.I64, 1))
				return
			}
			if !jsonFills(pt.Elem(), map[types.Type]bool{}) {
				b.Ret(ir.IntConst(ir.I64, 2))
				return
			}
			p := b.Load(ir.Ptr, b.Extract(v, 1))
			_, nonnil := b.If(b.Bin(ir.OpEq, p, ir.ZeroConst(ir.Ptr)), "nil")
			b.Ret(ir.IntConst(ir.I64, 1))
			b.SetBlock(nonnil)
			c.jsonFill(l, b, p, pt.Elem(), useNumber, map[types.Type]bool{})
			b.Ret(ir.IntConst(ir.I64, 0))
		})
		_, known := b.If(b.Bin(ir.OpEq, b.Extract(v, 0), ir.IntConst(ir.I64, 0)), "nil")
		b.Ret(ir.IntConst(ir.I64, 1))
		b.SetBlock(known)
		b.Ret(ir.IntConst(ir.I64, 2))
	}
}

// jsonFill writes an unknown value to every part of the value of Go type
// t at p that decoding may set (t passes jsonFills), as json's decoder
// does:
//
//   - a time.Time is what Time.UnmarshalJSON parses: nanoseconds below
//     10^9 and no monotonic reading in wall, unknown seconds in ext, and
//     the location nil (UTC; kiss does not make the fixed zone of an
//     offset, which only formatting reads);
//   - a slice is nil (null) or has an unknown length up to jsonElems;
//     decoding writes its elements into the slice's own array when it
//     has room for them, as reflect's SetLen does, else into a new one;
//   - a pointer is nil (null), or points to the value decoded into: the
//     one it pointed to, or a new one where it was nil (jsonNullOr);
//   - a map is nil (null), or the map it was (a new one where it was nil)
//     with up to jsonElems entries of unknown keys set, each value
//     decoded into a zero one, as json's decoder does (jsonNullOr);
//   - an empty interface is what json makes for it (jsonAny).
//
// useNumber is the decoder's UseNumber; seen are the types being filled: a
// recursive type's deeper values are empty (as decoded from {}).
func (c *concLowering) jsonFill(l *lowerer, b *builder, p ir.Value, t types.Type, useNumber ir.Value, seen map[types.Type]bool) {
	if isTime(t) {
		c.write(b, p, "")
		st := t.Underlying().(*types.Struct)
		for i := range st.NumFields() {
			f := b.Field(p, i)
			ft := l.Type(st.Field(i).Type())
			switch st.Field(i).Name() {
			case "wall":
				nsec := l.unknownNondetLabel(b, ir.U64, jsonLabel)
				b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpLt, nsec, ir.IntConst(ir.U64, 1e9))}})
				b.Store(f, nsec)
			case "ext":
				b.Store(f, l.unknownNondetLabel(b, ft, jsonLabel))
			default:
				b.Store(f, ir.ZeroConst(ft))
			}
		}
		return
	}
	if seen[t] {
		c.write(b, p, "")
		b.Store(p, ir.ZeroConst(l.Type(t))) // an empty value, deeper than kiss fills
		return
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		c.write(b, p, "")
		b.Store(p, l.unknownNondetLabel(b, l.Type(t), jsonLabel))
	case *types.Struct:
		for i := range u.NumFields() {
			if jsonField(u, i) {
				c.jsonFill(l, b, b.Field(p, i), u.Field(i).Type(), useNumber, seen)
			}
		}
	case *types.Array:
		for i := range u.Len() {
			c.jsonFill(l, b, b.Index(p, ir.IntConst(ir.I64, i)), u.Elem(), useNumber, seen)
		}
	case *types.Slice:
		c.write(b, p, "")
		done := b.NewBlock("filled")
		_, array := b.If(l.unknownNondetLabel(b, ir.Bool, jsonLabel), "null")
		b.Store(p, ir.ZeroConst(l.Slice()))
		b.Jmp(done)
		b.SetBlock(array)
		n := jsonLen(l, b, jsonElems(u.Elem()))
		old := b.Load(l.Slice(), p)
		s := b.Temp(l.Slice())
		_, fresh := b.If(b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 1)), b.Bin(ir.OpLe, n, b.Extract(old, 3))), "room")
		b.move(s, b.Make(l.Slice(), b.Extract(old, 0), b.Extract(old, 1), n, b.Extract(old, 3)))
		fill := b.NewBlock("elems")
		b.Jmp(fill)
		b.SetBlock(fresh)
		b.move(s, b.Make(l.Slice(), b.Alloc(ir.Array(l.Type(u.Elem()), maxJSONElems), nil), ir.IntConst(ir.I64, 0), n, n))
		b.Jmp(fill)
		b.SetBlock(fill)
		b.forLoop("el", n, func(i ir.Value) {
			c.jsonElem(l, b, b.elemPtr(s, i), u.Elem(), useNumber, seen)
		})
		b.Store(p, s)
		b.Jmp(done)
		b.SetBlock(done)
	case *types.Pointer:
		c.jsonNullOr(l, b, p, func(q *ir.Local) { b.move(q, b.Alloc(l.Type(u.Elem()), nil)) }, func(q ir.Value) {
			c.jsonFill(l, b, q, u.Elem(), useNumber, seen)
		})
	case *types.Map:
		c.jsonNullOr(l, b, p, func(m *ir.Local) {
			b.Emit(&ir.Instr{Op: ir.OpMapNew, Dst: m, Type: l.mapKeyType(u.Key()), Type2: l.Type(u.Elem())})
		}, func(m ir.Value) {
			c.jsonEntries(l, b, m, u, jsonElems(u.Elem()), func(e ir.Value) { c.jsonElem(l, b, e, u.Elem(), useNumber, seen) })
		})
	case *types.Interface:
		c.jsonAny(l, b, p, useNumber, jsonAnyDepth)
	}
}

// jsonNullOr fills the pointer or map variable at p as json does: null
// stores nil; a value is decoded, by fill, into what p refers to, which mk
// makes where p is nil. p is written only where it changes: decoding into
// a pointee or a map that exists writes that.
func (c *concLowering) jsonNullOr(l *lowerer, b *builder, p ir.Value, mk func(q *ir.Local), fill func(q ir.Value)) {
	c.read(b, p)
	done := b.NewBlock("filled")
	_, value := b.If(l.unknownNondetLabel(b, ir.Bool, jsonLabel), "null")
	c.write(b, p, "")
	b.Store(p, ir.ZeroConst(ir.Ptr))
	b.Jmp(done)
	b.SetBlock(value)
	q := b.Temp(ir.Ptr)
	b.move(q, b.Load(ir.Ptr, p))
	_, nonnil := b.If(b.Bin(ir.OpEq, q, ir.ZeroConst(ir.Ptr)), "new")
	mk(q)
	c.write(b, p, "")
	b.Store(p, q)
	b.Jmp(nonnil)
	b.SetBlock(nonnil)
	fill(q)
	b.Jmp(done)
	b.SetBlock(done)
}

// jsonElem fills an element of a slice or map as jsonFill does, but an
// interface one level less deep: a []any or map[string]any of arrays or
// objects would be paths by the ten thousand.
func (c *concLowering) jsonElem(l *lowerer, b *builder, p ir.Value, t types.Type, useNumber ir.Value, seen map[types.Type]bool) {
	if isInterface(t) {
		c.jsonAny(l, b, p, useNumber, jsonAnyDepth-1)
		return
	}
	c.jsonFill(l, b, p, t, useNumber, seen)
}

// jsonEntries sets up to n entries of unknown keys in the map m of type
// mt, each value the zero one fill writes to. The keys differ from each
// other: an object with a key twice decodes as one without its first
// entry, which a shorter object gives.
func (c *concLowering) jsonEntries(l *lowerer, b *builder, m ir.Value, mt *types.Map, n int64, fill func(e ir.Value)) {
	vt := l.Type(mt.Elem())
	done := b.NewBlock("entries")
	var keys []ir.Value
	for range n {
		entry, last := b.If(l.unknownNondetLabel(b, ir.Bool, jsonLabel), "entry")
		b.SetBlock(last)
		b.Jmp(done)
		b.SetBlock(entry)
		key := l.unknownNondetLabel(b, l.Type(mt.Key()), jsonLabel)
		for _, k := range keys {
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.Bin(ir.OpNe, key, k)}})
		}
		keys = append(keys, key)
		e := b.Alloc(vt, nil)
		fill(e)
		c.write(b, m, "")
		b.Emit(&ir.Instr{Op: ir.OpMapSet, Args: []ir.Value{m, l.mapKey(b, mt.Key(), key), b.Load(vt, e)}})
	}
	b.Jmp(done)
	b.SetBlock(done)
}

// jsonAnyDepth is how deep the arrays and objects the decoding model puts
// in an empty interface nest: the elements of an array or object in an
// interface are themselves at most empty arrays and objects. Each kind of
// each element is a path of its own.
const jsonAnyDepth = 1

// jsonAny writes to the empty interface at p what json decodes into one
// (its valueInterface): nil (null), a bool, a float64 (a json.Number where
// the decoder's UseNumber is set), a string, a []any or a map[string]any
// of up to jsonElems elements, each filled alike one level deeper; at
// depth 0 arrays and objects are empty. An interface that holds a pointer
// json decodes through, which the model does not do: json.decode returns
// 2 there, and the path stops.
func (c *concLowering) jsonAny(l *lowerer, b *builder, p ir.Value, useNumber ir.Value, depth int) {
	c.write(b, p, "")
	kind := b.Extract(b.Call(typeInfoType, c.modelLate(l, "reflect.typeinfo"), b.Extract(b.Load(l.Iface(), p), 0)), 0)
	_, value := b.If(b.Bin(ir.OpEq, kind, ir.IntConst(ir.I64, kindPointer)), "pointer")
	b.Ret(ir.IntConst(ir.I64, 2))
	b.SetBlock(value)
	anyT := types.Universe.Lookup("any").Type()
	n := int64(0)
	if depth > 0 {
		n = jsonElems(anyT)
	}
	kinds := []func() ir.Value{
		func() ir.Value { return ir.ZeroConst(l.Iface()) },
		func() ir.Value {
			return l.MakeInterface(b, l.unknownNondetLabel(b, ir.Bool, jsonLabel), types.Typ[types.Bool])
		},
		func() ir.Value {
			var number types.Type
			if json := l.stdTypes("encoding/json"); json != nil {
				if obj, ok := json.Scope().Lookup("Number").(*types.TypeName); ok {
					number = obj.Type()
				}
			}
			r := b.Temp(l.Iface())
			join := b.NewBlock("number")
			_, float := b.If(useNumber, "usenumber")
			if number == nil {
				b.Ret(ir.IntConst(ir.I64, 2))
			} else {
				b.move(r, l.MakeInterface(b, l.unknownNondetLabel(b, ir.String, jsonLabel), number))
				b.Jmp(join)
			}
			b.SetBlock(float)
			// a JSON number is finite
			f := l.unknownNondetLabel(b, ir.F64, jsonLabel)
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpLe, f, ir.FloatConst(ir.F64, math.MaxFloat64)), b.Bin(ir.OpGe, f, ir.FloatConst(ir.F64, -math.MaxFloat64)))}})
			b.move(r, l.MakeInterface(b, f, types.Typ[types.Float64]))
			b.Jmp(join)
			b.SetBlock(join)
			return r
		},
		func() ir.Value {
			return l.MakeInterface(b, l.unknownNondetLabel(b, ir.String, jsonLabel), types.Typ[types.String])
		},
		func() ir.Value {
			k := ir.Value(ir.IntConst(ir.I64, 0))
			if n > 0 {
				k = jsonLen(l, b, n)
			}
			// (an empty array's slice still points somewhere)
			s := b.Make(l.Slice(), b.Alloc(ir.Array(l.Iface(), int(max(n, 1))), nil), ir.IntConst(ir.I64, 0), k, k)
			if n > 0 {
				b.forLoop("el", k, func(i ir.Value) { c.jsonAny(l, b, b.elemPtr(s, i), useNumber, depth-1) })
			}
			return l.MakeInterface(b, s, types.NewSlice(anyT))
		},
		func() ir.Value {
			mt := types.NewMap(types.Typ[types.String], anyT)
			m := b.Temp(ir.Ptr)
			b.Emit(&ir.Instr{Op: ir.OpMapNew, Dst: m, Type: l.mapKeyType(mt.Key()), Type2: l.Iface()})
			if n > 0 {
				c.jsonEntries(l, b, m, mt, n, func(e ir.Value) { c.jsonAny(l, b, e, useNumber, depth-1) })
			}
			return l.MakeInterface(b, m, mt)
		},
	}
	which := l.unknownNondetLabel(b, ir.I64, jsonLabel)
	done := b.NewBlock("decoded")
	for i, value := range kinds {
		next := (*ir.Block)(nil)
		if i < len(kinds)-1 {
			_, next = b.If(b.Bin(ir.OpEq, which, ir.IntConst(ir.I64, int64(i))), "kind")
		}
		b.Store(p, value())
		b.Jmp(done)
		if next != nil {
			b.SetBlock(next)
		}
	}
	b.SetBlock(done)
}
