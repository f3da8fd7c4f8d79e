package kiss

import (
	"bytes"
	"compress/gzip"
	"encoding/gob"
	"fmt"
	"go/build"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

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

type wireFact struct {
	OwnHash string
	Own     []byte // the package's own code (packed)
	Refs    []ref  // dependencies in the store
	// Inline are dependencies the store could not take (it is not
	// writable), carried whole instead (packed).
	Inline [][]byte
}

type ref struct{ Path, Hash string }

// wireLowered is a package's code with its maps as sorted lists: a fact's
// encoding must be the same every time.
type wireLowered struct {
	summaries.Lowered
	ChunkList []namedText
	UseList   []namedText
}

type namedText struct{ Name, Text string }

// packed and unpacked keep the wire form of each package's code made or
// read in this process: a driver may encode and decode a fact once per
// package that imports it (checker's sanity checks do), and the code is
// the same every time.
var packed, unpacked sync.Map // *summaries.Lowered -> []byte; hash -> *summaries.Lowered

// pack is l's wire form: gzip of the gob of wireLowered (IR text
// compresses about sevenfold).
func pack(l *summaries.Lowered) ([]byte, error) {
	if b, ok := packed.Load(l); ok {
		return b.([]byte), nil
	}
	w := wireLowered{Lowered: *l}
	w.Chunks, w.Uses = nil, nil
	for _, k := range slices.Sorted(maps.Keys(l.Chunks)) {
		w.ChunkList = append(w.ChunkList, namedText{k, l.Chunks[k]})
	}
	for _, k := range slices.Sorted(maps.Keys(l.Uses)) {
		w.UseList = append(w.UseList, namedText{k, l.Uses[k]})
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := gob.NewEncoder(zw).Encode(w); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	packed.Store(l, buf.Bytes())
	return buf.Bytes(), nil
}

func unpack(data []byte) (*summaries.Lowered, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var w wireLowered
	if err := gob.NewDecoder(zr).Decode(&w); err != nil {
		return nil, err
	}
	if l, ok := unpacked.Load(w.Hash); ok && w.Hash != "" {
		return l.(*summaries.Lowered), nil
	}
	l := w.Lowered
	l.Chunks = make(map[string]string, len(w.ChunkList))
	for _, c := range w.ChunkList {
		l.Chunks[c.Name] = c.Text
	}
	l.Uses = make(map[string]string, len(w.UseList))
	for _, u := range w.UseList {
		l.Uses[u.Name] = u.Text
	}
	if l.Hash != "" {
		unpacked.Store(l.Hash, &l)
		packed.Store(&l, data)
	}
	return &l, nil
}

func (f *loweredFact) GobEncode() ([]byte, error) {
	own, err := pack(f.Own)
	if err != nil {
		return nil, err
	}
	w := wireFact{OwnHash: f.Own.Hash, Own: own}
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
		b, err := pack(d)
		if err != nil {
			return nil, err
		}
		w.Inline = append(w.Inline, b)
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
	if l, ok := unpacked.Load(w.OwnHash); ok && w.OwnHash != "" {
		f.Own = l.(*summaries.Lowered)
	} else {
		own, err := unpack(w.Own)
		if err != nil {
			return err
		}
		f.Own = own
	}
	f.Deps = nil
	for _, b := range w.Inline {
		d, err := unpack(b)
		if err != nil {
			return err
		}
		f.Deps = append(f.Deps, d)
	}
	for _, r := range w.Refs {
		f.Deps = append(f.Deps, &summaries.Lowered{Path: r.Path, Hash: r.Hash, Ref: true})
	}
	return nil
}

func (f *loweredFact) String() string {
	return fmt.Sprintf("lowered code of %d function(s), %d bytes of IR", len(f.Own.Chunks), f.Own.Size())
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
		return nil, fmt.Errorf("kiss's store of lowered code is not at hand (%s)", storeProblem())
	}
	return st.get(l.Path, l.Hash)
}

// exportCode lowers the package's code for its importers and exports it,
// with its dependencies' (by reference), as the package's fact, and
// returns it (nil when it has none to export). The standard library's
// packages export theirs like any other: a test runs the library as
// written, but for the calls the models stand for.
func exportCode(pass *analysis.Pass, pkg *ssa.Package, deps []*summaries.Lowered, cfg *Config) *summaries.Lowered {
	if !exports(pass) {
		return nil
	}
	own, err := sequentialize.Export(pkg, deps)
	if err == nil && testHookLowered != nil {
		testHookLowered(pass.Pkg.Path(), own.Hash)
	}
	if err != nil {
		note(cfg, "%s: its code is not available to its importers: %s", pass.Pkg.Path(), oneLine(err))
		return nil
	}
	publish(pass, own, deps, cfg)
	return own
}

// exports reports whether pass's package has code for importers: main and
// external test packages have none; nor has an empty one.
func exports(pass *analysis.Pass) bool {
	return pass.Pkg.Name() != "main" && !strings.HasSuffix(pass.Pkg.Name(), "_test") && len(pass.Files) != 0
}

// publish exports own, lowered from pass's files, as the package's fact.
func publish(pass *analysis.Pass, own *summaries.Lowered, deps []*summaries.Lowered, cfg *Config) {
	own.Files = nil
	for _, f := range pass.Files {
		if name := pass.Fset.File(f.Pos()).Name(); filepath.IsAbs(name) {
			own.Files = append(own.Files, name)
		}
	}
	f := &loweredFact{Own: own, Deps: deps}
	pass.ExportPackageFact(f)
	// (Only when some of its code could not be lowered: kiss ./... analyses
	// a hundred or two packages for a module's tests, the standard
	// library's and the dependencies', and their lines buried the roots'
	// statistics.)
	if cfg.Stats && len(own.Failed) > 0 {
		fmt.Fprintf(cfg.stderr(), "kiss: %s: exported %d function(s) (%d not lowered), %d bytes of IR; its importers may link the code of %d more package(s)\n",
			pass.Pkg.Path(), own.Funcs, len(own.Failed), own.Size(), len(deps))
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

// lowerable reports whether kiss lowers package p's code: not the
// runtime's and the packages below it, whose code is the machine the
// models stand for (scheduling, memory, the hardware), nor the packages
// the models stand for as a whole.
func lowerable(p *types.Package) bool {
	path := p.Path()
	switch path {
	case "runtime", "unsafe", "internal/abi", "internal/cpu", "internal/goarch", "internal/goos",
		"internal/race", "internal/msan", "internal/asan", "internal/goexperiment", "internal/bytealg":
		return false
	case "context", "testing", "reflect":
		// Modelled as a whole (summaries): their own code would run
		// beside the models on the same values.
		return false
	}
	return !strings.HasPrefix(path, "runtime/internal/") && !strings.HasPrefix(path, "internal/runtime/")
}
