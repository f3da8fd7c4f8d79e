package sequentialize

import (
	"context"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gokiss/kiss/analyzer/kisstest"
	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/smt"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// seqPackage is a testdata package built into SSA, as the analyzer sees one:
// the package from source, its dependencies from export data (no bodies).
type seqPackage struct {
	pkg   *ssa.Package
	files []*ast.File
	err   error
}

var seqCache sync.Map // dir -> *seqPackage

func moduleRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// loadSeq loads testdata/src/seq/<name>.
func loadSeq(t testing.TB, name string) *ssa.Package { return loadSeqFiles(t, name).pkg }

func loadSeqFiles(t testing.TB, name string) *seqPackage {
	t.Helper()
	v, _ := seqCache.LoadOrStore(name, &seqPackage{})
	sp := v.(*seqPackage)
	if sp.pkg == nil && sp.err == nil {
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
				packages.NeedTypesInfo | packages.NeedImports | packages.NeedTypesSizes,
			Dir: moduleRoot(t),
		}
		pkgs, err := packages.Load(cfg, "./testdata/src/seq/"+name)
		if err == nil && packages.PrintErrors(pkgs) > 0 {
			err = errorf("errors loading %s", name)
		}
		if err != nil {
			sp.err = err
		} else {
			prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics|ssa.SanityCheckFunctions)
			prog.Build()
			sp.pkg, sp.files = ssaPkgs[0], pkgs[0].Syntax
		}
	}
	if sp.err != nil {
		t.Fatal(sp.err)
	}
	return sp
}

// roots returns the package's exported functions without parameters or
// results (the roots of seq/*), sorted.
func roots(pkg *ssa.Package) []*ssa.Function {
	var fns []*ssa.Function
	for name, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if ok && ast.IsExported(name) && fn.TypeParams().Len() == 0 && fn.Signature.Params().Len() == 0 && fn.Signature.Results().Len() == 0 {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Name() < fns[j].Name() })
	return fns
}

// lowerRoot lowers root's sequential program and checks it is well formed.
func lowerRoot(t *testing.T, root *ssa.Function) (*ir.Program, *lowerInfo) {
	t.Helper()
	prog, info, err := buildSequential(root, testOptions(root.Pkg))
	if err != nil {
		t.Fatalf("BuildSequential(%s): %v", root.Name(), err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("Verify(%s):\n%v\n%s", root.Name(), err, prog)
	}
	return prog, info
}

// testOptions models errors.New as returning a fresh *myErr of the
// package, if it has that type: enough for err != nil.
func testOptions(pkg *ssa.Package) lowerOptions {
	obj := pkg.Pkg.Scope().Lookup("myErr")
	if obj == nil {
		return lowerOptions{}
	}
	errType := types.NewPointer(obj.Type())
	return lowerOptions{Externs: map[string]externFunc{
		"errors.New": func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			return l.MakeInterface(b, b.Alloc(l.Type(obj.Type()), nil), errType), nil
		},
	}}
}

// seqPackages are the testdata packages of roots.
var seqPackages = []string{"basic", "more"}

func TestLowerVerifies(t *testing.T) {
	for _, name := range seqPackages {
		for _, root := range roots(loadSeq(t, name)) {
			t.Run(name+"/"+root.Name(), func(t *testing.T) {
				prog, _ := lowerRoot(t, root)
				text := prog.String()
				back, err := ir.Parse(root.Name()+".ir", []byte(text))
				if err != nil {
					t.Fatalf("Parse(Print(p)): %v\n%s", err, text)
				}
				if again := back.String(); again != text {
					t.Errorf("Print(Parse(Print(p))) differs from Print(p)")
				}
				if testing.Verbose() && root.Name() == os.Getenv("KISS_DUMP") {
					t.Logf("\n%s", text)
				}
			})
		}
	}
}

// checkRun runs a sequential program of seq/hooks and checks its panics
// against the want comments named name in the package's files (see
// internal/want): each panic ("panic: " and its value), at the line of its
// trace event, must match one, and each must be matched. The exploration
// must be complete.
func checkRun(t *testing.T, prog *ir.Program, name string) {
	t.Helper()
	sp := loadSeqFiles(t, "hooks")
	all := kisstest.New()
	if err := all.Go(sp.pkg.Prog.Fset, sp.files...); err != nil {
		t.Fatal(err)
	}
	wants := all.Select(name)
	dir := filepath.Dir(sp.pkg.Prog.Fset.Position(sp.files[0].Pos()).Filename)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := smt.Run(ctx, prog, smt.Options{MaxCost: -1, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("smt.Run: %v", err)
	}
	for _, e := range res.Errors {
		t.Errorf("IR runtime error: %v", e)
	}
	if !res.Stats.Complete {
		t.Errorf("exploration incomplete: %v", res.Stats.Cuts)
	}
	for _, v := range res.Violations {
		pos, msg := v.Pos, v.Kind+": "+v.Message
		for _, ev := range v.Trace {
			if ev.Name == "panic" && len(ev.Args) > 0 {
				pos, msg = ev.Pos, "panic: "+ev.Args[0].Str
			}
		}
		file, line, ok := fileLine(pos)
		if !ok {
			t.Errorf("violation without a position: %v; trace %v", v, v.Trace)
			continue
		}
		if err := wants.Check(filepath.Join(dir, file), line, "", msg); err != nil {
			t.Errorf("%v; trace %v", err, v.Trace)
		}
	}
	for _, err := range wants.Unmet() {
		t.Error(err)
	}
}

// fileLine splits "file.go:line:col".
func fileLine(pos string) (string, int, bool) {
	parts := strings.Split(pos, ":")
	if len(parts) < 2 {
		return "", 0, false
	}
	line, err := strconv.Atoi(parts[1])
	return parts[0], line, err == nil
}
