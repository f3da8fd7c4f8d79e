package sequentialize

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"runtime/debug"
	"sort"

	"github.com/gokiss/kiss/sequentialize/ir"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// LowerOptions configure a Lowerer.
type LowerOptions struct {
	// Externs model functions by their full name, ssa.Function.String()
	// ("(*sync.Mutex).Lock", "fmt.Sprintf"; for an instance of a generic
	// function, the instance's name, then its origin's). A model takes
	// precedence over the function's body.
	Externs map[string]ExternFunc
	// Bodies, if set, says which functions with a body kiss lowers from it;
	// the others are lowered like functions without one (their model, or
	// unknown). Nil means all: what the SSA program has bodies for.
	Bodies func(*ssa.Function) bool
	// Conc lowers go statements, channels and select; nil makes them errors.
	Conc ConcurrencyLowering
	// Pos renders a source position; nil means "file.go:line:col" with the
	// file's base name.
	Pos func(token.Position) string
	// Types overrides the IR type of Go named types, by the origin's
	// "pkgpath.Name" ("sync.Mutex"): the models' own representations. A
	// model's zero value must be the Go type's zero value.
	Types map[string]*ir.Type
	// Access, when set, is called before every access to memory the Go
	// code makes: p is the lowered address (a map for map operations) and
	// addr the SSA value it came from. The concurrency layer reports them to
	// the race detector.
	Access func(b *Builder, p ir.Value, addr ssa.Value, write bool)
	// Home is the package under analysis: its own functions and types run
	// from their bodies even where Externs or Types model them for the
	// packages that import it (kiss checking package sync itself).
	Home *types.Package
	// UnknownInterfaces makes an unknown function's interface results
	// (errors, say) nil or a non-nil value of an unknown dynamic type
	// (UnknownTypeID), rather than always nil.
	UnknownInterfaces bool
	// UnknownFuncs makes an unknown function's func results a function
	// that does nothing kiss knows of and returns unknown values, rather
	// than nil (which panics when called).
	UnknownFuncs bool
	// UnknownGlobals starts the variables of packages built without
	// bodies (whose init kiss does not run) with unknown values; an
	// interface variable (io.EOF) holds a distinct value of an unknown type.
	UnknownGlobals bool
}

// ExternFunc lowers a call of a modelled function: it emits the call's
// effect with b and returns its result (nil for none), of the IR type of
// the call's Go result (several results: a struct). args are the lowered
// arguments, receiver first; call is the SSA call (for a function called
// through a value, a synthesized CallCommon whose Value is the function and
// whose Args are nil). A model that panics calls @rt.panic (see
// lower_panic.go); the caller checks @rt.panicking after the hook.
type ExternFunc func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error)

// Info is what the lowering learnt that later stages need.
type Info struct {
	// Funcs maps each lowered Go function to its IR function.
	Funcs map[*ssa.Function]*ir.Func
	// Types is the dynamic type table of interfaces, in the order the
	// lowering met them (0 is the nil interface).
	Types []*TypeEntry
	// Unknown lists, sorted, the functions without a body or a model that
	// the program calls: kiss assumed they return any value and touch no
	// shared state.
	Unknown []string
}

// TypeEntry is a dynamic type an interface value may hold.
type TypeEntry struct {
	ID   int64
	Type types.Type // nil for kiss's own types (RuntimeErrorType, the models')
	Name string
	// Methods are the methods of a model's own type (RegisterType): IR
	// functions taking the box pointer, then the Go arguments.
	Methods map[string]*ir.Func
}

// RegisterType adds a dynamic type of a model, whose values an interface
// may hold: its methods take the box pointer and the Go arguments. It
// returns the type id.
func (l *Lowerer) RegisterType(name string, methods map[string]*ir.Func) int64 {
	e := &TypeEntry{Name: name, Methods: methods}
	l.addType("kiss:"+name, e)
	return e.ID
}

// Lowerer lowers the Go functions of one program into one IR program. It is
// memoised: each function is lowered once, on first reference; the functions
// it references are lowered by Program (or by later LowerFunc calls).
type Lowerer struct {
	SSA  *ssa.Program
	Conc ConcurrencyLowering
	opts LowerOptions

	prog    *ir.Program
	info    *Info
	funcs   map[*ssa.Function]*ir.Func
	done    map[*ssa.Function]bool // body (or stub) emitted, or failed
	failed  map[*ssa.Function]error
	queue   []*ssa.Function
	names   map[string]bool // @names of functions and globals
	unknown map[string]bool
	errs    []error

	types     typeutil.Map // types.Type -> *ir.Type
	typeNames map[string]bool
	tSlice    *ir.Type
	tIface    *ir.Type
	tClosure  *ir.Type
	tIkey     *ir.Type // made on first use (lower_mapkey.go)

	globals     map[*ssa.Global]*ir.Global
	globalOrder []*ssa.Global
	posMap      map[string]token.Pos  // rendered positions back to token.Pos
	rt          map[string]*ir.Global // kiss's runtime globals by name

	unknownFrom string // the label of the nondets Unknown emits (labelUnknown)

	typeIDs  typeutil.Map // types.Type -> int64
	typeByID map[int64]*TypeEntry
	helpers  map[string]*ir.Func
	lates    []*lateFunc // regenerated when the type table grows
	lateBy   map[string]*lateFunc
}

