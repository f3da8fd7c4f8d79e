package sequentialize

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

//go:embed runtime.ir
var runtimeSrc []byte

// runtimeProg is the scheduler and the models, parsed for one build (the
// IR is linked into the build's program, so it is not shared).
type runtimeProg struct {
	prog  *ir.Program
	funcs map[string]*ir.Func // by name: the lowering asks at every visible operation
}

// runtimeSources are the runtime's and the models' texts, lexed once per
// process.
var runtimeSources = sync.OnceValues(func() ([]*ir.Source, error) {
	rt, err := ir.Lex("runtime.ir", runtimeSrc)
	if err != nil {
		return nil, fmt.Errorf("kiss runtime: %v", err)
	}
	srcs := []*ir.Source{rt}
	for _, f := range summaries.Files() {
		s, err := ir.Lex(f.Name, f.Src)
		if err != nil {
			return nil, fmt.Errorf("kiss models: %v", err)
		}
		srcs = append(srcs, s)
	}
	return srcs, nil
})

// runtimeParsed is the runtime with its models linked in, parsed once per
// process; each build links a copy of it (loadRuntime).
var runtimeParsed = sync.OnceValues(func() (*ir.Program, error) {
	srcs, err := runtimeSources()
	if err != nil {
		return nil, err
	}
	prog, err := srcs[0].Parse()
	if err != nil {
		return nil, fmt.Errorf("kiss runtime: %v", err)
	}
	for _, s := range srcs[1:] {
		p, err := s.Parse()
		if err != nil {
			return nil, fmt.Errorf("kiss models: %v", err)
		}
		if err := ir.Link(prog, p); err != nil {
			return nil, fmt.Errorf("kiss models: %v", err)
		}
	}
	return prog, nil
})

// runtimeSound says whether the parsed runtime verifies on its own
// (ir.VerifyPart): then its copies' bodies need no verifying in each
// build.
var runtimeSound = sync.OnceValue(func() bool {
	prog, err := runtimeParsed()
	return err == nil && ir.VerifyPart(prog) == nil
})

func loadRuntime() (*runtimeProg, error) {
	prog, err := runtimeParsed()
	if err != nil {
		return nil, err
	}
	return &runtimeProg{prog: prog.Clone()}, nil
}

func (r *runtimeProg) fn(name string) *ir.Func {
	if f, ok := r.funcs[name]; ok {
		return f
	}
	f := r.prog.Func(name)
	if f == nil {
		panic("kiss runtime: no function @" + name)
	}
	if r.funcs == nil {
		r.funcs = map[string]*ir.Func{}
	}
	r.funcs[name] = f
	return f
}

func (r *runtimeProg) global(name string) *ir.Global {
	g := r.prog.Global(name)
	if g == nil {
		panic("kiss runtime: no global @" + name)
	}
	return g
}

func (r *runtimeProg) typ(name string) *ir.Type {
	for _, t := range r.prog.Types {
		if t.Name == name {
			return t
		}
	}
	panic("kiss runtime: no type $" + name)
}

// newLowering makes a lowerer with kiss's concurrency layer, its runtime
// and models to be linked (linkRuntime); home is the package under analysis, export the
// package whose code is lowered for its importers ("" for a scenario).
func newLowering(prog *ssa.Program, home *types.Package, export string) (*lowerer, *concLowering, error) {
	rt, err := loadRuntime()
	if err != nil {
		return nil, nil, err
	}
	c := &concLowering{rt: rt, wrappers: map[string]*ir.Func{}, subtestSpawns: map[*ir.Instr]bool{}, watcherSpawns: map[*ir.Instr]bool{}, epilogue: map[*ir.Instr]bool{}}
	lopts := lowerOptions{
		Externs:           externs(c),
		Conc:              c,
		Types:             map[string]*ir.Type{},
		UnknownInterfaces: true,
		UnknownFuncs:      true,
		UnknownGlobals:    true,
		Home:              home,
		Export:            export,
	}
	lopts.Access = c.access
	// The program may hold other packages' code too, so that generic code
	// of theirs is instantiated here: their other functions are linked
	// from their lowered code, as when the program has no body for them.
	lopts.Bodies = func(fn *ssa.Function) bool {
		for f := fn; f != nil; f = f.Parent() {
			if len(f.TypeArgs()) > 0 {
				return true // an instance: made where it is used
			}
		}
		return fn.Pkg == nil || home == nil || fn.Pkg.Pkg == home
	}
	if export != "" {
		lopts.Pos = positions(prog, export, true)
	} else if home != nil {
		lopts.Pos = positions(prog, home.Path(), false)
	}
	for _, t := range summaries.TypeModels() {
		lopts.Types[t.Go] = rt.typ(t.IR)
	}
	l := newLowerer(prog, lopts)
	for _, t := range rt.prog.Types {
		l.ReserveType(t.Name)
	}
	for _, g := range rt.prog.Globals {
		l.ReserveName(g.Name)
	}
	for _, f := range rt.prog.Funcs {
		if f.Blocks != nil { // declarations are defined by the lowering
			l.ReserveName(f.Name)
		}
	}
	return l, c, nil
}

