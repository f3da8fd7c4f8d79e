package sequentialize

import (
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/constant"
	"go/types"
	"os"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// callOperands evaluates the operands of a call, in Go's order: the func
// value or interface receiver (for a dynamic or invoke call), then the
// arguments.
func (fl *funcLowerer) callOperands(c *ssa.CallCommon) []ir.Value {
	var ops []ir.Value
	if c.IsInvoke() {
		ops = append(ops, fl.value(c.Value))
	} else {
		switch c.Value.(type) {
		case *ssa.Function, *ssa.Builtin:
		default:
			ops = append(ops, fl.value(c.Value))
		}
	}
	for _, a := range c.Args {
		ops = append(ops, fl.value(a))
	}
	return ops
}

// emitCall emits the call c with its evaluated operands (callOperands) and
// assigns the result to dst (nil: discarded). After a call that may panic,
// it checks @rt.panicking.
func (l *lowerer) emitCall(b *builder, c *ssa.CallCommon, ops []ir.Value, dst *ir.Local) {
	if c.IsInvoke() {
		l.guardNonNil(b, c.Value, func() ir.Value {
			return b.Bin(ir.OpNe, b.Extract(ops[0], 0), ir.IntConst(ir.I64, 0))
		})
		join := l.subtestRunAt(b, c, ops, dst)
		// The method may be another package's code.
		l.atSite(b, len(l.link.funcs) > 0, func() { b.CallTo(dst, l.dispatcher(c.Method), ops...) })
		b.CheckPanicking()
		if join != nil {
			b.Jmp(join)
			b.SetBlock(join)
		}
		return
	}
	switch v := c.Value.(type) {
	case *ssa.Builtin:
		r := l.builtin(b, c, v, ops)
		if dst != nil && r != nil {
			b.move(dst, r)
		}
	case *ssa.Function:
		if r := foldMatchString(l, b, v, c, ops); r != nil {
			if dst != nil {
				b.move(dst, r)
			}
			return
		}
		l.emitDirectCall(b, v, ops, c, dst)
	default:
		clo := ops[0]
		fn := b.Extract(clo, 0)
		l.guardNonNil(b, c.Value, func() ir.Value { return b.Bin(ir.OpNe, fn, ir.ZeroConst(ir.FuncT)) })
		b.CallTo(dst, fn, append([]ir.Value{b.Extract(clo, 1)}, ops[1:]...)...)
		b.CheckPanicking()
	}
}

// subtestRunAt emits, for an interface call of a method Run that
// *testing.T or *testing.B has (testify's suite.Run up to v1.10 calls
// t.Run through an interface of its own), the model's Run for those
// dynamic types at this call: a subtest's goroutine starts here, as kiss
// replay sees it start, where the shared dispatcher has no position. It
// leaves the builder where the other types are dispatched and returns the
// block after the call (nil when there is no such case).
func (l *lowerer) subtestRunAt(b *builder, c *ssa.CallCommon, ops []ir.Value, dst *ir.Local) *ir.Block {
	if c.Method.Name() != "Run" || b.Pos == "" {
		return nil
	}
	tp := l.stdTypes("testing")
	if tp == nil {
		return nil
	}
	var join *ir.Block
	for _, name := range []string{"T", "B"} {
		obj, _ := tp.Scope().Lookup(name).(*types.TypeName)
		if obj == nil {
			continue
		}
		T := types.NewPointer(obj.Type())
		sel := l.SSA.MethodSets.MethodSet(T).Lookup(nil, "Run")
		if sel == nil || sigString(sel.Type().(*types.Signature)) != keyOf(c.Method).sig {
			continue
		}
		fn := l.SSA.MethodValue(sel)
		if join == nil {
			join = b.NewBlock("run")
		}
		_, other := b.If(b.Bin(ir.OpEq, b.Extract(ops[0], 0), ir.IntConst(ir.I64, l.TypeID(T))), "subtest")
		direct := &ssa.CallCommon{Value: fn, Args: append([]ssa.Value{c.Value}, c.Args...)}
		recv := b.Load(l.Type(T), b.Extract(ops[0], 1))
		l.emitDirectCall(b, fn, append([]ir.Value{recv}, ops[1:]...), direct, dst)
		b.Jmp(join)
		b.SetBlock(other)
	}
	return join
}

// foldMatchString is regexp.MatchString(pattern, s) of a constant
// pattern that is empty, "^literal" or "^literal$", computed as the
// string comparison it is (true, s has the prefix, s is the literal) with
// a nil error; nil for other calls. Run as written, each call compiles its
// pattern: thousands of steps, and a branch at each sync.Pool of the
// matcher (testify's suite.Run up to v1.10 matches "^Test" against every
// method of the suite, over a hundred with Assertions' promoted ones).
func foldMatchString(l *lowerer, b *builder, fn *ssa.Function, c *ssa.CallCommon, ops []ir.Value) ir.Value {
	if fn.Name() != "MatchString" || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "regexp" || fn.Signature.Recv() != nil || len(ops) != 2 {
		return nil
	}
	k, ok := c.Args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return nil
	}
	re, err := syntax.Parse(constant.StringVal(k.Value), syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	// (regexp matches an invalid byte as U+FFFD, a comparison does not)
	literal := func(r *syntax.Regexp) (string, bool) {
		return string(r.Rune), r.Op == syntax.OpLiteral && r.Flags&syntax.FoldCase == 0 && !slices.Contains(r.Rune, utf8.RuneError)
	}
	s := ops[1]
	var match ir.Value
	switch {
	case re.Op == syntax.OpEmptyMatch:
		match = ir.BoolConst(true)
	case re.Op == syntax.OpConcat && len(re.Sub) >= 2 && re.Sub[0].Op == syntax.OpBeginText:
		lit, ok := literal(re.Sub[1])
		switch {
		case !ok || len(re.Sub) > 3 || len(re.Sub) == 3 && re.Sub[2].Op != syntax.OpEndText:
			return nil
		case len(re.Sub) == 3:
			match = b.Bin(ir.OpEq, s, ir.StringConst(lit))
		default:
			match = b.Call(ir.Bool, hasAffixFunc(l, false), s, ir.StringConst(lit))
		}
	default:
		return nil
	}
	return b.Make(l.Type(c.Signature().Results()), match, ir.ZeroConst(l.tIface))
}

// nonNilValue reports whether v (a pointer, func or interface) is known
// not to be nil.
func (l *lowerer) nonNilValue(b *builder, v ssa.Value) bool {
	if b.fl != nil {
		return b.fl.knownNonNil(v)
	}
	return staticNonNil(v)
}

// guardNonNil raises a nil dereference unless ok() holds, when v is not
// known to be non-nil.
func (l *lowerer) guardNonNil(b *builder, v ssa.Value, ok func() ir.Value) {
	if l.nonNilValue(b, v) {
		return
	}
	b.PanicUnless(ok(), msgNilDeref)
	if fl := b.fl; fl != nil {
		fl.nonnil[v] = append(fl.nonnil[v], fl.cur)
	}
}

// emitDirectCall calls the Go function fn: through its model if it has
// one, as an IR call if it has a body, and as an unknown function otherwise.
// c may be nil (a call kiss makes: package init, the root).
func (l *lowerer) emitDirectCall(b *builder, fn *ssa.Function, args []ir.Value, c *ssa.CallCommon, dst *ir.Local) {
	if c == nil {
		c = &ssa.CallCommon{Value: fn}
	}
	ext, noCode := l.extern(fn), !l.lowersBody(fn) && l.linkedFunc(fn) == nil
	if ext == nil && noCode {
		if fb := l.asmFallback(fn); fb != nil {
			fn, noCode = fb, false // asmFallback's has code
		}
	}
	if noCode {
		var r ir.Value
		// a model that runs the program's code (fmt.Fprintf calls
		// w.Write): what that code does happens at this call too
		m, _ := summaries.Lookup(fn.String())
		l.atSite(b, !m.Visible && m.Calls != summaries.Never, func() { r = l.callExtern(b, fn, c, args) })
		if dst != nil {
			if r == nil {
				fail(errorf("the model of %s returned no value", fn))
			}
			b.move(dst, r)
		}
		if ext != nil {
			b.CheckPanicking()
		}
		return
	}
	f := l.FuncRef(fn)
	l.atHelper(b, fn, func() {
		l.atSite(b, l.link.funcs[f.Name] == f, func() { b.CallTo(dst, f, append([]ir.Value{ir.ZeroConst(ir.Ptr)}, args...)...) })
	})
	b.CheckPanicking()
}

// atHelper emits call, a call of fn, between trace events naming its
// position when fn is a test helper of the package under analysis (it
// calls t.Helper) called from code that is not one: go test reports a
// failure inside it at this call, which replay looks for (package
// analyzer/report). A helper's calls of helpers are not traced: go test
// goes on to the helper's own caller.
func (l *lowerer) atHelper(b *builder, fn *ssa.Function, call func()) {
	c, ok := l.Conc.(*concLowering)
	if !ok || l.opts.Export != "" || b.Pos == "" || b.fl == nil || l.opts.Home == nil || fn.Pkg == nil || fn.Pkg.Pkg != l.opts.Home ||
		!l.isTestHelper(fn) || l.isTestHelper(b.fl.fn) {
		call()
		return
	}
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Trace(EventHelper, g, ir.StringConst(b.Pos))
	call()
	b.Trace(EventHelper, g, ir.StringConst(""))
}

// isTestHelper reports whether fn calls Helper of testing's T, B, F or TB
// (memoised).
func (l *lowerer) isTestHelper(fn *ssa.Function) bool {
	if h, ok := l.helperFuncs[fn]; ok {
		return h
	}
	h := false
	for _, blk := range fn.Blocks {
		for _, in := range blk.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := call.Common()
			var m *types.Func
			if cc.IsInvoke() {
				m = cc.Method
			} else if callee := cc.StaticCallee(); callee != nil {
				m, _ = callee.Object().(*types.Func)
			}
			if m != nil && m.Name() == "Helper" && m.Pkg() != nil && m.Pkg().Path() == "testing" {
				h = true
			}
		}
	}
	if l.helperFuncs == nil {
		l.helperFuncs = map[*ssa.Function]bool{}
	}
	l.helperFuncs[fn] = h
	return h
}

