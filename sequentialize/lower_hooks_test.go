package sequentialize

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/kisstest"
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

func hooksRoot(t *testing.T, name string) *ssa.Function {
	fn, _ := loadSeq(t, "hooks").Members[name].(*ssa.Function)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	return fn
}

// TestLowerRefusals: each refusal names the function, and is wanted
// (refused:"...") at the line its position names.
func TestLowerRefusals(t *testing.T) {
	sp := loadSeqFiles(t, "hooks")
	all := kisstest.New()
	if err := all.Go(sp.pkg.Prog.Fset, sp.files...); err != nil {
		t.Fatal(err)
	}
	wants := all.Select("refused")
	dir := filepath.Dir(sp.pkg.Prog.Fset.Position(sp.files[0].Pos()).Filename)
	at := regexp.MustCompile(`\b(hooks\.go:\d+):\d+`)
	for _, root := range []string{"GoSync", "InterfaceKeys"} {
		_, _, err := buildSequential(hooksRoot(t, root), lowerOptions{})
		if err == nil || !strings.Contains(err.Error(), "hooks."+root) {
			t.Errorf("%s: got error %v, want one naming the function", root, err)
			continue
		}
		m := at.FindStringSubmatch(err.Error())
		if m == nil {
			t.Errorf("%s: error without a position: %v", root, err)
			continue
		}
		file, line, _ := fileLine(m[1])
		if err := wants.Check(filepath.Join(dir, file), line, "", err.Error()); err != nil {
			t.Errorf("%s: %v", root, err)
		}
	}
	for _, err := range wants.Unmet() {
		t.Error(err)
	}
}

func TestLowerHookPanics(t *testing.T) {
	opts := lowerOptions{Externs: map[string]externFunc{
		"math/rand.Int": func(*lowerer, *builder, *ssa.CallCommon, []ir.Value, string) (ir.Value, error) {
			var m map[string]int
			m["boom"] = 1 // a bug in a model must not crash kiss
			return nil, nil
		},
	}}
	_, _, err := buildSequential(hooksRoot(t, "CallsRand"), opts)
	if err == nil || !strings.Contains(err.Error(), "hooks.CallsRand: internal error in the lowering") {
		t.Errorf("got %v, want an internal error naming hooks.CallsRand", err)
	}
}

func TestLowerUnknown(t *testing.T) {
	_, info, err := buildSequential(hooksRoot(t, "CallsRand"), lowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Unknown) != 1 || info.Unknown[0] != "math/rand.Int" {
		t.Errorf("Unknown = %v, want [math/rand.Int]", info.Unknown)
	}
}

// syncConc lowers goroutines as plain calls made at the go statement and
// channels as objects whose receives yield unknown values: enough to test
// the hooks' plumbing.
type syncConc struct{ calls []string }

func (c *syncConc) Go(b *builder, in *ssa.Go) error {
	c.calls = append(c.calls, "go")
	fn, args, err := b.CallTarget(&in.Call, b.CallOperands(&in.Call))
	if err != nil {
		return err
	}
	b.CallTo(nil, fn, args...)
	b.CheckPanicking()
	return nil
}

func (c *syncConc) MakeChan(b *builder, in *ssa.MakeChan) (ir.Value, error) {
	c.calls = append(c.calls, "make")
	return b.Alloc(ir.I64, nil), nil
}

func (c *syncConc) Send(b *builder, in *ssa.Send) error {
	c.calls = append(c.calls, "send")
	b.Value(in.X)
	return nil
}

func (c *syncConc) Recv(b *builder, in *ssa.UnOp) (ir.Value, error) {
	c.calls = append(c.calls, "recv")
	return b.Lowerer().Unknown(b, in.Type()), nil
}

func (c *syncConc) Select(b *builder, in *ssa.Select) (ir.Value, error) {
	c.calls = append(c.calls, "select")
	return b.Lowerer().Unknown(b, in.Type()), nil
}

func (c *syncConc) Close(b *builder, call *ssa.CallCommon, ch ir.Value) error {
	c.calls = append(c.calls, "close")
	return nil
}

func (c *syncConc) Len(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	c.calls = append(c.calls, "len")
	return ir.IntConst(ir.I64, 0), nil
}

func (c *syncConc) Cap(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	c.calls = append(c.calls, "cap")
	return ir.IntConst(ir.I64, 1), nil
}