// linkRuntime links the runtime and the models into the lowered program,
// once the functions the lowering defines for them are made.
func (c *concLowering) linkRuntime(l *lowerer) error {
	if runtimeSound() {
		l.trustBodies(c.rt.prog)
	}
	if err := ir.Link(l.IRProgram(), c.rt.prog); err != nil {
		return fmt.Errorf("kiss runtime: %v", err)
	}
	c.rt.prog = l.IRProgram()
	return nil
}

// Build lowers the scenario of root into a sequential program whose
// executions are root's executions, and whose assertions fail on
// deadlocks, leaks, races, panics and test failures.
func Build(prog *ssa.Program, root *ssa.Function, opts Options) (sc *Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error building %s: %v\n%s", root, r, debug.Stack())
		}
	}()
	if opts.Goroutines <= 0 {
		opts.Goroutines = DefaultOptions.Goroutines
	}
	l, c, err := scenarioLowering(prog, root, opts)
	if err != nil {
		return nil, err
	}
	c.rootName = root.Name()

	main := &ir.Func{Name: ir.Entry, Pos: l.posString(root.Pos())}
	b := newBuilder(l, main)
	b.label, b.Pos, b.noCheck = "", main.Pos, true
	b.SetBlock(b.NewBlock("entry"))
	b.CallTo(nil, c.fn("rt.init"), ir.IntConst(ir.I64, int64(opts.Goroutines)))
	if opts.Timing {
		b.Store(c.rt.global("rt.timing"), ir.BoolConst(true))
	}
	if opts.NoSymmetry {
		b.Store(c.rt.global("rt.nosym"), ir.BoolConst(true))
	}
	rootFn := c.rootGoroutine(l, root)
	co := b.Temp(ir.Co)
	b.Emit(&ir.Instr{Op: ir.OpCoCreate, Dst: co, Args: []ir.Value{rootFn}})
	b.Call(ir.I64, c.fn("rt.spawn"), co)
	b.CallTo(nil, c.fn("rt.schedule"))
	b.Ret(nil)
	if _, err := l.LowerFunc(root); err != nil {
		return nil, err
	}
	l.prog.Funcs = append(l.prog.Funcs, main)
	l.link.entries = []*ir.Func{main}
	// A function kiss cannot lower is left with a body that cuts the path
	// ("unsupported"): the root is still checked on the paths that do not
	// reach it, and the scenario says which were cut. Anything else that
	// goes wrong stops the root.
	irProg, lowerErr := l.Program()
	c.libInit(l)
	one := !c.mayStartGoroutines(l)(rootFn)
	prims := one && c.primitiveUser(l, pkgOf(root))(rootFn)
	l.prune()
	// Frames are made at every call: locals never live at once share one
	// (a small function's frame is not worth the analysis).
	for _, f := range irProg.Funcs {
		if len(f.Locals) >= 32 && ir.Coalesce(f) {
			delete(l.link.sound, f.Blocks[0]) // no longer as it was verified
		}
	}
	// The bodies linked as they were parsed were verified then, once per
	// process: verifying them again for every root was a fifth of its
	// build on net/rpc.
	if err := ir.VerifyTrusting(irProg, func(f *ir.Func) bool { return len(f.Blocks) > 0 && l.link.sound[f.Blocks[0]] }); err != nil {
		if lowerErr != nil {
			return nil, lowerErr
		}
		return nil, fmt.Errorf("internal error: the sequential program of %s does not verify: %v", root, err)
	}
	fx := effects(irProg)
	sc = &Scenario{
		Program:      irProg,
		RootPos:      root.Pos(),
		Unknown:      harmless(l.Info().Unknown, fx),
		Effects:      fx,
		Unsupported:  l.unsupported(),
		Positions:    l.positions(),
		OneGoroutine: one,
		Primitives:   prims,
	}
	if root.Pkg != nil {
		sc.Package = root.Pkg.Pkg.Path()
		sc.Root = strings.TrimPrefix(root.RelString(root.Pkg.Pkg), root.Pkg.Pkg.Path()+".")
	} else {
		sc.Root = root.String()
	}
	return sc, nil
}