// asmFallback returns the portable Go of fn, a function without Go code
// (assembly): by the standard library's convention, a function of the
// same package and signature named with the suffix Generic or _g, which
// the assembly computes the same results as and builds without assembly
// call (edwards25519's feSquareGeneric, math/big's subVV_g, crypto/md5's
// blockGeneric, chacha8rand's block_generic), or package math's archX
// and x (archLog, log). nil if there is none, or its code cannot be had either.
func (l *lowerer) asmFallback(fn *ssa.Function) *ssa.Function {
	if fn.Pkg == nil || fn.Signature.Recv() != nil || fn.Parent() != nil {
		return nil
	}
	names := []string{fn.Name() + "Generic", fn.Name() + "_g", fn.Name() + "_generic"}
	if rest, ok := strings.CutPrefix(fn.Name(), "arch"); ok && rest != "" {
		names = append(names, strings.ToLower(rest[:1])+rest[1:]) // package math's archLog and log
	}
	for _, name := range names {
		g := fn.Pkg.Func(name)
		if g != nil && types.Identical(g.Signature, fn.Signature) && (l.lowersBody(g) || l.linkedFunc(g) != nil) {
			return g
		}
	}
	return nil
}

// atSite emits call, a call that may enter another package's code
// (foreign), between trace events saying so: a violation in there is
// reported at b.Pos, the last place in the package under analysis
// (package analyzer/report). Code lowered for export has no such place.
func (l *lowerer) atSite(b *builder, foreign bool, call func()) {
	c, ok := l.Conc.(*concLowering)
	if !foreign || !ok || l.opts.Export != "" || b.Pos == "" {
		call()
		return
	}
	trace := func(pos string) {
		g := b.Load(ir.I64, c.rt.global("rt.cur"))
		b.Trace(EventSite, g, ir.StringConst(pos))
		// (the race detector names the call too, for accesses in there)
		b.Emit(&ir.Instr{Op: ir.OpObserve, Name: "race", Args: []ir.Value{ir.StringConst("site"), g, ir.StringConst(pos)}})
	}
	trace(b.Pos)
	call()
	trace("")
}

