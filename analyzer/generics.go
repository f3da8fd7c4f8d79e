package kiss

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/summaries"
)

// Generic code of other packages runs as written, instantiated where it is
// used. A package's lowered code cannot hold the instances its importers
// will need, and a driver such as go vet gives a package only the export
// data of its imports, where generic functions have no bodies. So when the
// package instantiates another package's generic functions or types, kiss
// type-checks that package again from its source (its fact names its
// files; the standard library's are in GOROOT), and the package itself
// against it, and builds the SSA of both: the instances the package uses
// get bodies. The lowering makes them here and links every other function
// of those packages from their lowered code as usual; the IR names
// functions and types by their Go names, so the source's objects and the
// export data's are the same to it.
//
// The package is type-checked against the imports it already has but for
// the packages with generic code. If that fails (a value passed between a
// package of the export data and one checked from source, say), the
// packages that import the generic code are checked from source as well
// (widen); if it fails still, kiss falls back to the package as the driver
// gave it, and other packages' generic code stays unknown there.

// genericUniverse is the packages a package is checked against again.
type genericUniverse struct {
	pass    *analysis.Pass
	known   map[string]*types.Package // the driver's, by path
	files   func(path string) []string
	source  map[string]bool            // the packages to check from source
	checked map[string]*checkedPackage // those checked
	err     error
}

type checkedPackage struct {
	pkg   *types.Package
	files []*ast.File
	info  *types.Info
}

// buildSSAWithGenerics builds pass's package with generics instantiated;
// when it instantiates other packages' generic code, against a universe
// where those packages are checked from source. note says why not, when
// it could not.
func buildSSAWithGenerics(pass *analysis.Pass, deps []*summaries.Lowered) (prog *ssa.Program, pkg *ssa.Package, note string) {
	want := foreignGenerics(pass.Pkg, pass.TypesInfo)
	if len(want) == 0 {
		prog, pkg = buildSSA(pass)
		return prog, pkg, ""
	}
	dir := ""
	if len(pass.Files) > 0 {
		dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	}
	files := sourceFiles(deps, dir)
	u := &genericUniverse{pass: pass, known: map[string]*types.Package{}, files: files, source: map[string]bool{}}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if _, ok := u.known[p.Path()]; ok {
			return
		}
		u.known[p.Path()] = p
		for _, q := range p.Imports() {
			walk(q)
		}
	}
	walk(pass.Pkg)
	for _, p := range want {
		u.source[p] = true
	}
	// Checking a package from source finds the generic code it uses in
	// turn: check again with those too, a few times at most.
	var self *checkedPackage
	widened := false
	for checks := 4; checks > 0; checks-- {
		u.checked, u.err = sourceChecked.get(pass.Fset, u.source), nil
		self = u.checkSelf()
		sourceChecked.put(pass.Fset, u.source, u.checked)
		if u.err != nil {
			if widened || !u.widen() {
				break
			}
			widened, checks = true, checks+1 // (a check again, not a round of growth)
			continue
		}
		grew := false
		for _, c := range u.checked {
			for _, p := range foreignGenerics(c.pkg, c.info) {
				if !u.source[p] {
					u.source[p], grew = true, true
				}
			}
		}
		if !grew {
			break
		}
	}
	if u.err != nil || self == nil {
		prog, pkg = buildSSA(pass)
		return prog, pkg, fmt.Sprintf("generic code of %v is unknown here: %v", want, u.err)
	}
	prog = ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
	// The instances built here run the code of the packages checked from
	// source: what theirs names is needed too.
	need := map[*types.Package]bool{}
	neededPackages(need, self.pkg, self.info)
	for _, c := range u.checked {
		neededPackages(need, c.pkg, c.info)
	}
	createImports(prog, self.pkg, need, func(p *types.Package) ([]*ast.File, *types.Info) {
		if c := u.checked[p.Path()]; c != nil && c.pkg == p {
			return c.files, c.info
		}
		return nil, nil
	})
	pkg = prog.CreatePackage(self.pkg, self.files, self.info, false)
	pkg.Build()
	return prog, pkg, ""
}

