package sequentialize

import (
	"fmt"
	"go/types"
	"os"
	"slices"
	"sort"
	"sync"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// Lowered code of other packages (summaries.Lowered, made by Export and
// carried as analysis facts) is linked into the program being lowered one
// function at a time: a function's chunk is parsed and linked when code
// the program's entries reach calls it, so a root pays only for the code
// it runs (assert.Equal does not bring net/http). Every name linked code
// declares is attributed to the package that defines it (Lowered.Uses,
// link.owner). A package's init runs if the program reaches any other of
// its functions or variables; nothing reads what it sets otherwise.
// Linked code's type-dependent functions (interface dispatch, equality)
// are made here, against this program's type table, and its dynamic types
// join the table once code the program reaches mentions them. A function
// whose code cannot be had is a call kiss does not know (missingLinks).

// setImports makes the lowered code of other packages available for
// linking; fetch gets the code of a package given by reference only
// (Lowered.Stub).
func (l *lowerer) setImports(pkgs []*summaries.Lowered, fetch func(*summaries.Lowered) (*summaries.Lowered, error)) {
	l.link.avail = map[string]*summaries.Lowered{}
	l.link.fetch = fetch
	for _, lp := range pkgs {
		if l.opts.Home != nil && lp.Path == l.opts.Home.Path() {
			continue
		}
		if _, ok := l.link.avail[lp.Path]; !ok {
			l.link.avail[lp.Path] = lp
		}
	}
}

// available reports whether package path has lowered code to link.
func (l *lowerer) available(path string) bool {
	_, ok := l.link.avail[path]
	return ok && !l.link.broken[path]
}

// linkedPkg is the code of a package functions of which are linked.
type linkedPkg struct {
	lp    *summaries.Lowered
	lates map[string]summaries.Late // its type-dependent functions, by name
}

// pkg returns the code of package path, fetching it if needed; nil if it
// has none or it cannot be had (noted once: what the program reaches of
// it is unknown).
func (l *lowerer) pkg(path string) *linkedPkg {
	if p := l.link.pkgs[path]; p != nil {
		return p
	}
	lp, ok := l.link.avail[path]
	if !ok || l.link.broken[path] {
		return nil
	}
	if lp.Stub() {
		var err error
		if l.link.fetch == nil {
			err = fmt.Errorf("only a reference to it is at hand")
		} else {
			lp, err = l.link.fetch(lp)
		}
		if err != nil {
			l.link.broken[path] = true
			l.errs = append(l.errs, fmt.Errorf("the lowered code of %s: %v", path, err))
			return nil
		}
	}
	p := &linkedPkg{lp: lp, lates: map[string]summaries.Late{}}
	for _, late := range lp.Lates {
		p.lates[late.Func] = late
	}
	l.link.pkgs[path] = p
	for _, dt := range lp.Types {
		if l.dyn.byID[dt.ID] != nil {
			continue
		}
		if d := l.link.dormant[dt.ID]; d != nil {
			// Described by another package's code too: its functions
			// that make it wake it as well (two packages' newRandReader
			// making a *rand.Rand: only the first package's woke it, and
			// calls through the other's io.Reader found no method).
			d.dt.Makers = append(slices.Clip(d.dt.Makers), dt.Makers...)
			continue
		}
		l.link.dormant[dt.ID] = &dormantType{dt: dt, pkg: path}
	}
	return p
}

// ownerIn is the package that defines name, a function or variable the
// code of package pkg refers to.
func (p *linkedPkg) ownerIn(name string) string {
	if o := p.lp.Uses[name]; o != "" {
		return o
	}
	return p.lp.Path
}

// funcNamed returns the program's function named name: functions are only
// ever appended to the program (linking defines declarations in place),
// so the index is brought up to date from where it stopped.
func (l *lowerer) funcNamed(name string) *ir.Func {
	for ; l.link.nfuncs < len(l.prog.Funcs); l.link.nfuncs++ {
		f := l.prog.Funcs[l.link.nfuncs]
		if _, dup := l.link.byName[f.Name]; !dup {
			l.link.byName[f.Name] = f
		}
	}
	return l.link.byName[name]
}

// globalNamed is funcNamed for the program's globals.
func (l *lowerer) globalNamed(name string) *ir.Global {
	for ; l.link.nglobals < len(l.prog.Globals); l.link.nglobals++ {
		g := l.prog.Globals[l.link.nglobals]
		if _, dup := l.link.byGlobal[g.Name]; !dup {
			l.link.byGlobal[g.Name] = g
		}
	}
	return l.link.byGlobal[name]
}

// linkFunc links the chunk of function name, which package pkg defines,
// and reports whether the program now has its code.
func (l *lowerer) linkFunc(name, pkg string) bool {
	if l.link.linked[name] {
		return true
	}
	if l.link.tried[name] {
		return false
	}
	l.link.tried[name] = true
	p := l.pkg(pkg)
	if p == nil {
		return false
	}
	text, ok := p.lp.Chunks[name]
	if !ok {
		return false
	}
	if err := l.linkChunk(p, name, text); err != nil {
		l.errs = append(l.errs, fmt.Errorf("the lowered code of %s: %v", name, err))
		return false
	}
	return true
}

// chunks keeps each chunk of lowered code parsed once per process, and a
// build links a copy (ir.Program.Clone): a package's roots link mostly the
// same dependencies, and parsing them again took half of each root's build
// on the standard library's tests (crypto/sha256: 2.0 s of 3.7 s).
var chunks = struct {
	sync.Mutex
	m    map[string]*parsedChunk // by text: the same text parses the same
	size int                     // bytes of text kept
}{m: map[string]*parsedChunk{}}

// maxChunkBytes bounds the text whose parse is kept; beyond it chunks are
// parsed each time. A parse takes many times its text: go vet's process
// for net/http peaked at 809 MB without the cache, 917 MB with 16 MB of
// text kept and 1,019 MB with 64 (net/rpc's roots link over 8 MB).
const maxChunkBytes = 16 << 20

type parsedChunk struct {
	once  sync.Once
	prog  *ir.Program
	err   error
	sound bool // it verifies on its own (ir.VerifyPart)
}

// parseChunk returns chunk name's code, parsed from text, as a program of
// the caller's own, and whether it verifies on its own.
func parseChunk(name, text string) (*ir.Program, bool, error) {
	chunks.Lock()
	c := chunks.m[text]
	if c == nil {
		if chunks.size+len(text) > maxChunkBytes {
			chunks.Unlock()
			prog, err := ir.ParseText(name, text)
			return prog, false, err
		}
		c = &parsedChunk{}
		chunks.m[text] = c
		chunks.size += len(text)
	}
	chunks.Unlock()
	c.once.Do(func() {
		c.prog, c.err = ir.ParseText(name, text)
		c.sound = c.err == nil && ir.VerifyPart(c.prog) == nil
	})
	if c.err != nil {
		return nil, false, c.err
	}
	return c.prog.Clone(), c.sound, nil
}

func (l *lowerer) linkChunk(p *linkedPkg, name, text string) error {
	src, sound, err := parseChunk(name, text)
	if err != nil {
		return err
	}
	for _, f := range src.Funcs {
		if f.Blocks != nil {
			continue
		}
		// Its type-dependent functions become this program's.
		if late, ok := p.lates[f.Name]; ok {
			mine, err := l.lateFor(late, f)
			if err != nil {
				return err
			}
			f.Name = mine.Name
			continue
		}
		if _, ok := l.link.owner[f.Name]; !ok && !l.names[f.Name] {
			l.link.owner[f.Name] = p.ownerIn(f.Name)
		}
	}
	for _, g := range src.Globals {
		if _, ok := l.link.owner[g.Name]; !ok && !l.names[g.Name] {
			l.link.owner[g.Name] = p.ownerIn(g.Name)
		}
	}
	// Functions missingLinks stubbed that this code defines are
	// declarations again: the definition takes their place.
	for _, f := range src.Funcs {
		if st := l.link.stubs[f.Name]; st != nil && f.Blocks != nil {
			st.Locals, st.Blocks = st.Locals[:len(st.Params)], nil
			delete(l.link.stubs, f.Name)
			delete(l.unk.called, f.Name)
		}
	}
	if l.link.linker == nil {
		l.link.linker = ir.NewLinker(l.prog)
	}
	if err := l.link.linker.Link(src, true); err != nil {
		return err
	}
	if sound {
		l.trustBodies(src)
	}
	l.link.owner[name] = p.lp.Path
	l.link.linked[name] = true
	if debugLink {
		fmt.Fprintf(os.Stderr, "link %s (%s, %d bytes)\n", name, p.lp.Path, len(text))
	}
	for _, f := range src.Funcs {
		l.names[f.Name] = true
	}
	if d := l.funcNamed(name); d != nil {
		l.link.funcs[name] = d
	}
	for _, g := range src.Globals {
		l.names[g.Name] = true
		if _, ok := l.link.globals[g.Name]; !ok {
			l.link.globals[g.Name] = l.globalNamed(g.Name)
		}
	}
	for _, t := range src.Types {
		l.layout.names[t.Name] = true
	}
	return nil
}

// linkPending links the chunks of the functions that code the program's
// entries reach declares, until none is left, and reports whether it
// linked any code or woke any type. A package's init is linked only if
// the program reaches another of its functions or variables.
func (l *lowerer) linkPending() bool {
	if l.opts.Export != "" || len(l.link.entries) == 0 {
		return false // code lowered for export: the importer links it
	}
	any := false
	for {
		r := l.reachable()
		needed := map[string]bool{}
		for f := range r.funcs {
			if o := l.link.owner[f.Name]; o != "" && f.Name != o+".init" {
				needed[o] = true
			}
		}
		for g := range r.globals {
			if o := l.link.owner[g.Name]; o != "" {
				needed[o] = true
			}
		}
		var pending []*ir.Func
		for f := range r.funcs {
			o := l.link.owner[f.Name]
			if f.Blocks != nil || o == "" || l.link.tried[f.Name] || f.Name == o+".init" && !needed[o] {
				continue
			}
			pending = append(pending, f)
		}
		sort.Slice(pending, func(i, j int) bool { return pending[i].Name < pending[j].Name })
		linked := false
		for _, f := range pending {
			if debugParents != nil {
				fmt.Fprintf(os.Stderr, "  want %s", f.Name)
				for p, n := debugParents[f.Name], 0; p != "" && n < 8; p, n = debugParents[p], n+1 {
					fmt.Fprintf(os.Stderr, " <- %s", p)
				}
				fmt.Fprintln(os.Stderr)
			}
			if l.linkFunc(f.Name, l.link.owner[f.Name]) {
				linked = true
			}
		}
		if l.wakeTypes(r) {
			linked = true
		}
		if !linked {
			return any
		}
		any = true
		l.refreshImportedTypes()
	}
}

// reach is what the program's entries reach.
type reach struct {
	funcs   map[*ir.Func]bool
	globals map[*ir.Global]bool
}

// reachable returns the functions and variables the program's entries
// reach through the function and variable operands of their instructions
// (calls, func values, coroutines; a dispatch function names every method
// it may call).
func (l *lowerer) reachable() reach {
	r := reach{funcs: map[*ir.Func]bool{}, globals: map[*ir.Global]bool{}}
	var work []*ir.Func
	var from *ir.Func
	visit := func(f *ir.Func) {
		if !r.funcs[f] {
			r.funcs[f] = true
			if debugParents != nil && from != nil {
				debugParents[f.Name] = from.Name
			}
			work = append(work, f)
		}
	}
	for _, f := range l.link.entries {
		visit(f)
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		from = f
		e := l.edgesOf(f)
		for _, g := range e.funcs {
			visit(g)
		}
		for _, g := range e.globals {
			r.globals[g] = true
		}
	}
	return r
}

// funcEdges is what one function's instructions name: the functions and
// globals among their operands, as of the body they were read from.
type funcEdges struct {
	blocks  *ir.Block // the body's first block, its block and instruction counts
	nblocks int
	ninstrs int
	funcs   []*ir.Func
	globals []*ir.Global
}

// edgesOf returns f's edges, read again only if f's body changed since:
// linking gives a declaration a body and a late function is regenerated
// with new blocks, while instructions once emitted are not rewritten.
// linkPending asks for the program's reach after each chunk it links, and
// walking every reached instruction each time made linking net/http's
// closure quadratic.
func (l *lowerer) edgesOf(f *ir.Func) *funcEdges {
	var first *ir.Block
	n := 0
	if len(f.Blocks) > 0 {
		first = f.Blocks[0]
	}
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	e := l.link.edges[f]
	if e != nil && e.blocks == first && e.nblocks == len(f.Blocks) && e.ninstrs == n {
		return e
	}
	e = &funcEdges{blocks: first, nblocks: len(f.Blocks), ninstrs: n}
	seen := map[ir.Value]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, a := range in.Args {
				switch a := a.(type) {
				case *ir.Func:
					if !seen[a] {
						seen[a] = true
						e.funcs = append(e.funcs, a)
					}
				case *ir.Global:
					if !seen[a] {
						seen[a] = true
						e.globals = append(e.globals, a)
					}
				}
			}
		}
	}
	if l.link.edges == nil {
		l.link.edges = map[*ir.Func]*funcEdges{}
	}
	l.link.edges[f] = e
	return e
}