// extern returns the model registered for fn, if any.
func (l *lowerer) extern(fn *ssa.Function) externFunc {
	if l.opts.Export == "" && l.opts.Home != nil && fn.Pkg != nil && fn.Pkg.Pkg == l.opts.Home && fn.Blocks != nil {
		// The package under test's own code, with its body: run it
		// (kiss checking package sync itself). Code lowered for its
		// importers keeps the models, as they see them.
		return nil
	}
	if f, ok := l.opts.Externs[fn.String()]; ok {
		return f
	}
	if o := fn.Origin(); o != nil {
		if f, ok := l.opts.Externs[o.String()]; ok {
			return f
		}
	}
	if fn.Blocks == nil {
		if f, ok := l.opts.Externs[linknameTarget(fn)]; ok {
			return f
		}
	}
	return nil
}

// linknameTarget is the function a declaration without a body names in
// its //go:linkname directive (xsync's runtime_cheaprand is
// runtime.cheaprand), or "".
func linknameTarget(fn *ssa.Function) string {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body != nil || decl.Doc == nil {
		return ""
	}
	for _, c := range decl.Doc.List {
		f := strings.Fields(c.Text)
		if len(f) == 3 && f[0] == "//go:linkname" && f[1] == fn.Name() {
			return f[2]
		}
	}
	return ""
}

