package sequentialize

import (
	"context"
	"time"

	"github.com/gokiss/kiss/smt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gokiss/kiss/ir"
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

// roots returns the package's functions named Ok* and Bad*, sorted.
func roots(pkg *ssa.Package) []*ssa.Function {
	var fns []*ssa.Function
	for name, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && (strings.HasPrefix(name, "Ok") || strings.HasPrefix(name, "Bad")) {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Name() < fns[j].Name() })
	return fns
}

// lowerRoot lowers root's sequential program and checks it is well formed.
func lowerRoot(t *testing.T, root *ssa.Function) (*ir.Program, *Info) {
	t.Helper()
	prog, info, err := BuildSequential(root, testOptions(root.Pkg))
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
func testOptions(pkg *ssa.Package) LowerOptions {
	obj := pkg.Pkg.Scope().Lookup("myErr")
	if obj == nil {
		return LowerOptions{}
	}
	errType := types.NewPointer(obj.Type())
	return LowerOptions{Externs: map[string]ExternFunc{
		"errors.New": func(l *Lowerer, b *Builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
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

// wantPanicPos returns "file.go:line" of the "// want panic" comment in
// fn, or "" if it has none.
func wantPanicPos(sp *seqPackage, fn *ssa.Function) string {
	fset := fn.Prog.Fset
	syn := fn.Syntax()
	if syn == nil {
		return ""
	}
	start, end := fset.Position(syn.Pos()), fset.Position(syn.End())
	for _, f := range sp.files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				p := fset.Position(c.Pos())
				if strings.Contains(c.Text, "want panic") && p.Filename == start.Filename && p.Line >= start.Line && p.Line <= end.Line {
					return filepath.Base(p.Filename) + ":" + itoa(p.Line) + ":"
				}
			}
		}
	}
	return ""
}

// TestLowerRun runs the lowered roots: Ok* roots must have no violation,
// Bad* roots a panic at their "// want panic" line.
func TestLowerRun(t *testing.T) {
	for _, name := range seqPackages {
		sp := loadSeqFiles(t, name)
		for _, root := range roots(sp.pkg) {
			t.Run(name+"/"+root.Name(), func(t *testing.T) {
				prog, _ := lowerRoot(t, root)
				checkRun(t, prog, strings.HasPrefix(root.Name(), "Bad"), wantPanicPos(sp, root))
			})
		}
	}
}

func checkRun(t *testing.T, prog *ir.Program, wantPanic bool, wantPos string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := smt.Run(ctx, prog, smt.Options{MaxCost: -1, Timeout: 30 * time.Second, MaxViolations: 1})
	if err != nil {
		t.Fatalf("smt.Run: %v", err)
	}
	for _, e := range res.Errors {
		t.Errorf("IR runtime error: %v", e)
	}
	if !wantPanic {
		for _, v := range res.Violations {
			t.Errorf("unexpected violation %v; trace %v", v, v.Trace)
		}
		if !res.Stats.Complete {
			t.Errorf("exploration incomplete: %v", res.Stats.Cuts)
		}
		return
	}
	if len(res.Violations) == 0 {
		t.Fatalf("no violation; stats %+v", res.Stats)
	}
	v := res.Violations[0]
	if v.Kind != "panic" {
		t.Errorf("violation kind %q, want panic: %v", v.Kind, v)
	}
	var pos string
	for _, ev := range v.Trace {
		if ev.Name == "panic" {
			pos = ev.Pos
		}
	}
	if !strings.HasPrefix(pos, wantPos) {
		t.Errorf("panic at %q, want %s; trace %v", pos, wantPos, v.Trace)
	}
}
