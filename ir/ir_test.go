package ir

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allOps is a canonical program (as Print prints it) that uses every op, every
// type form and every constant form, and that verifies.
const allOps = `type $pair = {i64, ptr}
type $bytes = [3]u8
type $empty = {}
type $nested = {$pair, [2]$pair, {bool, f32}, $empty}
type $myint = i16
type $"odd type" = {opaque, co, func, str}
type $laid = {i64, str, [2]$laid0; size 56 offsets 0 8 24}
type $laid0 = {u8, i64; size 16 offsets 0 8}
type $header = {ptr, i64, i64, i64; size 24}
type $nothing = {; size 0 offsets}
global @g i64
global @"weird name" {str, opaque}
global @h $nested

func @callee(%a i64, %b $pair) $pair at "callee.go:3:6" {
  var %"odd local" $"odd type"
entry:
  ret %b
}

func @noresult() {
entry:
  ret
}

func @gor(%n i64) {
entry:
  yield at "g.go:1:1"
  ret
}

func @consts(%p ptr) {
entry:
  store %p, 0:i8
  store %p, -128:i8
  store %p, 127:i8
  store %p, 255:u8
  store %p, -32768:i16
  store %p, 65535:u16
  store %p, -2147483648:i32
  store %p, 4294967295:u32
  store %p, -9223372036854775808:i64
  store %p, 9223372036854775807:i64
  store %p, 18446744073709551615:u64
  store %p, 7:$myint
  store %p, 1.5:f64
  store %p, 0.1:f32
  store %p, 100.0:f64
  store %p, 1e+300:f64
  store %p, 1.23456789e-07:f64
  store %p, -0.0:f64
  store %p, 3.4028235e+38:f32
  store %p, nan:f32
  store %p, inf:f64
  store %p, -inf:f32
  store %p, true
  store %p, false
  store %p, ""
  store %p, "a Go-quoted\tstring\n with \"quotes\", \\, \x00\xff and ünïcode"
  store %p, nil:ptr
  store %p, nil:func
  store %p, nil:co
  store %p, zero:opaque
  store %p, zero:{}
  store %p, zero:{i64, ptr}
  store %p, zero:$pair
  store %p, zero:[2]f64
  store %p, zero:[0]{str, [2]$bytes}
  store %p, zero:$nested
  store %p, @noresult
  store %p, @"weird name"
  ret
}

func @main() at "main.go:10:6" {
  var %a i64
  var %b i64
  var %c bool
  var %u u8
  var %s i8
  var %f f64
  var %g f32
  var %str str
  var %p ptr
  var %q ptr
  var %fn func
  var %co co
  var %o opaque
  var %pr $pair
  var %ar $bytes
  var %e $empty
  var %n $nested
  var %mg {$pair, bool}
  var %rd {i32, i64}
  var %ni $myint
  var %"odd local" u16
  var %w u64
  var %at {ptr, i64}
entry:
  %a = copy 1:i64
  %b = add %a, -9223372036854775808:i64
  %b = sub %a, %b
  %b = mul %a, %b
  %b = div %a, 16:i64
  %b = rem %a, 3:i64
  %b = and %a, %b
  %b = or %a, %b
  %b = xor %a, %b
  %b = andnot %a, %b
  %b = shl %a, 3:u8
  %b = shr %a, %u
  %c = eq %a, %b
  %c = ne %a, %b
  %c = lt %a, %b
  %c = le %a, %b
  %c = gt %a, %b
  %c = ge %a, %b
  %c = and %c, true
  %str = add %str, "x"
  %c = lt %str, "y"
  %f = div %f, 2.0:f64
  %b = neg %a
  %f = neg %f
  %c = not %c
  %u = not %u
  %f = conv %a
  %g = conv %f
  %str = conv %a
  %s = conv %u
  %a = conv %g
  %a = select %c, %a, %b
  %pr = select %c, %pr, zero:$pair
  %a = nondet
  %o = nondet "unknown: fmt.Sprintf"
  %e = nondet
  %"odd local" = nondet
  %a = choose 3:i64
  %a = choosebit 6:i64
  assume %c
  assert %c, nil-deref, "message with \"quotes\"" at "x.go:3:4"
  assert %c, race.v2_x, ""
  cost 0
  cost 2
  %c = preemptible
  %c = known %a
  %p = alloc $pair
  %q = alloc i64, %a at "alloc.go:1:1"
  %p = alloc {}, 0:u8
  %p = alloc frozen {i64, ptr}
  %a = load %q
  %pr = load @h
  store %q, 5:i64
  store @g, %a
  %q = field %p, 1
  %q = field @h, 0
  %q = index %p, 2:i64
  %a = len %q
  %a = extract %pr, 0
  %u = extract %ar, 2
  %pr = insert %pr, 1, nil:ptr
  %ar = insert %ar, 0, 255:u8
  %u = elem %ar, %a
  %pr = make %a, %p
  %e = make
  %ar = make 1:u8, 2:u8, %u
  %p = mapnew str, $pair
  %p = mapnew {i64, str}, [2]bool at "m.go:1:1"
  %mg = mapget %p, "k"
  mapset %p, "k", %pr
  mapdel %p, "k"
  %a = maplen %p
  %str = mapkey %p, 0:i64
  %a = strlen %str
  %u = strindex %str, 0:i64
  %str = substr %str, 0:i64, %a
  %p = strtobytes "bytes"
  %str = strfrombytes %p, %a
  %rd = runedecode %str, 0:i64
  %str = strview %p, %a
  %p = strdata %str
  %w = conv %p
  %q = conv %w
  %q = ptrcast %p, $laid0
  %q = ptrcast %q, {i64, [2]u8; size 16 offsets 0 8}
  %at = arrayof %q
  %p = alloc $nothing
  %p = alloc $header
  %pr = call @callee(%a, %pr)
  call @callee(1:i64, zero:$pair)
  call @noresult()
  call @consts(@g) at "c.go:1:1"
  %fn = copy @callee
  %pr = call %fn(%a, %pr)
  call %fn()
  %co = cocreate @gor(1:i64)
  %co = cocreate %fn()
  resume %co
  %c = codone %co
  observe "race", %p, 1:i64, true
  observe "none"
  trace "sched", 1:i64
  trace "empty" at "t.go:1:1"
  br %c, "a label", loop
"a label":
  jmp loop at "j.go:2:2"
loop:
  br false, entry, done.1
bound:
  cut "goroutines" at "k.go:1:1"
unsupported:
  cut "unsupported", "a construct kiss does not model" at "k.go:2:1"
done.1:
  %c = eq %fn, nil:func
  %c = ne %co, nil:co
  %c = eq %o, zero:opaque
  %c = eq %p, @g
  %c = eq %f, nan:f64
  %c = eq %ni, 7:$myint
  exit
}
`