// widen adds to the packages checked from source the driver's packages
// that import one of them, directly or through others, and reports
// whether it added any. Those include the packages checked from source only
// because the driver's export data of them was incomplete (crypto/hkdf's
// tests see hash so: sha256.New's hash.Hash was the export data's and
// hkdf's the source's). Such a
// package's export data speaks of the driver's package, not of the one
// checked from source: a value the package passes between the two does
// not type-check (go/token's external test instantiates a generic helper
// of go/token's own tests and hands a *token.FileSet to go/parser, whose
// export data has the driver's go/token). Checked from source, the
// dependent speaks of the source's. kiss does this only once the check
// has failed: most packages that instantiate slices' generics import
// other packages that import slices, and checking all of those again
// would cost more than the instances are worth. A failure of another kind
// widens too, and then falls back after the extra checks; so does a
// package between the two that has no source at hand (a cgo one of std).
func (u *genericUniverse) widen() bool {
	reaches := map[*types.Package]bool{}
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if r, ok := reaches[p]; ok {
			return r
		}
		r := false
		for _, q := range p.Imports() {
			if u.source[q.Path()] || u.checked[q.Path()] != nil || visit(q) {
				r = true
			}
		}
		reaches[p] = r
		return r
	}
	added := false
	for path, p := range u.known {
		if p != u.pass.Pkg && !u.source[path] && visit(p) && len(u.files(path)) > 0 {
			u.source[path], added = true, true
		}
	}
	return added
}

// sourceChecked keeps, for the packages of one run (one file set), the
// packages checked from source by source set, so that the many packages
// instantiating slices' generics check slices once.
var sourceChecked = checkedCache{m: map[checkedKey]map[string]*checkedPackage{}}

type checkedCache struct {
	mu   sync.Mutex
	fset *token.FileSet // of the run the entries are of: a new run (kiss lsp's next) drops them
	m    map[checkedKey]map[string]*checkedPackage
}

type checkedKey struct {
	fset   *token.FileSet
	source string
}

func keyOf(fset *token.FileSet, source map[string]bool) checkedKey {
	paths := make([]string, 0, len(source))
	for p := range source {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return checkedKey{fset, strings.Join(paths, " ")}
}

// get returns a copy of what is known for the source set.
func (c *checkedCache) get(fset *token.FileSet, source map[string]bool) map[string]*checkedPackage {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := maps.Clone(c.m[keyOf(fset, source)])
	if m == nil {
		m = map[string]*checkedPackage{}
	}
	return m
}

func (c *checkedCache) put(fset *token.FileSet, source map[string]bool, checked map[string]*checkedPackage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fset != fset {
		c.fset, c.m = fset, map[checkedKey]map[string]*checkedPackage{}
	}
	k := keyOf(fset, source)
	if c.m[k] == nil {
		c.m[k] = map[string]*checkedPackage{}
	}
	for p, ch := range checked {
		if _, ok := c.m[k][p]; !ok {
			c.m[k][p] = ch
		}
	}
}

// checkSelf checks pass's files again in the universe.
func (u *genericUniverse) checkSelf() *checkedPackage {
	c, err := u.check(u.pass.Pkg.Path(), u.pass.Files, u.pass.Pkg.GoVersion())
	if err != nil {
		u.err = err
		return nil
	}
	return c
}

// Import gives the package of path in the universe: checked from source
// if it has generic code the others use, else the driver's.
func (u *genericUniverse) Import(path string) (*types.Package, error) {
	return u.ImportFrom(path, "", 0)
}

// ImportFrom is Import, path as written in a file of dir: the standard
// library imports its vendored packages by their own paths.
func (u *genericUniverse) ImportFrom(path, dir string, _ types.ImportMode) (*types.Package, error) {
	if u.known[path] == nil && u.checked[path] == nil && (u.known["vendor/"+path] != nil || u.checked["vendor/"+path] != nil) {
		path = "vendor/" + path
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if c := u.checked[path]; c != nil {
		return c.pkg, nil
	}
	// A package the driver's export data only mentions (iter, behind
	// slices' export data) is incomplete: go/types then leaves its name
	// undeclared in the files that import it ("undefined: iter"). Such a
	// package is checked from source too.
	if p := u.known[path]; p != nil && !u.source[path] && p.Complete() {
		return p, nil
	}
	names := u.files(path)
	if len(names) == 0 {
		return nil, fmt.Errorf("no source for %s", path)
	}
	var files []*ast.File
	for _, name := range names {
		f, err := parser.ParseFile(u.pass.Fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		keepBodies(f, u.source[path])
		files = append(files, f)
	}
	goVersion := ""
	if p := u.known[path]; p != nil {
		goVersion = p.GoVersion()
	}
	c, err := u.check(path, files, goVersion)
	if err != nil {
		return nil, err
	}
	return c.pkg, nil
}

func (u *genericUniverse) check(path string, files []*ast.File, goVersion string) (*checkedPackage, error) {
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: u, Sizes: u.pass.TypesSizes, GoVersion: goVersion, FakeImportC: true}
	self := path == u.pass.Pkg.Path()
	var first error
	conf.Error = func(err error) {
		if te, ok := err.(types.Error); ok && te.Soft && !self {
			return // an import only the bodies keepBodies dropped used
		}
		if first == nil {
			first = err
		}
	}
	pkg, _ := conf.Check(path, u.pass.Fset, files, info)
	if first != nil {
		return nil, fmt.Errorf("%s does not type-check against generic code from source: %v", path, first)
	}
	c := &checkedPackage{pkg: pkg, files: files, info: info}
	if !self {
		u.checked[path] = c
	}
	return c, nil
}

// keepBodies drops the bodies of f's functions that kiss does not need
// from source, then the imports only those bodies used (whose packages
// would be checked from source in turn when their export data is
// incomplete). A package with generic code the others use keeps its
// generic functions and the methods of its generic types; a package
// checked only because the driver's export data of it is incomplete (iter,
// behind slices) is there for its declarations, and keeps none. Their other
// functions are linked from the lowered code of their facts. Checking
// bodies was most of the cost: under go vet, 43% of kiss's time on
// golang.org/x/sync went to checking packages again, among them runtime
// (imported by iter's Pull) in every process that instantiated slices.
func keepBodies(f *ast.File, generic bool) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if generic && (fd.Type.TypeParams != nil ||
			fd.Recv != nil && len(fd.Recv.List) == 1 && genericReceiver(fd.Recv.List[0].Type)) {
			continue
		}
		fd.Body = nil
	}
	dropUnusedImports(f)
}

