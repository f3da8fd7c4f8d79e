package sequentialize

import (
	"go/types"
	"strings"
	"sync"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// mayStartGoroutines returns whether code reachable from a root can start a
// second goroutine. Every function that reachable code mentions counts as
// reachable: called directly, made
// into a func value, or named in a dispatch function, so that a call
// through a func value or an interface is covered by the mention that made
// it possible.
//
// The end of a test as tRunner runs it (parallel subtests, the test's
// context, cleanups) is left out: it starts goroutines only through what the
// test itself set up (t.Run, context.AfterFunc), which is reachable from
// the test's own code. A subtest's goroutine counts only if t.Parallel is
// reachable: until then its parent waits for it. The goroutine that watches
// a parent context of another type than kiss's counts only if there can be
// one.
func (c *concLowering) mayStartGoroutines(l *lowerer) func(root *ir.Func) bool {
	const (
		spawns = 1 << iota
		subtests
		watchers
		parallels
	)
	spawn, parallel := c.fn("rt.spawn"), c.fn("testing.parallel")
	reach := mentionFlags(func(from *ir.Func, in *ir.Instr, to *ir.Func) (uint8, bool) {
		switch {
		case c.epilogue[in]:
			return 0, false
		case to == spawn && c.subtestSpawns[in]:
			return subtests, false
		case to == spawn && c.watcherSpawns[in]:
			return watchers, false
		case to == spawn:
			return spawns, false
		case to == parallel:
			return parallels, true
		}
		return 0, true
	})
	foreign := sync.OnceValue(func() bool { return c.foreignContexts(l) })
	return func(root *ir.Func) bool {
		f := reach(root)
		return f&spawns != 0 || f&subtests != 0 && f&parallels != 0 || f&watchers != 0 && foreign()
	}
}

// mentionFlags returns the union, over the functions that code reachable
// from a root mentions (called directly, made into a func value, or named
// in a dispatch function), of the flags that edge gives each mention; a
// mentioned function's own mentions count when edge says to follow it. The
// union is kept per strongly connected component of the mention graph
// (Tarjan's algorithm), so the roots of one program share one walk: a
// package's hundreds of tests reach mostly the same code, and walking it
// again for each of runtime_test's 893 roots took 7 of the 22 s of CPU
// spent on the package before its roots ran.
func mentionFlags(edge func(from *ir.Func, in *ir.Instr, to *ir.Func) (flags uint8, follow bool)) func(root *ir.Func) uint8 {
	type node struct {
		index, low int
		onStack    bool
		flags      uint8
	}
	nodes := map[*ir.Func]*node{}
	var stack []*node
	var visit func(f *ir.Func) *node
	visit = func(f *ir.Func) *node {
		n := &node{index: len(nodes), low: len(nodes), onStack: true}
		nodes[f] = n
		stack = append(stack, n)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, a := range in.Args {
					g, ok := a.(*ir.Func)
					if !ok {
						continue
					}
					fl, follow := edge(f, in, g)
					n.flags |= fl
					if !follow {
						continue
					}
					m := nodes[g]
					switch {
					case m == nil:
						m = visit(g)
						n.low = min(n.low, m.low)
					case m.onStack:
						n.low = min(n.low, m.index)
					}
					// a member of n's own component adds its flags when
					// the component is complete, below
					n.flags |= m.flags
				}
			}
		}
		if n.low == n.index {
			i := len(stack) - 1
			for stack[i] != n {
				i--
			}
			var union uint8
			for _, m := range stack[i:] {
				union |= m.flags
			}
			for _, m := range stack[i:] {
				m.flags, m.onStack = union, false
			}
			stack = stack[:i]
		}
		return n
	}
	return func(root *ir.Func) uint8 {
		n := nodes[root]
		if n == nil {
			n = visit(root)
		}
		return n.flags
	}
}

// foreignContexts reports whether a context.Context of another type than
// kiss's can exist: a type of the program's has Done and Err, or an unknown
// value may be a context.
func (c *concLowering) foreignContexts(l *lowerer) bool {
	if l.unk.contexts {
		return true
	}
	for _, e := range l.info.Types {
		if e.ID != c.ctxID && l.hasMethod(e, c.ctxKeys[0]) && l.hasMethod(e, c.ctxKeys[1]) {
			return true
		}
	}
	return false
}

// primitiveModels are the models of the operations a one-goroutine root
// can deadlock on or misuse: channels and package sync's blocking types.
var primitiveModels = []string{
	"chan.send", "chan.recv", "chan.close", "chan.select",
	"sync.Mutex.Lock", "sync.Mutex.Unlock", "sync.RWMutex.Lock", "sync.RWMutex.Unlock",
	"sync.RWMutex.RLock", "sync.RWMutex.RUnlock", "sync.WaitGroup.Add", "sync.WaitGroup.Wait",
	"sync.Cond.enqueue", "sync.Once.Do",
}

// primitiveUser returns whether code of pkg's own (or its tests') that a
// root reaches operates a channel or a blocking type of package sync
// itself. A root that never starts a second goroutine has one schedule;
// it is worth running only if that schedule can block for good or misuse
// a primitive, and the library's own use of them (fmt's sync.Pool, a
// sync.Once in a lazy table) is not where a test's bug is.
func (c *concLowering) primitiveUser(l *lowerer, pkg *types.Package) func(root *ir.Func) bool {
	if pkg == nil {
		return func(*ir.Func) bool { return false }
	}
	prims := map[*ir.Func]bool{}
	for _, n := range primitiveModels {
		prims[c.fn(n)] = true
	}
	own := map[*ir.Func]bool{}
	home := strings.TrimSuffix(pkg.Path(), "_test")
	inHome := func(fn *ssa.Function) bool {
		return fn.Pkg != nil && strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test") == home
	}
	for fn, f := range l.info.Funcs {
		if inHome(fn) {
			own[f] = true
		}
		// package sync's functions run as written (OnceFunc, OnceValue):
		// calling one is using a primitive
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "sync" {
			prims[f] = true
		}
	}
	for f, by := range l.work.boundBy { // unlock := mu.Unlock in the package
		if inHome(by) {
			own[f] = true
		}
	}
	reach := mentionFlags(func(from *ir.Func, _ *ir.Instr, to *ir.Func) (uint8, bool) {
		if prims[to] && own[from] {
			return 1, true
		}
		return 0, true
	})
	return func(root *ir.Func) bool { return reach(root) != 0 }
}
