package smt

import (
	"math"

	"github.com/gokiss/kiss/ir"
)

// unsafe: pointers as addresses, and strings over memory (ir/doc.go, Byte
// layout).
//
// The heap holds IR values, not bytes, so an address exists only once a
// pointer is converted to an integer. That conversion exposes the
// pointer's object: the k-th object a path exposes owns the addresses
// [k<<addrShift, (k+1)<<addrShift), and a pointer's address is its
// object's base plus the byte offset of its path, from the layout the IR
// types give. Converting an integer back finds the exposed object whose
// range holds it and the outermost value that starts at that offset;
// ptrcast then picks, among the values at one address, the one of the
// type the program reads. This is the PNVI-ae provenance model of
// Memarian et al., "Exploring C Semantics and Pointer Provenance": an
// integer becomes a pointer only into an object whose address escaped.
// Distinct objects have disjoint addresses and equal pointers equal
// addresses; the order of objects' addresses is the order they were
// exposed in (Go leaves it to the allocator: kiss explores this one).
// What the executor cannot place ends the path with a cut (CutUnsafe*),
// never with a guess.

const (
	addrShift = 40 // each exposed object owns 2^40 addresses
	addrMask  = 1<<addrShift - 1
)

// expose returns the base address of object id, exposing it first.
func (st *state) expose(id uint64) uint64 {
	for k, x := range st.exposed {
		if x == id {
			return uint64(k+1) << addrShift
		}
	}
	// Shared with forks: append to a copy.
	st.exposed = append(st.exposed[:len(st.exposed):len(st.exposed)], id)
	return uint64(len(st.exposed)) << addrShift
}

// typeAt returns the type at path in a value of type t.
func typeAt(t *ir.Type, path []int) *ir.Type {
	for _, i := range path {
		t = childType(t, i)
	}
	return t
}

func valueAt(v value, path []int) value {
	for _, i := range path {
		v = v.elems[i]
	}
	return v
}

// pathOffset returns the byte offset of path in a value of type t; ok is
// false when the layout does not give it.
func pathOffset(t *ir.Type, path []int) (off int64, ok bool) {
	for _, i := range path {
		o, ok := t.Offset(i)
		if !ok {
			return 0, false
		}
		off += o
		t = childType(t, i)
	}
	return off, true
}

// valuesAt calls yield with the path (under prefix) and type of each value
// inside a value of type t that starts at byte off, outermost first,
// until yield returns true; it reports whether it did. Otherwise why says
// what stopped the search: a layout the IR does not give
// (CutUnsafeLayout), or no value starting there (CutUnsafeOffset: padding,
// the inside of a scalar).
func valuesAt(t *ir.Type, off int64, prefix []int, yield func([]int, *ir.Type) bool) (done bool, why string) {
	if off == 0 && yield(prefix, t) {
		return true, ""
	}
	why = CutUnsafeOffset
	try := func(ct *ir.Type, coff int64, k int) bool {
		d, w := valuesAt(ct, coff, appendPath(prefix, k), yield)
		if w == CutUnsafeLayout {
			why = w
		}
		return d
	}
	switch t.Kind {
	case ir.KindStruct:
		l := t.Layout
		if l == nil || l.Offsets == nil {
			return false, CutUnsafeLayout
		}
		for k, o := range l.Offsets {
			if o > off {
				break
			}
			n, ok := t.Fields[k].Size()
			end := o + n
			if !ok { // it ends where the next field starts, at the latest
				end = l.Size
				for _, o2 := range l.Offsets[k+1:] {
					if o2 > o {
						end = o2
						break
					}
				}
			}
			if (off == o || off < end) && try(t.Fields[k], off-o, k) {
				return true, ""
			}
		}
	case ir.KindArray:
		if t.Len == 0 {
			break
		}
		es, ok := t.Elem.Size()
		switch {
		case off == 0:
			if try(t.Elem, 0, 0) {
				return true, ""
			}
		case !ok:
			why = CutUnsafeLayout
		case es > 0 && off/es < int64(t.Len):
			if try(t.Elem, off%es, int(off/es)) {
				return true, ""
			}
		}
	}
	return false, why
}

