package summaries

import (
	"errors"
	"go/build"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gokiss/kiss/ir"
)

// linked parses every model file and links them into one program.
func linked(t *testing.T) *ir.Program {
	t.Helper()
	all := &ir.Program{}
	files := Files()
	if len(files) < 4 {
		t.Fatalf("only %d model files", len(files))
	}
	for _, f := range files {
		p, err := ir.Parse(f.Name, f.Src)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := ir.Link(all, p); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	return all
}

// Every model parses, and the registry names functions and types the
// models define.
func TestModelsParseAndRegistryResolves(t *testing.T) {
	all := linked(t)
	for _, m := range Models() {
		if m.Impl != InIR {
			continue
		}
		fn := all.Func(m.IR)
		if fn == nil || fn.Blocks == nil {
			t.Errorf("%s: model @%s is not defined", m.Func, m.IR)
			continue
		}
		// Models take the Go arguments and then the position.
		if last := fn.Params[len(fn.Params)-1]; last.Typ.Kind != ir.KindString || !strings.Contains(last.Name, "pos") {
			t.Errorf("@%s: last parameter %s is not the position", m.IR, last)
		}
	}
	for _, tm := range TypeModels() {
		found := false
		for _, ty := range all.Types {
			found = found || ty.Name == tm.IR
		}
		if !found {
			t.Errorf("%s: model type $%s is not declared", tm.Go, tm.IR)
		}
	}
}

// Every entry is well formed, and Lookup finds it.
func TestRegistryEntries(t *testing.T) {
	ms := Models()
	if len(ms) < 250 {
		t.Fatalf("only %d models", len(ms))
	}
	for _, m := range ms {
		switch {
		case m.Doc == "":
			t.Errorf("%s: no doc", m.Func)
		case m.Impl != InIR && m.Impl != InGo:
			t.Errorf("%s: no implementation kind", m.Func)
		case (m.Impl == InIR) != (m.IR != ""):
			t.Errorf("%s: implemented in %s with IR function %q", m.Func, m.Impl, m.IR)
		case m.Calls == Never && (m.CallArg != NoArg || m.CallsMethods):
			t.Errorf("%s: calls nothing, yet CallArg %d, CallsMethods %v", m.Func, m.CallArg, m.CallsMethods)
		case m.Calls == OnGoroutine && !m.Spawns:
			t.Errorf("%s: calls its argument on a goroutine it does not start", m.Func)
		}
		if got, ok := Lookup(m.Func); !ok || got.Func != m.Func {
			t.Errorf("Lookup(%q) = %v, %v", m.Func, got, ok)
		}
	}
	if _, ok := Lookup("(*sync.Mutex).Lock"); !ok {
		t.Error("no model of (*sync.Mutex).Lock")
	}
	if _, ok := Lookup("encoding/xml.Marshal"); ok {
		t.Error("a model of encoding/xml.Marshal")
	}
	for _, tm := range TypeModels() {
		if got, ok := LookupType(tm.Go); !ok || got != tm {
			t.Errorf("LookupType(%q) = %v, %v", tm.Go, got, ok)
		}
	}
}

// effects are what the IR of a model does, followed through the calls of
// other model functions (not into the goroutines it starts).
type effects struct{ visible, blocks, syncs, spawns, callsValue bool }

func irEffects(f *ir.Func, seen map[*ir.Func]bool, e *effects) {
	if seen[f] {
		return
	}
	seen[f] = true
	switch f.Name { // the runtime's, declared by the model files
	case "rt.yield", "rt.gosched":
		e.visible = true
	case "rt.park", "rt.parkd":
		e.blocks = true
	case "rt.spawn":
		e.spawns = true
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.Op {
			case ir.OpCall:
				if g := in.Callee(); g != nil {
					irEffects(g, seen, e)
				} else {
					e.callsValue = true
				}
			case ir.OpObserve:
				if c, ok := in.Args[0].(*ir.Const); ok && in.Name == "race" && strings.HasPrefix(c.Str, "hb.") {
					e.syncs = true
				}
			}
		}
	}
}

// What the registry says of a model implemented in IR is what its IR does.
func TestRegistryEffectsOfIRModels(t *testing.T) {
	all := linked(t)
	for _, m := range Models() {
		fn := all.Func(m.IR)
		if m.Impl != InIR || fn == nil {
			continue
		}
		var e effects
		irEffects(fn, map[*ir.Func]bool{}, &e)
		want := effects{m.Visible, m.Blocks, m.Syncs, m.Spawns, m.Calls != Never}
		if e != want {
			t.Errorf("%s: the registry says %+v, @%s does %+v", m.Func, want, m.IR, e)
		}
		if m.CallArg != NoArg {
			if m.CallArg >= len(fn.Params) || fn.Params[m.CallArg].Typ.Kind != ir.KindStruct {
				t.Errorf("%s: argument %d of @%s is not a func value", m.Func, m.CallArg, m.IR)
			}
		}
	}
}