func TestLowerConcHooks(t *testing.T) {
	conc := &syncConc{}
	prog, _, err := buildSequential(hooksRoot(t, "GoSync"), lowerOptions{Conc: conc})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("%v\n%s", err, prog)
	}
	if got, want := strings.Join(conc.calls, " "), "make go recv recv len cap close send"; got != want {
		t.Errorf("hooks called: %s, want %s", got, want)
	}
	checkRun(t, prog, "")
}

func TestLowerUnknownInterfaces(t *testing.T) {
	root := hooksRoot(t, "UnknownErrors")
	for _, on := range []bool{false, true} {
		prog, info, err := buildSequential(root, lowerOptions{UnknownInterfaces: on})
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("%v\n%s", err, prog)
		}
		if len(info.Unknown) != 1 || info.Unknown[0] != "strconv.Atoi" {
			t.Errorf("Unknown = %v", info.Unknown)
		}
		// Off, errors are nil: the error path is dead.
		checkRun(t, prog, map[bool]string{true: "unknownInterfaces"}[on])
	}
}

func TestLowerUnknownFuncs(t *testing.T) {
	root := hooksRoot(t, "UnknownFuncs")
	for _, on := range []bool{false, true} {
		prog, info, err := buildSequential(root, lowerOptions{UnknownFuncs: on})
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("%v\n%s", err, prog)
		}
		want := "context.Background context.WithCancel strconv.AppendInt"
		if got := strings.Join(info.Unknown, " "); got != want {
			t.Errorf("Unknown = %s, want %s", got, want)
		}
		// Off, cancel is nil and calling it panics.
		checkRun(t, prog, map[bool]string{false: "noUnknownFuncs"}[on])
	}
}

func TestLowerTypeOverrides(t *testing.T) {
	mutex := ir.Named("mutex", ir.Struct(ir.Bool))
	var lockArgs []ir.Value
	opts := lowerOptions{
		Types: map[string]*ir.Type{"sync.Mutex": mutex},
		Externs: map[string]externFunc{
			"(*sync.Mutex).Lock": func(l *lowerer, b *builder, c *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
				lockArgs = args
				b.Store(b.Field(args[0], 0), ir.BoolConst(true))
				return nil, nil
			},
		},
	}
	prog, info, err := buildSequential(hooksRoot(t, "Guarded"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("%v\n%s", err, prog)
	}
	if len(lockArgs) != 1 || lockArgs[0].Type().Kind != ir.KindPtr {
		t.Errorf("Lock's model got %v", lockArgs)
	}
	if got := strings.Join(info.Unknown, " "); got != "(*sync.Mutex).Unlock" {
		t.Errorf("Unknown = %s", got)
	}
	var guarded *ir.Type
	for _, ty := range prog.Types {
		if ty.Name == "hooks.guarded" {
			guarded = ty
		}
	}
	if guarded == nil || !ir.Identical(guarded, ir.Struct(ir.Struct(ir.Bool), ir.I64)) {
		t.Errorf("hooks.guarded is %v, want {{bool}, i64}", guarded)
	}
	checkRun(t, prog, "")
}

func TestLowerRootParams(t *testing.T) {
	prog, _, err := buildSequential(hooksRoot(t, "WithParams"), lowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRun(t, prog, "params")
}

func TestLowerUnknownGlobals(t *testing.T) {
	root := hooksRoot(t, "ExternGlobals")
	for _, on := range []bool{false, true} {
		prog, _, err := buildSequential(root, lowerOptions{UnknownGlobals: on})
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("%v\n%s", err, prog)
		}
		// Off, io.EOF is nil: equal to a nil error.
		checkRun(t, prog, map[bool]string{false: "noUnknownGlobals"}[on])
	}
}

func TestLowerBodies(t *testing.T) {
	root := hooksRoot(t, "WithParams")
	opts := lowerOptions{Bodies: func(fn *ssa.Function) bool { return fn != root }}
	prog, info, err := buildSequential(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatal(err)
	}
	if len(info.Unknown) != 1 || !strings.HasSuffix(info.Unknown[0], "hooks.WithParams") {
		t.Errorf("Unknown = %v, want the root", info.Unknown)
	}
	checkRun(t, prog, "")
}

// The runtime and models verify on their own, so that each build takes
// their bodies as verified (ir.VerifyTrusting) and checks only the rest.
func TestRuntimeVerifiesOnItsOwn(t *testing.T) {
	prog, err := runtimeParsed()
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.VerifyPart(prog); err != nil {
		t.Fatal(err)
	}
	if !runtimeSound() {
		t.Fatal("runtimeSound is false")
	}
}