// callExtern emits a call of a function without a body (or with a model):
// its model, or an unknown function's result.
func (l *lowerer) callExtern(b *builder, fn *ssa.Function, c *ssa.CallCommon, args []ir.Value) ir.Value {
	if ext := l.extern(fn); ext != nil {
		r, err := ext(l, b, c, args, b.Pos)
		if err != nil {
			fail(err)
		}
		return r
	}
	if fn.Name() == "init" && fn.Signature.Recv() == nil && fn.Pkg != nil && fn.Parent() == nil {
		return nil // a package built from export data: its init is not ours to run
	}
	name := fn.String()
	if moduleAssembly(fn) || fn.Pkg != nil && l.assembly(fn.Pkg.Pkg.Path(), name) {
		name += puregoHint
	}
	return l.callUnknown(b, name, fn.Signature, l.touchesShared(fn))
}

// assembly reports whether the lowered code of package path says its
// function name is written in assembly with a purego version
// (summaries.Lowered.Assembly).
func (l *lowerer) assembly(path, name string) bool {
	if !l.available(path) {
		return false
	}
	p := l.pkg(path)
	return p != nil && slices.Contains(p.lp.Assembly, name)
}

// namesTag reports whether the build constraint x names tag.
func namesTag(x constraint.Expr, tag string) bool {
	switch x := x.(type) {
	case *constraint.TagExpr:
		return x.Tag == tag
	case *constraint.NotExpr:
		return namesTag(x.X, tag)
	case *constraint.AndExpr:
		return namesTag(x.X, tag) || namesTag(x.Y, tag)
	case *constraint.OrExpr:
		return namesTag(x.X, tag) || namesTag(x.Y, tag)
	}
	return false
}

// declPkg is the package that declares fn, nil for a function of no
// package: a method of a package the SSA program does not hold (made from
// its type when asked for: the driver creates only the packages a
// package's code names) has no fn.Pkg, but its object has a package.
func declPkg(fn *ssa.Function) *types.Package {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg
	}
	if obj := fn.Object(); obj != nil && fn.Blocks == nil && fn.Origin() == nil {
		return obj.Pkg()
	}
	return nil
}

// puregoHint follows the name of a function moduleAssembly holds.
const puregoHint = " (assembly; try GOFLAGS=-tags=purego)"

// moduleAssembly reports whether fn is a module's function written in
// assembly (declared without a body, and no //go:linkname) in a file the
// purego build tag leaves out (xxhash's): kiss runs the portable version
// when the package is built with that tag.
func moduleAssembly(fn *ssa.Function) bool {
	if fn.Pkg == nil || standardPath(fn.Pkg.Pkg.Path()) {
		return false
	}
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	return ok && decl.Body == nil && linknameTarget(fn) == "" && puregoBuilds(fn.Prog.Fset.Position(decl.Pos()).Filename)
}

// puregoFiles caches puregoBuilds by file.
var puregoFiles sync.Map

// puregoBuilds reports whether file's build constraint names the purego
// tag: its declarations are left out when the package is built with it,
// and another file's stand in (xxhash_asm.go's `!purego`). None of
// golang.org/x/sys names it: the tag would change nothing there.
func puregoBuilds(file string) bool {
	if v, ok := puregoFiles.Load(file); ok {
		return v.(bool)
	}
	found := false
	if data, err := os.ReadFile(file); err == nil {
		for line := range strings.Lines(string(data)) {
			if strings.HasPrefix(line, "package ") {
				break
			}
			if x, err := constraint.Parse(strings.TrimSpace(line)); err == nil {
				found = found || namesTag(x, "purego")
			}
		}
	}
	puregoFiles.Store(file, found)
	return found
}

// unknownCall is a call of the Go function name (a model's: one whose code
// kiss does not run) as callExtern makes a call of a function kiss does
// not know.
func (l *lowerer) unknownCall(b *builder, call *ssa.CallCommon, name string) ir.Value {
	fn := call.StaticCallee()
	return l.callUnknown(b, name, call.Signature(), fn == nil || l.touchesShared(fn))
}

// callUnknown emits a call of the function name that kiss does not know:
// unknown results, and, if it may reach memory the program shares (shared),
// no path past it.
func (l *lowerer) callUnknown(b *builder, name string, sig *types.Signature, shared bool) ir.Value {
	l.unk.called[name] = true
	if shared {
		// The function may synchronize, block, unblock or panic on
		// memory the program shares, or hand back something kiss cannot
		// stand for faithfully: record on the path that it was assumed to
		// do none of it, so that findings that depend on that can be told
		// apart (smt's DependsOn).
		ok := l.unknownNondetLabel(b, ir.Bool, effectsLabel+name)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
	}
	defer l.labelUnknown(name)()
	return l.UnknownResults(b, sig)
}

