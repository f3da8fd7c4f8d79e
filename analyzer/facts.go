package kiss

import (
	"bytes"
	"compress/gzip"
	"encoding/gob"
	"fmt"
	"go/build"
	"io"
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

// The IR text is most of a fact and compresses about sevenfold.
type wireLowered struct {
	summaries.Lowered
	IRZ []byte
}

func (f *loweredFact) GobEncode() ([]byte, error) {
	wire := make([]wireLowered, len(f.Pkgs))
	for i, p := range f.Pkgs {
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		io.WriteString(w, p.IR)
		if err := w.Close(); err != nil {
			return nil, err
		}
		wire[i].Lowered, wire[i].IRZ = *p, z.Bytes()
		wire[i].IR = ""
	}
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(wire)
	return buf.Bytes(), err
}

func (f *loweredFact) GobDecode(data []byte) error {
	var wire []wireLowered
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&wire); err != nil {
		return err
	}
	f.Pkgs = make([]*summaries.Lowered, len(wire))
	for i := range wire {
		r, err := gzip.NewReader(bytes.NewReader(wire[i].IRZ))
		if err != nil {
			return err
		}
		text, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		p := wire[i].Lowered
		p.IR = string(text)
		f.Pkgs[i] = &p
	}
	return nil
}

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
	if standard(pass) || pass.Pkg.Name() == "main" || strings.HasSuffix(pass.Pkg.Name(), "_test") {
		return // main and external test packages have no importers
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
