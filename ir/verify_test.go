package ir

import (
	"strings"
	"testing"
)

const verifyPrelude = `type $pair = {i64, ptr}
global @g i64

func @f(%x i64) i64 {
entry:
  ret %x
}

func @v() {
entry:
  ret
}
`

// inMain wraps instructions (at @main:entry:0 onwards) in a program with
// locals of many types.
func inMain(body string) string {
	return verifyPrelude + `
func @main() {
  var %a i64
  var %b i64
  var %i32 i32
  var %c bool
  var %u u8
  var %f f64
  var %s str
  var %p ptr
  var %fn func
  var %co co
  var %o opaque
  var %pr $pair
  var %ar [2]i64
  var %mg {i64, bool}
  var %rd {i32, i64}
entry:
` + body + `
  ret
}
`
}

func TestVerifyOK(t *testing.T) {
	for _, body := range []string{
		"  %a = add %a, %b\n  %c = lt %a, %b\n  %b = shl %a, %u\n  %i32 = shr %i32, %a",
		"  %c = and %c, true\n  %c = xor %c, %c\n  %c = eq %s, \"x\"\n  %c = ne %p, nil:ptr\n  %c = eq %fn, @f\n  %c = eq %o, %o\n  %c = eq %co, nil:co",
		"  %s = add %s, %s\n  %b = rem %a, %b\n  %f = div %f, %f",
		"  %f = conv %a\n  %u = conv %f\n  %s = conv %i32\n  %a = conv %u",
		"  %a = nondet\n  %f = nondet\n  %s = nondet\n  %o = nondet\n  %ar = nondet\n  %mg = nondet",
		"  %u = choose 3:i64\n  %a = choose %u",
		"  %a = call @f(%a)\n  call @f(1:i64)\n  call @v()\n  %a = call %fn(%c, %s)\n  %co = cocreate @f(%a)\n  resume %co\n  %c = codone %co",
		"  %pr = make %a, %p\n  %ar = make 1:i64, %b\n  %a = extract %pr, 0\n  %b = extract %ar, 1\n  %ar = insert %ar, 1, %a\n  %a = elem %ar, %u",
		"  %p = mapnew $pair, {i64, ptr}\n  %mg = mapget %p, %a\n  %pr = mapkey %p, %u",
		"  %rd = runedecode %s, %a\n  %u = strindex %s, %i32\n  %s = substr %s, %u, %a",
		"  %s = strview %p, %u\n  %p = strdata %s\n  %p = ptrcast %p, [2]$pair\n  %p = conv 4294967296:u64\n  %p = alloc {i64, ptr; size 16 offsets 0 8}",
		"  observe \"x\"\n  trace \"y\", %pr, %ar\n  cost 0",
	} {
		p := mustParse(t, "ok.ir", inMain(body))
		if err := Verify(p); err != nil {
			t.Errorf("Verify(%q):\n%v", body, err)
		}
	}
}