// missingLinks gives the functions of other packages that reachable code
// declares but nothing defines (their code is not at hand, or does not
// have them) a body: a call kiss does not know, which may touch shared
// state, so the path stops there (Scenario.Effects), named in -stats. The
// init of a package nothing else of which is reached does nothing.
func (l *lowerer) missingLinks() {
	if l.opts.Export != "" || len(l.link.entries) == 0 {
		return
	}
	var missing []*ir.Func
	for f := range l.reachable().funcs {
		if f.Blocks == nil && l.link.owner[f.Name] != "" {
			missing = append(missing, f)
		}
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].Name < missing[j].Name })
	for _, f := range missing {
		l.link.stubs[f.Name] = f
		b := newBuilder(l, f)
		b.label, b.noCheck, b.silent = "", true, true
		b.SetBlock(b.NewBlock("entry"))
		o := l.link.owner[f.Name]
		if f.Name == o+".init" {
			b.Ret(nil) // nothing here reads what it sets
			continue
		}
		name := f.Name
		if l.assembly(o, name) {
			name += puregoHint
		}
		l.unk.called[name] = true
		ok := l.unknownNondetLabel(b, ir.Bool, effectsLabel+name)
		b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{ok}})
		if f.Result == nil {
			b.Ret(nil)
		} else {
			b.Ret(ir.ZeroConst(f.Result)) // never reached past the stop
		}
	}
}

