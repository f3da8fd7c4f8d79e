package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// internal/bytealg (summaries' bytealg list). The package is the
// runtime's and is not lowered (much of it is assembly); strings, bytes
// and strconv call it for their searches and comparisons, and
// strings.Builder for its buffer. Each model computes Go's exact result
// in IR loops over the operands, which are strings or []byte (the
// generic functions are instantiated with either). The bytes of a
// []byte are memory other goroutines may write: the model reads the
// bytes Go's portable code reads (every byte up to the answer), so that
// a race on them is seen, and the reads carry the call's position.
//
// bytealg.MaxLen, which its init sets from the CPU, is 63 (amd64 with
// AVX2; knownVars): strings.Index and bytes.Index take the branch that
// calls Index/IndexString for short needles as Go does on such a machine.
func (c *concLowering) bytealgModels(m map[string]externFunc) {
	// crypto/internal/constanttime.boolToUint8 is a compiler intrinsic
	// whose Go body panics ("must be intrinsicified"): 1 for true, 0 for
	// false, as the compiled code computes (crypto/subtle's
	// ConstantTimeSelect and ByteEq, ed25519's and nistec's tables).
	m["crypto/internal/constanttime.boolToUint8"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Op(ir.OpSelect, ir.U8, args[0], ir.IntConst(ir.U8, 1), ir.IntConst(ir.U8, 0)), nil
	}
	// crypto/internal/fips140/subtle.xorBytes (under XORBytes: AES-GCM,
	// CTR, ChaCha20) is assembly here, and its Go twin (xor_generic.go) is
	// excluded by build tags, so asmFallback finds none: the twin's loop,
	// dst[i] = x[i] ^ y[i] for i < n, over unsafe.Slice of each pointer.
	m["crypto/internal/fips140/subtle.xorBytes"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		n := b.Conv(args[3], ir.I64)
		var s [3]ir.Value
		for k := range s {
			s[k] = l.unsafeSlice(b, types.Typ[types.Byte], args[k], n)
		}
		at := func(sl, i ir.Value) ir.Value {
			p := b.Temp(ir.Ptr)
			b.Assign(p, ir.OpIndex, b.Extract(sl, 0), b.Bin(ir.OpAdd, b.Extract(sl, 1), i))
			return p
		}
		b.forLoop("xor", n, func(i ir.Value) {
			px, py, pd := at(s[1], i), at(s[2], i), at(s[0], i)
			c.read(b, px)
			c.read(b, py)
			c.write(b, pd, "dst")
			b.Store(pd, b.Bin(ir.OpXor, b.Load(ir.U8, px), b.Load(ir.U8, py)))
		})
		return nil, nil
	}
	// search: the first (last) occurrence of the byte c.
	for name, last := range map[string]bool{"IndexByte": false, "IndexByteString": false, "LastIndexByte": true, "LastIndexByteString": true} {
		m["internal/bytealg."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return b.Call(ir.I64, c.byteSearch(l, args[0].Type(), last, pos), args[0], args[1]), nil
		}
	}
	for _, name := range []string{"Count", "CountString"} {
		m["internal/bytealg."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return b.Call(ir.I64, c.byteCount(l, args[0].Type(), pos), args[0], args[1]), nil
		}
	}
	m["internal/bytealg.Equal"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Call(ir.Bool, c.bytesEqual(l, pos), args[0], args[1]), nil
	}
	for _, name := range []string{"Compare", "CompareString"} {
		m["internal/bytealg."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return b.Call(ir.I64, c.bytesCompare(l, args[0].Type(), pos), args[0], args[1]), nil
		}
	}
	// Index and IndexString are assembly (Go's callers give them needles
	// of 2 to MaxLen bytes; the model takes any); IndexRabinKarp and
	// LastIndexRabinKarp hash. All find the first (last) occurrence: the
	// model compares bytes, and reads what Go's Rabin-Karp reads.
	for name, last := range map[string]bool{"Index": false, "IndexString": false, "IndexRabinKarp": false, "LastIndexRabinKarp": true} {
		m["internal/bytealg."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return b.Call(ir.I64, c.bytesIndex(l, args[0].Type(), last, pos), args[0], args[1]), nil
		}
	}
	for name, rev := range map[string]bool{"HashStr": false, "HashStrRev": true} {
		m["internal/bytealg."+name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			res := l.Type(call.Signature().Results())
			return b.Call(res, c.hashStr(l, args[0].Type(), res, rev, pos), args[0]), nil
		}
	}
	m["internal/bytealg.Cutover"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return b.Bin(ir.OpDiv, b.Bin(ir.OpAdd, args[0], ir.IntConst(ir.I64, 16)), ir.IntConst(ir.I64, 8)), nil // amd64's
	}
	m["internal/bytealg.MakeNoZero"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		n := args[0]
		b.PanicUnless(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, 0)), "runtime error: makeslice: len out of range", n)
		// The bytes are zero, which Go does not promise: its callers
		// write them before they read them.
		return b.Make(l.Slice(), b.Alloc(ir.U8, n), ir.IntConst(ir.I64, 0), n, n), nil
	}
}