// positions names the positions of code lowered for home, a package
// path: one in a file of home's directory (the package, its tests) by the
// file's base name, prefixed by home's path in code lowered for importers
// (export), as replay finds it; one in another package's file (generic
// code of it, instantiated here) by that package's path, as its own
// lowered code names it. (Code lowered for importers named every position
// by home's path, so that a race inside another package's generic type,
// instantiated by the exporter, was said to be in a file of the exporter.)
func positions(prog *ssa.Program, home string, export bool) func(token.Position) string {
	var dirs map[string]string // a directory of the program's packages → their path
	if !export {
		home = strings.TrimSuffix(home, "_test") // an external test's files are its package's
	}
	return func(p token.Position) string {
		at := fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
		if dirs == nil {
			dirs = map[string]string{}
			// A package's files are in one directory, and one member in a
			// file of it names it (every member, for each root, in a
			// program holding std's packages, cost 5% of the corpus's
			// CPU). cgo's generated files are elsewhere: in the build
			// cache, named by hash, without .go, in directories other
			// packages' share. Taking one of those for the package's (the
			// members are a map: at random) wrote net's positions as
			// crypto/tls's in one run of two, and so changed the hash of
			// crypto/tls's code from run to run.
			for _, pkg := range prog.AllPackages() {
				for _, m := range pkg.Members {
					f := prog.Fset.File(m.Pos())
					if f == nil {
						continue
					}
					if b := filepath.Base(f.Name()); !strings.HasSuffix(b, ".go") || strings.HasPrefix(b, "_cgo_") || strings.HasSuffix(b, ".cgo1.go") {
						continue
					}
					dirs[filepath.Dir(f.Name())] = strings.TrimSuffix(pkg.Pkg.Path(), "_test")
					break
				}
			}
		}
		path, ok := dirs[filepath.Dir(p.Filename)]
		if !ok {
			path = home
		}
		if path != home || export {
			return path + "/" + at
		}
		return at
	}
}

// scenarioLowering makes the lowering of root's scenario: the runtime and
// the models linked in, opts.Imports ready to link.
func scenarioLowering(prog *ssa.Program, root *ssa.Function, opts Options) (*lowerer, *concLowering, error) {
	var home *types.Package
	if root.Pkg != nil {
		home = root.Pkg.Pkg
	}
	l, c, err := newLowering(prog, home, "")
	if err != nil {
		return nil, nil, err
	}
	c.definePanicSwap(l, opts.Goroutines)
	if err := c.linkRuntime(l); err != nil {
		return nil, nil, err
	}
	l.setImports(opts.Imports, opts.Fetch)
	return l, c, nil
}

// OneGoroutine returns which of roots, all of one package, can never start
// a second goroutine: each has one schedule, so kiss has nothing to look
// for in it (Scenario.OneGoroutine). The roots are lowered together once,
// at about the cost of one Build, so that a package's roots need not each
// be built to be told apart. Lowering them together may only make a root
// look concurrent that alone is not (dispatch sees the types of all of
// them); Build's own answer is exact for its root.
func OneGoroutine(prog *ssa.Program, roots []*ssa.Function, opts Options) (one, prims map[*ssa.Function]bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error lowering the roots together: %v", r)
		}
	}()
	if len(roots) == 0 {
		return nil, nil, nil
	}
	if opts.Goroutines <= 0 {
		opts.Goroutines = DefaultOptions.Goroutines
	}
	l, c, err := scenarioLowering(prog, roots[0], opts)
	if err != nil {
		return nil, nil, err
	}
	bodies := make([]*ir.Func, len(roots))
	for i, root := range roots {
		c.rootName = root.Name()
		bodies[i] = c.rootGoroutine(l, root)
		if _, err := l.LowerFunc(root); err != nil {
			bodies[i] = nil // Build says why
		}
	}
	for _, f := range bodies {
		if f != nil {
			l.link.entries = append(l.link.entries, f)
		}
	}
	// A function that cannot be lowered cuts the paths into it, as in
	// Build: the reachability below is still over everything else.
	l.Program()
	c.libInit(l)
	one, prims = map[*ssa.Function]bool{}, map[*ssa.Function]bool{}
	usesPrimitives := c.primitiveUser(l, pkgOf(roots[0])) // roots are of one package
	startsGoroutines := c.mayStartGoroutines(l)
	for i, root := range roots {
		if bodies[i] != nil && !startsGoroutines(bodies[i]) {
			one[root] = true
			prims[root] = usesPrimitives(bodies[i])
		}
	}
	return one, prims, nil
}