// canonical holds more canonical programs for the round trip.
var canonical = []string{
	allOps,
	"",
	"global @g i64\n",
	"type $t = i64\n",
	"func @main() {\n}\n",
	"func @main() {\nentry:\n  ret\n}\n",
	"func @f() {} {\nentry:\n  ret zero:{}\n}\n",
	"func @f() {i64, {}} {\nentry:\n  ret zero:{i64, {}}\n}\n",
	"func @f(%x [2]{i64, f32}) [2]{i64, f32} at \"f.go:1:1\" {\n  var %y i64\na:\n  ret %x\n}\n",
	"func @f() {\n  var %\"a b\" i64\n  var %\"\\n\" i64\n  var %a-b.c$d i64\n  var %0 i64\n\"1\":\n\"at\\x00\":\n_x-y.z:\n  ret\n}\n",
}

func mustParse(t *testing.T, name, src string) *Program {
	t.Helper()
	p, err := Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

// checkRoundTrip checks that p prints as want (if non-empty) and that
// printing is stable under a re-parse.
func checkRoundTrip(t *testing.T, name string, p *Program, want string) {
	t.Helper()
	got := p.String()
	if want != "" && got != want {
		t.Errorf("%s: printed form differs:\n%s", name, diff(want, got))
	}
	p2, err := Parse(name+" (printed)", []byte(got))
	if err != nil {
		t.Fatalf("%s: re-parse of the printed form: %v\n%s", name, err, got)
	}
	if got2 := p2.String(); got2 != got {
		t.Errorf("%s: print(parse(print(p))) != print(p):\n%s", name, diff(got, got2))
	}
}

func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + wl + "\ngot:  " + gl + "\n--- got in full:\n" + got
		}
	}
	return "(no difference)"
}

func TestRoundTripCanonical(t *testing.T) {
	for i, src := range canonical {
		p, err := Parse("canonical.ir", []byte(src))
		if err != nil {
			t.Errorf("canonical[%d]: %v", i, err)
			continue
		}
		checkRoundTrip(t, "canonical", p, src)
	}
}

func TestAllOpsVerifies(t *testing.T) {
	p := mustParse(t, "allops.ir", allOps)
	if err := Verify(p); err != nil {
		t.Fatalf("Verify:\n%v", err)
	}
}

