package ir

import "math/bits"

// Liveness holds, per block and instruction, the locals of a function live
// before the instruction (In) and after it (Out), as bit sets over their
// indices: a local is live where some path reads it before writing it.
type Liveness struct {
	In, Out [][][]uint64
}

// Live computes fn's liveness. An instruction's Dst is written, its Args
// read; control leaves a block only through its last instruction's
// targets.
func Live(fn *Func) *Liveness {
	w := (len(fn.Locals) + 63) / 64
	newSet := func() []uint64 { return make([]uint64, w) }
	nb := len(fn.Blocks)
	blockIn := make([][]uint64, nb)
	for i := range blockIn {
		blockIn[i] = newSet()
	}
	lv := &Liveness{In: make([][][]uint64, nb), Out: make([][][]uint64, nb)}
	for i, b := range fn.Blocks {
		lv.In[i] = make([][]uint64, len(b.Instrs))
		lv.Out[i] = make([][]uint64, len(b.Instrs))
		for j := range b.Instrs {
			lv.In[i][j], lv.Out[i][j] = newSet(), newSet()
		}
	}
	cur := newSet()
	for changed := true; changed; {
		changed = false
		for i := nb - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			clear(cur)
			if n := len(b.Instrs); n > 0 {
				for _, t := range b.Instrs[n-1].Targets {
					for k, x := range blockIn[t.Index] {
						cur[k] |= x
					}
				}
			}
			for j := len(b.Instrs) - 1; j >= 0; j-- {
				in := b.Instrs[j]
				copy(lv.Out[i][j], cur)
				if in.Dst != nil {
					cur[in.Dst.Index>>6] &^= 1 << (in.Dst.Index & 63)
				}
				for _, a := range in.Args {
					if l, ok := a.(*Local); ok {
						cur[l.Index>>6] |= 1 << (l.Index & 63)
					}
				}
				copy(lv.In[i][j], cur)
			}
			for k, x := range cur {
				if blockIn[i][k] != x {
					copy(blockIn[i], cur)
					changed = true
					break
				}
			}
		}
	}
	return lv
}

// coalesceMax bounds the functions Coalesce rewrites: above it the
// interference matrix (n² bits, 2 MiB at the bound) would cost more than
// it saves.
const coalesceMax = 4096

// Coalesce lets locals of fn that are never live at once share one local
// (Chaitin's register allocation by coloring the interference graph, with
// a slot per color): it reports whether it changed fn. A frame holds one
// value per local and is made at every call, so a function whose many
// branches each use their own temporaries (a dispatch over every type of
// the program, reflect.DeepEqual's model) made a frame of thousands of
// values at each call: reflect's TestDeepEqual allocated 1.6 GB of frames
// for 10,778 calls. Two locals interfere when one is written where the
// other is live after the write; only locals of one type share (their
// zero values, which a local read before any write holds, are the same),
// and parameters keep their own. A function of more than coalesceMax
// locals is left as it is.
func Coalesce(fn *Func) bool {
	n := len(fn.Locals)
	if n > coalesceMax || len(fn.Blocks) == 0 {
		return false
	}
	lv := Live(fn)
	w := (n + 63) / 64
	inter := make([]uint64, n*w) // row v: the locals v interferes with
	row := func(v int) []uint64 { return inter[v*w : (v+1)*w] }
	for i, b := range fn.Blocks {
		for j, in := range b.Instrs {
			if in.Dst == nil {
				continue
			}
			d := in.Dst.Index
			rd := row(d)
			for k, x := range lv.Out[i][j] {
				rd[k] |= x
				for x != 0 {
					v := k<<6 | bits.TrailingZeros64(x)
					x &= x - 1
					inter[v*w+d>>6] |= 1 << (d & 63)
				}
			}
		}
	}
	// Greedy coloring in index order: a local takes the first slot of its
	// type none of whose locals it interferes with.
	type slot struct {
		rep     *Local
		members []uint64
	}
	var slots []*slot
	byType := map[*Type][]*slot{}
	rep := make([]*Local, n)
	for _, p := range fn.Params {
		rep[p.Index] = p
	}
	merged := false
	for v, l := range fn.Locals {
		if rep[v] != nil {
			continue
		}
		rv := row(v)
		var home *slot
		for _, s := range byType[l.Typ] {
			free := true
			for k, x := range s.members {
				if x&rv[k] != 0 {
					free = false
					break
				}
			}
			if free {
				home = s
				break
			}
		}
		if home == nil {
			home = &slot{rep: l, members: make([]uint64, w)}
			slots = append(slots, home)
			byType[l.Typ] = append(byType[l.Typ], home)
		} else {
			merged = true
		}
		home.members[v>>6] |= 1 << (v & 63)
		rep[v] = home.rep
	}
	if !merged {
		return false
	}
	locals := append(make([]*Local, 0, len(fn.Params)+len(slots)), fn.Params...)
	for _, s := range slots {
		locals = append(locals, s.rep)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if in.Dst != nil {
				in.Dst = rep[in.Dst.Index]
			}
			for k, a := range in.Args {
				if l, ok := a.(*Local); ok {
					in.Args[k] = rep[l.Index]
				}
			}
		}
	}
	for i, l := range locals {
		l.Index = i
	}
	fn.Locals = locals
	return true
}
