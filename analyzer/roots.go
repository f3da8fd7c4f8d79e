package kiss

import (
	"go/ast"
	"go/doc"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gokiss/kiss/sequentialize"
)

// roots returns the scenarios of a package, in source order: tests,
// benchmarks, examples, main, and parameterless functions that start
// goroutines.
func roots(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	if strings.HasSuffix(pkg.Pkg.Path(), ".test") {
		return nil // the main package go test generates
	}
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Blocks == nil || fn.TypeParams().Len() > 0 {
			continue
		}
		if isRoot(fn) {
			out = append(out, fn)
		}
	}
	// Methods that start goroutines and take no parameters besides the
	// receiver are not roots: their receiver is an input kiss does not
	// invent yet.
	// Source order by file name and offset, not by Pos alone: a loader
	// that parses files side by side (go/packages) numbers them in any
	// order, and the roots a used-up budget skips are the last ones.
	sort.Slice(out, func(i, j int) bool {
		pi, pj := out[i].Prog.Fset.Position(out[i].Pos()), out[j].Prog.Fset.Position(out[j].Pos())
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		return pi.Offset < pj.Offset
	})
	return out
}

func isRoot(fn *ssa.Function) bool {
	sig := fn.Signature
	name := fn.Name()
	file := ""
	if p := fn.Prog.Fset.Position(fn.Pos()); p.IsValid() {
		file = p.Filename
	}
	inTest := strings.HasSuffix(file, "_test.go")
	switch {
	case inTest && sequentialize.IsTestName(name, "Test") && takesOne(sig, "testing", "T"):
		return true
	case inTest && sequentialize.IsTestName(name, "Benchmark") && takesOne(sig, "testing", "B"):
		return true
	case inTest && sequentialize.IsTestName(name, "Example") && sig.Params().Len() == 0 && sig.Results().Len() == 0:
		return true
	case name == "main" && fn.Pkg.Pkg.Name() == "main" && sig.Params().Len() == 0:
		return true
	case name == "init" || strings.HasPrefix(name, "init#"):
		return false
	}
	return sig.Params().Len() == 0 && sig.Recv() == nil && startsGoroutines(fn)
}

// isTestRoot reports whether fn is a test, benchmark or example: a root
// whose return is the end of the scenario (leaks are judged there).
func isTestRoot(fn *ssa.Function) bool {
	for _, prefix := range []string{"Test", "Benchmark", "Example"} {
		if sequentialize.IsTestName(fn.Name(), prefix) {
			return isRoot(fn) && strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, "_test.go")
		}
	}
	return false
}

func takesOne(sig *types.Signature, pkg, name string) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	ptr, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == pkg && named.Obj().Name() == name
}

// startsGoroutines reports whether fn or a function literal inside it has a
// go statement.
func startsGoroutines(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.Go); ok {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if startsGoroutines(anon) {
			return true
		}
	}
	return false
}

// examplesRun returns the examples of files that go test runs: those with
// an output comment (the others it compiles only, and a schedule of one
// could not be replayed).
func examplesRun(files []*ast.File) map[string]bool {
	run := map[string]bool{}
	for _, ex := range doc.Examples(files...) {
		if ex.Output != "" || ex.EmptyOutput {
			run["Example"+ex.Name] = true
		}
	}
	return run
}
