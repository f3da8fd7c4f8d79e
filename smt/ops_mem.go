package smt

import (
	"math"
	"unicode/utf8"

	"github.com/gokiss/kiss/ir"
)

// Memory: a heap object holds one value tree; a pointer is an object and a
// path of field/element indices, plus possibly a symbolic last index into
// an array of scalars, which loads and stores resolve by case analysis
// (ite) instead of forking.

const errNil = "nil pointer dereference"

func appendPath(p []int, k int) []int { return append(p[:len(p):len(p)], k) }

func childType(t *ir.Type, i int) *ir.Type {
	if t.Kind == ir.KindStruct {
		return t.Fields[i]
	}
	return t.Elem
}

// pointee returns the object p points into and the type at p's path (the
// array type when p has a symbolic index). ok is false after a runtime error.
func (e *executor) pointee(st *state, p value) (*object, *ir.Type, bool) {
	if p.n == 0 {
		e.rtError(st, errNil)
		return nil, nil, false
	}
	o := st.obj(p.n)
	if o.m != nil {
		e.rtError(st, "pointer to a map used as a pointer to a value")
		return nil, nil, false
	}
	t := o.typ
	for _, i := range p.path {
		t = childType(t, i)
	}
	return o, t, true
}

// index64 widens an integer index to 64 bits as a term, per its signedness
// (a negative index becomes huge, so one unsigned comparison checks both
// bounds).
func (e *executor) index64(v value, t *ir.Type) *expr {
	x := e.lift(v, bvSort(t.Bits))
	if t.Bits == 64 {
		return x
	}
	if t.Signed {
		return e.x.mk(xSExt, bv64, x)
	}
	return e.x.mk(xZExt, bv64, x)
}

// intOf returns a concrete integer of type t as an int64 (huge unsigned
// values saturate, which keeps them out of bounds).
func intOf(n uint64, t *ir.Type) int64 {
	if !t.Signed {
		if n > math.MaxInt64 {
			return math.MaxInt64
		}
		return int64(n)
	}
	return ir.SignExtend(n, int(t.Bits), true)
}

// symIndex checks a symbolic index against n elements and returns it as a
// bv64 term, forking to a runtime error where it can be out of range.
func (e *executor) symIndex(st *state, iv value, it *ir.Type, n int) (*expr, bool) {
	x := e.index64(iv, it)
	inb := e.x.mk(xULt, boolSort, x, e.x.bvConst(64, uint64(n)))
	if !e.guard(st, fromTerm(inb), "index out of range") {
		return nil, false
	}
	return x, true
}

// iteChain selects elems[x] by case analysis (x is known to be in range).
func (e *executor) iteChain(x *expr, elems []value, et *ir.Type) value {
	so := sortOf(et)
	r := e.lift(elems[len(elems)-1], so)
	for k := len(elems) - 2; k >= 0; k-- {
		is := e.x.mk(xEq, boolSort, x, e.x.bvConst(64, uint64(k)))
		r = e.x.mk(xIte, so, is, e.lift(elems[k], so), r)
	}
	return fromTerm(r)
}

func (e *executor) alloc(st *state, f *frame, in *ir.Instr) {
	t := in.Type
	if len(in.Args) > 0 {
		nt := in.Args[0].Type()
		nv := e.operand(st, f, in.Args[0])
		if nv.x != nil {
			c, ok := e.concretize(st, nv.x)
			if !ok {
				return
			}
			nv = value{n: c.n}
		}
		n := intOf(nv.n, nt)
		if n < 0 {
			e.rtError(st, "alloc: bad length")
			return
		}
		if n > maxAllocLen {
			e.cut(st, CutAllocSize)
			return
		}
		t = ir.Array(t, int(n))
	}
	if scalarsOf(t) > maxAllocLen { // new([40 << 20]byte): make of a constant length
		e.cut(st, CutAllocSize)
		return
	}
	id := st.newZeroObj(t, in.Name == ir.Frozen)
	e.set(st, in.Dst, value{n: id})
	e.next(st)
}

