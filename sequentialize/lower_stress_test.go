package sequentialize

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestLowerStdlib lowers every function of some standard packages built
// from source: refusals are fine, internal errors and ill-formed IR are not.
func TestLowerStdlib(t *testing.T) {
	pkgsEnv := os.Getenv("KISS_STRESS")
	if pkgsEnv == "" {
		t.Skip("set KISS_STRESS to a list of packages")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, strings.Fields(pkgsEnv)...)
	if err != nil {
		t.Fatal(err)
	}
	prog, ssaPkgs := ssautil.AllPackages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	refusals := map[string]int{}
	for _, p := range ssaPkgs {
		l := newLowerer(prog, lowerOptions{})
		var fns []*ssa.Function
		for _, m := range p.Members {
			if fn, ok := m.(*ssa.Function); ok {
				fns = append(fns, fn)
			}
		}
		for _, m := range p.Members {
			if ty, ok := m.(*ssa.Type); ok {
				ms := prog.MethodSets.MethodSet(ty.Type())
				for i := 0; i < ms.Len(); i++ {
					if fn := prog.MethodValue(ms.At(i)); fn != nil {
						fns = append(fns, fn)
					}
				}
			}
		}
		for _, fn := range fns {
			if _, err := l.LowerFunc(fn); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Errorf("%v", err)
			}
		}
		_, err := l.Program()
		for _, e := range strings.Split(errString(err), "\n") {
			if i := strings.Index(e, "kiss does not model "); i >= 0 {
				r := e[i:]
				if j := strings.Index(r, " yet"); j >= 0 {
					r = r[:j]
				}
				refusals[r]++
			} else if e != "" && !strings.Contains(e, "unsupported construct") {
				t.Errorf("%s", e)
			}
		}
		l.IRProgram().Funcs = append(l.IRProgram().Funcs, &ir.Func{Name: ir.Entry, Blocks: []*ir.Block{{Name: "entry", Instrs: []*ir.Instr{{Op: ir.OpRet}}}}})
		if err := ir.Verify(l.IRProgram()); err != nil {
			s := err.Error()
			if len(s) > 3000 {
				s = s[:3000]
			}
			t.Errorf("%s: Verify: %s", p.Pkg.Path(), s)
		}
	}
	var keys []string
	for k := range refusals {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return refusals[keys[i]] > refusals[keys[j]] })
	for _, k := range keys {
		t.Logf("%5d %s", refusals[k], k)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
