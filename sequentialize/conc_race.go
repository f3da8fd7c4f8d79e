package sequentialize

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// access reports a memory access of the Go code to the race detector, unless
// the memory cannot be shared: a variable that does not escape its function
// is only ever touched by the goroutine that runs it.
func (c *concLowering) access(b *builder, p ir.Value, addr ssa.Value, write bool) {
	if !mayBeShared(addr) {
		return
	}
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	ev := "rd"
	if write {
		ev = "wr"
	}
	b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race",
		Args: []ir.Value{ir.StringConst(ev), g, p, ir.StringConst(describeMem(addr))}})
}

func mayBeShared(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return a.Heap
	case *ssa.FieldAddr:
		return mayBeShared(a.X)
	case *ssa.IndexAddr:
		if _, ok := a.X.Type().Underlying().(*types.Pointer); ok {
			return mayBeShared(a.X)
		}
	}
	return true
}

// describeMem names the memory an access at addr reaches: a variable, a
// field or an element as describe names them, and what a pointer held in
// a parameter or a variable points to as *p (Inc(p *int) { *p++ } races
// on *p, not on the parameter).
// (A map's or a channel's value stands for its memory: m[k] races on m.)
func describeMem(addr ssa.Value) string {
	if _, ok := addr.Type().Underlying().(*types.Pointer); ok {
		switch a := addr.(type) {
		case *ssa.Parameter:
			return "*" + a.Name()
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return "" // *(<-ch)
			}
			if d := describeMem(a.X); d != "" {
				return "*" + d // **pp
			}
			return ""
		}
	}
	return describe(addr)
}

// syntheticAlloc are the comments go/ssa gives allocations of no variable.
var syntheticAlloc = map[string]bool{"complit": true, "slicelit": true, "makeslice": true, "new": true, "varargs": true, "rangeindex": true}

// describe names the memory at addr for a race report: the variable, field
// or element a Go programmer wrote.
func describe(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.Alloc:
		if syntheticAlloc[a.Comment] || strings.Contains(a.Comment, ".") {
			return "" // no variable: &T{...} and the like
		}
		return a.Comment
	case *ssa.Global:
		return a.Name()
	case *ssa.FreeVar:
		return a.Name()
	case *ssa.Parameter:
		return a.Name()
	case *ssa.FieldAddr:
		st, ok := types.Unalias(a.X.Type()).Underlying().(*types.Pointer)
		if !ok {
			break
		}
		s, ok := st.Elem().Underlying().(*types.Struct)
		if !ok {
			break
		}
		name := s.Field(a.Field).Name()
		if base := describe(a.X); base != "" {
			return base + "." + name
		}
		return name
	case *ssa.IndexAddr:
		if base := describe(a.X); base != "" {
			return base + "[i]"
		}
	case *ssa.UnOp:
		return describe(a.X)
	}
	return ""
}