// TestEveryOpCovered makes sure allOps keeps up with the instruction set.
func TestEveryOpCovered(t *testing.T) {
	p := mustParse(t, "allops.ir", allOps)
	seen := map[Op]bool{}
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				seen[in.Op] = true
			}
		}
	}
	for op := OpInvalid + 1; op < numOps; op++ {
		if !seen[op] {
			t.Errorf("op %s is not used in allOps", op)
		}
	}
	kinds := map[Kind]bool{}
	var visit func(*Type)
	visit = func(t *Type) {
		kinds[t.Kind] = true
		for _, f := range t.Fields {
			visit(f)
		}
		if t.Elem != nil {
			visit(t.Elem)
		}
	}
	for _, typ := range p.Types {
		visit(typ)
	}
	for k := KindBool; k <= KindArray; k++ {
		if !kinds[k] {
			t.Errorf("kind %d is not used in allOps' types", k)
		}
	}
}

func TestParseDetails(t *testing.T) {
	p := mustParse(t, "allops.ir", allOps)
	consts := p.Func("consts").Blocks[0].Instrs
	c := func(i int) *Const { return consts[i].Args[1].(*Const) }
	if got := c(1).Int64(); got != -128 || c(1).Bits != 0x80 {
		t.Errorf("-128:i8 = %d (bits %#x)", got, c(1).Bits)
	}
	if c(10).Bits != math.MaxUint64 {
		t.Errorf("max u64 bits %#x", c(10).Bits)
	}
	if typ := c(11).Typ; typ.Name != "myint" || !Identical(typ, I16) {
		t.Errorf("7:$myint has type %+v", typ)
	}
	if f := c(13).Float; f != float64(float32(0.1)) {
		t.Errorf("0.1:f32 = %v, want it rounded to f32", f)
	}
	why := ""
	for _, f := range p.Funcs {
		for _, b := range f.Blocks {
			if b.Name == "unsupported" && b.Instrs[0].Op == OpCut && b.Instrs[0].Name == "unsupported" {
				why = b.Instrs[0].Msg
			}
		}
	}
	if why != "a construct kiss does not model" {
		t.Errorf("cut with a why: %q", why)
	}
	if f := c(17).Float; f != 0 || !math.Signbit(f) {
		t.Errorf("-0.0 = %v", f)
	}
	if !math.IsNaN(c(19).Float) || !math.IsInf(c(20).Float, 1) || !math.IsInf(c(21).Float, -1) {
		t.Errorf("nan/inf/-inf: %v %v %v", c(19).Float, c(20).Float, c(21).Float)
	}
	if s := c(25).Str; s != "a Go-quoted\tstring\n with \"quotes\", \\, \x00\xff and ünïcode" {
		t.Errorf("string constant %q", s)
	}
	if g, ok := consts[len(consts)-2].Args[1].(*Global); !ok || g.Name != "weird name" || g != p.Global("weird name") {
		t.Errorf("@\"weird name\" resolved to %v", consts[len(consts)-2].Args[1])
	}
	if f, ok := consts[len(consts)-3].Args[1].(*Func); !ok || f != p.Func("noresult") {
		t.Errorf("@noresult resolved to %v", consts[len(consts)-3].Args[1])
	}

	m := p.Func("main")
	if m.Pos != "main.go:10:6" || len(m.Params) != 0 || len(m.Locals) != 23 {
		t.Errorf("main: pos %q, %d params, %d locals", m.Pos, len(m.Params), len(m.Locals))
	}
	entry := m.Blocks[0]
	last := entry.Instrs[len(entry.Instrs)-1]
	if last.Op != OpBr || len(last.Targets) != 2 || last.Targets[0] != m.Blocks[1] || last.Targets[1] != m.Blocks[2] {
		t.Errorf("br targets: %v", last)
	}
	callee := p.Func("callee")
	if callee.Result.Name != "pair" || callee.Params[1].Typ != p.Types[0] || callee.Pos != "callee.go:3:6" {
		t.Errorf("callee: result %v, param type %v", callee.Result, callee.Params[1].Typ)
	}
	var call *Instr
	for _, in := range entry.Instrs {
		if in.Op == OpCall && in.Callee() == callee && in.Dst != nil {
			call = in
			break
		}
	}
	if call == nil || len(call.CallArgs()) != 2 || call.Dst.Name != "pr" {
		t.Errorf("call @callee: %v", call)
	}
	nested := p.Types[3]
	if nested.Kind != KindStruct || len(nested.Fields) != 4 || nested.Fields[0] != p.Types[0] ||
		nested.Fields[1].Kind != KindArray || nested.Fields[1].Len != 2 || nested.Fields[1].Elem != p.Types[0] ||
		nested.Fields[3] != p.Types[2] {
		t.Errorf("$nested = %+v", nested)
	}
}

