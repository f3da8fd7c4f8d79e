package sequentialize

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// go/ssa fills a composite literal element by element: an address and a
// store for each element, and an alloc, a load and a store for each struct
// element of an array. For std's tables (crypto's P-256 table is 88,064
// bytes, unicode's are thousands of ranges) that made megabytes of IR and
// as many steps on every path through their package's init. A literal
// whose every element is a constant is stored whole right after its alloc
// instead, and the instructions that filled it are not lowered. Nothing
// else can see the fresh object before the last of them, so no goroutine
// can tell the difference.

// litTree is the value a constant literal stores at an address: a scalar
// constant, or the elements or fields set (the others are zero).
type litTree struct {
	c     *ssa.Const
	elems map[int64]*litTree
}

// literalFold is what foldLiterals found: the literals to store whole and
// the instructions that no longer need lowering.
type literalFold struct {
	lits map[*ssa.Alloc]*litTree
	skip map[ssa.Instruction]bool
}

// foldLiterals finds fn's composite literals built only from constants.
func foldLiterals(fn *ssa.Function) literalFold {
	var lf literalFold // (most functions have none: no maps)
	for _, blk := range fn.Blocks {
		var at map[ssa.Instruction]int // position in blk, made at the first literal
		for _, in := range blk.Instrs {
			a, ok := in.(*ssa.Alloc)
			if !ok || lf.skip[a] || (a.Comment != "complit" && a.Comment != "slicelit") {
				continue
			}
			if at == nil {
				at = make(map[ssa.Instruction]int, len(blk.Instrs))
				for i, in := range blk.Instrs {
					at[in] = i
				}
			}
			s := &litScan{blk: blk, at: at, last: at[a], parts: map[ssa.Instruction]bool{}}
			t, consumers, ok := s.addr(a)
			if !ok || len(s.parts) < 4 { // too small to matter
				continue
			}
			for _, c := range consumers {
				if c.Block() == blk && at[c] < s.last {
					ok = false // seen before it is complete
				}
			}
			if !ok {
				continue
			}
			if lf.lits == nil {
				lf.lits, lf.skip = map[*ssa.Alloc]*litTree{}, map[ssa.Instruction]bool{}
			}
			lf.lits[a] = t
			for p := range s.parts {
				lf.skip[p] = true
			}
		}
	}
	return lf
}

type litScan struct {
	blk   *ssa.BasicBlock
	at    map[ssa.Instruction]int
	last  int                      // position of the last instruction filling the literal
	parts map[ssa.Instruction]bool // the instructions filling it
}

// addr returns what is stored at the address p, which only the literal's
// instructions of blk use, and p's other referrers (only a literal's own
// alloc may have any).
func (s *litScan) addr(p ssa.Value) (t *litTree, others []ssa.Instruction, ok bool) {
	t = &litTree{}
	for _, r := range *p.Referrers() {
		if r.Block() != s.blk {
			others = append(others, r)
			continue
		}
		switch r := r.(type) {
		case *ssa.IndexAddr:
			k, ok := r.Index.(*ssa.Const)
			if !ok || r.X != p || k.Value == nil || k.Value.Kind() != constant.Int {
				others = append(others, r)
				continue
			}
			i, _ := constant.Int64Val(k.Value)
			if !s.sub(t, i, r) {
				return nil, nil, false
			}
		case *ssa.FieldAddr:
			if r.X != p {
				others = append(others, r)
				continue
			}
			if !s.sub(t, int64(r.Field), r) {
				return nil, nil, false
			}
		case *ssa.Store:
			if r.Addr != p {
				others = append(others, r)
				continue
			}
			if t.c != nil || t.elems != nil {
				return nil, nil, false
			}
			v, ok := s.stored(r.Val)
			if !ok {
				return nil, nil, false
			}
			*t = *v
			s.part(r)
		case *ssa.DebugRef:
			s.parts[r] = true
		default:
			others = append(others, r)
		}
	}
	return t, others, true
}

// sub records element or field i of t, filled through the address r.
func (s *litScan) sub(t *litTree, i int64, r ssa.Value) bool {
	if t.c != nil || t.elems[i] != nil {
		return false
	}
	e, others, ok := s.addr(r)
	if !ok || len(others) > 0 {
		return false
	}
	if t.elems == nil {
		t.elems = map[int64]*litTree{}
	}
	t.elems[i] = e
	s.part(r.(ssa.Instruction))
	return true
}

// stored returns the literal value v is: a constant, or the load of
// another constant literal of the block loaded only here.
func (s *litScan) stored(v ssa.Value) (*litTree, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		return &litTree{c: v}, true
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if v.Op != token.MUL || !ok || a.Block() != s.blk || a.Comment != "complit" || len(*v.Referrers()) != 1 {
			return nil, false
		}
		outer := s.last
		s.last = s.at[a]
		t, others, ok := s.addr(a)
		if !ok || len(others) != 1 || others[0] != v || s.at[v] < s.last {
			return nil, false
		}
		s.last = max(outer, s.last)
		s.part(a)
		s.part(v)
		return t, true
	}
	return nil, false
}

func (s *litScan) part(in ssa.Instruction) {
	s.parts[in] = true
	if s.at[in] > s.last {
		s.last = s.at[in]
	}
}

// literal builds the value t stores into an object of Go type typ.
func (fl *funcLowerer) literal(t *litTree, typ types.Type) ir.Value {
	l, b := fl.l, fl.b
	it := l.Type(typ)
	switch {
	case t == nil:
		return ir.ZeroConst(it)
	case t.c != nil:
		return fl.value(t.c)
	}
	switch u := typ.Underlying().(type) {
	case *types.Array:
		if et := it.Elem; et.Kind == ir.KindInt && et.Bits == 8 {
			if s, ok := byteString(t, int(u.Len())); ok {
				p := b.Temp(ir.Ptr)
				b.Emit(&ir.Instr{Op: ir.OpStrToBytes, Dst: p, Args: []ir.Value{ir.StringConst(s)}})
				return b.Load(it, p)
			}
		}
		es := make([]ir.Value, u.Len())
		for i := range es {
			es[i] = fl.literal(t.elems[int64(i)], u.Elem())
		}
		return b.Make(it, es...)
	case *types.Struct:
		fs := make([]ir.Value, u.NumFields())
		for i := range fs {
			fs[i] = fl.literal(t.elems[int64(i)], u.Field(i).Type())
		}
		return b.Make(it, fs...)
	}
	unsupported(b.Pos, "a composite literal of %s", typ)
	return nil
}

// byteString returns the n bytes t sets, when each is an integer constant.
func byteString(t *litTree, n int) (string, bool) {
	var sb strings.Builder
	sb.Grow(n)
	for i := range n {
		e := t.elems[int64(i)]
		var v uint64
		if e != nil {
			if e.c == nil || e.c.Value == nil || e.c.Value.Kind() != constant.Int {
				return "", false
			}
			if x, ok := constant.Int64Val(e.c.Value); ok {
				v = uint64(x) // an int8's -1 is the byte 0xff
			} else {
				v, _ = constant.Uint64Val(e.c.Value)
			}
		}
		sb.WriteByte(byte(v))
	}
	return sb.String(), true
}