// Every model of the standard library is of a Go function that exists, and
// an IR model takes as many arguments as the Go function, and the position.
func TestRegistryNamesGoFunctions(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the standard library from source")
	}
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	all := linked(t)
	for _, m := range Models() {
		if !m.Standard() {
			continue // testify's: the analyzer's tests run them on a copy of its API
		}
		fn, err := goFunc(imp, m.Func)
		if err != nil {
			t.Errorf("%s: %v", m.Func, err)
			continue
		}
		sig := fn.Type().(*types.Signature)
		n := sig.Params().Len()
		if sig.Recv() != nil {
			n++
		}
		if m.CallArg >= n {
			t.Errorf("%s: calls argument %d of %d", m.Func, m.CallArg, n)
		}
		if m.Impl == InIR {
			if f := all.Func(m.IR); f != nil && len(f.Params) != n+1 {
				t.Errorf("%s: @%s takes %d parameters, not the %d arguments and the position", m.Func, m.IR, len(f.Params), n)
			}
		}
	}
	for _, tm := range TypeModels() {
		dot := strings.LastIndex(tm.Go, ".")
		pkg, err := imp.Import(tm.Go[:dot])
		if err != nil {
			t.Errorf("%s: %v", tm.Go, err)
			continue
		}
		if _, ok := pkg.Scope().Lookup(tm.Go[dot+1:]).(*types.TypeName); !ok {
			t.Errorf("%s: no such type", tm.Go)
		}
	}
}

// linknamePushed finds the function of pkg that a //go:linkname directive
// of its source gives name (the runtime's legacy_fastrand is
// runtime.fastrand, which packages still link to).
func linknamePushed(pkg *types.Package, name string) (*types.Func, error) {
	bp, err := build.Import(pkg.Path(), "", build.FindOnly)
	if err != nil {
		return nil, err
	}
	files, _ := filepath.Glob(filepath.Join(bp.Dir, "*.go"))
	re := regexp.MustCompile(`(?m)^//go:linkname (\w+) ` + regexp.QuoteMeta(name) + `$`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if m := re.FindSubmatch(data); m != nil {
			if fn, ok := pkg.Scope().Lookup(string(m[1])).(*types.Func); ok {
				return fn, nil
			}
		}
	}
	return nil, errNotFound
}

// goFunc finds the function or method ssa names name ("pkg.F", "(*pkg.T).M",
// "(pkg.T[P]).M"; a method may be promoted).
func goFunc(imp types.Importer, name string) (*types.Func, error) {
	recv, meth, isMethod := strings.Cut(strings.TrimPrefix(name, "("), ").")
	if !isMethod {
		slash := strings.LastIndex(name, "/")
		dot := slash + 1 + strings.Index(name[slash+1:], ".")
		pkg, err := imp.Import(name[:dot])
		if err != nil {
			return nil, err
		}
		if f, ok := pkg.Scope().Lookup(name[dot+1:]).(*types.Func); ok {
			return f, nil
		}
		return linknamePushed(pkg, name)
	}
	ptr := strings.HasPrefix(recv, "*")
	recv = strings.TrimPrefix(recv, "*")
	if i := strings.Index(recv, "["); i >= 0 {
		recv = recv[:i]
	}
	dot := strings.LastIndex(recv, ".")
	pkg, err := imp.Import(recv[:dot])
	if err != nil {
		return nil, err
	}
	tn, ok := pkg.Scope().Lookup(recv[dot+1:]).(*types.TypeName)
	if !ok {
		return nil, errNotFound
	}
	var typ types.Type = tn.Type()
	if ptr {
		typ = types.NewPointer(typ)
	}
	obj, _, _ := types.LookupFieldOrMethod(typ, false, pkg, meth)
	if f, ok := obj.(*types.Func); ok {
		return f, nil
	}
	return nil, errNotFound
}

var errNotFound = errors.New("no such function in the standard library")

// Standard tells the standard library's models from testify's, go-spew's
// and goleak's.
func TestStandard(t *testing.T) {
	for _, m := range Models() {
		name := strings.TrimLeft(m.Func, "(*") // (a method's receiver)
		module := strings.HasPrefix(name, "github.com/stretchr/testify/") || strings.HasPrefix(name, "github.com/davecgh/go-spew/") || strings.HasPrefix(name, "go.uber.org/goleak.")
		if m.Standard() == module {
			t.Errorf("%s: Standard() = %v", m.Func, m.Standard())
		}
	}
}