// dropUnusedImports removes f's imports whose name no qualified identifier
// of f uses (blank ones too: f is checked for its types, not run). An
// import whose package name is not its path's last element (nor the one
// before a major version suffix) may be dropped wrongly: the check then
// fails, and kiss falls back to the package as the driver gave it.
func dropUnusedImports(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	keep := func(spec *ast.ImportSpec) bool {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || path == "unsafe" || path == "C" {
			return true
		}
		if spec.Name != nil {
			return spec.Name.Name == "." || spec.Name.Name != "_" && used[spec.Name.Name]
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if i := strings.LastIndex(path, "/"); i > 0 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
			name = path[strings.LastIndex(path[:i], "/")+1 : i] // example.com/mod/v2
		}
		return !token.IsIdentifier(name) || used[name] // gopkg.in/yaml.v3: its name is not known here
	}
	drop := map[ast.Spec]bool{}
	for _, spec := range f.Imports {
		if !keep(spec) {
			drop[spec] = true
		}
	}
	f.Imports = slices.DeleteFunc(f.Imports, func(s *ast.ImportSpec) bool { return drop[s] })
	f.Decls = slices.DeleteFunc(f.Decls, func(d ast.Decl) bool {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			return false
		}
		gd.Specs = slices.DeleteFunc(gd.Specs, func(s ast.Spec) bool { return drop[s] })
		return len(gd.Specs) == 0
	})
}

// genericReceiver reports whether a method's receiver type expression
// names type parameters: T[K, V] or *T[E].
func genericReceiver(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true
		default:
			return false
		}
	}
}