// TestParseNormalizes checks inputs in non-canonical spellings.
func TestParseNormalizes(t *testing.T) {
	tests := []struct{ in, want string }{
		{ // comments, spacing, blank lines, CRLF
			"  // leading comment\r\n\n\tfunc   @main ( )   {   // c\r\n entry :ret// done\n\n}  \n// trailing",
			"func @main() {\nentry:\n  ret\n}\n",
		},
		{ // hex and special spellings of constants
			`func @main() {
  var %p ptr
e:
  store %p, 0x10:i64
  store %p, -0x80:i8
  store %p, 0XfF:u8
  store %p, -0:i32
  store %p, 007:u16
  store %p, zero:i64
  store %p, zero:bool
  store %p, zero:str
  store %p, zero:f32
  store %p, zero:ptr
  store %p, 1:f64
  store %p, 1e3:f64
  store %p, -Inf:f64
  store %p, 0x1p-2:f64
  store %p, 1_000.5:f64
  store %p, 0.1:f32
  store %p, 16777217:f32
  ret
}`,
			`func @main() {
  var %p ptr
e:
  store %p, 16:i64
  store %p, -128:i8
  store %p, 255:u8
  store %p, 0:i32
  store %p, 7:u16
  store %p, 0:i64
  store %p, false
  store %p, ""
  store %p, 0.0:f32
  store %p, nil:ptr
  store %p, 1.0:f64
  store %p, 1000.0:f64
  store %p, -inf:f64
  store %p, 0.25:f64
  store %p, 1000.5:f64
  store %p, 0.1:f32
  store %p, 1.6777216e+07:f32
  ret
}
`,
		},
		{ // forward references, declarations in any order, aliases, quoting
			`func @main() {
  var %"x" $b
  var %y $a
entry: jmp "next"
next:
  call @f(%"x")
  store @g, %y
  ret
}
global @g $b
type $a = $b
func @f(%x {i64}) {
entry:
  ret
}
type $b = {i64}`,
			`type $a = {i64}
type $b = {i64}
global @g $b

func @main() {
  var %x $b
  var %y $a
entry:
  jmp next
next:
  call @f(%x)
  store @g, %y
  ret
}

func @f(%x {i64}) {
entry:
  ret
}
`,
		},
	}
	for i, tt := range tests {
		p, err := Parse("in.ir", []byte(tt.in))
		if err != nil {
			t.Errorf("%d: %v", i, err)
			continue
		}
		checkRoundTrip(t, "normalize", p, tt.want)
	}
}

