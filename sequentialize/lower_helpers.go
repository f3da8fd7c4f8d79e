package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
)

// Generated helpers: IR functions for what Go's runtime does in loops
// (append, copy, conversions, map iteration, equality of aggregates). They
// are made once per IR element type and never panic.

// helper starts a new helper function @name with the given parameters
// (name, type pairs) and returns a builder on its entry block.
func (l *lowerer) helper(name string, result *ir.Type, params ...any) *builder {
	f := &ir.Func{Name: l.uniqName(l.link.prefix + name), Result: result}
	for i := 0; i < len(params); i += 2 {
		f.NewParam(params[i].(string), params[i+1].(*ir.Type))
	}
	l.helpers[name] = f
	l.prog.Funcs = append(l.prog.Funcs, f)
	b := newBuilder(l, f)
	b.label, b.noCheck, b.silent, b.Hint = "", true, true, "t"
	b.SetBlock(b.NewBlock("entry"))
	return b
}

// cached returns the helper made under key, making it with gen.
func (l *lowerer) cached(key, name string, result *ir.Type, params []any, gen func(b *builder)) *ir.Func {
	if f, ok := l.helpers[key]; ok {
		return f
	}
	b := l.helper(name, result, params...)
	l.helpers[key] = b.Fn
	gen(b)
	return b.Fn
}

// elemName names a helper after an IR element type.
func elemName(t *ir.Type) string {
	if t.Name != "" {
		return t.Name
	}
	return t.String()
}

// elemPtr returns a pointer to element i of slice s.
func (b *builder) elemPtr(s, i ir.Value) ir.Value {
	return b.Index(b.Extract(s, 0), b.Bin(ir.OpAdd, b.Extract(s, 1), i))
}

// copyFunc: rt.copy.T(dst, src $slice) i64 copies min(len) elements,
// backwards when the ranges overlap with dst after src (memmove).
func (l *lowerer) copyFunc(et *ir.Type) *ir.Func {
	return l.cached("copy:"+et.String(), "rt.copy."+elemName(et), ir.I64, []any{"dst", l.tSlice, "src", l.tSlice}, func(b *builder) {
		dst, src := b.Fn.Params[0], b.Fn.Params[1]
		n := b.Local("n", ir.I64)
		dl, sl := b.Extract(dst, 2), b.Extract(src, 2)
		b.Assign(n, ir.OpSelect, b.Bin(ir.OpLt, dl, sl), dl, sl)
		back := b.And(b.Bin(ir.OpEq, b.Extract(dst, 0), b.Extract(src, 0)), b.Bin(ir.OpGt, b.Extract(dst, 1), b.Extract(src, 1)))
		_, fwd := b.If(back, "back")
		i := b.Local("i", ir.I64)
		b.move(i, n)
		head, done := b.NewBlock("back.loop"), b.NewBlock("done")
		b.Jmp(head)
		b.SetBlock(head)
		body := b.NewBlock("back.body")
		b.Br(b.Bin(ir.OpGt, i, ir.IntConst(ir.I64, 0)), body, done)
		b.SetBlock(body)
		b.Assign(i, ir.OpSub, i, ir.IntConst(ir.I64, 1))
		b.Store(b.elemPtr(dst, i), b.Load(et, b.elemPtr(src, i)))
		b.Jmp(head)
		b.SetBlock(fwd)
		b.forLoop("i", n, func(i ir.Value) {
			b.Store(b.elemPtr(dst, i), b.Load(et, b.elemPtr(src, i)))
		})
		b.Jmp(done)
		b.SetBlock(done)
		b.Ret(n)
	})
}

// ifElse emits `if c { r = then() } else { r = els() }` for r of type t
// and continues after it, returning r.
func (b *builder) ifElse(c ir.Value, t *ir.Type, hint string, then, els func() ir.Value) *ir.Local {
	r := b.Temp(t)
	_, other := b.If(c, hint)
	done := b.NewBlock(hint + ".done")
	b.move(r, then())
	b.Jmp(done)
	b.SetBlock(other)
	b.move(r, els())
	b.Jmp(done)
	b.SetBlock(done)
	return r
}