// NewLowerer returns a lowerer for functions of prog.
func NewLowerer(prog *ssa.Program, opts LowerOptions) *Lowerer {
	l := &Lowerer{
		SSA:       prog,
		Conc:      opts.Conc,
		opts:      opts,
		prog:      &ir.Program{},
		info:      &Info{Funcs: map[*ssa.Function]*ir.Func{}},
		funcs:     map[*ssa.Function]*ir.Func{},
		done:      map[*ssa.Function]bool{},
		failed:    map[*ssa.Function]error{},
		names:     map[string]bool{ir.Entry: true},
		unknown:   map[string]bool{},
		typeNames: map[string]bool{},
		globals:   map[*ssa.Global]*ir.Global{},
		posMap:    map[string]token.Pos{},
		rt:        map[string]*ir.Global{},
		helpers:   map[string]*ir.Func{},
		lateBy:    map[string]*lateFunc{},
		typeByID:  map[int64]*TypeEntry{},
	}
	l.tSlice = l.declareType("slice", ir.Struct(ir.Ptr, ir.I64, ir.I64, ir.I64))
	l.tIface = l.declareType("iface", ir.Struct(ir.I64, ir.Ptr))
	l.tClosure = l.declareType("closure", ir.Struct(ir.FuncT, ir.Ptr))
	l.initRuntime()
	return l
}

// ReserveName keeps the function or global name @name out of the lowering's
// use (for runtime code the caller adds to the program).
func (l *Lowerer) ReserveName(name string) { l.names[name] = true }

// ReserveType keeps the type name $name out of the lowering's use.
func (l *Lowerer) ReserveType(name string) { l.typeNames[name] = true }

// IRProgram returns the program being built, for callers that add their own
// functions, globals and types to it.
func (l *Lowerer) IRProgram() *ir.Program { return l.prog }

// LowerFunc lowers fn (its body, or its model or unknown-function stub when
// it has none) and returns its IR function. The functions it references get
// their IR functions at once and their bodies later (Program).
func (l *Lowerer) LowerFunc(fn *ssa.Function) (f *ir.Func, err error) {
	if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
		return nil, fmt.Errorf("%s: a generic function is lowered by its instances", fn)
	}
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, asLowerError(r, fn)
		}
	}()
	f = l.FuncRef(fn)
	return f, l.complete(fn)
}

// FuncRef returns fn's IR function, creating it (with its signature: %env
// ptr first, then the Go parameters, receiver first) and scheduling its body
// if needed.
func (l *Lowerer) FuncRef(fn *ssa.Function) *ir.Func {
	if f, ok := l.funcs[fn]; ok {
		return f
	}
	f := &ir.Func{Name: l.uniqName(funcName(fn)), Pos: l.posString(fn.Pos())}
	f.NewParam("env", ir.Ptr)
	sig := fn.Signature
	used := map[string]bool{"env": true}
	pname := func(name string, i int) string {
		if name == "" || name == "_" || used[name] {
			name = fmt.Sprintf("p%d", i)
		}
		for used[name] {
			name += "_"
		}
		used[name] = true
		return name
	}
	var ptypes []types.Type
	var pnames []string
	if r := sig.Recv(); r != nil {
		ptypes, pnames = append(ptypes, r.Type()), append(pnames, r.Name())
	}
	for v := range sig.Params().Variables() {
		ptypes, pnames = append(ptypes, v.Type()), append(pnames, v.Name())
	}
	if len(fn.Params) == len(ptypes) { // prefer the SSA names (wrappers, closures)
		for i, p := range fn.Params {
			pnames[i] = p.Name()
		}
	}
	for i, t := range ptypes {
		f.NewParam(pname(pnames[i], i), l.Type(t))
	}
	f.Result = l.resultType(sig)
	l.funcs[fn] = f
	l.info.Funcs[fn] = f
	l.prog.Funcs = append(l.prog.Funcs, f)
	l.queue = append(l.queue, fn)
	return f
}

// complete emits the body of fn's IR function if not done yet.
func (l *Lowerer) complete(fn *ssa.Function) (err error) {
	if l.done[fn] {
		return l.failed[fn]
	}
	l.done[fn] = true
	f := l.funcs[fn]
	defer func() {
		if r := recover(); r != nil {
			err = asLowerError(r, fn)
		}
		if err != nil {
			// Leave a well-formed function behind so the program prints.
			f.Locals, f.Blocks = f.Locals[:len(f.Params)], nil
			b := newBuilder(l, f)
			b.SetBlock(b.NewBlock("error"))
			b.Emit(&ir.Instr{Op: ir.OpCut, Name: "unsupported"})
			l.errs = append(l.errs, err)
			l.failed[fn] = err
		}
	}()
	if l.lowersBody(fn) {
		return l.lowerBody(fn, f)
	}
	return l.lowerStub(fn, f)
}