func TestParseErrors(t *testing.T) {
	fn := func(body string) string {
		return "func @main() {\n  var %a i64\n  var %c bool\n  var %p ptr\nentry:\n" + body + "\n  ret\n}\n"
	}
	// Lines of fn's body start at line 6.
	tests := []struct{ src, want string }{
		{"bogus", "e.ir:1:1: expected type, global or func declaration, found \"bogus\""},
		{fn("  %a = frob %a"), "e.ir:6:8: unknown instruction frob"},
		{fn("  %a = copy %b"), "e.ir:6:13: undeclared local %b in @main"},
		{fn("  %b = copy %a"), "e.ir:6:3: undeclared local %b in @main"},
		{fn("  jmp nowhere"), "e.ir:6:7: undefined label nowhere in @main"},
		{fn("  br %c, entry, \"no where\""), "e.ir:6:17: undefined label \"no where\" in @main"},
		{fn("  call @nothing()"), "e.ir:6:8: undeclared function or global @nothing"},
		{fn("  %p = alloc $nothing"), "e.ir:6:14: undeclared type $nothing"},
		{fn("  store %p, zero:$t\n  store %p, 1:$nothing") + "type $t = {}", "e.ir:7:15: undeclared type $nothing"},
		{"func @main() {\n  var %a i64\n  var %a bool\n}", "e.ir:3:7: local %a redeclared in @main"},
		{"func @main(%a i64, %a i64) {\n}", "e.ir:1:20: local %a redeclared in @main"},
		{fn("entry:"), "e.ir:6:1: label entry redeclared in @main"},
		{"func @f() {\n}\nfunc @f() {\n}", "e.ir:3:6: @f redeclared (previous declaration at 1:6)"},
		{"global @f i64\nfunc @f() {\n}", "e.ir:2:6: @f redeclared (previous declaration at 1:8)"},
		{"type $t = i64\ntype $t = i32", "e.ir:2:6: type $t redeclared (previous declaration at 1:6)"},
		{"type $t = {i64, $u}\ntype $u = [2]$t", "e.ir:1:6: invalid recursive type $t"},
		{"type $t = $t", "e.ir:1:6: invalid recursive type $t"},
		{fn("  %a = add %a"), "e.ir:6:14: add takes 2 operands, found end of line"},
		{fn("  %a = add %a at \"x\""), "e.ir:6:15: add takes 2 operands, found \"at\""},
		{fn("  %a = add %a, %a, %a"), "e.ir:6:18: unexpected \",\" after add (it takes 2 operands)"},
		{fn("  %a = copy"), "e.ir:6:12: copy takes 1 operand, found end of line"},
		{fn("  %a = nondet %a"), "e.ir:6:15: unexpected \"%a\" after nondet (it takes no operands)"},
		{fn("  ret %a, %a"), "e.ir:6:9: unexpected \",\" after ret (it takes at most one operand)"},
		{fn("  jmp entry, entry"), "e.ir:6:12: unexpected \",\" after jmp (it takes one label)"},
		{fn("  store %p, 300:u8"), "e.ir:6:13: constant 300 out of range for u8"},
		{fn("  store %p, -1:u8"), "e.ir:6:13: constant -1 out of range for u8"},
		{fn("  store %p, 128:i8"), "e.ir:6:13: constant 128 out of range for i8"},
		{fn("  store %p, -129:i8"), "e.ir:6:13: constant -129 out of range for i8"},
		{fn("  store %p, 0x100:u8"), "e.ir:6:13: constant 0x100 out of range for u8"},
		{fn("  store %p, 18446744073709551616:u64"), "e.ir:6:13: constant 18446744073709551616 out of range for u64"},
		{fn("  store %p, 9223372036854775808:i64"), "e.ir:6:13: constant 9223372036854775808 out of range for i64"},
		{fn("  store %p, 1.5:i64"), "e.ir:6:13: invalid integer constant 1.5"},
		{fn("  store %p, 1e400:f64"), "e.ir:6:13: constant 1e400 out of range for f64"},
		{fn("  store %p, 1e39:f32"), "e.ir:6:13: constant 1e39 out of range for f32"},
		{fn("  store %p, 1.2.3:f64"), "e.ir:6:13: invalid float constant 1.2.3"},
		{fn("  store %p, nan:i32"), "e.ir:6:13: nan is not an integer"},
		{fn("  store %p, nil:i64"), "e.ir:6:13: nil constant of non-reference type i64"},
		{fn("  store %p, 1:bool"), "e.ir:6:13: 1:bool: a bool constant must be written true or false"},
		{fn("  store %p, 1:str"), "e.ir:6:13: 1:str: a str constant must be written as a quoted string"},
		{fn("  store %p, 0:ptr"), "e.ir:6:13: 0:ptr: a ptr constant must be written nil:T"},
		{fn("  store %p, 0:{}"), "e.ir:6:13: 0:{}: a {} constant must be written zero:T"},
		{fn("  store %p, 1:$t") + "type $t = [1]i8", "e.ir:6:13: 1:$t: a $t constant must be written zero:T"},
		{fn("  store %p, 300:$t") + "type $t = u8", "e.ir:6:13: constant 300 out of range for $t"},
		{fn("  store %p, 42"), "e.ir:6:15: expected \":\", found end of line"},
		{fn("  %p = alloc {i64; offsets 0}"), "e.ir:6:20: expected size after ';' in a struct type, found \"offsets\""},
		{fn("  %p = alloc {i64; size -8}"), "e.ir:6:25: invalid size -8"},
		{fn("  %p = alloc {i64; size 8 offsets x}"), "e.ir:6:35: expected \"}\", found \"x\""},
		{fn("  %p = ptrcast %p"), "e.ir:6:18: expected \",\", found end of line"},
		{fn("  store %p, \"abc"), "e.ir:6:13: string literal not terminated"},
		{fn("  store %p, \"\\q\""), "e.ir:6:13: invalid string literal \"\\q\""},
		{fn("  store %p, foo"), "e.ir:6:13: expected an operand, found \"foo\""},
		{fn("  store %p, #"), "e.ir:6:13: unexpected character '#'"},
		{fn("  store %p, \xff"), "e.ir:6:13: invalid UTF-8 encoding"},
		{fn("  %p = alloc int"), "e.ir:6:14: unknown type int"},
		{fn("  %p = alloc [-1]i8"), "e.ir:6:15: array length must not be negative"},
		{fn("  %p = alloc [4294967296]i8"), "e.ir:6:15: array length 4294967296 too large"},
		{fn("  %p = alloc {i64,"), "e.ir:6:19: expected a type, found end of line"},
		{fn("  %p = alloc " + strings.Repeat("{", 300)), "e.ir:6:215: type nested too deeply"},
		{fn("  %a = add %a, 1:i64 at 5"), "e.ir:6:25: expected a position string, found \"5\""},
		{fn("  add %a, %a"), "e.ir:6:3: add needs a destination: %x = add ..."},
		{fn("  %a = store %p, %a"), "e.ir:6:3: store has no result"},
		{fn("  assert %c, \"kind\", \"m\""), "e.ir:6:14: expected an assert kind (letters, digits, '_', '-', '.'), found string \"kind\""},
		{fn("  assert %c, a$b, \"m\""), "e.ir:6:14: expected an assert kind (letters, digits, '_', '-', '.'), found \"a$b\""},
		{fn("  assert %c, k"), "e.ir:6:15: expected \",\", found end of line"},
		{fn("  cost -1"), "e.ir:6:8: cost must not be negative"},
		{fn("  %a = call @main"), "e.ir:6:18: expected \"(\", found end of line"},
		{fn("  %a = call @main(%a"), "e.ir:6:21: expected \")\", found end of line"},
		{fn("  observe %a"), "e.ir:6:11: expected an event name string, found \"%a\""},
		{fn("  var %x i64"), "e.ir:6:3: var declaration after the first block"},
		{"func @main() {\n  ret\n}", "e.ir:2:3: instruction before the first label"},
		{"func @main() {\nentry:\n  ret\n", "e.ir:4:1: unexpected end of file in function @main"},
		{"func @main() {\nentry:\n  ret\n} x", "e.ir:4:3: expected end of line, found \"x\""},
		{"func @main() { ret }", "e.ir:1:16: unknown type ret"},
		{"func @main() i64 at {\n}", "e.ir:1:21: expected a position string, found \"{\""},
		{"func main() {\n}", "e.ir:1:6: expected a function name @name, found \"main\""},
		{"global @g", "e.ir:1:10: expected a type, found end of file"},
		{"global %g i64", "e.ir:1:8: expected a global name @name, found \"%g\""},
		{"global @\"\" i64", "e.ir:1:8: empty name after @"},
		{"global @ i64", "e.ir:1:8: expected a name after @"},
		{"type t = i64", "e.ir:1:6: expected a type name $name, found \"t\""},
		{"type $t i64", "e.ir:1:9: expected \"=\", found \"i64\""},
		{"func @main() {\n\"\":\n  ret\n}", "e.ir:2:1: empty label"},
	}
	for _, tt := range tests {
		_, err := Parse("e.ir", []byte(tt.src))
		if err == nil {
			t.Errorf("no error for:\n%s\nwant %s", tt.src, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error for:\n%s\ngot  %v\nwant %s", tt.src, err, tt.want)
		}
		if _, ok := err.(*ParseError); !ok {
			t.Errorf("error %v is a %T, not a *ParseError", err, err)
		}
	}
}

func TestTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "ir", "*.ir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/ir/*.ir files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(file, src)
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(p); err != nil {
				t.Fatalf("Verify:\n%v", err)
			}
			checkRoundTrip(t, file, p, "")
		})
	}
}