// forLoop emits `for i := 0; i < n; i++ { body(i) }` and continues after it.
func (b *builder) forLoop(hint string, n ir.Value, body func(i ir.Value)) {
	i := b.Local(hint, ir.I64)
	b.move(i, ir.IntConst(ir.I64, 0))
	head, body0, exit := b.NewBlock(hint+".loop"), b.NewBlock(hint+".body"), b.NewBlock(hint+".done")
	b.Jmp(head)
	b.SetBlock(head)
	b.Br(b.Bin(ir.OpLt, i, n), body0, exit)
	b.SetBlock(body0)
	body(i)
	b.Assign(i, ir.OpAdd, i, ir.IntConst(ir.I64, 1))
	b.Jmp(head)
	b.SetBlock(exit)
}

// appendFunc: rt.append.T(s, t $slice) $slice appends t's elements to s,
// growing the backing array to max(2*cap, len+len(t)) when needed.
func (l *lowerer) appendFunc(et *ir.Type) *ir.Func {
	cp := l.copyFunc(et)
	return l.cached("append:"+et.String(), "rt.append."+elemName(et), l.tSlice, []any{"s", l.tSlice, "x", l.tSlice}, func(b *builder) {
		s, x := b.Fn.Params[0], b.Fn.Params[1]
		r := b.Local("r", l.tSlice)
		n, c := b.Extract(s, 2), b.Extract(s, 3)
		nl := b.Bin(ir.OpAdd, n, b.Extract(x, 2))
		join := b.NewBlock("copy")
		_, grow := b.If(b.Bin(ir.OpLe, nl, c), "fits")
		b.Assign(r, ir.OpMake, b.Extract(s, 0), b.Extract(s, 1), nl, c)
		b.Jmp(join)
		b.SetBlock(grow)
		nc := b.Bin(ir.OpMul, c, ir.IntConst(ir.I64, 2))
		nc = b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpLt, nc, nl), nl, nc)
		arr := b.Alloc(et, nc)
		b.Call(ir.I64, cp, b.Make(l.tSlice, arr, ir.IntConst(ir.I64, 0), n, nc), s)
		b.Assign(r, ir.OpMake, arr, ir.IntConst(ir.I64, 0), nl, nc)
		b.Jmp(join)
		b.SetBlock(join)
		tail := b.Make(l.tSlice, b.Extract(r, 0), b.Bin(ir.OpAdd, b.Extract(r, 1), n), b.Extract(x, 2), b.Bin(ir.OpSub, b.Extract(r, 3), n))
		b.Call(ir.I64, cp, tail, x)
		b.Ret(r)
	})
}

// clearFunc: rt.clear.T(s $slice) zeroes the elements.
func (l *lowerer) clearFunc(et *ir.Type) *ir.Func {
	return l.cached("clear:"+et.String(), "rt.clear."+elemName(et), nil, []any{"s", l.tSlice}, func(b *builder) {
		s := b.Fn.Params[0]
		b.forLoop("i", b.Extract(s, 2), func(i ir.Value) { b.Store(b.elemPtr(s, i), ir.ZeroConst(et)) })
		b.Ret(nil)
	})
}

// mapIter is the iterator of a range over a map: the keys present when the
// range started (Go may or may not produce keys added during it), and the
// position. Keys deleted before they are reached are skipped, as in Go.
var mapIterType = ir.Struct(ir.Ptr, ir.Ptr, ir.I64, ir.I64) // map, [n]K, n, next

// mapIterFunc: rt.mapiter.K(m) ptr snapshots m's keys into a new iterator.
func (l *lowerer) mapIterFunc(kt *ir.Type) *ir.Func {
	return l.cached("mapiter:"+kt.String(), "rt.mapiter."+elemName(kt), ir.Ptr, []any{"m", ir.Ptr}, func(b *builder) {
		m := b.Fn.Params[0]
		it := b.Alloc(mapIterType, nil)
		_, live := b.If(b.Bin(ir.OpEq, m, ir.ZeroConst(ir.Ptr)), "nil")
		b.Ret(it)
		b.SetBlock(live)
		n := b.Op(ir.OpMapLen, ir.I64, m)
		keys := b.Alloc(kt, n)
		b.forLoop("i", n, func(i ir.Value) { b.Store(b.Index(keys, i), b.Op(ir.OpMapKey, kt, m, i)) })
		b.Store(it, b.Make(mapIterType, m, keys, n, ir.IntConst(ir.I64, 0)))
		b.Ret(it)
	})
}

