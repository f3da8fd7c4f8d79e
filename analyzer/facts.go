package kiss

import (
	"fmt"
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/summaries"
)

// loweredFact is the package fact kiss exports: the lowered code of the
// package and of the packages it imports that have some (package facts
// reach only direct importers, so each carries its dependencies'), each
// once, a package after those it imports.
type loweredFact struct {
	Pkgs []*summaries.Lowered
}

func (*loweredFact) AFact() {}

func (f *loweredFact) String() string {
	n := 0
	for _, p := range f.Pkgs {
		n += len(p.IR)
	}
	return fmt.Sprintf("lowered code of %d package(s), %d bytes of IR", len(f.Pkgs), n)
}

// importedCode collects the lowered code of the packages pass's package
// imports, from their facts.
func importedCode(pass *analysis.Pass) []*summaries.Lowered {
	var out []*summaries.Lowered
	seen := map[string]bool{}
	for _, imp := range pass.Pkg.Imports() {
		var f loweredFact
		if !pass.ImportPackageFact(imp, &f) {
			continue
		}
		for _, p := range f.Pkgs {
			if !seen[p.Path] {
				seen[p.Path] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// exportCode lowers the package's code for its importers and exports it
// with its dependencies' as the package's fact. Standard library packages
// export none: kiss models what it needs of them (summaries/).
func exportCode(pass *analysis.Pass, pkg *ssa.Package, deps []*summaries.Lowered, cfg *Config) {
	if standard(pass) || pass.Pkg.Name() == "main" {
		return // main packages have no importers
	}
	own, err := sequentialize.Export(pkg, deps)
	if err != nil {
		note(cfg, "%s: its code is not available to its importers: %s", pass.Pkg.Path(), oneLine(err))
		return
	}
	f := &loweredFact{Pkgs: append(append([]*summaries.Lowered(nil), deps...), own)}
	pass.ExportPackageFact(f)
	if cfg.Stats {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: exported %d function(s) (%d not lowered), %d bytes of IR; with its dependencies, %s\n",
			pass.Pkg.Path(), own.Funcs, len(own.Failed), len(own.IR), f)
	}
}

// standard reports whether the package is in the standard library (its
// files are under GOROOT).
func standard(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	file := pass.Fset.File(pass.Files[0].Pos())
	if file == nil {
		return false
	}
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(file.Name(), root)
}