func TestInstrAndFuncText(t *testing.T) {
	p := mustParse(t, "allops.ir", allOps)
	m := p.Func("main")
	lines := strings.Split(allOps[strings.Index(allOps, "func @main"):], "\n")
	k := 0
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			for k < len(lines) && (!strings.HasPrefix(lines[k], "  ") || strings.HasPrefix(lines[k], "  var ")) {
				k++
			}
			if k == len(lines) {
				t.Fatal("ran out of lines")
			}
			if got, want := in.String(), strings.TrimPrefix(lines[k], "  "); got != want {
				t.Errorf("Instr.String() = %q, want %q", got, want)
			}
			k++
		}
	}
	if got := p.Func("callee").Text(); !strings.HasPrefix(got, "func @callee(%a i64, %b $pair) $pair at \"callee.go:3:6\" {\n") ||
		!strings.HasSuffix(got, "  ret %b\n}\n") {
		t.Errorf("Func.Text() = %q", got)
	}
	if got := p.Func("callee").String(); got != "@callee" {
		t.Errorf("Func.String() = %q", got)
	}
	if got := (&Local{Name: "a b"}).String(); got != `%"a b"` {
		t.Errorf("Local.String() = %q", got)
	}
	for c, want := range map[*Const]string{
		IntConst(I8, -1):                           "-1:i8",
		IntConst(U8, -1):                           "255:u8",
		ZeroConst(Named("p", Struct(I64))):         "zero:$p",
		ZeroConst(Struct(Named("p", Struct(I64)))): "zero:{$p}",
		IntConst(Named("n", I32), 5):               "5:$n",
		FloatConst(F32, 0.1):                       "0.1:f32",
		FloatConst(F64, 2):                         "2.0:f64",
		ZeroConst(Co):                              "nil:co",
		StringConst("\n"):                          `"\n"`,
		BoolConst(true):                            "true",
		ZeroConst(Bool):                            "false",
	} {
		if got := c.String(); got != want {
			t.Errorf("Const.String() = %q, want %q", got, want)
		}
	}
	// The printer does not panic on malformed instructions.
	for _, in := range []*Instr{
		{}, {Op: OpCall}, {Op: OpAdd, Args: []Value{nil, (*Local)(nil)}}, {Op: OpBr, Targets: []*Block{nil}},
		{Op: OpAlloc}, {Op: OpMapNew}, {Op: Op(200)}, {Op: OpStore, Args: []Value{&Const{}, &Const{Typ: &Type{Kind: KindFloat}}}},
	} {
		_ = in.String()
	}
}