func TestVerifyErrors(t *testing.T) {
	tests := []struct {
		body string // instructions of @main, or a whole program if it starts with "func" or "global"
		want []string
	}{
		{"  %a = add %a, %i32", []string{"@main:entry:0: add: operands %a and %i32 have different types i64 and i32 [%a = add %a, %i32]"}},
		{"  %i32 = add %a, %b", []string{"@main:entry:0: add: destination %i32 is i32, want i64"}},
		{"  %a = lt %a, %b", []string{"@main:entry:0: lt: destination %a is i64, want bool"}},
		{"  %c = add %c, %c", []string{"@main:entry:0: add: operand 0 (%c) is bool, want integers, floats or strings"}},
		{"  %f = rem %f, %f", []string{"@main:entry:0: rem: operand 0 (%f) is f64, want integers"}},
		{"  %s = sub %s, %s", []string{"operand 0 (%s) is str, want integers or floats"}},
		{"  %c = lt %c, %c", []string{"operand 0 (%c) is bool, want integers, floats or strings"}},
		{"  %c = andnot %c, %c", []string{"operand 0 (%c) is bool, want integers"}},
		{"  %f = or %f, %f", []string{"operand 0 (%f) is f64, want integers or bools"}},
		{"  %c = eq %pr, %pr", []string{"eq: operands are $pair, want a scalar type (compare aggregates field by field)"}},
		{"  %a = shl %a, %c", []string{"shl: operand 1 (%c) is bool, want an integer shift count"}},
		{"  %f = shr %f, %a", []string{"shr: operand 0 (%f) is f64, want an integer"}},
		{"  %c = neg %c", []string{"neg: operand 0 (%c) is bool, want an integer or float"}},
		{"  %f = not %f", []string{"not: operand 0 (%f) is f64, want bool or an integer"}},
		{"  %a = copy %i32", []string{"copy: destination %a is i64, want i32"}},
		{"  %a = conv %s", []string{"conv: cannot convert str to i64 (allowed: int<->int, int<->float, float<->float, int->str, ptr<->u64)"}},
		{"  %c = conv %a", []string{"cannot convert i64 to bool"}},
		{"  %s = conv %f", []string{"cannot convert f64 to str"}},
		{"  %a = select %a, %a, %b", []string{"select: operand 0 (%a) is i64, want bool"}},
		{"  %a = select %c, %a, %i32", []string{"select: operands %a and %i32 have different types i64 and i32"}},
		{"  %p = nondet", []string{"nondet: destination %p is ptr, which contains a ptr, func or co: nondet cannot invent references"}},
		{"  %pr = nondet", []string{"destination %pr is $pair, which contains a ptr"}},
		{"  %c = choose 2:i64", []string{"choose: destination %c is bool, want an integer"}},
		{"  %a = choose %f", []string{"choose: operand 0 (%f) is f64, want an integer"}},
		{"  assume %a", []string{"assume: operand 0 (%a) is i64, want bool"}},
		{"  assert %a, k, \"m\"", []string{"assert: operand 0 (%a) is i64, want bool"}},
		{"  br %a, entry, entry", []string{"br: operand 0 (%a) is i64, want bool"}},
		{"  %a = alloc i64", []string{"alloc: destination %a is i64, want ptr"}},
		{"  %p = alloc i64, %f", []string{"alloc: operand 0 (%f) is f64, want an integer count"}},
		{"  %a = load %a", []string{"load: operand 0 (%a) is i64, want ptr"}},
		{"  store %a, 1:i64", []string{"store: operand 0 (%a) is i64, want ptr"}},
		{"  %a = field %p, 0", []string{"field: destination %a is i64, want ptr"}},
		{"  %p = field %pr, 0", []string{"field: operand 0 (%pr) is $pair, want ptr"}},
		{"  %p = index %p, %f", []string{"index: operand 1 (%f) is f64, want an integer index"}},
		{"  %c = len %p", []string{"len: destination %c is bool, want an integer"}},
		{"  %a = extract %pr, 2", []string{"extract: field 2 out of range: $pair has 2 fields"}},
		{"  %a = extract %ar, 2", []string{"extract: element 2 out of range: [2]i64 has 2 elements"}},
		{"  %a = extract %pr, 1", []string{"extract: destination %a is i64, want ptr"}},
		{"  %a = extract %a, 0", []string{"extract: operand 0 (%a) is i64, want a struct or array"}},
		{"  %pr = insert %pr, 1, %a", []string{"insert: inserted value %a is i64, want ptr"}},
		{"  %ar = insert %pr, 0, %a", []string{"insert: destination %ar is [2]i64, want $pair"}},
		{"  %a = elem %pr, 0:i64", []string{"elem: operand 0 (%pr) is $pair, want an array"}},
		{"  %a = elem %ar, %c", []string{"elem: operand 1 (%c) is bool, want an integer index"}},
		{"  %pr = make %a", []string{"make: has 1 operands, $pair has 2 fields"}},
		{"  %ar = make %a, %a, %a", []string{"make: has 3 operands, [2]i64 has 2 elements"}},
		{"  %pr = make %a, %a", []string{"make: operand 1 (%a) is i64, field 1 is ptr"}},
		{"  %ar = make %a, %f", []string{"make: operand 1 (%f) is f64, want i64"}},
		{"  %a = make %a", []string{"make: destination %a is i64, want a struct or array"}},
		{"  %a = mapnew i64, i64", []string{"mapnew: destination %a is i64, want ptr"}},
		{"  %a = mapget %p, 1:i64", []string{"mapget: destination %a is i64, want a struct {V, bool}"}},
		{"  %pr = mapget %p, 1:i64", []string{"mapget: destination %pr is $pair, want a struct {V, bool}"}},
		{"  %mg = mapget %a, 1:i64", []string{"mapget: operand 0 (%a) is i64, want a map (ptr)"}},
		{"  mapset %s, 1:i64, 2:i64", []string{"mapset: operand 0 (%s) is str, want a map (ptr)"}},
		{"  %c = maplen %p", []string{"maplen: destination %c is bool, want an integer"}},
		{"  %a = mapkey %p, %s", []string{"mapkey: operand 1 (%s) is str, want an integer index"}},
		{"  %a = strlen %p", []string{"strlen: operand 0 (%p) is ptr, want str"}},
		{"  %a = strindex %s, 0:i64", []string{"strindex: destination %a is i64, want u8"}},
		{"  %s = substr %s, %c, %a", []string{"substr: operand 1 (%c) is bool, want an integer"}},
		{"  %s = strtobytes %s", []string{"strtobytes: destination %s is str, want ptr"}},
		{"  %s = strfrombytes %s, %a", []string{"strfrombytes: operand 0 (%s) is str, want ptr"}},
		{"  %mg = runedecode %s, %a", []string{"runedecode: destination %mg is {i64, bool}, want {i32, i64}"}},
		{"  %s = strview %s, %a", []string{"strview: operand 0 (%s) is str, want ptr"}},
		{"  %s = strdata %p", []string{"strdata: operand 0 (%p) is ptr, want str", "strdata: destination %s is str, want ptr"}},
		{"  %p = ptrcast %a, i64", []string{"ptrcast: operand 0 (%a) is i64, want ptr"}},
		{"  %mg = arrayof %p", []string{"arrayof: destination %mg is {i64, bool}, want {ptr, i64}"}},
		{"  %a = conv %p", []string{"conv: cannot convert ptr to i64"}},
		{"  %p = alloc {i64, ptr; size 8 offsets 0 8}", []string{"allocated type: field 1 at offset 8 ends beyond the size 8"}},
		{"  %p = alloc {i64, ptr; size 16 offsets 8 0}", []string{"allocated type: field 1 at offset 0, before the previous field"}},
		{"  %p = alloc {i64, ptr; size 16 offsets 0}", []string{"allocated type: 1 offsets for 2 fields"}},
		{"  %a = call @f()", []string{"call: @f takes 1 arguments, got 0"}},
		{"  %a = call @f(%c)", []string{"call: argument 0 (%c) is bool, parameter %x of @f is i64"}},
		{"  %c = call @f(%a)", []string{"call: destination %c is bool, @f returns i64"}},
		{"  %a = call @v()", []string{"call: @v has no result to assign to %a"}},
		{"  call @g()", []string{"call: operand 0 (@g) is ptr, want a function"}},
		{"  call %a()", []string{"call: operand 0 (%a) is i64, want a function"}},
		{"  %a = cocreate @v()", []string{"cocreate: destination %a is i64, want co"}},
		{"  resume %p", []string{"resume: operand 0 (%p) is ptr, want co"}},
		{"  %a = codone %co", []string{"codone: destination %a is i64, want bool"}},
		{"  %c = codone %p", []string{"codone: operand 0 (%p) is ptr, want co"}},
		{"  observe \"\"", []string{"observe: empty event name"}},
		{"  cut \"\"", []string{"cut: empty reason"}},
		{"  ret", []string{"@main:entry:0: terminator ret in the middle of the block [ret]"}},
		{"  jmp next\nnext:\nlast:", []string{"@main:next: empty block (a block must end in jmp, br, ret, exit or cut)"}},
		{"  ret %a", []string{"@main:entry:0: ret: @main has no result, but ret has a value"}},
		{"func @f() i64 {\nentry:\n  ret\n}\nfunc @main() {\nentry:\n  ret\n}", []string{"@f:entry:0: ret: @f returns i64, but ret has no value"}},
		{"func @f() i64 {\nentry:\n  ret 1:i32\n}\nfunc @main() {\nentry:\n  ret\n}", []string{"@f:entry:0: ret: returns 1:i32 (i32), @f returns i64"}},
		{"func @f() {\nentry:\n  ret\n}", []string{"no function @main"}},
		{"func @main(%x i64) {\nentry:\n  ret\n}", []string{"@main: the entry function must have no parameters, has 1"}},
		{"func @main() {\n}", []string{"@main: function has no blocks"}},
		{"func @main() {\nentry:\n  yield\n}", []string{"@main:entry:0: block does not end in a terminator (jmp, br, ret, exit or cut) [yield]"}},
	}
	for _, tt := range tests {
		src := tt.body
		if !strings.HasPrefix(src, "func") && !strings.HasPrefix(src, "global") {
			src = inMain(src)
		}
		p, err := Parse("v.ir", []byte(src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.body, err)
			continue
		}
		err = Verify(p)
		if err == nil {
			t.Errorf("Verify(%q) succeeded, want %q", tt.body, tt.want)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Verify(%q):\n%v\nwant %q", tt.body, err, w)
			}
		}
	}
}