// lowersBody reports whether fn is lowered from its body (it has one, no
// model, and LowerOptions.Bodies accepts it).
func (l *Lowerer) lowersBody(fn *ssa.Function) bool {
	return fn.Blocks != nil && l.extern(fn) == nil && (l.opts.Bodies == nil || l.opts.Bodies(fn))
}

// drain lowers every referenced function not lowered yet.
func (l *Lowerer) drain() {
	for len(l.queue) > 0 {
		fn := l.queue[0]
		l.queue = l.queue[1:]
		l.complete(fn)
	}
}

// Program lowers everything referenced so far, completes the generated
// dispatch functions against the final type table, and returns the program.
// It may be called again after further LowerFunc calls.
func (l *Lowerer) Program() (*ir.Program, error) {
	for {
		l.drain()
		n, nf := len(l.info.Types), len(l.prog.Funcs)
		for _, lf := range l.lates {
			if err := l.regenerateSafely(lf); err != nil {
				l.errs = append(l.errs, err)
				return l.prog, errors.Join(l.errs...)
			}
		}
		l.drain()
		if n == len(l.info.Types) && nf == len(l.prog.Funcs) {
			break
		}
	}
	l.info.Unknown = l.info.Unknown[:0]
	for name := range l.unknown {
		l.info.Unknown = append(l.info.Unknown, name)
	}
	sort.Strings(l.info.Unknown)
	return l.prog, errors.Join(l.errs...)
}

// Info returns what the lowering learnt; complete after Program.
func (l *Lowerer) Info() *Info { return l.info }

// BuildSequential lowers the sequential program of root: main calls the
// package's init, then root (with unknown arguments if it has parameters),
// and asserts that no panic is left unrecovered. The concurrency layer
// replaces this main with its scheduler and reuses the Lowerer.
func BuildSequential(root *ssa.Function, opts LowerOptions) (*ir.Program, *Info, error) {
	l := NewLowerer(root.Prog, opts)
	main := &ir.Func{Name: ir.Entry, Pos: l.posString(root.Pos())}
	b := newBuilder(l, main)
	b.label = ""
	b.SetBlock(b.NewBlock("entry"))
	b.Pos, b.noCheck = main.Pos, true // main checks @rt.panicking itself
	b.Hint = "init"
	run := b.NewBlock("root")
	end := b.NewBlock("end")
	l.emitInit(b, root, nil, run, end)
	b.SetBlock(run)
	b.Hint = "arg"
	var args []ir.Value
	for _, p := range root.Params {
		args = append(args, l.Unknown(b, p.Type()))
	}
	b.Hint = "root"
	l.emitDirectCall(b, root, args, nil, nil)
	b.Jmp(end)
	b.SetBlock(end)
	b.Hint = "p"
	p := b.Load(ir.Bool, l.rt["rt.panicking"])
	b.Emit(&ir.Instr{Op: ir.OpAssert, Args: []ir.Value{b.Not(p)}, Name: "panic", Msg: "unrecovered panic"})
	b.Ret(nil)
	if _, err := l.LowerFunc(root); err != nil {
		return nil, nil, err
	}
	l.prog.Funcs = append(l.prog.Funcs, main)
	prog, err := l.Program()
	return prog, l.info, err
}

// emitInit emits what runs before root: the unknown variables of packages
// without bodies (LowerOptions.UnknownGlobals), then more (a hook, may be
// nil), then the init of root's package; it goes on to run, or to end if
// the init panicked.
func (l *Lowerer) emitInit(b *Builder, root *ssa.Function, more func(), run, end *ir.Block) {
	if l.opts.UnknownGlobals {
		b.CallTo(nil, l.late("initextern", "rt.initextern", nil, nil, l.genInitExtern))
	}
	if more != nil {
		more()
	}
	if init := packageInit(root); init != nil {
		l.emitDirectCall(b, init, nil, nil, nil)
		b.Br(b.Load(ir.Bool, l.rt["rt.panicking"]), end, run)
	} else {
		b.Jmp(run)
	}
}

// packageInit returns the init function of root's package, if it has one.
func packageInit(root *ssa.Function) *ssa.Function {
	pkg := root.Pkg
	if pkg == nil && root.Origin() != nil {
		pkg = root.Origin().Pkg
	}
	if pkg == nil {
		return nil
	}
	init, _ := pkg.Members["init"].(*ssa.Function)
	return init
}

// lowerError is an error of the lowering that names the function.
type lowerError struct{ msg string }

func (e *lowerError) Error() string { return e.msg }

// unsupported aborts the lowering of the current function: kiss does not
// model the construct.
func unsupported(pos, format string, args ...any) {
	where := ""
	if pos != "" {
		where = " (" + pos + ")"
	}
	panic(&lowerError{fmt.Sprintf("kiss does not model %s yet%s", fmt.Sprintf(format, args...), where)})
}

// fail aborts the lowering of the current function with err.
func fail(err error) { panic(&lowerError{err.Error()}) }

func asLowerError(r any, fn *ssa.Function) error {
	if e, ok := r.(*lowerError); ok {
		return fmt.Errorf("%s: %s", fn, e.msg)
	}
	return fmt.Errorf("%s: internal error in the lowering: %v\n%s", fn, r, debug.Stack())
}