// TestPrintUndeclaredNames: a named type that the program does not declare
// prints in full, so that the output parses.
func TestPrintUndeclaredNames(t *testing.T) {
	pair := Named("pair", Struct(I64, Ptr))
	other := Named("pair", Struct(I64)) // same name as a declared type, different structure
	p := &Program{Types: []*Type{pair}}
	f := &Func{Name: "main"}
	p.Funcs = append(p.Funcs, f)
	a := f.NewLocal("a", pair)
	bl := f.NewLocal("b", other)
	c := f.NewLocal("c", Named("undeclared", Array(U8, 2)))
	b := f.NewBlock("entry")
	b.Add(&Instr{Op: OpCopy, Dst: a, Args: []Value{ZeroConst(Named("pair", Struct(I64, Ptr)))}})
	b.Add(&Instr{Op: OpCopy, Dst: bl, Args: []Value{ZeroConst(other)}})
	b.Add(&Instr{Op: OpCopy, Dst: c, Args: []Value{ZeroConst(c.Typ)}})
	b.Add(&Instr{Op: OpRet})
	want := `type $pair = {i64, ptr}

func @main() {
  var %a $pair
  var %b {i64}
  var %c [2]u8
entry:
  %a = copy zero:$pair
  %b = copy zero:{i64}
  %c = copy zero:[2]u8
  ret
}
`
	if err := Verify(p); err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, "undeclared", p, want)
}

// TestSharedTypes: named types that share components (a DAG whose expansion
// is exponential) parse, print, compare and verify in polynomial time.
func TestSharedTypes(t *testing.T) {
	var b strings.Builder
	b.WriteString("type $a0 = {i64}\ntype $b0 = {i64}\n")
	const n = 60
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "type $a%d = {$a%d, [2]$a%d}\ntype $b%d = {$b%d, [2]$b%d}\n", k, k-1, k-1, k, k-1, k-1)
	}
	fmt.Fprintf(&b, "\nfunc @main() {\n  var %%x $a%d\n  var %%y $b%d\n  var %%c bool\nentry:\n  %%x = copy %%y\n  %%c = eq %%x, %%y\n  ret\n}\n", n, n)
	src := b.String()
	p := mustParse(t, "dag.ir", src)
	checkRoundTrip(t, "dag", p, src)
	if !Identical(p.Types[2*n], p.Types[2*n+1]) {
		t.Error("$a60 and $b60 are not identical")
	}
	err := Verify(p)
	if err == nil || !strings.Contains(err.Error(), "eq: operands are $a60, want a scalar type") {
		t.Errorf("Verify: %v", err)
	}
	_, err = Parse("dag.ir", []byte(src+"func @f(%p ptr) {\ne:\n  store %p, 1:{$a60}\n  ret\n}\n"))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error for 1:{$a60}: %.300v", err)
	}

	// Recursive types (which only a program built in Go can have) do not
	// send Identical or the printer into a loop.
	r1 := &Type{Kind: KindStruct}
	r1.Fields = []*Type{I64, r1}
	r2 := &Type{Kind: KindStruct}
	r2.Fields = []*Type{I64, r2}
	if !Identical(r1, r2) {
		t.Error("recursive types r1 and r2 are not identical")
	}
	r3 := &Type{Kind: KindStruct}
	r3.Fields = []*Type{I32, r1}
	if Identical(r1, r3) || Identical(Struct(r1), Struct(r3)) {
		t.Error("r1 and r3 are identical")
	}
	if s := ZeroConst(r1).String(); !strings.Contains(s, "...") {
		t.Errorf("recursive type printed as %.100s", s)
	}
}