// UnknownResults returns unknown values for sig's results (one value, a
// struct for several, nil for none).
func (l *lowerer) UnknownResults(b *builder, sig *types.Signature) ir.Value {
	res := sig.Results()
	switch res.Len() {
	case 0:
		return nil
	case 1:
		return l.Unknown(b, res.At(0).Type())
	}
	return l.Unknown(b, res)
}

// retUnknown returns unknown values for sig's results from the function b
// emits.
func (l *lowerer) retUnknown(b *builder, sig *types.Signature) {
	b.Ret(l.UnknownResults(b, sig))
}

// labelUnknown makes the nondets Unknown emits say they come from what (a
// function kiss does not know), until the returned function restores the
// previous label.
func (l *lowerer) labelUnknown(what string) func() {
	prev := l.unk.from
	l.unk.from = what
	return func() { l.unk.from = prev }
}

// unknownNondet emits a nondet labelled with the origin of the unknown
// value, so that a violation can tell it depends on it (smt's DependsOn).
func (l *lowerer) unknownNondet(b *builder, t *ir.Type) *ir.Local {
	label := l.unk.from
	if label == "" {
		label = "unknown"
	}
	return l.unknownNondetLabel(b, t, label)
}

func (l *lowerer) unknownNondetLabel(b *builder, t *ir.Type, label string) *ir.Local {
	d := b.Temp(t)
	b.Emit(&ir.Instr{Op: ir.OpNondet, Dst: d, Name: label})
	return d
}

// effectsLabel prefixes the label of the nondet that stands for "an unknown
// function that can reach shared memory did nothing kiss would see".
const effectsLabel = "effects of "

// LimitLabel prefixes the label of the nondet where a model stops the path
// on purpose (stopIf): a case of a known function that kiss does not model,
// which -stats names apart from the calls kiss does not know.
const LimitLabel = "past the model of "

// The labels of what the environment gives the process: the test binary's
// path (the rest of its command line is go test's, see os.runtime_args)
// and the environment's variables, which are the user's.
const (
	argsLabel = "the command line (os.Args)"
	envLabel  = "the process's environment"
)

// effects maps the labels of prog's effects nondets, its own and those of
// the code it imported, to their functions (Scenario.Effects).
func effects(prog *ir.Program) map[string]string {
	m := map[string]string{}
	for _, f := range prog.Funcs {
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				if in.Op == ir.OpNondet {
					if fn, ok := strings.CutPrefix(in.Name, effectsLabel); ok {
						m[in.Name] = fn
					} else if fn, ok := strings.CutPrefix(in.Name, LimitLabel); ok {
						m[in.Name] = fn
					}
				}
			}
		}
	}
	return m
}

// touchesShared reports whether a function can reach memory its caller
// shares (a receiver or parameter holding a pointer, slice, map, channel,
// function or interface), or hands back a result Unknown does not stand
// for faithfully. A function that takes only plain values can act on no
// memory of the program's: what it returns is all kiss needs, and a
// result Unknown makes of labelled nondets (a fresh pointer to such values
// included: flag.Bool's *bool) is as good as the real one for what kiss
// reports. A function declared without a body in a package kiss has the
// source of is assembly or the runtime's: in the standard library, a
// computation (math, crypto; the runtime's hooks that block, such as
// os/signal's signal_recv, have models); elsewhere, it may block whatever
// its signature.
func (l *lowerer) touchesShared(fn *ssa.Function) bool {
	if p := declPkg(fn); p != nil && !l.opaque(p) && !standardPath(p.Path()) {
		return true
	}
	sig := fn.Signature
	if sig.Recv() != nil && holdsRefs(sig.Recv().Type(), nil) {
		return true
	}
	for v := range sig.Params().Variables() {
		if holdsRefs(v.Type(), nil) {
			return true
		}
	}
	for v := range sig.Results().Variables() {
		if !l.unknownFaithful(v.Type(), 0, nil) {
			return true
		}
	}
	return false
}

func holdsRefs(t types.Type, seen map[types.Type]bool) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return holdsRefs(u.Elem(), seen)
	case *types.Struct:
		if seen == nil {
			seen = map[types.Type]bool{}
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		for f := range u.Fields() {
			if holdsRefs(f.Type(), seen) {
				return true
			}
		}
		return false
	}
	return true
}

// maxUnknownPtrs is how many pointers deep Unknown makes a pointee of
// unknown values; maxUnknownLeaves bounds the leaves of an unknown array.
const (
	maxUnknownPtrs   = 3
	maxUnknownLeaves = 256
)