// TestVerifyConstructed covers mistakes that the text form cannot express.
func TestVerifyConstructed(t *testing.T) {
	build := func() (*Program, *Func, *Block, *Local) {
		p := &Program{}
		f := &Func{Name: "main"}
		p.Funcs = append(p.Funcs, f)
		x := f.NewLocal("x", I64)
		b := f.NewBlock("entry")
		return p, f, b, x
	}
	other := &Func{Name: "other"}
	otherLocal := other.NewLocal("y", I64)
	otherBlock := other.NewBlock("elsewhere")
	pairT := Struct(I64, Ptr)

	tests := []struct {
		name  string
		setup func(p *Program, f *Func, b *Block, x *Local)
		want  []string
	}{
		{"ok", func(p *Program, f *Func, b *Block, x *Local) {}, nil},
		{"nil operand", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpCopy, Dst: x, Args: []Value{nil}}}, b.Instrs...)
		}, []string{"@main:entry:0: copy: operand 0 is missing [%x = copy <nil>]"}},
		{"foreign local", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpCopy, Dst: otherLocal, Args: []Value{otherLocal}}}, b.Instrs...)
		}, []string{"copy: destination %y is not a local of @main", "copy: operand 0: %y is not a local of @main"}},
		{"foreign block", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = []*Instr{{Op: OpJmp, Targets: []*Block{otherBlock}}}
		}, []string{"@main:entry:0: jmp: target elsewhere is not a block of @main [jmp elsewhere]"}},
		{"foreign func and global", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{
				{Op: OpCall, Args: []Value{other}},
				{Op: OpStore, Args: []Value{&Global{Name: "gg", Elem: I64}, x}},
			}, b.Instrs...)
		}, []string{"@main:entry:0: call: operand 0: @other is not a function of the program", "@main:entry:1: store: operand 0: @gg is not a global of the program"}},
		{"unused fields", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpCopy, Dst: x, Args: []Value{x}, Type: I64, Type2: I64, Index: 3, Name: "n", Msg: "m", Targets: []*Block{b}}}, b.Instrs...)
		}, []string{"has 1 targets, want 0", "unexpected Type i64", "unexpected Type2 i64", "unexpected Index 3", `unexpected Name "n"`, `unexpected Msg "m"`}},
		{"negative cost", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpCost, Index: -1}}, b.Instrs...)
		}, []string{"@main:entry:0: cost: negative amount -1 [cost -1]"}},
		{"bad kind", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpAssert, Args: []Value{BoolConst(true)}, Name: "a b"}}, b.Instrs...)
		}, []string{`assert: kind "a b" is not an identifier`}},
		{"bad op", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: numOps}}, b.Instrs...)
		}, []string{"@main:entry:0: invalid op"}},
		{"missing dst, wrong count", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{{Op: OpAdd, Args: []Value{x}}}, b.Instrs...)
		}, []string{"add: needs a destination", "add: has 1 operands, want 2"}},
		{"bad consts", func(p *Program, f *Func, b *Block, x *Local) {
			b.Instrs = append([]*Instr{
				{Op: OpStore, Args: []Value{ZeroConst(Ptr), &Const{Typ: U8, Bits: 256}}},
				{Op: OpStore, Args: []Value{&Const{Typ: Ptr}, &Const{Typ: Bool, Bits: 2}}},
				{Op: OpStore, Args: []Value{ZeroConst(Ptr), &Const{Typ: pairT}}},
				{Op: OpStore, Args: []Value{ZeroConst(Ptr), &Const{Typ: &Type{Kind: KindInt, Bits: 7}}}},
				{Op: OpStore, Args: []Value{ZeroConst(Ptr), &Const{}}},
			}, b.Instrs...)
		}, []string{"@main:entry:0: store: operand 1: integer constant bits 0x100 do not fit u8",
			"@main:entry:1: store: operand 0: a ptr constant can only be nil (Zero)",
			"@main:entry:1: store: operand 1: bool constant with Bits 2",
			"@main:entry:2: store: operand 1: a struct constant can only be the zero value (Zero)",
			"@main:entry:3: store: operand 1: constant of invalid type: integer type of 7 bits (want 8, 16, 32 or 64)",
			"@main:entry:4: store: operand 1: constant of invalid type: missing type"}},
		{"locals", func(p *Program, f *Func, b *Block, x *Local) {
			f.NewLocal("x", &Type{Kind: KindFloat, Bits: 16})
			f.Locals = append(f.Locals, nil)
			y := f.NewLocal("", Array(I64, -1))
			y.Index = 7
		}, []string{"@main: local %x declared twice", "@main: local %x: invalid type: float type of 16 bits",
			"@main: local 2 is nil", "@main: local 3 has no name", "@main: local %\"\" has Index 7 but is local 3",
			"array of negative length -1"}},
		{"params", func(p *Program, f *Func, b *Block, x *Local) {
			f.Params = []*Local{otherLocal, x}
		}, []string{"@main: the entry function must have no parameters, has 2", "@main: 2 parameters but only 1 locals", "@main: parameter 0 is not local 0"}},
		{"blocks", func(p *Program, f *Func, b *Block, x *Local) {
			c := f.NewBlock("entry")
			c.Index = 5
			c.Add(&Instr{Op: OpExit})
			f.Blocks = append(f.Blocks, nil)
		}, []string{"@main: label entry used for two blocks", "@main:entry: block has Index 5 but is block 1", "@main: block 2 is nil"}},
		{"program names", func(p *Program, f *Func, b *Block, x *Local) {
			p.Globals = []*Global{{Name: "main", Elem: I64}, {Name: "", Elem: &Type{}}, nil}
			p.Types = []*Type{Named("t", I8), Named("t", I16), I32, nil}
			p.Funcs = append(p.Funcs, nil)
		}, []string{"@main: function has the name of another global", "global with an empty name",
			"@\"\": invalid type: invalid type kind 0", "global 2: nil", "$t: type declared twice",
			"type 2 (i32): declared without a name", "type 3: nil", "function 1: nil"}},
		{"recursive type", func(p *Program, f *Func, b *Block, x *Local) {
			r := &Type{Kind: KindStruct, Name: "r"}
			r.Fields = []*Type{I64, r}
			p.Types = []*Type{r}
		}, []string{"$r: invalid type: field 1: recursive type"}},
		{"nondet of aggregate with a co", func(p *Program, f *Func, b *Block, x *Local) {
			y := f.NewLocal("y", Array(Struct(I64, Co), 2))
			b.Instrs = append([]*Instr{{Op: OpNondet, Dst: y}}, b.Instrs...)
		}, []string{"nondet: destination %y is [2]{i64, co}, which contains a ptr, func or co"}},
	}
	for _, tt := range tests {
		p, f, b, x := build()
		b.Add(&Instr{Op: OpRet})
		tt.setup(p, f, b, x)
		err := Verify(p)
		if tt.want == nil {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error, want %q", tt.name, tt.want)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s:\n%v\nwant %q", tt.name, err, w)
			}
		}
		_ = p.String() // the printer copes with whatever is wrong
	}
	if err := Verify(nil); err == nil {
		t.Error("Verify(nil) succeeded")
	}
}