// foreignGenerics lists the packages, other than pkg, whose generic
// functions or types info instantiates and whose code kiss runs: a
// function kiss models, or a generic type whose methods kiss models
// (atomic.Pointer) or has none (iter.Seq), needs no instance, and checking
// a package again from source costs as much as its first check. A type
// with methods kiss does not model counts where the package's code names
// it with type arguments, not only where it selects a method: the methods
// may be called through an interface (a *box.Box[int] held as an adder).
// sync names the HashTrieMap inside sync.Map only as a field's type, and
// its methods run only under Map's, which kiss models.
func foreignGenerics(pkg *types.Package, info *types.Info) []string {
	set := map[string]bool{}
	add := func(obj types.Object) {
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == pkg || !lowerable(obj.Pkg()) {
			return // the runtime's and the modelled packages' code does not run
		}
		set[obj.Pkg().Path()] = true
	}
	for id := range info.Instances {
		switch obj := info.Uses[id].(type) {
		case *types.Func:
			if _, modelled := summaries.Lookup(obj.Origin().FullName()); !modelled {
				add(obj)
			}
		case *types.TypeName:
			// An instance of a generic type whose methods may be called
			// through an interface, where no selection names them: one
			// named in a function's code (a composite literal, a var),
			// not only in a declared type (sync.Map's field).
			n, ok := types.Unalias(obj.Type()).(*types.Named)
			if !ok || !inFunc(pkg, id.Pos()) {
				continue
			}
			for m := range n.Origin().Methods() {
				if _, modelled := summaries.Lookup(genericMethodName(m)); !modelled {
					add(obj)
					break
				}
			}
		}
	}
	for _, sel := range info.Selections {
		fn, ok := sel.Obj().(*types.Func)
		if !ok || fn.Origin() == fn {
			continue // not a method of an instance
		}
		if _, modelled := summaries.Lookup(genericMethodName(fn.Origin())); !modelled {
			add(fn)
		}
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// inFunc reports whether pos is in the code of one of pkg's functions:
// below a file's scope.
func inFunc(pkg *types.Package, pos token.Pos) bool {
	s := pkg.Scope().Innermost(pos)
	return s != nil && s != pkg.Scope() && s.Parent() != pkg.Scope()
}

// genericMethodName is the name ssa gives the generic method m, as the
// models are named: "(*sync/atomic.Pointer[T]).Load".
func genericMethodName(m *types.Func) string {
	recv := m.Type().(*types.Signature).Recv().Type()
	ptr := ""
	if p, ok := recv.(*types.Pointer); ok {
		ptr, recv = "*", p.Elem()
	}
	n, ok := types.Unalias(recv).(*types.Named)
	if !ok {
		return m.FullName()
	}
	var params []string
	for tp := range n.TypeParams().TypeParams() {
		params = append(params, tp.Obj().Name())
	}
	return "(" + ptr + n.Obj().Pkg().Path() + "." + n.Obj().Name() + "[" + strings.Join(params, ", ") + "])." + m.Name()
}

// sourceFiles returns the Go files of a package: as its lowered code
// names them, or, for the standard library, in GOROOT. go vet keeps a
// package's facts by its files' contents, not their place: a module
// copied or moved elsewhere (a test's temporary directory) gets facts
// naming files that are gone. Those are looked for by name where the go
// command finds the package now, from dir (the package under analysis).
func sourceFiles(deps []*summaries.Lowered, dir string) func(path string) []string {
	byPath := map[string]*summaries.Lowered{}
	for _, d := range deps {
		byPath[d.Path] = d
	}
	return func(path string) []string {
		if d := byPath[path]; d != nil {
			if d.Stub() {
				if full, err := fetchCode(d); err == nil {
					d = full
				}
			}
			if len(d.Files) > 0 && allExist(d.Files) {
				return d.Files
			}
			if len(d.Files) > 0 && dir != "" {
				if bp, err := build.Default.Import(path, dir, build.FindOnly); err == nil && !bp.Goroot {
					moved := make([]string, len(d.Files))
					for i, f := range d.Files {
						moved[i] = filepath.Join(bp.Dir, filepath.Base(f))
					}
					if allExist(moved) {
						return moved
					}
				}
			}
		}
		bp, err := build.Default.Import(path, "", 0)
		if err != nil || !bp.Goroot || len(bp.CgoFiles) > 0 {
			return nil
		}
		var out []string
		for _, f := range bp.GoFiles {
			out = append(out, filepath.Join(bp.Dir, f))
		}
		return out
	}
}

func allExist(files []string) bool {
	return !slices.ContainsFunc(files, func(f string) bool {
		_, err := os.Stat(f)
		return err != nil
	})
}