// byteSeq is an operand of a bytealg function in the helper b emits: a
// string, or a []byte whose reads the race detector sees.
type byteSeq struct {
	c   *concLowering
	b   *builder
	v   ir.Value
	str bool
	n   ir.Value // its length
}

func (c *concLowering) seq(b *builder, v ir.Value) byteSeq {
	s := byteSeq{c: c, b: b, v: v, str: v.Type().Kind == ir.KindString}
	if s.str {
		s.n = b.Op(ir.OpStrLen, ir.I64, v)
	} else {
		s.n = b.Extract(v, 2)
	}
	return s
}

// at reads byte i (in range).
func (s byteSeq) at(i ir.Value) ir.Value {
	if s.str {
		return s.b.Op(ir.OpStrIndex, ir.U8, s.v, i)
	}
	p := s.b.elemPtr(s.v, i)
	s.c.read(s.b, p)
	return s.b.Load(ir.U8, p)
}

// peek reads byte i without telling the race detector (readRange says
// what was read).
func (s byteSeq) peek(i ir.Value) ir.Value {
	if s.str {
		return s.b.Op(ir.OpStrIndex, ir.U8, s.v, i)
	}
	return s.b.Load(ir.U8, s.b.elemPtr(s.v, i))
}

// readRange tells the race detector of reads of bytes [lo, hi).
func (s byteSeq) readRange(lo, hi ir.Value) {
	if s.str {
		return
	}
	s.c.readN(s.b, s.v, lo, s.b.Bin(ir.OpSub, hi, lo))
}

// bytealgHelper returns the helper of a bytealg model for operands of IR
// type t: one per program for strings, one per call site for []byte, so
// that the reads carry the call's position.
func (c *concLowering) bytealgHelper(l *lowerer, name string, t *ir.Type, pos string, res *ir.Type, params []any, gen func(b *builder)) *ir.Func {
	key, fname := "bytealg."+name+":str", "bytealg."+name+".str"
	if t.Kind != ir.KindString {
		key, fname = "bytealg."+name+":bytes:"+pos, "bytealg."+name+".bytes"
	}
	return l.cached(key, fname, res, params, func(b *builder) {
		if t.Kind != ir.KindString {
			b.Pos = pos
		}
		gen(b)
	})
}

// byteSearch: (s T, c u8) i64, the index of the first (last) c in s, or -1.
func (c *concLowering) byteSearch(l *lowerer, t *ir.Type, last bool, pos string) *ir.Func {
	name := "IndexByte"
	if last {
		name = "LastIndexByte"
	}
	return c.bytealgHelper(l, name, t, pos, ir.I64, []any{"s", t, "c", ir.U8}, func(b *builder) {
		s := c.seq(b, b.Fn.Params[0])
		b.forLoop("k", s.n, func(k ir.Value) {
			i := k
			if last {
				i = b.Bin(ir.OpSub, b.Bin(ir.OpSub, s.n, ir.IntConst(ir.I64, 1)), k)
			}
			_, next := b.If(b.Bin(ir.OpEq, s.at(i), b.Fn.Params[1]), "found")
			b.Ret(i)
			b.SetBlock(next)
		})
		b.Ret(ir.IntConst(ir.I64, -1))
	})
}