// mapNextFunc: rt.mapnext.K.V(it) {bool, K, V} yields the next key still in
// the map, with its value.
func (l *lowerer) mapNextFunc(kt, vt *ir.Type) *ir.Func {
	res := ir.Struct(ir.Bool, kt, vt)
	return l.cached("mapnext:"+kt.String()+":"+vt.String(), "rt.mapnext."+elemName(kt)+"."+elemName(vt), res, []any{"it", ir.Ptr}, func(b *builder) {
		it := b.Fn.Params[0]
		head := b.NewBlock("loop")
		b.Jmp(head)
		b.SetBlock(head)
		posp := b.Field(it, 3)
		i := b.Load(ir.I64, posp)
		_, more := b.If(b.Bin(ir.OpGe, i, b.Load(ir.I64, b.Field(it, 2))), "end")
		b.Ret(ir.ZeroConst(res))
		b.SetBlock(more)
		b.Store(posp, b.Bin(ir.OpAdd, i, ir.IntConst(ir.I64, 1)))
		k := b.Load(kt, b.Index(b.Load(ir.Ptr, b.Field(it, 1)), i))
		kv := b.Op(ir.OpMapGet, ir.Struct(vt, ir.Bool), b.Load(ir.Ptr, b.Field(it, 0)), k)
		found := b.NewBlock("found")
		b.Br(b.Extract(kv, 1), found, head)
		b.SetBlock(found)
		b.Ret(b.Make(res, ir.BoolConst(true), k, b.Extract(kv, 0)))
	})
}

// mapClearFunc: rt.mapclear.K(m) deletes every key.
func (l *lowerer) mapClearFunc(kt *ir.Type) *ir.Func {
	iter := l.mapIterFunc(kt)
	return l.cached("mapclear:"+kt.String(), "rt.mapclear."+elemName(kt), nil, []any{"m", ir.Ptr}, func(b *builder) {
		m := b.Fn.Params[0]
		it := b.Call(ir.Ptr, iter, m)
		keys := b.Load(ir.Ptr, b.Field(it, 1))
		b.forLoop("i", b.Load(ir.I64, b.Field(it, 2)), func(i ir.Value) {
			b.Emit(&ir.Instr{Op: ir.OpMapDel, Args: []ir.Value{m, b.Load(kt, b.Index(keys, i))}})
		})
		b.Ret(nil)
	})
}

// strIterType is the iterator of a range over a string: string, position.
var strIterType = ir.Struct(ir.String, ir.I64)

// strNextFunc: rt.strnext(it) {bool, i64, i32} yields the next rune and its
// byte index.
func (l *lowerer) strNextFunc() *ir.Func {
	res := ir.Struct(ir.Bool, ir.I64, ir.I32)
	return l.cached("strnext", "rt.strnext", res, []any{"it", ir.Ptr}, func(b *builder) {
		it := b.Fn.Params[0]
		s := b.Load(ir.String, b.Field(it, 0))
		posp := b.Field(it, 1)
		i := b.Load(ir.I64, posp)
		_, end := b.If(b.Bin(ir.OpLt, i, b.Op(ir.OpStrLen, ir.I64, s)), "more")
		d := b.Op(ir.OpRuneDecode, ir.Struct(ir.I32, ir.I64), s, i)
		b.Store(posp, b.Bin(ir.OpAdd, i, b.Extract(d, 1)))
		b.Ret(b.Make(res, ir.BoolConst(true), i, b.Extract(d, 0)))
		b.SetBlock(end)
		b.Ret(ir.ZeroConst(res))
	})
}

// bytesToStringFunc: rt.bytestostr(s $slice) str is string(bs).
func (l *lowerer) bytesToStringFunc() *ir.Func {
	return l.cached("bytestostr", "rt.bytestostr", ir.String, []any{"s", l.tSlice}, func(b *builder) {
		s := b.Fn.Params[0]
		n := b.Extract(s, 2)
		_, some := b.If(b.Bin(ir.OpEq, n, ir.IntConst(ir.I64, 0)), "empty")
		b.Ret(ir.StringConst(""))
		b.SetBlock(some)
		b.Ret(b.Op(ir.OpStrFromBytes, ir.String, b.elemPtr(s, ir.IntConst(ir.I64, 0)), n))
	})
}

