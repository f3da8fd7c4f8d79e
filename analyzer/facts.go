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

// loweredFact is the package fact kiss exports: the package's own code
// lowered to kiss's IR, and the packages its importers may have to link
// with it (package facts reach only direct importers, so each names its
// dependencies' code). In memory the dependencies are the code itself; on
// the wire (go vet's fact files), each is a reference into the store
// (store.go), where every package's code is written once, so a fact
// carries its own code only.
type loweredFact struct {
	Own  *summaries.Lowered
	Deps []*summaries.Lowered // each once, possibly stubs (Lowered.Stub) to fetch from the store
}

func (*loweredFact) AFact() {}

// wireLowered is a package's code on the wire: the IR text is most of it
// and compresses about sevenfold.
type wireLowered struct {
	summaries.Lowered
	IRZ []byte
}

type wireFact struct {
	Own  wireLowered
	Refs []ref // dependencies in the store
	// Inline are dependencies the store could not take (it is not
	// writable): carried whole instead.
	Inline []wireLowered
}

type ref struct{ Path, Hash string }

func (f *loweredFact) GobEncode() ([]byte, error) {
	own, err := toWire(f.Own)
	if err != nil {
		return nil, err
	}
	w := wireFact{Own: own}
	st := codeStore()
	if st != nil {
		if err := st.put(f.Own); err != nil {
			st = nil
		}
	}
	for _, d := range f.Deps {
		if st != nil && (d.Stub() || st.put(d) == nil) {
			w.Refs = append(w.Refs, ref{d.Path, d.Hash})
			continue
		}
		if d.Stub() {
			continue // in a store this process cannot write: its importers cannot have it either
		}
		wl, err := toWire(d)
		if err != nil {
			return nil, err
		}
		w.Inline = append(w.Inline, wl)
	}
	var buf bytes.Buffer
	err = gob.NewEncoder(&buf).Encode(w)
	return buf.Bytes(), err
}

func (f *loweredFact) GobDecode(data []byte) error {
	var w wireFact
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	own, err := fromWire(w.Own)
	if err != nil {
		return err
	}
	f.Own, f.Deps = own, nil
	for _, r := range w.Refs {
		f.Deps = append(f.Deps, &summaries.Lowered{Path: r.Path, Hash: r.Hash})
	}
	for _, wl := range w.Inline {
		d, err := fromWire(wl)
		if err != nil {
			return err
		}
		f.Deps = append(f.Deps, d)
	}
	return nil
}

func toWire(l *summaries.Lowered) (wireLowered, error) {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	io.WriteString(w, l.IR)
	if err := w.Close(); err != nil {
		return wireLowered{}, err
	}
	wl := wireLowered{Lowered: *l, IRZ: z.Bytes()}
	wl.IR = ""
	return wl, nil
}

func fromWire(wl wireLowered) (*summaries.Lowered, error) {
	r, err := gzip.NewReader(bytes.NewReader(wl.IRZ))
	if err != nil {
		return nil, err
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	l := wl.Lowered
	l.IR = string(text)
	return &l, nil
}

func (f *loweredFact) String() string {
	return fmt.Sprintf("lowered code of %d package(s), %d bytes of IR", len(f.Deps)+1, len(f.Own.IR))
}

// importedCode collects the lowered code pass's package may link: its
// imports' own and what each names, each package once.
func importedCode(pass *analysis.Pass) []*summaries.Lowered {
	var out []*summaries.Lowered
	seen := map[string]bool{}
	add := func(l *summaries.Lowered) {
		if !seen[l.Path] {
			seen[l.Path] = true
			out = append(out, l)
		}
	}
	for _, imp := range pass.Pkg.Imports() {
		var f loweredFact
		if !pass.ImportPackageFact(imp, &f) {
			continue
		}
		add(f.Own)
	}
	for _, imp := range pass.Pkg.Imports() {
		var f loweredFact
		if !pass.ImportPackageFact(imp, &f) {
			continue
		}
		for _, d := range f.Deps {
			add(d)
		}
	}
	return out
}

// fetchCode gets the code of a dependency given by reference.
func fetchCode(l *summaries.Lowered) (*summaries.Lowered, error) {
	st := codeStore()
	if st == nil {
		return nil, fmt.Errorf("kiss's store of lowered code is not at hand (%s)", storeProblem)
	}
	return st.get(l.Path, l.Hash)
}

// exportCode lowers the package's code for its importers and exports it,
// with its dependencies' (by reference), as the package's fact. Standard library packages
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
	f := &loweredFact{Own: own, Deps: deps}
	pass.ExportPackageFact(f)
	if cfg.Stats {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: exported %d function(s) (%d not lowered), %d bytes of IR; its importers may link the code of %d more package(s)\n",
			pass.Pkg.Path(), own.Funcs, len(own.Failed), len(own.IR), len(deps))
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