// byteCount: (s T, c u8) i64, the number of c in s.
func (c *concLowering) byteCount(l *lowerer, t *ir.Type, pos string) *ir.Func {
	return c.bytealgHelper(l, "Count", t, pos, ir.I64, []any{"s", t, "c", ir.U8}, func(b *builder) {
		s := c.seq(b, b.Fn.Params[0])
		n := b.Local("n", ir.I64)
		b.Copy(n, ir.IntConst(ir.I64, 0))
		b.forLoop("i", s.n, func(i ir.Value) {
			one := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpEq, s.at(i), b.Fn.Params[1]), ir.IntConst(ir.I64, 1), ir.IntConst(ir.I64, 0))
			b.Assign(n, ir.OpAdd, n, one)
		})
		b.Ret(n)
	})
}

// bytesEqual: (a, b []byte) bool, Go's string(a) == string(b): lengths,
// then the bytes up to the first difference.
func (c *concLowering) bytesEqual(l *lowerer, pos string) *ir.Func {
	t := l.Slice()
	return c.bytealgHelper(l, "Equal", t, pos, ir.Bool, []any{"a", t, "b", t}, func(b *builder) {
		x, y := c.seq(b, b.Fn.Params[0]), c.seq(b, b.Fn.Params[1])
		_, same := b.If(b.Bin(ir.OpNe, x.n, y.n), "len")
		b.Ret(ir.BoolConst(false))
		b.SetBlock(same)
		b.forLoop("i", x.n, func(i ir.Value) {
			_, next := b.If(b.Bin(ir.OpNe, x.at(i), y.at(i)), "differ")
			b.Ret(ir.BoolConst(false))
			b.SetBlock(next)
		})
		b.Ret(ir.BoolConst(true))
	})
}

// bytesCompare: (a, b T) i64, Go's portable Compare: the bytes up to the
// first difference (none when two []byte start at the same byte), then
// the lengths.
func (c *concLowering) bytesCompare(l *lowerer, t *ir.Type, pos string) *ir.Func {
	return c.bytealgHelper(l, "Compare", t, pos, ir.I64, []any{"a", t, "b", t}, func(b *builder) {
		x, y := c.seq(b, b.Fn.Params[0]), c.seq(b, b.Fn.Params[1])
		lens := b.NewBlock("lens")
		if !x.str {
			sameStart := b.And(b.Bin(ir.OpEq, b.Extract(x.v, 0), b.Extract(y.v, 0)), b.Bin(ir.OpEq, b.Extract(x.v, 1), b.Extract(y.v, 1)))
			_, differ := b.If(sameStart, "same")
			b.Jmp(lens)
			b.SetBlock(differ)
		}
		n := b.Op(ir.OpSelect, ir.I64, b.Bin(ir.OpLt, y.n, x.n), y.n, x.n)
		b.forLoop("i", n, func(i ir.Value) {
			c1, c2 := x.at(i), y.at(i)
			_, notLess := b.If(b.Bin(ir.OpLt, c1, c2), "less")
			b.Ret(ir.IntConst(ir.I64, -1))
			b.SetBlock(notLess)
			_, next := b.If(b.Bin(ir.OpGt, c1, c2), "greater")
			b.Ret(ir.IntConst(ir.I64, 1))
			b.SetBlock(next)
		})
		b.Jmp(lens)
		b.SetBlock(lens)
		_, notLess := b.If(b.Bin(ir.OpLt, x.n, y.n), "shorter")
		b.Ret(ir.IntConst(ir.I64, -1))
		b.SetBlock(notLess)
		_, notGreater := b.If(b.Bin(ir.OpGt, x.n, y.n), "longer")
		b.Ret(ir.IntConst(ir.I64, 1))
		b.SetBlock(notGreater)
		b.Ret(ir.IntConst(ir.I64, 0))
	})
}