// externGlobals are the variables linked code uses whose package has no
// code here: no init sets them, so they start unknown.
func (l *lowerer) externGlobals() []*ir.Global {
	var out []*ir.Global
	for name, gl := range l.link.globals {
		o := l.link.owner[name]
		if o == "" || l.available(o) || l.opts.Home != nil && o == l.opts.Home.Path() || l.link.rootUses[gl] {
			continue
		}
		out = append(out, gl)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// dormantType is a dynamic type linked code describes, not in the table
// until code the program reaches mentions it.
type dormantType struct {
	dt  summaries.DynType
	pkg string // the package whose code describes it
}

// addLinkedType adds a dynamic type linked code describes to the table.
func (l *lowerer) addLinkedType(dt summaries.DynType) {
	e := &typeEntry{ID: dt.ID, Name: dt.Name, linked: true}
	if dt.Model {
		e.Methods = map[methodKey]*ir.Func{}
		e.modelNames = map[methodKey]string{}
		for _, m := range dt.Methods {
			e.Methods[methodKey{m.Pkg, m.Name, m.Sig}] = l.funcNamed(m.Func)
			e.modelNames[methodKey{m.Pkg, m.Name, m.Sig}] = m.Func
		}
	} else {
		imp := &importedType{methods: map[methodKey]*ir.Func{}, names: map[methodKey]string{}, comparable: dt.Comparable, eqName: dt.Eq, descName: dt.Desc, kind: dt.Kind}
		for _, m := range dt.Methods {
			if m.Func != "" {
				imp.names[methodKey{m.Pkg, m.Name, m.Sig}] = m.Func
			}
		}
		e.Imported = imp
	}
	l.dyn.byID[e.ID] = e
	l.info.Types = append(l.info.Types, e)
}

// wakeTypes adds to the table the dormant dynamic types that a function
// of r mentions, with the code of their methods, and reports whether it
// added any: a type only code the program never runs puts in interfaces
// is not one its interface calls must dispatch on.
func (l *lowerer) wakeTypes(r reach) bool {
	if len(l.link.dormant) == 0 {
		return false
	}
	names := make(map[string]bool, len(r.funcs))
	for f := range r.funcs {
		names[f.Name] = true
	}
	var woken []int64
	for id, d := range l.link.dormant {
		for _, m := range d.dt.Makers {
			if names[m] {
				woken = append(woken, id)
				break
			}
		}
	}
	slices.Sort(woken)
	for _, id := range woken {
		d := l.link.dormant[id]
		delete(l.link.dormant, id)
		if l.dyn.byID[id] != nil {
			continue
		}
		if debugLink {
			fmt.Fprintf(os.Stderr, "  wake %s\n", d.dt.Name)
		}
		p := l.pkg(d.pkg)
		for _, m := range d.dt.Methods {
			if m.Func != "" {
				l.linkFunc(m.Func, p.ownerIn(m.Func))
			}
		}
		for _, h := range []string{d.dt.Eq, d.dt.Desc} {
			if h != "" {
				l.linkFunc(h, p.ownerIn(h))
			}
		}
		l.addLinkedType(d.dt)
	}
	return len(woken) > 0
}

// refreshImportedTypes points the imported dynamic types at the program's
// functions of their methods' names, now that more code is linked.
func (l *lowerer) refreshImportedTypes() {
	for _, e := range l.info.Types {
		for k, name := range e.modelNames {
			e.Methods[k] = l.funcNamed(name)
		}
		imp := e.Imported
		if imp == nil {
			continue
		}
		for k, name := range imp.names {
			imp.methods[k] = l.funcNamed(name)
		}
		imp.eq, imp.desc = l.funcNamed(imp.eqName), l.funcNamed(imp.descName)
	}
}

// lateFor makes this program's late function for an imported one's
// recipe; decl is the imported declaration (its signature).
func (l *lowerer) lateFor(late summaries.Late, decl *ir.Func) (*ir.Func, error) {
	switch late.Kind {
	case "invoke":
		var params []*ir.Type
		for _, p := range decl.Params[1:] {
			params = append(params, p.Typ)
		}
		m := late.Method
		return l.dispatcherFor(methodKey{m.Pkg, m.Name, m.Sig}, params, decl.Result, nil), nil
	case "implements":
		var keys []methodKey
		for _, m := range late.Methods {
			keys = append(keys, methodKey{m.Pkg, m.Name, m.Sig})
		}
		return l.implementsFor("imported", keys), nil
	case "rt.ifaceeq", "rt.panicdesc":
		return l.lateFunc(late.Kind), nil
	case "ikey":
		kt := decl.Result
		return l.late("ikey", "rt.ikey", kt, []any{"v", l.tIface}, l.genIkey), nil
	case "ikeyval":
		return l.late("ikeyval", "rt.ikeyval", l.tIface, []any{"k", decl.Params[0].Typ}, l.genIkeyVal), nil
	case "errors.Is", "errors.Unwrap":
		lib := l.opts.Conc.(*concLowering).lib
		if late.Kind == "errors.Is" {
			return lib.isFunc(l), nil
		}
		return lib.unwrapFunc(l), nil
	}
	if f := l.modelLate(late.Kind); f != nil {
		return f, nil
	}
	return nil, fmt.Errorf("unknown late function kind %q", late.Kind)
}

// linkedFunc returns the IR function that runs fn, a function this program
// does not lower from a body or a model, from another package's lowered
// code: when lowering for export, a declaration of it if its package has
// code (Uses says which); otherwise its linked definition (nil if that
// code does not have it). A package's init is a declaration both ways,
// linked only if the program reaches more of its package (linkPending).
func (l *lowerer) linkedFunc(fn *ssa.Function) *ir.Func {
	if l.lowersBody(fn) || l.extern(fn) != nil {
		return nil
	}
	return l.linkedCode(fn, fn.String())
}

// linkedCode is linkedFunc's answer whether or not fn has a model: the
// code named name that fn's package's facts carry for it (fn.String() for
// its code, or for a model's stub; see stubExported).
func (l *lowerer) linkedCode(fn *ssa.Function, name string) *ir.Func {
	if l.link.avail == nil || len(fn.TypeArgs()) > 0 {
		return nil
	}
	pkg := funcPkg(fn)
	if pkg == nil || !l.available(pkg.Path()) {
		return nil
	}
	if l.opts.Export != "" || fn.Synthetic == "package initializer" {
		if f := l.funcNamed(name); f != nil {
			return f
		}
		f := l.funcDecl(fn, name)
		if l.opts.Export != "" {
			l.link.uses[name] = pkg.Path()
		} else {
			l.link.owner[name] = pkg.Path()
		}
		return f
	}
	if l.linkFunc(name, pkg.Path()) {
		return l.link.funcs[name]
	}
	return nil
}

// funcPkg is the package that defines fn (its origin's, for an instance).
func funcPkg(fn *ssa.Function) *types.Package {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg
	}
	if obj := fn.Object(); obj != nil {
		return obj.Pkg()
	}
	return nil
}

// sharedGlobal returns the global of a fixed name that linked code may
// use too, making it if needed.
func (l *lowerer) sharedGlobal(name string, t *ir.Type) *ir.Global {
	if g := l.prog.Global(name); g != nil {
		return g
	}
	g := &ir.Global{Name: name, Elem: t}
	l.names[name] = true
	l.prog.Globals = append(l.prog.Globals, g)
	return g
}

// prune drops the functions the program's entries do not reach (most of
// the linked packages' code), once the program is complete.
func (l *lowerer) prune() {
	if len(l.link.entries) == 0 {
		return
	}
	r := l.reachable()
	kept := l.prog.Funcs[:0]
	for _, f := range l.prog.Funcs {
		if r.funcs[f] {
			kept = append(kept, f)
		}
	}
	clear(l.prog.Funcs[len(kept):])
	l.prog.Funcs = kept
}

var debugLink = os.Getenv("KISS_DEBUG_LINK") != ""

var debugParents = func() map[string]string {
	if os.Getenv("KISS_DEBUG_LINK") != "" {
		return map[string]string{}
	}
	return nil
}()

// trustBodies marks p's bodies as verified (Build's ir.VerifyTrusting skips
// them): p verified on its own when it was parsed. A definition the
// program already had is left a declaration in p by the link, and has no
// body to mark.
func (l *lowerer) trustBodies(p *ir.Program) {
	for _, f := range p.Funcs {
		if len(f.Blocks) > 0 {
			l.link.sound[f.Blocks[0]] = true
		}
	}
}
