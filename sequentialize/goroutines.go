package sequentialize

import "github.com/gokiss/kiss/ir"

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
	seen := map[*ir.Func]bool{root: true}
	work := []*ir.Func{root}
	subtests, watchers := false, false
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if c.epilogue[in] {
					continue
				}
				for _, a := range in.Args {
					g, ok := a.(*ir.Func)
					if !ok || seen[g] {
						continue
					}
					if g == spawn && c.subtestSpawns[in] {
						subtests = true
						continue
					}
					if g == spawn && c.watcherSpawns[in] {
						watchers = true
						continue
					}
					if g == spawn {
						return true
					}
					seen[g] = true
					work = append(work, g)
				}
			}
		}
	}
	return subtests && seen[parallel] || watchers && c.foreignContexts(l)
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