// bytesIndex: (s, sep T) i64, the index of the first (last) sep in s, or
// -1; an empty sep is at 0 (at len(s) from the end). The bytes are
// compared as a brute-force search does; the race detector is told of
// the reads of Go's Rabin-Karp: all of sep, and s from its start up to
// the end of the match (from the start of the match to its end), or all
// of s.
func (c *concLowering) bytesIndex(l *lowerer, t *ir.Type, last bool, pos string) *ir.Func {
	name := "Index"
	if last {
		name = "LastIndex"
	}
	return c.bytealgHelper(l, name, t, pos, ir.I64, []any{"s", t, "sep", t}, func(b *builder) {
		s, sep := c.seq(b, b.Fn.Params[0]), c.seq(b, b.Fn.Params[1])
		zero := ir.IntConst(ir.I64, 0)
		r := b.Local("r", ir.I64)
		b.Copy(r, ir.IntConst(ir.I64, -1))
		done := b.NewBlock("done")
		room := b.Bin(ir.OpSub, s.n, sep.n) // the last start
		b.forLoop("k", b.Bin(ir.OpAdd, room, ir.IntConst(ir.I64, 1)), func(k ir.Value) {
			i := k
			if last {
				i = b.Bin(ir.OpSub, room, k)
			}
			next := b.NewBlock("next")
			b.forLoop("j", sep.n, func(j ir.Value) {
				_, same := b.If(b.Bin(ir.OpNe, s.peek(b.Bin(ir.OpAdd, i, j)), sep.peek(j)), "miss")
				b.Jmp(next)
				b.SetBlock(same)
			})
			b.Copy(r, i)
			b.Jmp(done)
			b.SetBlock(next)
		})
		b.Jmp(done)
		b.SetBlock(done)
		sep.readRange(zero, sep.n)
		found := b.Bin(ir.OpGe, r, zero)
		if last {
			s.readRange(b.Op(ir.OpSelect, ir.I64, found, r, zero), s.n)
		} else {
			s.readRange(zero, b.Op(ir.OpSelect, ir.I64, found, b.Bin(ir.OpAdd, r, sep.n), s.n))
		}
		b.Ret(r)
	})
}

// primeRK is bytealg.PrimeRK, the base of its Rabin-Karp hash.
const primeRK = 16777619

// hashStr: (sep T) {u32, u32}, HashStr's (rev: HashStrRev's) hash of sep
// and PrimeRK to the power len(sep), in uint32 arithmetic as Go computes
// them.
func (c *concLowering) hashStr(l *lowerer, t, res *ir.Type, rev bool, pos string) *ir.Func {
	name := "HashStr"
	if rev {
		name = "HashStrRev"
	}
	return c.bytealgHelper(l, name, t, pos, res, []any{"sep", t}, func(b *builder) {
		sep := c.seq(b, b.Fn.Params[0])
		prime := ir.IntConst(ir.U32, primeRK)
		hash := b.Local("hash", ir.U32)
		b.Copy(hash, ir.IntConst(ir.U32, 0))
		b.forLoop("k", sep.n, func(k ir.Value) {
			i := k
			if rev {
				i = b.Bin(ir.OpSub, b.Bin(ir.OpSub, sep.n, ir.IntConst(ir.I64, 1)), k)
			}
			b.Assign(hash, ir.OpAdd, b.Bin(ir.OpMul, hash, prime), b.Conv(sep.at(i), ir.U32))
		})
		// for i := len(sep); i > 0; i >>= 1 { if i&1 != 0 { pow *= sq }; sq *= sq }
		pow, sq, i := b.Local("pow", ir.U32), b.Local("sq", ir.U32), b.Local("i", ir.I64)
		b.Copy(pow, ir.IntConst(ir.U32, 1))
		b.Copy(sq, prime)
		b.Copy(i, sep.n)
		head, body, done := b.NewBlock("pow.loop"), b.NewBlock("pow.body"), b.NewBlock("pow.done")
		b.Jmp(head)
		b.SetBlock(head)
		b.Br(b.Bin(ir.OpGt, i, ir.IntConst(ir.I64, 0)), body, done)
		b.SetBlock(body)
		odd := b.Bin(ir.OpNe, b.Bin(ir.OpAnd, i, ir.IntConst(ir.I64, 1)), ir.IntConst(ir.I64, 0))
		b.Assign(pow, ir.OpSelect, odd, b.Bin(ir.OpMul, pow, sq), pow)
		b.Assign(sq, ir.OpMul, sq, sq)
		b.Assign(i, ir.OpShr, i, ir.IntConst(ir.I64, 1))
		b.Jmp(head)
		b.SetBlock(done)
		b.Ret(b.Make(res, hash, pow))
	})
}