// unknownFaithful reports whether Unknown stands for any value of type t a
// function kiss does not know could return, as far as the program can
// look: basic values, and pointers to, structs and small arrays of such.
// A slice, map, channel, function or interface Unknown makes zero (a nil
// channel blocks for ever, a nil map panics), as it makes a value of a
// modelled type (a sync.Cond others may signal); a recursive or deep
// pointer it leaves zero past maxUnknownPtrs. Unexported fields of a type of an
// opaque package do not count: only that package's functions, which kiss
// models or does not know, read them.
func (l *lowerer) unknownFaithful(t types.Type, ptrs int, inside map[types.Type]bool) bool {
	if l.modelled(t) {
		return false // a lock, timer or channel-like value others may hold
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Kind() != types.UntypedNil
	case *types.Pointer:
		if ptrs >= maxUnknownPtrs || inside[t] {
			return false
		}
		if inside == nil {
			inside = map[types.Type]bool{}
		}
		inside[t] = true
		defer delete(inside, t)
		return l.unknownFaithful(u.Elem(), ptrs+1, inside)
	case *types.Array:
		return u.Len() <= maxUnknownLeaves && l.unknownFaithful(u.Elem(), ptrs, inside) &&
			(u.Len() <= 16 || !holdsRefs(u.Elem(), nil))
	case *types.Struct:
		opaque := false
		if n, ok := types.Unalias(t).(*types.Named); ok {
			opaque = l.opaque(n.Obj().Pkg())
		}
		for f := range u.Fields() {
			if opaque && !f.Exported() {
				continue
			}
			if !l.unknownFaithful(f.Type(), ptrs, inside) {
				return false
			}
		}
		return true
	}
	return false
}

// opaque reports whether kiss runs none of package p's code (it is not
// lowered here from source, nor imported lowered): only functions kiss
// does not know, or models, read its unexported fields.
func (l *lowerer) opaque(p *types.Package) bool {
	if p == nil || l.available(p.Path()) {
		return false
	}
	if v, ok := l.unk.opaquePkgs[p]; ok {
		return v
	}
	v := true
	if sp := l.SSA.Package(p); sp != nil {
		for _, m := range sp.Members {
			if fn, ok := m.(*ssa.Function); ok && fn.Blocks != nil {
				v = false
				break
			}
		}
	}
	if l.unk.opaquePkgs == nil {
		l.unk.opaquePkgs = map[*types.Package]bool{}
	}
	l.unk.opaquePkgs[p] = v
	return v
}

// lowerStub fills the IR function of a function kiss does not lower from a
// body (none, or a model), for uses as a value and interface dispatch.
func (l *lowerer) lowerStub(fn *ssa.Function, f *ir.Func) error {
	b := newBuilder(l, f)
	b.label, b.Pos, b.Hint, b.noCheck = "", f.Pos, "r", true
	b.SetBlock(b.NewBlock("entry"))
	args := make([]ir.Value, len(f.Params)-1)
	for i, p := range f.Params[1:] {
		args[i] = p
	}
	r := l.callExtern(b, fn, &ssa.CallCommon{Value: fn}, args)
	if b.Terminated() {
		return nil
	}
	if f.Result == nil {
		r = nil
	} else if r == nil {
		r = ir.ZeroConst(f.Result)
	}
	b.Ret(r)
	return nil
}

// Unknown returns an unconstrained value of Go type t, as an unknown
// function returns: nondet scalars, pointers to fresh zeroed objects, and
// nil for slices, maps, channels (the weakest values kiss can make without
// inventing aliasing or behaviour); interfaces are nil, or with
// lowerOptions.UnknownInterfaces nil or a value of an unknown type; funcs
// are nil, or with lowerOptions.UnknownFuncs an unknown function.
func (l *lowerer) Unknown(b *builder, t types.Type) ir.Value {
	it := l.Type(t)
	if l.modelled(t) {
		return ir.ZeroConst(it) // a model's own state: its zero (touchesShared says not faithful)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedNil {
			return ir.ZeroConst(ir.Ptr)
		}
		return l.unknownNondet(b, it)
	case *types.Pointer:
		// A fresh object of unknown contents (touchesShared tells when
		// that is not faithful enough).
		p := b.Alloc(l.Type(u.Elem()), nil)
		if l.unk.ptrs < maxUnknownPtrs {
			l.unk.ptrs++
			if v := l.Unknown(b, u.Elem()); v != nil {
				b.Store(p, v)
			}
			l.unk.ptrs--
		}
		return p
	case *types.Struct:
		if !hasRef(it) {
			return l.unknownNondet(b, it)
		}
		vals := make([]ir.Value, u.NumFields())
		for i := range vals {
			vals[i] = l.Unknown(b, u.Field(i).Type())
		}
		return b.Make(it, vals...)
	case *types.Tuple:
		vals := make([]ir.Value, u.Len())
		for i := range vals {
			vals[i] = l.Unknown(b, u.At(i).Type())
		}
		return b.Make(it, vals...)
	case *types.Array:
		if !hasRef(it) {
			return l.unknownNondet(b, it)
		}
		if u.Len() > 16 {
			return ir.ZeroConst(it) // large arrays of references: zero
		}
		vals := make([]ir.Value, u.Len())
		for i := range vals {
			vals[i] = l.Unknown(b, u.Elem())
		}
		return b.Make(it, vals...)
	case *types.Signature:
		if l.opts.UnknownFuncs {
			return b.Make(l.tClosure, l.unknownFunc(u), ir.ZeroConst(ir.Ptr))
		}
	case *types.Interface:
		if l.opts.UnknownInterfaces {
			if done, errm := ctxMethods(t); done != nil && errm != nil {
				l.unk.contexts = true
			}
			box := b.Alloc(ir.I64, nil)
			v := b.Make(l.tIface, ir.IntConst(ir.I64, unknownTypeID), box)
			return b.Op(ir.OpSelect, l.tIface, l.unknownNondet(b, ir.Bool), v, ir.ZeroConst(l.tIface))
		}
	}
	return ir.ZeroConst(it)
}