// A chunk of lowered code verifies on its own (VerifyPart) with its
// declarations undefined and no entry, and a body it passed is taken as
// sound when the program it joins is verified (VerifyTrusting); the
// others are checked in full.
func TestVerifyPartAndTrusting(t *testing.T) {
	chunk, err := Parse("chunk.ir", []byte(`
func @callee(%x i64) i64
func @caller(%a i64) i64 {
  var %b i64
entry:
  %b = call @callee(%a)
  ret %b
}
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPart(chunk); err != nil {
		t.Errorf("VerifyPart of a sound chunk: %v", err)
	}
	if err := Verify(chunk); err == nil {
		t.Errorf("Verify took a program without an entry and with a declaration left undefined")
	}
	bad, err := Parse("bad.ir", []byte(`
func @caller(%a i64) bool {
entry:
  ret %a
}
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPart(bad); err == nil {
		t.Errorf("VerifyPart took a function returning i64 as bool")
	}
	prog, err := Parse("p.ir", []byte(`
func @main() {
entry:
  ret
}
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := Link(prog, bad); err != nil {
		t.Fatal(err)
	}
	caller := prog.Func("caller")
	if err := VerifyTrusting(prog, func(f *Func) bool { return f == caller }); err != nil {
		t.Errorf("VerifyTrusting checked a trusted body: %v", err)
	}
	if err := VerifyTrusting(prog, func(*Func) bool { return false }); err == nil || !strings.Contains(err.Error(), "@caller") {
		t.Errorf("VerifyTrusting of nothing trusted missed the bad body: %v", err)
	}
}
