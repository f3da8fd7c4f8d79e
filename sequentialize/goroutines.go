package sequentialize

import (
	"go/types"
	"strings"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// mayStartGoroutines reports whether code reachable from root can start a
// second goroutine. Every function
// that reachable code mentions counts as reachable: called directly, made
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
func (c *concLowering) mayStartGoroutines(l *lowerer, root *ir.Func) bool {
	spawn, parallel := c.fn("rt.spawn"), c.fn("testing.parallel")
	subtests, watchers, parallelSeen := false, false, false
	spawns := walkMentions(root, func(from *ir.Func, in *ir.Instr, to *ir.Func) (follow, stop bool) {
		switch {
		case c.epilogue[in]:
			return false, false
		case to == spawn && c.subtestSpawns[in]:
			subtests = true
			return false, false
		case to == spawn && c.watcherSpawns[in]:
			watchers = true
			return false, false
		case to == spawn:
			return false, true
		}
		parallelSeen = parallelSeen || to == parallel
		return true, false
	})
	return spawns || subtests && parallelSeen || watchers && c.foreignContexts(l)
}

// walkMentions visits, once each, the functions that code reachable from
// root mentions: called directly, made into a func value, or named in a
// dispatch function. visit says whether to go into to, and whether to
// stop the walk, which walkMentions then reports.
func walkMentions(root *ir.Func, visit func(from *ir.Func, in *ir.Instr, to *ir.Func) (follow, stop bool)) bool {
	seen := map[*ir.Func]bool{root: true}
	work := []*ir.Func{root}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, a := range in.Args {
					g, ok := a.(*ir.Func)
					if !ok || seen[g] {
						continue
					}
					follow, stop := visit(f, in, g)
					if stop {
						return true
					}
					if follow {
						seen[g] = true
						work = append(work, g)
					}
				}
			}
		}
	}
	return false
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
	return func(root *ir.Func) bool {
		return walkMentions(root, func(from *ir.Func, _ *ir.Instr, to *ir.Func) (follow, stop bool) {
			return true, prims[to] && own[from]
		})
	}
}
