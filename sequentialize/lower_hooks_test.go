package sequentialize

import (
	"path/filepath"
	"strings"
	"testing"

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

// mark returns "hooks.go:line:" of the line marked "// mark: what".
func mark(t *testing.T, what string) string {
	for _, f := range loadSeqFiles(t, "hooks").files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if c.Text == "// mark: "+what {
					p := loadSeq(t, "hooks").Prog.Fset.Position(c.Pos())
					return filepath.Base(p.Filename) + ":" + itoa(p.Line) + ":"
				}
			}
		}
	}
	t.Fatalf("no mark %q", what)
	return ""
}

func TestLowerRefusals(t *testing.T) {
	for _, tc := range []struct{ root, want string }{
		{"GoSync", "unsupported construct: make(chan) at " + mark(t, "make")},
		{"InterfaceKeys", "kiss does not model maps with keys that hold interfaces (map[hooks.pair]int) yet (" + mark(t, "map")},
		{"UnsafeArith", "kiss does not model converting unsafe.Pointer to uintptr yet (" + mark(t, "unsafe")},
	} {
		_, _, err := BuildSequential(hooksRoot(t, tc.root), LowerOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "hooks."+tc.root) {
			t.Errorf("%s: got error %v, want one naming the function and %q", tc.root, err, tc.want)
		}
	}
}

func TestLowerHookPanics(t *testing.T) {
	opts := LowerOptions{Externs: map[string]ExternFunc{
		"math/rand.Int": func(*Lowerer, *Builder, *ssa.CallCommon, []ir.Value, string) (ir.Value, error) {
			var m map[string]int
			m["boom"] = 1 // a bug in a model must not crash kiss
			return nil, nil
		},
	}}
	_, _, err := BuildSequential(hooksRoot(t, "CallsRand"), opts)
	if err == nil || !strings.Contains(err.Error(), "hooks.CallsRand: internal error in the lowering") {
		t.Errorf("got %v, want an internal error naming hooks.CallsRand", err)
	}
}

func TestLowerUnknown(t *testing.T) {
	_, info, err := BuildSequential(hooksRoot(t, "CallsRand"), LowerOptions{})
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

func (c *syncConc) Go(b *Builder, in *ssa.Go) error {
	c.calls = append(c.calls, "go")
	fn, args, err := b.CallTarget(&in.Call, b.CallOperands(&in.Call))
	if err != nil {
		return err
	}
	b.CallTo(nil, fn, args...)
	b.CheckPanicking()
	return nil
}

func (c *syncConc) MakeChan(b *Builder, in *ssa.MakeChan) (ir.Value, error) {
	c.calls = append(c.calls, "make")
	return b.Alloc(ir.I64, nil), nil
}

func (c *syncConc) Send(b *Builder, in *ssa.Send) error {
	c.calls = append(c.calls, "send")
	b.Value(in.X)
	return nil
}

func (c *syncConc) Recv(b *Builder, in *ssa.UnOp) (ir.Value, error) {
	c.calls = append(c.calls, "recv")
	return b.Lowerer().Unknown(b, in.Type()), nil
}

func (c *syncConc) Select(b *Builder, in *ssa.Select) (ir.Value, error) {
	c.calls = append(c.calls, "select")
	return b.Lowerer().Unknown(b, in.Type()), nil
}

func (c *syncConc) Close(b *Builder, call *ssa.CallCommon, ch ir.Value) error {
	c.calls = append(c.calls, "close")
	return nil
}

func (c *syncConc) Len(b *Builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	c.calls = append(c.calls, "len")
	return ir.IntConst(ir.I64, 0), nil
}

func (c *syncConc) Cap(b *Builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error) {
	c.calls = append(c.calls, "cap")
	return ir.IntConst(ir.I64, 1), nil
}

func TestLowerConcHooks(t *testing.T) {
	conc := &syncConc{}
	prog, _, err := BuildSequential(hooksRoot(t, "GoSync"), LowerOptions{Conc: conc})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("%v\n%s", err, prog)
	}
	if got, want := strings.Join(conc.calls, " "), "make go recv recv len cap close send"; got != want {
		t.Errorf("hooks called: %s, want %s", got, want)
	}
	checkRun(t, prog, false, "")
}

func TestLowerUnknownInterfaces(t *testing.T) {
	root := hooksRoot(t, "UnknownErrors")
	for _, on := range []bool{false, true} {
		prog, info, err := BuildSequential(root, LowerOptions{UnknownInterfaces: on})
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
		checkRun(t, prog, on, mark(t, "error path"))
	}
}

func TestLowerUnknownFuncs(t *testing.T) {
	root := hooksRoot(t, "UnknownFuncs")
	for _, on := range []bool{false, true} {
		prog, info, err := BuildSequential(root, LowerOptions{UnknownFuncs: on})
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
		checkRun(t, prog, !on, mark(t, "cancel"))
	}
}

func TestLowerTypeOverrides(t *testing.T) {
	mutex := ir.Named("mutex", ir.Struct(ir.Bool))
	var lockArgs []ir.Value
	opts := LowerOptions{
		Types: map[string]*ir.Type{"sync.Mutex": mutex},
		Externs: map[string]ExternFunc{
			"(*sync.Mutex).Lock": func(l *Lowerer, b *Builder, c *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
				lockArgs = args
				b.Store(b.Field(args[0], 0), ir.BoolConst(true))
				return nil, nil
			},
		},
	}
	prog, info, err := BuildSequential(hooksRoot(t, "Guarded"), opts)
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
	checkRun(t, prog, false, "")
}

func TestLowerRootParams(t *testing.T) {
	prog, _, err := BuildSequential(hooksRoot(t, "WithParams"), LowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRun(t, prog, true, mark(t, "params"))
}

func TestLowerUnknownGlobals(t *testing.T) {
	root := hooksRoot(t, "ExternGlobals")
	for _, on := range []bool{false, true} {
		prog, _, err := BuildSequential(root, LowerOptions{UnknownGlobals: on})
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("%v\n%s", err, prog)
		}
		// Off, io.EOF is nil: equal to a nil error.
		checkRun(t, prog, !on, mark(t, "eof"))
	}
}

func TestLowerBodies(t *testing.T) {
	root := hooksRoot(t, "WithParams")
	opts := LowerOptions{Bodies: func(fn *ssa.Function) bool { return fn != root }}
	prog, info, err := BuildSequential(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatal(err)
	}
	if len(info.Unknown) != 1 || !strings.HasSuffix(info.Unknown[0], "hooks.WithParams") {
		t.Errorf("Unknown = %v, want the root", info.Unknown)
	}
	checkRun(t, prog, false, "")
}
