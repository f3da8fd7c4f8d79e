package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// maphashSeed is the seed hash/maphash's MakeSeed gives (its
// runtime_rand): one fixed value, so that hashes, and the buckets of a
// hash table built on them (puzpuzpuz/xsync's Map), are known. Go's seed
// is random; kiss checks the program under this one, as it ranges over a
// map in one order. A finding that needs particular hashes may not
// replay (replay then drops it).
const maphashSeed = uint64(0x9e3779b97f4a7c15)

// maphashModels lowers the runtime functions behind hash/maphash
// (assembly and the runtime's AES or wyhash there): the seed above, and
// for the hash of memory an FNV-1a hash of its bytes mixed with the seed,
// a function of the bytes and the seed as Go's is, and with Go's reads.
func (c *concLowering) maphashModels(m map[string]externFunc) {
	m["hash/maphash.runtime_rand"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		seed := maphashSeed
		return ir.IntConst(ir.U64, int64(seed)), nil
	}
	// runtime_memhash(p unsafe.Pointer, seed, s uintptr) uintptr: the s
	// bytes from p (an array's, as maphash's callers give). Packages that
	// reach the runtime's memhash by //go:linkname themselves (ristretto's
	// z.MemHash) get the same.
	m["hash/maphash.runtime_memhash"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		n := b.Conv(args[2], ir.I64)
		bytes := bytesAt(l, b, args[0], n)
		return fnvHash(b, b.Conv(args[1], ir.U64), n, func(i ir.Value) ir.Value {
			return b.Conv(b.Load(ir.U8, b.elemPtr(bytes, i)), ir.U64)
		}), nil
	}
	m["runtime.memhash"] = m["hash/maphash.runtime_memhash"]
	// comparableHash[T](v, seed) (behind Comparable and WriteComparable;
	// Go's asks the hasher of map[T]'s type): FNV-1a over v's bytes for a
	// string, over its bits for an integer, bool or pointer, field by
	// field and element by element for a struct or array of those. Of
	// another T (floats, whose -0 and NaN Go hashes apart from their
	// bits; interfaces) the path stops, as at a call kiss does not know.
	m["hash/maphash.comparableHash"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		fn, _ := call.Value.(*ssa.Function)
		if fn == nil || len(fn.TypeArgs()) != 1 {
			return nil, errorf("hash/maphash.comparableHash called without its type argument")
		}
		seed := b.Extract(args[1], 0)
		if h := comparableFNV(b, fn.TypeArgs()[0], args[0], seed); h != nil {
			return h, nil
		}
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{l.unknownNondetLabel(b, ir.Bool, LimitLabel+"hash/maphash.Comparable")}})
		return ir.ZeroConst(ir.U64), nil
	}
}

// bytesAt is the []byte of the n bytes at the unsafe.Pointer p (an
// array's, as the runtime's memory functions are given).
func bytesAt(l *lowerer, b *builder, p, n ir.Value) ir.Value {
	bp := b.Temp(ir.Ptr)
	b.Emit(&ir.Instr{Op: ir.OpPtrCast, Dst: bp, Args: []ir.Value{p}, Type: ir.U8})
	return l.unsafeSlice(b, types.Typ[types.Byte], bp, n)
}

// comparableFNV emits the hash of v, of type t, from seed (see
// comparableHash above); nil, with nothing emitted, for a t it does not
// hash.
func comparableFNV(b *builder, t types.Type, v, seed ir.Value) ir.Value {
	if !hashable(t) {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return fnvHash(b, seed, b.Op(ir.OpStrLen, ir.I64, v), func(i ir.Value) ir.Value {
				return b.Conv(b.Op(ir.OpStrIndex, ir.U8, v, i), ir.U64)
			})
		}
		if u.Kind() == types.UnsafePointer {
			return mix(b, seed, b.Op(ir.OpConv, ir.U64, v))
		}
		if u.Info()&types.IsBoolean != 0 { // its byte, 1 or 0 (the IR converts no bool)
			return mix(b, seed, b.Op(ir.OpSelect, ir.U64, v, ir.IntConst(ir.U64, 1), ir.IntConst(ir.U64, 0)))
		}
		return mix(b, seed, b.Conv(v, ir.U64))
	case *types.Pointer, *types.Chan:
		return mix(b, seed, b.Op(ir.OpConv, ir.U64, v))
	case *types.Struct:
		h := seed
		for i := range u.NumFields() {
			h = comparableFNV(b, u.Field(i).Type(), b.Extract(v, i), h)
		}
		return h
	case *types.Array:
		h := seed
		for i := range int(u.Len()) {
			h = comparableFNV(b, u.Elem(), b.Extract(v, i), h)
		}
		return h
	}
	return nil
}

// hashable reports whether comparableFNV hashes values of type t.
func hashable(t types.Type) bool {
	return allParts(t, func(t types.Type) bool {
		switch u := t.Underlying().(type) {
		case *types.Basic:
			return u.Info()&(types.IsInteger|types.IsBoolean|types.IsString) != 0 || u.Kind() == types.UnsafePointer
		case *types.Pointer, *types.Chan:
			return true
		}
		return false
	})
}

// allParts reports whether leaf holds for every part of t that is not a
// struct or an array: the fields of structs and the elements of arrays
// (at most 64 long) within it, or t itself.
func allParts(t types.Type, leaf func(types.Type) bool) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			if !allParts(u.Field(i).Type(), leaf) {
				return false
			}
		}
		return true
	case *types.Array:
		return u.Len() <= 64 && allParts(u.Elem(), leaf)
	}
	return leaf(t)
}

// mix is one FNV-1a step of a 64-bit value into h, then a fold.
func mix(b *builder, h, x ir.Value) ir.Value {
	h = b.Bin(ir.OpMul, b.Bin(ir.OpXor, b.Bin(ir.OpXor, h, ir.IntConst(ir.U64, -3750763034362895579)), x), ir.IntConst(ir.U64, 0x100000001b3))
	return b.Bin(ir.OpXor, h, b.Bin(ir.OpShr, h, ir.IntConst(ir.U64, 32)))
}

// fnvHash emits the FNV-1a hash, from seed, of the n bytes byteAt gives.
func fnvHash(b *builder, seed, n ir.Value, byteAt func(i ir.Value) ir.Value) ir.Value {
	h := b.Local("fnv", ir.U64)
	b.move(h, b.Bin(ir.OpXor, seed, ir.IntConst(ir.U64, -3750763034362895579))) // 0xcbf29ce484222325
	b.forLoop("fnv.i", n, func(i ir.Value) {
		b.move(h, b.Bin(ir.OpMul, b.Bin(ir.OpXor, h, byteAt(i)), ir.IntConst(ir.U64, 0x100000001b3)))
	})
	return b.Bin(ir.OpXor, h, b.Bin(ir.OpShr, h, ir.IntConst(ir.U64, 32)))
}