// stringToRunesFunc: rt.strtorunes(s str) $slice is []rune(s).
func (l *lowerer) stringToRunesFunc() *ir.Func {
	return l.cached("strtorunes", "rt.strtorunes", l.tSlice, []any{"s", ir.String}, func(b *builder) {
		s := b.Fn.Params[0]
		n := b.Op(ir.OpStrLen, ir.I64, s)
		count := b.Local("count", ir.I64)
		pos := b.Local("pos", ir.I64)
		// First pass counts the runes, second fills the array.
		var arr ir.Value
		for pass := 0; pass < 2; pass++ {
			b.move(pos, ir.IntConst(ir.I64, 0))
			k := b.Local("k", ir.I64)
			b.move(k, ir.IntConst(ir.I64, 0))
			head, body, done := b.NewBlock("loop"), b.NewBlock("body"), b.NewBlock("done")
			b.Jmp(head)
			b.SetBlock(head)
			b.Br(b.Bin(ir.OpLt, pos, n), body, done)
			b.SetBlock(body)
			d := b.Op(ir.OpRuneDecode, ir.Struct(ir.I32, ir.I64), s, pos)
			if pass == 1 {
				b.Store(b.Index(arr, k), b.Extract(d, 0))
			}
			b.Assign(pos, ir.OpAdd, pos, b.Extract(d, 1))
			b.Assign(k, ir.OpAdd, k, ir.IntConst(ir.I64, 1))
			b.Jmp(head)
			b.SetBlock(done)
			if pass == 0 {
				b.move(count, k)
				arr = b.Alloc(ir.I32, count)
			}
		}
		b.Ret(b.Make(l.tSlice, arr, ir.IntConst(ir.I64, 0), count, count))
	})
}

// runesToStringFunc: rt.runestostr(s $slice) str is string(rs).
func (l *lowerer) runesToStringFunc() *ir.Func {
	return l.cached("runestostr", "rt.runestostr", ir.String, []any{"s", l.tSlice}, func(b *builder) {
		s := b.Fn.Params[0]
		r := b.Local("r", ir.String)
		b.forLoop("i", b.Extract(s, 2), func(i ir.Value) {
			ch := b.Load(ir.I32, b.elemPtr(s, i))
			b.Assign(r, ir.OpAdd, r, b.Op(ir.OpConv, ir.String, ch))
		})
		b.Ret(r)
	})
}

// eqFunc: rt.eq.T(a, b T) bool compares structs (fields other than _) and
// arrays element by element, as Go's ==. Types of functions of one
// package print alike (two tests' own "type T struct"), their IR types
// do not: the helper is per IR type.
func (l *lowerer) eqFunc(t types.Type) *ir.Func {
	it := l.Type(t)
	return l.cached("eq:"+types.TypeString(t, nil)+":"+it.String(), "rt.eq."+typeName(t), ir.Bool, []any{"a", it, "b", it}, func(b *builder) {
		x, y := b.Fn.Params[0], b.Fn.Params[1]
		fail := b.NewBlock("ne")
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if u.Field(i).Name() == "_" {
					continue
				}
				ok := l.equal(b, u.Field(i).Type(), b.Extract(x, i), b.Extract(y, i))
				next := b.NewBlock("f" + itoa(i))
				b.Br(ok, next, fail)
				b.SetBlock(next)
			}
		case *types.Array:
			b.forLoop("i", ir.IntConst(ir.I64, u.Len()), func(i ir.Value) {
				ok := l.equal(b, u.Elem(), b.Op(ir.OpElem, it.Elem, x, i), b.Op(ir.OpElem, it.Elem, y, i))
				next := b.NewBlock("next")
				b.Br(ok, next, fail)
				b.SetBlock(next)
			})
		}
		b.Ret(ir.BoolConst(true))
		b.SetBlock(fail)
		b.Ret(ir.BoolConst(false))
	})
}
