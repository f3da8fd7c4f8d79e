package sequentialize

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/gokiss/kiss/smt"
)

// TestLayoutIsGos checks that the byte layout the IR types carry is Go's:
// every field's offset and every type's size, scalars included (their
// sizes are the IR's own), for the types Go values map to.
func TestLayoutIsGos(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	field := func(name string, t types.Type) *types.Var { return types.NewField(token.NoPos, pkg, name, t, false) }
	inner := types.NewStruct([]*types.Var{field("x", types.Typ[types.Bool]), field("y", types.Typ[types.Int16])}, nil)
	fields := []*types.Var{
		field("i8", types.Typ[types.Int8]), field("i64", types.Typ[types.Int]), field("u32", types.Typ[types.Uint32]),
		field("s", types.Typ[types.String]), field("b", types.Typ[types.Bool]), field("sl", types.NewSlice(types.Typ[types.Int])),
		field("f32", types.Typ[types.Float32]), field("e", types.NewInterfaceType(nil, nil)),
		field("fn", types.NewSignatureType(nil, nil, nil, nil, nil, false)), field("p", types.NewPointer(types.Typ[types.Int])),
		field("m", types.NewMap(types.Typ[types.Int], types.Typ[types.Int])), field("c", types.NewChan(types.SendRecv, types.Typ[types.Int])),
		field("up", types.Typ[types.UnsafePointer]), field("uptr", types.Typ[types.Uintptr]), field("f64", types.Typ[types.Float64]),
		field("arr", types.NewArray(inner, 3)), field("in", inner), field("empty", types.NewStruct(nil, nil)),
		field("u8", types.Typ[types.Uint8]), field("z", types.NewArray(types.Typ[types.Int], 0)),
	}
	st := types.NewStruct(fields, nil)
	l := newLowerer(nil, lowerOptions{})
	var check func(gt types.Type)
	check = func(gt types.Type) {
		it := l.Type(gt)
		if n, ok := it.Size(); !ok || n != goSizes.Sizeof(gt) {
			t.Errorf("%s: IR size %d (%v), Go's %d", gt, n, ok, goSizes.Sizeof(gt))
		}
		s, ok := gt.Underlying().(*types.Struct)
		if !ok {
			return
		}
		vars := make([]*types.Var, s.NumFields())
		for i := range vars {
			vars[i] = s.Field(i)
		}
		for i, want := range goSizes.Offsetsof(vars) {
			if off, ok := it.Offset(i); !ok || off != want {
				t.Errorf("%s: field %d at %d (%v) in the IR, %d in Go", gt, i, off, ok, want)
			}
			check(vars[i].Type())
		}
	}
	check(st)
	check(types.NewArray(st, 2))
	// Slices, interfaces and funcs are whole: their IR fields are not Go's.
	for _, gt := range []types.Type{fields[5].Type(), fields[7].Type(), fields[8].Type()} {
		if _, ok := l.Type(gt).Offset(0); ok {
			t.Errorf("%s: the IR's fields have offsets", gt)
		}
	}
	if cutUnsafeAddr != smt.CutUnsafeAddr {
		t.Errorf("the lowering cuts %q, the executor's reason is %q", cutUnsafeAddr, smt.CutUnsafeAddr)
	}
}