// A chunk of a function parses on its own and prints the function as the
// whole program does.
func TestChunk(t *testing.T) {
	p := mustParse(t, "allops.ir", allOps)
	for _, f := range p.Funcs {
		if f.Blocks == nil {
			continue
		}
		text := Chunk(f).String()
		q, err := Parse("chunk.ir", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v\n%s", f.Name, err, text)
		}
		g := q.Func(f.Name)
		if g == nil || g.Text() != f.Text() {
			t.Errorf("%s: chunk prints\n%s\nwant\n%s", f.Name, g.Text(), f.Text())
		}
	}
}

// A Source parses into a new program each time: linking into one (as every
// build does with the runtime) leaves the next parse untouched.
func TestSourceParsesAnew(t *testing.T) {
	src, err := Lex("a.ir", []byte("func @f() {\nentry:\n  ret\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	p1, err := src.Parse()
	if err != nil {
		t.Fatal(err)
	}
	p1.Funcs[0].Name = "g"
	p2, err := src.Parse()
	if err != nil {
		t.Fatal(err)
	}
	if p2.Func("f") == nil || p2.Func("g") != nil || p1.Funcs[0] == p2.Funcs[0] {
		t.Errorf("the second parse shares the first's function")
	}
	if _, err := Lex("b.ir", []byte("func @f() {\n  \"unterminated\n")); err == nil || !strings.HasPrefix(err.Error(), "b.ir:2:") {
		t.Errorf("Lex of an unterminated string: %v", err)
	}
}

// A clone prints as the original and shares nothing linking changes:
// linking into the clone leaves the original as it was.
func TestCloneIsIndependent(t *testing.T) {
	const src = `
global @g i64
func @decl(%x i64) i64
func @f(%a i64) i64 {
  var %b i64
entry:
  %b = call @decl(%a)
  %b = add %b, 1:i64
  store @g, %b
  br true, one, two
one:
  ret %b
two:
  jmp one
}
`
	p, err := Parse("p.ir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	before := p.String()
	c := p.Clone()
	if got := c.String(); got != before {
		t.Fatalf("the clone prints\n%s\nthe original\n%s", got, before)
	}
	def, err := Parse("d.ir", []byte("global @g i64\nfunc @decl(%x i64) i64 {\nentry:\n  ret %x\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Link(def, c); err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != before {
		t.Errorf("linking the clone changed the original:\n%s", got)
	}
	cf, pf := c.Func("f"), p.Func("f")
	if cf.Blocks[0].Instrs[0].Args[0] != def.Func("decl") {
		t.Errorf("the clone's call was not linked to the definition")
	}
	if pf.Blocks[0].Instrs[0].Args[0] != p.Func("decl") {
		t.Errorf("the original's call was linked too")
	}
	if cf.Locals[1] == pf.Locals[1] || cf.Blocks[1] == pf.Blocks[1] || cf.Blocks[2].Instrs[0].Targets[0] != cf.Blocks[1] {
		t.Errorf("the clone shares locals or blocks with the original")
	}
	if cf.Params[0] != cf.Locals[0] || cf.Blocks[0].Instrs[0].Args[1] != cf.Params[0] {
		t.Errorf("the clone's parameters are not its locals")
	}
	// The clone's pieces are cut from shared slabs: growing one must not
	// write into its neighbour's.
	call, add := cf.Blocks[0].Instrs[0], cf.Blocks[0].Instrs[1]
	was := add.Args[0]
	call.Args = append(call.Args, IntConst(I64, 7))
	cf.Blocks[0].Instrs = append(cf.Blocks[0].Instrs, add)
	if add.Args[0] != was || cf.Blocks[1].Instrs[0].Op != OpRet {
		t.Errorf("appending to a clone's operands or instructions overwrote the next ones")
	}
}