// unknownFunc returns a function of signature sig (after %env) that
// returns unknown values.
func (l *lowerer) unknownFunc(sig *types.Signature) *ir.Func {
	params := []any{"env", ir.Ptr}
	for i := range sig.Params().Len() {
		params = append(params, "a"+itoa(i), l.Type(sig.Params().At(i).Type()))
	}
	return l.cached("unknownfunc:"+types.TypeString(sig, nil), "rt.unknownfunc", l.resultType(sig), params, func(b *builder) {
		defer l.labelUnknown("a func value from an unknown function")()
		l.retUnknown(b, sig)
	})
}

// unknownTypes reports whether values of unknownTypeID can exist.
func (l *lowerer) unknownTypes() bool { return l.opts.UnknownInterfaces || l.opts.UnknownGlobals }

// genInitExtern generates rt.initextern(), which gives the variables of
// packages without bodies unknown values (lowerOptions.UnknownGlobals).
func (l *lowerer) genInitExtern(b *builder) {
	for _, g := range l.globals.order {
		if g.Pkg == nil {
			continue
		}
		if init, _ := g.Pkg.Members["init"].(*ssa.Function); init == nil || init.Blocks != nil || l.linkedFunc(init) != nil {
			continue // its init runs
		}
		t := deref(g.Type())
		var v ir.Value
		if k, ok := knownVars[g.String()]; ok {
			b.Store(l.globals.byVar[g], ir.IntConst(l.Type(t), k))
			continue
		}
		if noFeatures(g.String()) {
			b.Store(l.globals.byVar[g], ir.ZeroConst(l.Type(t)))
			continue
		}
		if isInterface(t) { // a distinct non-nil value, such as an error
			v = b.Make(l.tIface, ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))
		} else {
			restore := l.labelUnknown("the variable " + g.String())
			v = l.Unknown(b, t)
			restore()
		}
		b.Store(l.globals.byVar[g], v)
	}
	// Variables linked code uses whose Go variable this program does not
	// see: unknown by their IR type.
	for _, g := range l.externGlobals() {
		var v ir.Value
		k, known := knownVars[g.Name]
		switch {
		case known && g.Elem.Kind == ir.KindInt:
			v = ir.IntConst(g.Elem, k)
		case noFeatures(g.Name):
			v = ir.ZeroConst(g.Elem)
		case ir.Identical(g.Elem, l.tIface): // a distinct non-nil value, such as an error
			v = b.Make(l.tIface, ir.IntConst(ir.I64, unknownTypeID), b.Alloc(ir.I64, nil))
		default:
			restore := l.labelUnknown("the variable " + g.Name)
			v = l.unknownIR(b, g.Elem)
			restore()
		}
		b.Store(g, v)
	}
	b.Ret(nil)
}

// knownVars are variables of packages kiss does not lower whose value
// it knows, rather than an unknown value every use would branch on.
// bytealg.MaxLen is AVX2's, unlike noFeatures' processor: it only picks
// between two searches that give the same results, which bytealg's
// models compute.
var knownVars = map[string]int64{
	"internal/bytealg.MaxLen": 63, // bytealg's init, for Index's needles
}

// noFeatures reports whether the variable named name is one of
// internal/cpu's, which its init sets from the CPUID instruction: kiss
// assumes a processor without optional extensions (no AVX, AES-NI, SHA),
// so that the standard library takes its portable Go code, which kiss
// runs, rather than assembly, which it cannot (crypto's AES key
// expansion, SHA-256's blocks); with unknown features every use branched.
func noFeatures(name string) bool { return strings.HasPrefix(name, "internal/cpu.") }