// compatible reports whether memory holding a value of type a can be read
// as type b: the same type, up to the signedness of integers (the executor
// keeps an integer's bits, whatever its type says).
func compatible(a, b *ir.Type) bool {
	if a == b || ir.Identical(a, b) {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case ir.KindInt:
		return a.Bits == b.Bits
	case ir.KindArray:
		return a.Len == b.Len && compatible(a.Elem, b.Elem)
	case ir.KindStruct:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !compatible(a.Fields[i], b.Fields[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// castable reports whether memory holding a value of type a can be read
// as type b: compatible, or a float's bits as an integer of its width and
// back (Go's math.Float64bits reads them through an unsafe.Pointer).
func castable(a, b *ir.Type) bool {
	return compatible(a, b) || a.Kind == ir.KindFloat && b.Kind == ir.KindInt && a.Bits == b.Bits ||
		a.Kind == ir.KindInt && b.Kind == ir.KindFloat && a.Bits == b.Bits
}

// bitsAs reports whether a value of type a is read or written as type b
// of the other of int and float: through a ptrcast pointer (castable).
func bitsAs(a, b *ir.Type) bool {
	return a.Kind == ir.KindFloat && b.Kind == ir.KindInt || a.Kind == ir.KindInt && b.Kind == ir.KindFloat
}

// reinterpret makes *v, of type from, a value of type to (bitsAs): a
// float's IEEE bits as an integer of its width, or back. Concrete floats
// hold float64 bits, so a float32's are converted. A symbolic one cuts the
// path (the executor's terms have no bit cast).
func (e *executor) reinterpret(st *state, v *value, from, to *ir.Type) bool {
	switch {
	case from.Bits != to.Bits:
		e.rtError(st, "load or store of "+from.String()+" as "+to.String())
		return false
	case v.x != nil:
		e.cut(st, CutUnsafeCast)
		return false
	}
	switch {
	case from.Bits == 32 && from.Kind == ir.KindFloat:
		*v = value{n: uint64(math.Float32bits(float32(math.Float64frombits(v.n))))}
	case from.Bits == 32:
		*v = value{n: math.Float64bits(float64(math.Float32frombits(uint32(v.n))))}
	}
	return true
}

// ptrToInt is conv ptr -> u64: the pointer's address (0 for nil).
func (e *executor) ptrToInt(st *state, p value) (value, bool) {
	if p.n == 0 {
		return value{}, true
	}
	base := st.expose(p.n)
	if e.por != nil {
		e.touch(st, 0, nil, true) // addresses are given in the order objects are exposed
	}
	o := st.obj(p.n)
	if e.por != nil {
		e.touch(st, p.n, nil, false)
	}
	if o.m != nil { // a map: only the object itself is addressable
		return value{n: base}, true
	}
	off, ok := pathOffset(o.typ, p.path)
	if !ok {
		e.cut(st, CutUnsafeLayout)
		return value{}, false
	}
	if p.x == nil {
		return value{n: base + uint64(off)}, true
	}
	es, ok := typeAt(o.typ, p.path).Elem.Size()
	if !ok {
		e.cut(st, CutUnsafeLayout)
		return value{}, false
	}
	at := e.x.mk(xMul, bv64, p.x, e.x.bvConst(64, uint64(es)))
	return fromTerm(e.x.mk(xAdd, bv64, e.x.bvConst(64, base+uint64(off)), at)), true
}

// intToPtr is conv u64 -> ptr: the outermost value at the address, in the
// exposed object whose addresses hold it.
func (e *executor) intToPtr(st *state, a value) (value, bool) {
	if a.x != nil {
		c, ok := e.concretize(st, a.x)
		if !ok {
			return value{}, false
		}
		a = value{n: c.n}
	}
	if a.n == 0 {
		return value{}, true
	}
	k := a.n >> addrShift
	if k == 0 || k > uint64(len(st.exposed)) {
		e.cut(st, CutUnsafeAddr)
		return value{}, false
	}
	id, off := st.exposed[k-1], int64(a.n&addrMask)
	o := st.obj(id)
	if e.por != nil {
		e.touch(st, 0, nil, false)
		e.touch(st, id, nil, false)
	}
	if o.m != nil {
		if off != 0 {
			e.cut(st, CutUnsafeAddr)
			return value{}, false
		}
		return value{n: id}, true
	}
	if n, ok := o.typ.Size(); ok && off >= n && off != 0 {
		// Beyond the object: Go does not allow even the address just past
		// its end.
		e.cut(st, CutUnsafeAddr)
		return value{}, false
	}
	var path []int
	done, why := valuesAt(o.typ, off, nil, func(p []int, _ *ir.Type) bool { path = p; return true })
	if !done {
		e.cut(st, why)
		return value{}, false
	}
	return value{n: id, path: path}, true
}

// ptrCast executes ptrcast p, T: p if it points to a T (up to integer
// signedness), else the value of type T at p's address (an enclosing
// struct or array, a first field or element).
func (e *executor) ptrCast(st *state, f *frame, in *ir.Instr) {
	p, want := e.operand(st, f, in.Args[0]), in.Type
	if p.n == 0 {
		e.set(st, in.Dst, value{})
		e.next(st)
		return
	}
	o := st.obj(p.n)
	if e.por != nil {
		e.touch(st, p.n, nil, false)
	}
	if o.m != nil {
		e.cut(st, CutUnsafeCast)
		return
	}
	t := typeAt(o.typ, p.path)
	if p.x != nil {
		t = t.Elem
	}
	if castable(t, want) {
		e.set(st, in.Dst, p)
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
	off, ok := pathOffset(o.typ, p.path)
	if !ok {
		e.cut(st, CutUnsafeLayout)
		return
	}
	var path []int
	done, why := valuesAt(o.typ, off, nil, func(q []int, t *ir.Type) bool {
		if castable(t, want) {
			path = q
			return true
		}
		return false
	})
	if !done {
		if why != CutUnsafeLayout {
			why = CutUnsafeCast
		}
		e.cut(st, why)
		return
	}
	e.set(st, in.Dst, value{n: p.n, path: path})
	e.next(st)
}

// arrayOf executes arrayof p: the array p points into and p's index.
func (e *executor) arrayOf(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	if p.n == 0 {
		e.rtError(st, errNil)
		return
	}
	var r value
	o := st.obj(p.n)
	if e.por != nil {
		e.touch(st, p.n, nil, false)
	}
	switch k := len(p.path) - 1; {
	case p.x != nil:
		r = value{elems: []value{{n: p.n, path: p.path}, {x: p.x}}}
	case o.m != nil:
		e.cut(st, CutUnsafeOffset)
		return
	case k >= 0 && typeAt(o.typ, p.path[:k]).Kind == ir.KindArray:
		r = value{elems: []value{{n: p.n, path: p.path[:k:k]}, {n: uint64(p.path[k])}}}
	case typeAt(o.typ, p.path).Kind == ir.KindArray:
		// An array of its own, or a field: as an array of one it would be
		// indexed as the array it is.
		e.cut(st, CutUnsafeOffset)
		return
	default: // a value of its own, or a field: an array of one
		r = value{elems: []value{p, {n: 0}}}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// A string strview made remembers the pointer it was made from, which
// strdata gives back: its path is the pointer's object, then the
// pointer's path (a string's path is otherwise unused; n stays 0, so the
// string's terms and comparisons are its bytes').

func withOrigin(s string, p value) value {
	if p.n == 0 {
		return value{s: s}
	}
	return value{s: s, path: append([]int{int(p.n)}, p.path...)}
}

func strOrigin(v value) (value, bool) {
	if len(v.path) == 0 {
		return value{}, false
	}
	return value{n: uint64(v.path[0]), path: v.path[1:len(v.path):len(v.path)]}, true
}

// strView executes strview p, n: Go's unsafe.String. The IR's strings are
// values, so the bytes are copied now, where Go's string aliases them;
// Go requires that they not be modified while the string is alive, so a
// program that obeys the rule cannot tell the copy from the alias. What
// it can tell, the data pointer, the string keeps (strdata).
func (e *executor) strView(st *state, f *frame, in *ir.Instr) {
	p := e.operand(st, f, in.Args[0])
	n, ok := e.concreteInt(st, e.operand(st, f, in.Args[1]), in.Args[1].Type())
	if !ok {
		return
	}
	if p.x != nil {
		c, ok := e.concretize(st, p.x)
		if !ok {
			return
		}
		p = value{n: p.n, path: appendPath(p.path, int(c.n))}
	}
	switch {
	case n == 0:
		e.set(st, in.Dst, withOrigin("", p))
		e.next(st)
		return
	case n < 0:
		e.rtError(st, "strview: negative length")
		return
	case p.n == 0:
		e.rtError(st, errNil)
		return
	}
	o := st.obj(p.n)
	if e.por != nil {
		e.touch(st, p.n, nil, false)
	}
	if o.m != nil {
		e.cut(st, CutUnsafeCast)
		return
	}
	if t := typeAt(o.typ, p.path); t.Kind != ir.KindInt || t.Bits != 8 {
		e.cut(st, CutUnsafeCast)
		return
	}
	// The bytes from p to the end of its array, or p's byte alone.
	var bs []value
	if k := len(p.path) - 1; k >= 0 && typeAt(o.typ, p.path[:k]).Kind == ir.KindArray {
		bs = valueAt(o.value(), p.path[:k]).elems[p.path[k]:]
	} else {
		bs = []value{valueAt(o.value(), p.path)}
	}
	if n > int64(len(bs)) {
		e.cut(st, CutUnsafeAddr)
		return
	}
	buf := make([]byte, n)
	for i := range buf {
		if bs[i].x != nil {
			e.cut(st, CutSymString)
			return
		}
		buf[i] = byte(bs[i].n)
	}
	e.set(st, in.Dst, withOrigin(string(buf), p))
	e.next(st)
}

// strData executes strdata s: Go's unsafe.StringData. A string strview
// made points where it was made from; an empty one without such an origin
// is nil; any other gets an array of its bytes, one per distinct contents
// on the path (as Go's linker gives equal constant strings one copy), so
// that the same string gives the same pointer every time.
func (e *executor) strData(st *state, f *frame, in *ir.Instr) {
	s := e.operand(st, f, in.Args[0])
	if s.x != nil {
		e.cut(st, CutSymString)
		return
	}
	var r value
	if p, ok := strOrigin(s); ok {
		r = p
	} else if s.s != "" {
		id, ok := st.strData[s.s]
		if !ok {
			es := make([]value, len(s.s))
			for i := range es {
				es[i] = value{n: uint64(s.s[i])}
			}
			id = st.newObj(&object{typ: ir.Array(ir.U8, len(s.s)), val: value{elems: es}})
			m := make(map[string]uint64, len(st.strData)+1) // shared with forks
			for k, v := range st.strData {
				m[k] = v
			}
			m[s.s] = id
			st.strData = m
		}
		r = value{n: id, path: []int{0}}
	}
	e.set(st, in.Dst, r)
	e.next(st)
}

// sameAddr reports whether two pointers to different paths of one object
// are at one address (a struct and its first field, as Go's
// unsafe.Pointer compares them), when the layout says.
func sameAddr(st *state, a, b value) bool {
	if a.n == 0 {
		return false
	}
	o := st.obj(a.n)
	if o.m != nil {
		return false
	}
	oa, ok1 := pathOffset(o.typ, a.path)
	ob, ok2 := pathOffset(o.typ, b.path)
	return ok1 && ok2 && oa == ob
}
