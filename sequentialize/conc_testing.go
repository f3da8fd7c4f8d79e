package sequentialize

import (
	"fmt"
	"go/types"

	"github.com/gokiss/kiss/sequentialize/ir"
	"golang.org/x/tools/go/ssa"
)

// The testing model. A test failure (Error, Fatal, Fail and their
// variants) reached under some schedule is an "assert" violation; Skip is
// Goexit on the test goroutine; Cleanup functions run, last first, when
// the test function returns and before leaks are judged; Run runs the
// subtest's function at once, on the test goroutine; the rest do nothing
// kiss needs to see.
func (c *concLowering) testingModels(m map[string]ExternFunc) {
	fail := func(method string) ExternFunc {
		return func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			msg := "t." + method + " called"
			if len(call.Args) > 1 {
				if s, ok := constString(call.Args[1]); ok {
					msg = fmt.Sprintf("t.%s(%q)", method, s)
				}
			}
			b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{ir.BoolConst(false)}, Name: "assert", Msg: msg})
			return nil, nil
		}
	}
	// SkipNow is runtime.Goexit on the test goroutine, as in Go: the
	// deferred calls and the cleanups run, and leaks are still judged.
	skip := func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, l.helpers["rt.goexit"])
		return nil, nil
	}
	nothing := func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return l.UnknownResults(b, call.Signature()), nil
	}
	for _, recv := range []string{"(*testing.common).", "(*testing.T).", "(*testing.B).", "(*testing.F)."} {
		for _, meth := range []string{"Error", "Errorf", "Fatal", "Fatalf", "Fail", "FailNow"} {
			m[recv+meth] = fail(meth)
		}
		for _, meth := range []string{"Skip", "Skipf", "SkipNow"} {
			m[recv+meth] = skip
		}
		for _, meth := range []string{"Log", "Logf", "Helper", "Parallel", "Setenv", "Chdir", "Attr",
			"TempDir", "Deadline", "Output", "ArtifactDir", "ResetTimer", "StartTimer", "StopTimer",
			"ReportAllocs", "ReportMetric", "SetBytes", "SetParallelism", "Elapsed"} {
			m[recv+meth] = nothing
		}
		m[recv+"Failed"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return ir.BoolConst(false), nil
		}
		m[recv+"Skipped"] = m[recv+"Failed"]
		m[recv+"Name"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return ir.StringConst(c.rootName), nil
		}
		m[recv+"Cleanup"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			node := b.Alloc(c.cleanupT(l), nil)
			b.Store(node, b.Make(c.cleanupT(l), args[1], b.Load(ir.Ptr, c.cleanups(l))))
			b.Store(c.cleanups(l), node)
			return nil, nil
		}
	}
	m["(*testing.T).Run"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		fn := args[2]
		b.CallTo(nil, b.Extract(fn, 0), b.Extract(fn, 1), args[0])
		b.CheckPanicking()
		return ir.BoolConst(true), nil
	}
	m["(*testing.B).Run"] = m["(*testing.T).Run"]
	m["(*testing.B).Loop"] = func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// One iteration: the first call says go on, the next says stop.
		g := c.benchLoop(l)
		first := b.Not(b.Load(ir.Bool, g))
		b.Store(g, ir.BoolConst(true))
		return first, nil
	}
}

// cleanupT is a node of the list of Cleanup functions: {closure, next}.
func (c *concLowering) cleanupT(l *Lowerer) *ir.Type {
	if c.tCleanup == nil {
		c.tCleanup = l.declareType("cleanup", ir.Struct(l.Closure(), ir.Ptr))
	}
	return c.tCleanup
}

// cleanups and benchLoop are the testing model's state: globals of fixed
// names, shared with code linked from other packages' facts.
func (c *concLowering) cleanups(l *Lowerer) *ir.Global {
	if c.gCleanups == nil {
		c.gCleanups = l.sharedGlobal("rt.cleanups", ir.Ptr)
	}
	return c.gCleanups
}

func (c *concLowering) benchLoop(l *Lowerer) *ir.Global {
	if c.gLoop == nil {
		c.gLoop = l.sharedGlobal("rt.benchloop", ir.Bool)
	}
	return c.gLoop
}

// runCleanups calls the registered Cleanup functions, last first.
func (c *concLowering) runCleanups(b *Builder) {
	l := b.Lowerer()
	head := c.cleanups(l)
	loop, body, done := b.NewBlock("cleanup"), b.NewBlock("cleanup.run"), b.NewBlock("cleanup.done")
	b.Jmp(loop)
	b.SetBlock(loop)
	node := b.Load(ir.Ptr, head)
	b.Br(b.Bin(ir.OpEq, node, ir.ZeroConst(ir.Ptr)), done, body)
	b.SetBlock(body)
	entry := b.Load(c.cleanupT(l), node)
	b.Store(head, b.Extract(entry, 1))
	fn := b.Extract(entry, 0)
	b.CallTo(nil, b.Extract(fn, 0), b.Extract(fn, 1))
	b.Jmp(loop)
	b.SetBlock(done)
}

// newTest allocates the *testing.T or *testing.B of the root; a
// benchmark's N is 1.
func (c *concLowering) newTest(b *Builder, which string, t types.Type) ir.Value {
	l := b.Lowerer()
	elem := t.(*types.Pointer).Elem()
	p := b.Alloc(l.Type(elem), nil)
	if which == "B" {
		if st, ok := elem.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Field(i).Name() == "N" {
					b.Store(b.Field(p, i), ir.IntConst(ir.I64, 1))
				}
			}
		}
	}
	return p
}