// pkgOf is fn's package (nil for a function of no package).
func pkgOf(fn *ssa.Function) *types.Package {
	if fn.Pkg == nil {
		return nil
	}
	return fn.Pkg.Pkg
}

// rootGoroutine returns the body of goroutine 0: it runs the package's
// init and the root, then the test's cleanups, reports an unrecovered panic
// and marks the root done, after which the scheduler tells leaks from
// deadlocks.
func (c *concLowering) rootGoroutine(l *lowerer, root *ssa.Function) *ir.Func {
	b := l.helper("rt.root", nil)
	b.Pos = l.posString(root.Pos())
	b.noCheck = true // the panic is checked once the root returns
	b.CallTo(nil, c.fn("rt.restore"))
	b.Store(c.rt.global("rt.clock"), monotonic(l, b))
	b.Store(c.rt.global("rt.wall"), wallStart(l, b))
	// Variables of packages without bodies start unknown (their init is
	// not ours to run); then the models give the library's own their values.
	run, end := b.NewBlock("root"), b.NewBlock("end")
	l.emitInit(b, root, func() { c.initLibraryGlobals(b) }, run, end)
	b.SetBlock(run)
	b.CallTo(nil, c.fn("rt.testbegins"))
	if tm := testMain(root); tm != nil {
		// go test runs TestMain(m), and the test inside m.Run.
		rb := l.helper("rt.runtest", ir.I64)
		rb.Pos, rb.noCheck = b.Pos, true
		c.runRoot(rb, root)
		rb.Ret(ir.IntConst(ir.I64, 0))
		b.Store(c.mainRun(l), rb.Fn)
		m := b.Alloc(l.Type(tm.Params[0].Type().(*types.Pointer).Elem()), nil)
		l.emitDirectCall(b, tm, []ir.Value{m}, nil, nil)
	} else {
		c.runRoot(b, root)
	}
	b.Jmp(end)
	b.SetBlock(end)
	isMain := root.Name() == "main" && root.Pkg != nil && root.Pkg.Pkg.Name() == "main"
	c.exitGoroutine(b, "unrecovered panic")
	if isMain {
		// main returning ends the program, whatever other goroutines do.
		b.Emit(&ir.Instr{Op: ir.OpExit})
		return b.Fn
	}
	b.Store(c.rt.global("rt.rootdone"), ir.BoolConst(true))
	b.Ret(nil)
	return b.Fn
}

// runRoot calls root, a test's function with its *testing.T or *B, and
// ends the test as tRunner does: its parallel subtests, then its cleanups.
func (c *concLowering) runRoot(b *builder, root *ssa.Function) {
	l := b.Lowerer()
	var args []ir.Value
	var test ir.Value // the root test's $test
	isT := false
	for _, p := range root.Params {
		if t := testingParam(p.Type()); t != "" {
			tp := c.newTest(b, t, p.Type())
			st := b.Call(ir.Ptr, c.fn("testing.new"), b.Field(tp, 0), ir.ZeroConst(ir.Ptr))
			if test == nil {
				test, isT = st, t == "T"
			}
			args = append(args, tp)
			continue
		}
		args = append(args, l.Unknown(b, p.Type()))
	}
	l.emitDirectCall(b, root, args, nil, nil)
	if test != nil {
		c.endTest(b, test, isT, ir.StringConst(b.Pos), "unrecovered panic")
	}
}

// mainRun is the global through which (*testing.M).Run runs the root's
// test (rt.runtest): TestMain is lowered once for all the roots of a
// package (OneGoroutine).
func (c *concLowering) mainRun(l *lowerer) *ir.Global {
	return l.sharedGlobal("rt.mainrun", ir.FuncT)
}