func (e *executor) load(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	o, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	if e.por != nil {
		e.touch(st, p.n, p.path, false)
	}
	var r value
	if o.lazy { // no need to build it for a read
		if p.x != nil {
			t = t.Elem
		}
		r = zeroValue(t)
		if bitsAs(t, in.Dst.Typ) && !e.reinterpret(st, &r, t, in.Dst.Typ) {
			return
		}
		e.set(st, in.Dst, r)
		e.next(st)
		return
	}
	v := o.val
	for _, i := range p.path {
		v = v.elems[i]
	}
	switch {
	case p.x != nil:
		r = e.iteChain(p.x, v.elems, t.Elem)
	case v.elems != nil:
		r = v // shared: the object must not change it in place any more
		if o.owner == st.id {
			o.share()
		}
	default:
		r = v
	}
	if p.x != nil {
		t = t.Elem
	}
	if bitsAs(t, in.Dst.Typ) && !e.reinterpret(st, &r, t, in.Dst.Typ) {
		return
	}
	if e.sym != nil && p.n == e.sym.running && len(p.path) == 0 && p.x == nil {
		r.path = slotTag // the running goroutine's slot, wherever it goes (symmetry.go)
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) store(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	v := e.operand(st, f, in.Args[1])
	_, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	et := t
	if p.x != nil {
		et = t.Elem
	}
	if vt := in.Args[1].Type(); bitsAs(vt, et) && !e.reinterpret(st, &v, vt, et) {
		return
	}
	if e.por != nil {
		e.touch(st, p.n, p.path, true)
	}
	o := st.wobj(p.n)
	o.value()
	dst := &o.val
	for _, i := range p.path {
		o.own(&dst.elems)
		dst = &dst.elems[i]
	}
	if p.x != nil {
		so := sortOf(t.Elem)
		nv := e.lift(v, so)
		o.own(&dst.elems)
		for k := range dst.elems {
			is := e.x.mk(xEq, boolSort, p.x, e.x.bvConst(64, uint64(k)))
			dst.elems[k] = fromTerm(e.x.mk(xIte, so, is, nv, e.lift(dst.elems[k], so)))
		}
	} else if o.allPriv && v.elems != nil {
		*dst = deepCopy(v) // keep the whole tree private
	} else {
		*dst = v // shared with the local: copied by a later store into it
	}
	e.next(st)
}

func (e *executor) field(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	_, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	if p.x != nil || t.Kind != ir.KindStruct || in.Index < 0 || in.Index >= len(t.Fields) {
		e.rtError(st, "field of a non-struct")
		return
	}
	e.set(st, in.Dst, value{n: p.n, path: appendPath(p.path, in.Index)})
	e.next(st)
}

func (e *executor) index(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	_, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	if p.x != nil {
		e.rtError(st, "index of a non-array")
		return
	}
	iv, it := e.operand(st, f, in.Args[1]), in.Args[1].Type()
	var r value
	if t.Kind != ir.KindArray { // a value of its own is an array of one
		if iv.x != nil {
			if _, ok := e.symIndex(st, iv, it, 1); !ok {
				return
			}
		} else if intOf(iv.n, it) != 0 {
			e.rtError(st, "index out of range")
			return
		}
		e.set(st, in.Dst, p)
		e.next(st)
		return
	}
	if iv.x == nil {
		i := intOf(iv.n, it)
		if i < 0 || i >= int64(t.Len) {
			e.rtError(st, "index out of range")
			return
		}
		r = value{n: p.n, path: appendPath(p.path, int(i))}
	} else {
		x, ok := e.symIndex(st, iv, it, t.Len)
		if !ok {
			return
		}
		if symCapable(t.Elem) && t.Len <= maxSymArray {
			r = value{n: p.n, path: p.path, x: x}
		} else {
			c, ok := e.concretize(st, x)
			if !ok {
				return
			}
			r = value{n: p.n, path: appendPath(p.path, int(c.n))}
		}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) lenOp(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	_, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	if p.x != nil {
		e.rtError(st, "len of a non-array")
		return
	}
	n := 1 // a value of its own is an array of one
	if t.Kind == ir.KindArray {
		n = t.Len
	}
	e.set(st, in.Dst, value{n: trunc(uint64(n), in.Dst.Typ.Bits)})
	e.next(st)
}

func (e *executor) extract(st *state, f *frame, in *ir.Instr) {
	v := e.operand(st, f, in.Args[0])
	if in.Index < 0 || in.Index >= len(v.elems) {
		e.rtError(st, "extract out of range")
		return
	}
	e.set(st, in.Dst, v.elems[in.Index])
	e.next(st)
}

func (e *executor) insert(st *state, f *frame, in *ir.Instr) {
	v := e.operand(st, f, in.Args[0])
	x := e.operand(st, f, in.Args[1])
	if in.Index < 0 || in.Index >= len(v.elems) {
		e.rtError(st, "insert out of range")
		return
	}
	es := append([]value(nil), v.elems...)
	es[in.Index] = x
	e.set(st, in.Dst, value{elems: es})
	e.next(st)
}

func (e *executor) elem(st *state, f *frame, in *ir.Instr) {
	v, t := e.operand(st, f, in.Args[0]), in.Args[0].Type()
	iv, it := e.operand(st, f, in.Args[1]), in.Args[1].Type()
	var r value
	if iv.x == nil {
		i := intOf(iv.n, it)
		if i < 0 || i >= int64(len(v.elems)) {
			e.rtError(st, "index out of range")
			return
		}
		r = v.elems[i]
	} else {
		x, ok := e.symIndex(st, iv, it, len(v.elems))
		if !ok {
			return
		}
		if symCapable(t.Elem) && len(v.elems) <= maxSymArray {
			r = e.iteChain(x, v.elems, t.Elem)
		} else {
			c, ok := e.concretize(st, x)
			if !ok {
				return
			}
			r = v.elems[c.n]
		}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) makeOp(st *state, f *frame, in *ir.Instr) {
	es := make([]value, len(in.Args))
	for i, a := range in.Args {
		es[i] = e.operand(st, f, a)
	}
	e.set(st, in.Dst, value{elems: es})
	e.next(st)
}

// ---- maps: insertion-ordered entries ----

func (e *executor) mapNew(st *state, in *ir.Instr) {
	id := st.newObj(&object{m: &mapObj{keyT: in.Type, valT: in.Type2}})
	e.set(st, in.Dst, value{n: id})
	e.next(st)
}

// mapOf returns the map m points to, nil for a nil map.
func (e *executor) mapOf(st *state, m value) (*mapObj, bool) {
	if m.n == 0 {
		return nil, true
	}
	o := st.obj(m.n)
	if o.m == nil || m.path != nil || m.x != nil {
		e.rtError(st, "not a map")
		return nil, false
	}
	if e.por != nil {
		e.touch(st, m.n, nil, false)
	}
	return o.m, true
}

// findKey returns the index of k's entry in m, or -1. Keys compare
// concretely when they can; a symbolic comparison forks.
func (e *executor) findKey(st *state, m *mapObj, k value) (int, bool) {
	for i, key := range m.keys {
		b, ok := e.decide(st, e.valEq(st, k, key, m.keyT))
		if !ok {
			return -1, false
		}
		if b {
			return i, true
		}
	}
	return -1, true
}

func (e *executor) mapGet(st *state, f *frame, in *ir.Instr) {
	m, ok := e.mapOf(st, e.operand(st, f, in.Args[0]))
	if !ok {
		return
	}
	vt := in.Dst.Typ.Fields[0]
	r := value{elems: []value{zeroValue(vt), {}}}
	if m != nil {
		i, ok := e.findKey(st, m, e.operand(st, f, in.Args[1]))
		if !ok {
			return
		}
		if i >= 0 {
			r.elems[0], r.elems[1] = m.vals[i], value{n: 1}
		}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) mapSet(st *state, f *frame, in *ir.Instr) {
	mv := e.operand(st, f, in.Args[0])
	m, ok := e.mapOf(st, mv)
	if !ok {
		return
	}
	if m == nil {
		e.rtError(st, "assignment to entry in nil map")
		return
	}
	k := e.operand(st, f, in.Args[1])
	v := e.operand(st, f, in.Args[2])
	i, ok := e.findKey(st, m, k)
	if !ok {
		return
	}
	if e.por != nil {
		e.touch(st, mv.n, nil, true)
	}
	m = st.wobj(mv.n).m
	if i >= 0 {
		m.vals[i] = v
	} else {
		m.keys = append(m.keys, k)
		m.vals = append(m.vals, v)
	}
	e.next(st)
}

func (e *executor) mapDel(st *state, f *frame, in *ir.Instr) {
	mv := e.operand(st, f, in.Args[0])
	m, ok := e.mapOf(st, mv)
	if !ok {
		return
	}
	if m != nil {
		i, ok := e.findKey(st, m, e.operand(st, f, in.Args[1]))
		if !ok {
			return
		}
		if i >= 0 {
			if e.por != nil {
				e.touch(st, mv.n, nil, true)
			}
			m = st.wobj(mv.n).m
			m.keys = append(m.keys[:i], m.keys[i+1:]...)
			m.vals = append(m.vals[:i], m.vals[i+1:]...)
		}
	}
	e.next(st)
}

func (e *executor) mapLen(st *state, f *frame, in *ir.Instr) {
	m, ok := e.mapOf(st, e.operand(st, f, in.Args[0]))
	if !ok {
		return
	}
	n := 0
	if m != nil {
		n = len(m.keys)
	}
	e.set(st, in.Dst, value{n: trunc(uint64(n), in.Dst.Typ.Bits)})
	e.next(st)
}

func (e *executor) mapKey(st *state, f *frame, in *ir.Instr) {
	m, ok := e.mapOf(st, e.operand(st, f, in.Args[0]))
	if !ok {
		return
	}
	iv, it := e.operand(st, f, in.Args[1]), in.Args[1].Type()
	if iv.x != nil {
		c, ok := e.concretize(st, iv.x)
		if !ok {
			return
		}
		iv = value{n: c.n}
	}
	i := intOf(iv.n, it)
	if m == nil || i < 0 || i >= int64(len(m.keys)) {
		e.rtError(st, "map key index out of range")
		return
	}
	e.set(st, in.Dst, m.keys[i])
	e.next(st)
}

// ---- strings ----

func (e *executor) strLen(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	w := in.Dst.Typ.Bits
	var r value
	if s.x == nil {
		r = value{n: trunc(uint64(len(s.s)), w)}
	} else {
		r = fromTerm(e.x.mk(xStrLen, bvSort(w), s.x))
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// concreteInt returns an integer operand, forking over a symbolic one.
func (e *executor) concreteInt(st *state, v value, t *ir.Type) (int64, bool) {
	if v.x != nil {
		c, ok := e.concretize(st, v.x)
		if !ok {
			return 0, false
		}
		v = value{n: c.n}
	}
	return intOf(v.n, t), true
}

func (e *executor) strIndex(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	iv, it := e.operand(st, f, in.Args[1]), in.Args[1].Type()
	if s.x != nil {
		// A byte of the known start of an unknown string ("task panicked:
		// " and a stack trace): the caller has checked the index against
		// the length.
		if p := knownPrefix(s.x); iv.x == nil && intOf(iv.n, it) >= 0 && intOf(iv.n, it) < int64(len(p)) {
			e.set(st, in.Dst, value{n: uint64(p[intOf(iv.n, it)])})
			e.next(st)
			return
		}
		e.cut(st, CutSymString)
		return
	}
	var r value
	if iv.x == nil {
		i := intOf(iv.n, it)
		if i < 0 || i >= int64(len(s.s)) {
			e.rtError(st, "index out of range")
			return
		}
		r = value{n: uint64(s.s[i])}
	} else {
		x, ok := e.symIndex(st, iv, it, len(s.s))
		if !ok {
			return
		}
		if len(s.s) <= maxSymArray {
			bs := make([]value, len(s.s))
			for i := range bs {
				bs[i] = value{n: uint64(s.s[i])}
			}
			r = e.iteChain(x, bs, ir.U8)
		} else {
			c, ok := e.concretize(st, x)
			if !ok {
				return
			}
			r = value{n: uint64(s.s[c.n])}
		}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) substr(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	if s.x != nil {
		// Within the known start of an unknown string (strings.HasPrefix
		// of a message that ends in a stack trace).
		lo, hi := e.operand(st, f, in.Args[1]), e.operand(st, f, in.Args[2])
		if p := knownPrefix(s.x); lo.x == nil && hi.x == nil {
			if l, h := intOf(lo.n, in.Args[1].Type()), intOf(hi.n, in.Args[2].Type()); 0 <= l && l <= h && h <= int64(len(p)) {
				e.set(st, in.Dst, value{s: p[l:h]})
				e.next(st)
				return
			}
		}
		e.cut(st, CutSymString)
		return
	}
	lo, ok := e.concreteInt(st, e.operand(st, f, in.Args[1]), in.Args[1].Type())
	if !ok {
		return
	}
	hi, ok := e.concreteInt(st, e.operand(st, f, in.Args[2]), in.Args[2].Type())
	if !ok {
		return
	}
	if lo < 0 || lo > hi || hi > int64(len(s.s)) {
		e.rtError(st, "slice bounds out of range")
		return
	}
	r := value{s: s.s[lo:hi]}
	if p, ok := strOrigin(s); ok {
		// Go's data pointer moves by lo, unless the result is empty
		// (it would point past the end).
		if hi > lo && lo > 0 {
			k := len(p.path) - 1
			p.path = append(p.path[:k:k], p.path[k]+int(lo))
		}
		r = withOrigin(r.s, p)
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

func (e *executor) strToBytes(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	if s.x != nil {
		e.cut(st, CutSymString)
		return
	}
	es := make([]value, len(s.s))
	for i := range es {
		es[i] = value{n: uint64(s.s[i])}
	}
	id := st.newObj(&object{typ: ir.Array(ir.U8, len(s.s)), val: value{elems: es}})
	e.set(st, in.Dst, value{n: id})
	e.next(st)
}

func (e *executor) strFromBytes(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	n, ok := e.concreteInt(st, e.operand(st, f, in.Args[1]), in.Args[1].Type())
	if !ok {
		return
	}
	if n == 0 {
		e.set(st, in.Dst, value{})
		e.next(st)
		return
	}
	if p.x != nil {
		c, ok := e.concretize(st, p.x)
		if !ok {
			return
		}
		p = value{n: p.n, path: appendPath(p.path, int(c.n))}
	}
	o, t, ok := e.pointee(st, p)
	if !ok {
		return
	}
	if e.por != nil {
		e.touch(st, p.n, p.path, false)
	}
	// p points to a byte of an array (or to the array itself: its start),
	// or to a byte of its own, an array of one.
	arr, start := o.value(), 0
	switch k := len(p.path) - 1; {
	case t.Kind == ir.KindArray:
		arr = valueAt(arr, p.path)
	case k >= 0 && typeAt(o.typ, p.path[:k]).Kind == ir.KindArray:
		arr, start = valueAt(arr, p.path[:k]), p.path[k]
	default:
		arr = value{elems: []value{valueAt(arr, p.path)}}
	}
	if n < 0 || int64(start)+n > int64(len(arr.elems)) {
		e.rtError(st, "slice bounds out of range")
		return
	}
	bs := make([]byte, n)
	for i := range bs {
		b := arr.elems[start+i]
		if b.x != nil {
			e.unknownBytesString(st, in, arr.elems[start:start+int(n)])
			return
		}
		bs[i] = byte(b.n)
	}
	e.set(st, in.Dst, value{s: string(bs)})
	e.next(st)
}

// symBytesLabel labels the string of bytes none of whose symbolic values
// is labelled (unknownBytesString).
const symBytesLabel = "a string made of bytes kiss knows only symbolically (it stands for any string)"

// unknownBytesString is string(bs) where some of bs are unknown (a stack
// trace of debug.Stack, which testify's Panics and conc's panics keep): a
// fresh string, labelled as the unknown bytes are (symBytesLabel when
// none is: a bounded draw's, a value computed from one). It is not tied to
// bs (Z3 would be asked about a concatenation of every byte), not even by
// its length (Z3's string theory took 90 ms to give a model of a string
// of 71 bytes, on each path through conc's panics): it stands for any
// string, and a finding that depends on it is held back by that label,
// as one that depends on the bytes would be. (It cut the path before.)
func (e *executor) unknownBytesString(st *state, in *ir.Instr, bs []value) {
	// The label of a StopAt variable among the bytes', else the first
	// label, else none.
	label, stop := "", ""
	for _, b := range bs {
		if b.x == nil {
			continue
		}
		for _, v := range e.sol.varsOf(b.x) {
			if s, ok := e.stopVars[v]; ok && stop == "" {
				stop, label = s, e.labels[v]
			}
			if l, ok := e.labels[v]; ok && label == "" {
				label = l
			}
		}
	}
	if label == "" {
		// bytes of no input's (a bounded draw's, a computed value's):
		// the string stands for any string all the same, and a finding
		// that depends on it is not one the bytes make
		label = symBytesLabel
	}
	x := e.x.newVar(strSort, in.Dst.Name)
	e.labels[x.c.n] = label
	if stop != "" {
		e.stopVars[x.c.n] = stop
	}
	e.set(st, in.Dst, value{x: x})
	e.next(st)
}

func (e *executor) runeDecode(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	if s.x != nil {
		e.cut(st, CutSymString)
		return
	}
	i, ok := e.concreteInt(st, e.operand(st, f, in.Args[1]), in.Args[1].Type())
	if !ok {
		return
	}
	if i < 0 || i > int64(len(s.s)) {
		e.rtError(st, "index out of range")
		return
	}
	r, size := utf8.DecodeRuneInString(s.s[i:])
	ft := in.Dst.Typ.Fields
	e.set(st, in.Dst, value{elems: []value{
		{n: trunc(uint64(int64(r)), ft[0].Bits)},
		{n: trunc(uint64(size), ft[1].Bits)},
	}})
	e.next(st)
}

// scalarsOf is the number of scalar values a value of type t holds, up to
// just over maxAllocLen.
func scalarsOf(t *ir.Type) int {
	switch t.Kind {
	case ir.KindArray:
		if t.Len == 0 {
			return 0
		}
		return min(t.Len*scalarsOf(t.Elem), maxAllocLen+1)
	case ir.KindStruct:
		n := 0
		for _, f := range t.Fields {
			n = min(n+scalarsOf(f), maxAllocLen+1)
		}
		return n
	}
	return 1
}