// hasRef reports whether IR values of t contain references (which nondet
// cannot invent).
func hasRef(t *ir.Type) bool {
	switch t.Kind {
	case ir.KindPtr, ir.KindFunc, ir.KindCo:
		return true
	case ir.KindStruct:
		for _, f := range t.Fields {
			if hasRef(f) {
				return true
			}
		}
	case ir.KindArray:
		return t.Len > 0 && hasRef(t.Elem)
	}
	return false
}

// CallOperands evaluates the operands of the call c in the Go function
// being lowered (for EmitCall and CallTarget, possibly later: a go
// statement evaluates them in the spawning goroutine).
func (b *builder) CallOperands(c *ssa.CallCommon) []ir.Value {
	if b.fl == nil {
		panic("internal error: Builder.CallOperands outside a Go function")
	}
	return b.fl.callOperands(c)
}

// EmitCall emits the call c as Go makes it (model, body, unknown function,
// builtin, closure or interface dispatch) with its evaluated operands,
// assigns the result to dst (nil: discarded) and checks @rt.panicking.
func (b *builder) EmitCall(c *ssa.CallCommon, ops []ir.Value, dst *ir.Local) {
	b.l.emitCall(b, c, ops, dst)
}

// CallTarget returns an IR function value and its full argument list
// (environment or receiver first) that make the call c with its evaluated
// operands: what a go statement hands to cocreate. A nil func value panics
// here, as Go's go statement does. A builtin's target is a function made for
// the call (builtinThunk).
func (b *builder) CallTarget(c *ssa.CallCommon, ops []ir.Value) (ir.Value, []ir.Value, error) {
	l := b.l
	if c.IsInvoke() {
		l.guardNonNil(b, c.Value, func() ir.Value {
			return b.Bin(ir.OpNe, b.Extract(ops[0], 0), ir.IntConst(ir.I64, 0))
		})
		return l.dispatcher(c.Method), ops, nil
	}
	switch v := c.Value.(type) {
	case *ssa.Builtin:
		return l.builtinThunk(b, c, v, ops), append([]ir.Value{ir.ZeroConst(ir.Ptr)}, ops...), nil
	case *ssa.Function:
		return l.FuncRef(v), append([]ir.Value{ir.ZeroConst(ir.Ptr)}, ops...), nil
	}
	fn := b.Extract(ops[0], 0)
	l.guardNonNil(b, c.Value, func() ir.Value { return b.Bin(ir.OpNe, fn, ir.ZeroConst(ir.FuncT)) })
	return fn, append([]ir.Value{b.Extract(ops[0], 1)}, ops[1:]...), nil
}

// builtinThunk returns a function that makes the call c of the builtin bi
// at b.Pos with its operands as parameters (after an environment it does
// not use, as a Go function has): the target of `go close(ch)` and the
// like. So a builtin started as a goroutine takes the path every go
// statement takes (spawn, happens-before, traces), with the operands
// evaluated by the spawning goroutine, as Go does. panic has its own
// (concLowering.panicker): it ends the goroutine at once.
func (l *lowerer) builtinThunk(b *builder, c *ssa.CallCommon, bi *ssa.Builtin, ops []ir.Value) *ir.Func {
	params := []any{"env", ir.Ptr}
	for i, op := range ops {
		params = append(params, "a"+itoa(i), op.Type())
	}
	res := l.resultType(c.Signature())
	t := l.helper("builtin."+bi.Name(), res, params...)
	// The builtin's own steps are at its call, as those of a builtin
	// called in place are; the go statement's are at the go.
	t.Pos = b.Pos
	if c.Pos().IsValid() {
		t.Pos = l.posString(c.Pos())
	}
	var r ir.Value
	// recover is not called by a deferred function here: it returns nil
	// (the Go spec, "Handling panics").
	if bi.Name() != "recover" {
		args := make([]ir.Value, len(ops))
		for i, p := range t.Fn.Params[1:] {
			args[i] = p
		}
		r = l.builtin(t, c, bi, args)
	}
	switch {
	case res == nil:
		t.Ret(nil)
	case r == nil:
		t.RetZero()
	default:
		t.Ret(r)
	}
	return t.Fn
}

// standardPath reports whether path is a standard library package's (its
// source is in GOROOT).
func standardPath(path string) bool {
	if v, ok := standardPaths.Load(path); ok {
		return v.(bool)
	}
	p, err := build.Default.Import(path, "", build.FindOnly)
	std := err == nil && p.Goroot
	standardPaths.Store(path, std)
	return std
}

var standardPaths sync.Map