// testMain returns the TestMain of root's package when go test runs root
// under it: root is a test, benchmark or example, and TestMain is in the
// same package (with a body kiss can run).
func testMain(root *ssa.Function) *ssa.Function {
	if root.Pkg == nil || !isGoTestFunc(root) {
		return nil
	}
	tm, _ := root.Pkg.Members["TestMain"].(*ssa.Function)
	if tm == nil || tm.Blocks == nil || tm.Signature.Params().Len() != 1 || tm.Signature.Results().Len() != 0 {
		return nil
	}
	ptr, ok := tm.Signature.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return nil
	}
	n, ok := ptr.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" || n.Obj().Name() != "M" {
		return nil
	}
	return tm
}

// isGoTestFunc reports whether go test runs fn itself: a Test, Benchmark
// or Example function of a _test.go file.
func isGoTestFunc(fn *ssa.Function) bool {
	if p := fn.Prog.Fset.Position(fn.Pos()); !strings.HasSuffix(p.Filename, "_test.go") {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Example"} {
		if IsTestName(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// IsTestName reports whether go test takes name for a function of the
// kind prefix names ("Test", "Benchmark", "Example"): the prefix, then
// nothing or a rune that is not a lower-case letter.
func IsTestName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	return ok && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}

// testingParam returns "T" or "B" for *testing.T and *testing.B.
func testingParam(t types.Type) string {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return ""
	}
	n, ok := ptr.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return ""
	}
	switch n.Obj().Name() {
	case "T", "B":
		return n.Obj().Name()
	}
	return ""
}

// definePanicSwap defines rt.swapout, rt.swapin, rt.restore and rt.pclear: the panic
// state is per goroutine, so the scheduler saves it when it switches away
// from a goroutine and restores it when it switches to one (a deferred call
// may reach a scheduling point mid-panic); a goroutine that goes on after a
// scheduling point keeps it where it is. rt.restore is a new goroutine's
// first step; rt.pclear empties the state a slot's last goroutine left.
// Until a path has panicked (rt.paniced: set by rt.setpanic and rt.goexit,
// the only code that makes the state other than zero; the rest copies it)
// every goroutine's state is zero, and the swaps have nothing to move: they
// were a sixth of a path's steps.
func (c *concLowering) definePanicSwap(l *lowerer, cap int) {
	state := l.PanicState()
	var ts []*ir.Type
	for _, g := range state {
		ts = append(ts, g.Elem)
	}
	slotT := ir.Struct(ts...)
	saved := &ir.Global{Name: l.uniqName("rt.pstates"), Elem: ir.Array(slotT, cap)}
	l.prog.Globals = append(l.prog.Globals, saved)

	// onlyIf returns from b's helper unless cond holds.
	onlyIf := func(b *builder, cond ir.Value) {
		on, off := b.NewBlock("swap"), b.NewBlock("clean")
		b.Br(cond, on, off)
		b.SetBlock(off)
		b.Ret(nil)
		b.SetBlock(on)
	}
	paniced := l.rt["rt.paniced"]
	b := l.helper("rt.swapout", nil, "g", ir.I64)
	g := b.Fn.Params[0]
	onlyIf(b, b.And(b.Load(ir.Bool, paniced), b.Bin(ir.OpGe, g, ir.IntConst(ir.I64, 0))))
	var vals []ir.Value
	for _, gl := range state {
		vals = append(vals, b.Load(gl.Elem, gl))
	}
	b.Store(b.Index(saved, g), b.Make(slotT, vals...))
	b.Ret(nil)

	b = l.helper("rt.swapin", nil, "g", ir.I64)
	onlyIf(b, b.Load(ir.Bool, paniced))
	slot := b.Load(slotT, b.Index(saved, b.Fn.Params[0]))
	for i, gl := range state {
		b.Store(gl, b.Extract(slot, i))
	}
	b.Ret(nil)
	swapin := b.Fn

	b = l.helper("rt.restore", nil)
	b.CallTo(nil, swapin, b.Load(ir.I64, c.rt.global("rt.cur")))
	b.Ret(nil)

	b = l.helper("rt.pclear", nil, "g", ir.I64)
	onlyIf(b, b.Load(ir.Bool, paniced))
	b.Store(b.Index(saved, b.Fn.Params[0]), ir.ZeroConst(slotT))
	b.Ret(nil)
}

// harmless are the functions of unknown that kiss assumes touch no shared
// state: those it records the effects of (a path stops at them) are
// named where they stop one.
func harmless(unknown []string, fx map[string]string) []string {
	stops := map[string]bool{}
	for _, fn := range fx {
		stops[fn] = true
	}
	var out []string
	for _, name := range unknown {
		if !stops[name] {
			out = append(out, name)
		}
	}
	return out
}
