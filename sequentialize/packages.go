package sequentialize

import "go/types"

// ModelPackages are the packages whose SSA members (os.Stdout, time.Now,
// strconv's errors and formatting) the models link by path, when the
// program holds them: a driver that creates only the packages a package's
// code names must create these too when they are among its imports,
// directly or not. Models that need only a package's types find them
// through the imports (stdTypes).
var ModelPackages = []string{"os", "time", "strconv"}

// stdTypes is the package of the path among home's imports, transitively,
// or nil: a model's types (runtime.PanicNilError, testing.T) are there
// whether or not the SSA program has a package for them.
func (l *lowerer) stdTypes(path string) *types.Package {
	if l.closure == nil {
		l.closure = map[string]*types.Package{}
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			if _, ok := l.closure[p.Path()]; ok {
				return
			}
			l.closure[p.Path()] = p
			for _, q := range p.Imports() {
				walk(q)
			}
		}
		if l.opts.Home != nil {
			walk(l.opts.Home)
		}
		if l.SSA != nil {
			for _, p := range l.SSA.AllPackages() {
				walk(p.Pkg)
			}
		}
	}
	return l.closure[path]
}
