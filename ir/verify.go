package ir

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// Verify checks that p is well formed: names are unique and resolve within
// the program, types are valid, every block ends in exactly one terminator,
// and every instruction has the operands, destination and types its Op
// requires (see the Op constants and doc.go). It returns all the problems it
// finds, joined (errors.Join), each prefixed with where it is:
// "@func:block:index" for an instruction, "@func" for a function, "@name"
// for a global, "$name" for a named type. A nil error means p is fit for the
// executor.
func Verify(p *Program) error { return verify(p, false, nil) }

// VerifyTrusting is Verify, but it takes the bodies of the functions
// trusted says are sound as they are (checked by VerifyPart before they
// were linked, and linked as they were): the program's names, and every
// other function, are checked as Verify checks them. Linking keeps a body
// sound, as it replaces a declaration only by a function of the identical
// signature and a global only by one of the identical type.
func VerifyTrusting(p *Program, trusted func(*Func) bool) error { return verify(p, false, trusted) }

// VerifyPart is Verify of a part of a program that is to be linked into
// one: it needs no entry function, and its declarations may stay
// undefined (the program they join defines them).
func VerifyPart(p *Program) error { return verify(p, true, nil) }

func verify(p *Program, part bool, trusted func(*Func) bool) error {
	if p == nil {
		return errors.New("nil program")
	}
	v := &verifier{
		part:    part,
		trusted: trusted,
		p:       p,
		pr:      newProgramPrinter(p),
		funcs:   map[*Func]bool{},
		globals: map[*Global]bool{},
		types:   map[*Type]string{},
		refs:    map[*Type]bool{},
	}
	v.program()
	return errors.Join(v.errs...)
}

type verifier struct {
	part    bool             // VerifyPart
	trusted func(*Func) bool // VerifyTrusting
	p       *Program
	pr      *printer
	errs    []error
	funcs   map[*Func]bool
	globals map[*Global]bool
	types   map[*Type]string // "" valid, "\x00" being checked, else the problem
	refs    map[*Type]bool   // whether a type contains a reference

	f      *Func
	locals map[*Local]bool
	blocks map[*Block]bool
}

func (v *verifier) errorf(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf(format, args...))
}

func (v *verifier) typ(t *Type) string { return v.pr.typeString(t) }

// checkType returns "" if t is a valid type, or what is wrong with it.
func (v *verifier) checkType(t *Type) string {
	if t == nil {
		return "missing type"
	}
	if s, ok := v.types[t]; ok {
		if s == "\x00" {
			return "recursive type"
		}
		return s
	}
	v.types[t] = "\x00"
	s := ""
	switch t.Kind {
	case KindBool, KindString, KindPtr, KindFunc, KindCo, KindOpaque:
	case KindInt:
		if t.Bits != 8 && t.Bits != 16 && t.Bits != 32 && t.Bits != 64 {
			s = fmt.Sprintf("integer type of %d bits (want 8, 16, 32 or 64)", t.Bits)
		}
	case KindFloat:
		if t.Bits != 32 && t.Bits != 64 {
			s = fmt.Sprintf("float type of %d bits (want 32 or 64)", t.Bits)
		}
	case KindStruct:
		for i, f := range t.Fields {
			if fs := v.checkType(f); fs != "" {
				s = fmt.Sprintf("field %d: %s", i, fs)
				break
			}
		}
		if s == "" && t.Layout != nil {
			s = checkLayout(t)
		}
	case KindArray:
		if t.Len < 0 {
			s = fmt.Sprintf("array of negative length %d", t.Len)
		} else if es := v.checkType(t.Elem); es != "" {
			s = "element: " + es
		}
	default:
		s = fmt.Sprintf("invalid type kind %d", t.Kind)
	}
	v.types[t] = s
	return s
}

// checkLayout returns "" if the struct t's layout is consistent: every
// field has an offset, in order, and those whose size is known end
// within the struct.
func checkLayout(t *Type) string {
	l := t.Layout
	if l.Size < 0 {
		return fmt.Sprintf("negative size %d", l.Size)
	}
	if l.Offsets == nil {
		return ""
	}
	if len(l.Offsets) != len(t.Fields) {
		return fmt.Sprintf("%d offsets for %d fields", len(l.Offsets), len(t.Fields))
	}
	prev := int64(0)
	for i, o := range l.Offsets {
		if o < prev {
			return fmt.Sprintf("field %d at offset %d, before the previous field", i, o)
		}
		if n, ok := t.Fields[i].Size(); ok && o+n > l.Size || o > l.Size {
			return fmt.Sprintf("field %d at offset %d ends beyond the size %d", i, o, l.Size)
		}
		prev = o
	}
	return ""
}

// hasRef reports whether values of the (valid) type t contain a ptr, func or
// co, which nondet cannot invent.
func (v *verifier) hasRef(t *Type) bool {
	if r, ok := v.refs[t]; ok {
		return r
	}
	r := false
	switch t.Kind {
	case KindPtr, KindFunc, KindCo:
		r = true
	case KindStruct:
		for _, f := range t.Fields {
			if v.hasRef(f) {
				r = true
				break
			}
		}
	case KindArray:
		r = t.Len > 0 && v.hasRef(t.Elem)
	}
	v.refs[t] = r
	return r
}

func (v *verifier) program() {
	p := v.p
	names := map[string]bool{}
	for i, t := range p.Types {
		switch {
		case t == nil:
			v.errorf("type %d: nil", i)
			continue
		case t.Name == "":
			v.errorf("type %d (%s): declared without a name", i, v.typ(t))
		case names[t.Name]:
			v.errorf("$%s: type declared twice", t.Name)
		}
		names[t.Name] = true
		if s := v.checkType(t); s != "" {
			v.errorf("%s: invalid type: %s", sigilName('$', t.Name), s)
		}
	}

	seen := map[string]string{} // @name -> "global" or "function"
	declare := func(name, what string) {
		switch {
		case name == "":
			v.errorf("%s with an empty name", what)
		case seen[name] != "":
			v.errorf("%s: %s has the name of another %s", sigilName('@', name), what, seen[name])
		default:
			seen[name] = what
		}
	}
	for i, g := range p.Globals {
		if g == nil {
			v.errorf("global %d: nil", i)
			continue
		}
		declare(g.Name, "global")
		v.globals[g] = true
		if s := v.checkType(g.Elem); s != "" {
			v.errorf("%s: invalid type: %s", sigilName('@', g.Name), s)
		}
	}
	for i, f := range p.Funcs {
		if f == nil {
			v.errorf("function %d: nil", i)
			continue
		}
		declare(f.Name, "function")
		v.funcs[f] = true
	}
	if m := p.Func(Entry); m == nil {
		if !v.part {
			v.errorf("no function @%s", Entry)
		}
	} else if len(m.Params) > 0 {
		v.errorf("@%s: the entry function must have no parameters, has %d", Entry, len(m.Params))
	}
	for _, f := range p.Funcs {
		if f != nil && (v.trusted == nil || !v.trusted(f)) {
			v.fn(f)
		}
	}
}

func (v *verifier) fn(f *Func) {
	v.f = f
	v.locals = map[*Local]bool{}
	v.blocks = map[*Block]bool{}
	at := sigilName('@', f.Name)

	if len(f.Params) > len(f.Locals) {
		v.errorf("%s: %d parameters but only %d locals (parameters are the first locals)", at, len(f.Params), len(f.Locals))
	}
	for i, l := range f.Params {
		if i < len(f.Locals) && f.Locals[i] != l {
			v.errorf("%s: parameter %d is not local %d", at, i, i)
		}
	}
	names := map[string]bool{}
	for i, l := range f.Locals {
		if l == nil {
			v.errorf("%s: local %d is nil", at, i)
			continue
		}
		v.locals[l] = true
		switch {
		case l.Name == "":
			v.errorf("%s: local %d has no name", at, i)
		case names[l.Name]:
			v.errorf("%s: local %s declared twice", at, l)
		}
		names[l.Name] = true
		if l.Index != i {
			v.errorf("%s: local %s has Index %d but is local %d", at, l, l.Index, i)
		}
		if s := v.checkType(l.Typ); s != "" {
			v.errorf("%s: local %s: invalid type: %s", at, l, s)
		}
	}
	if f.Result != nil {
		if s := v.checkType(f.Result); s != "" {
			v.errorf("%s: invalid result type: %s", at, s)
		}
	}

	if f.Blocks == nil {
		if !v.part {
			v.errorf("%s: function is declared but never defined (a Link is missing)", at)
		}
	} else if len(f.Blocks) == 0 {
		v.errorf("%s: function has no blocks", at)
	}
	labels := map[string]bool{}
	for i, b := range f.Blocks {
		if b == nil {
			v.errorf("%s: block %d is nil", at, i)
			continue
		}
		v.blocks[b] = true
		switch {
		case b.Name == "":
			v.errorf("%s: block %d has no label", at, i)
		case labels[b.Name]:
			v.errorf("%s: label %s used for two blocks", at, labelName(b.Name))
		}
		labels[b.Name] = true
		if b.Index != i {
			v.errorf("%s:%s: block has Index %d but is block %d", at, labelName(b.Name), b.Index, i)
		}
	}
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		if len(b.Instrs) == 0 {
			v.errorf("%s:%s: empty block (a block must end in jmp, br, ret, exit or cut)", at, labelName(b.Name))
			continue
		}
		for i, in := range b.Instrs {
			loc := instrLoc{at, b.Name, i}
			if in == nil {
				v.errorf("%s: nil instruction", loc)
				continue
			}
			last := i == len(b.Instrs)-1
			if in.Op.IsTerminator() && !last {
				v.errorf("%s: terminator %s in the middle of the block [%s]", loc, in.Op, in)
			}
			if !in.Op.IsTerminator() && last {
				v.errorf("%s: block does not end in a terminator (jmp, br, ret, exit or cut) [%s]", loc, in)
			}
			v.instr(loc, in)
		}
	}
}

// instrLoc is where an instruction is, "@func:block:index", made into a
// string only for a problem: formatting it for every instruction was over
// a third of the time of verifying a large program.
type instrLoc struct {
	at, block string
	i         int
}

func (l instrLoc) String() string { return fmt.Sprintf("%s:%s:%d", l.at, labelName(l.block), l.i) }

// instrCheck collects the problems of one instruction.
type instrCheck struct {
	v   *verifier
	loc instrLoc
	in  *Instr
	bad bool
}

func (c *instrCheck) errorf(format string, args ...any) {
	c.bad = true
	c.v.errorf("%s: %s: %s [%s]", c.loc, c.in.Op, fmt.Sprintf(format, args...), c.in)
}

func (v *verifier) instr(loc instrLoc, in *Instr) {
	c := &instrCheck{v: v, loc: loc, in: in}
	op := in.Op
	if op == OpInvalid || op >= numOps {
		v.errorf("%s: invalid op %d [%s]", loc, uint8(op), in)
		return
	}

	// Shape: destination, operand count, targets and unused fields.
	switch opDst(op) {
	case dstNone:
		if in.Dst != nil {
			c.errorf("has no result but has destination %s", in.Dst)
		}
	case dstRequired:
		if in.Dst == nil {
			c.errorf("needs a destination")
		}
	}
	if in.Dst != nil && !v.locals[in.Dst] {
		c.errorf("destination %s is not a local of %s", in.Dst, v.f)
	}
	min, max := opArgCount(op)
	if n := len(in.Args); n < min || max >= 0 && n > max {
		c.errorf("has %d operands, want %s", n, argCountDesc(min, max))
	}
	targets := 0
	switch op {
	case OpJmp:
		targets = 1
	case OpBr:
		targets = 2
	}
	if len(in.Targets) != targets {
		c.errorf("has %d targets, want %d", len(in.Targets), targets)
	}
	for _, t := range in.Targets {
		switch {
		case t == nil:
			c.errorf("nil target")
		case !v.blocks[t]:
			c.errorf("target %s is not a block of %s", labelName(t.Name), v.f)
		}
	}
	if in.Type != nil && op != OpAlloc && op != OpMapNew && op != OpPtrCast {
		c.errorf("unexpected Type %s", v.typ(in.Type))
	}
	if in.Type2 != nil && op != OpMapNew {
		c.errorf("unexpected Type2 %s", v.typ(in.Type2))
	}
	if in.Index != 0 && op != OpField && op != OpExtract && op != OpInsert && op != OpCost {
		c.errorf("unexpected Index %d", in.Index)
	}
	if in.Name != "" && op != OpAssert && op != OpObserve && op != OpTrace && op != OpCut && op != OpNondet && (op != OpAlloc || in.Name != Frozen) {
		c.errorf("unexpected Name %q", in.Name)
	}
	if in.Msg != "" && op != OpAssert && op != OpCut {
		c.errorf("unexpected Msg %q", in.Msg)
	}
	if in.Index < 0 {
		c.errorf("negative %s %d", map[bool]string{true: "amount", false: "index"}[op == OpCost], in.Index)
	}

	// Operands.
	args := make([]*Type, len(in.Args))
	for k, a := range in.Args {
		args[k] = v.value(c, k, a)
	}
	var dst *Type
	if in.Dst != nil {
		if s := v.checkType(in.Dst.Typ); s == "" {
			dst = in.Dst.Typ
		}
	}
	if c.bad {
		return // shape errors make type errors noise
	}
	// arg returns the type of operand k, or nil if it is invalid (already
	// reported).
	arg := func(k int) *Type {
		if k < len(args) {
			return args[k]
		}
		return nil
	}
	v.typing(c, in, arg, dst)
}

// value checks operand k and returns its type, or nil if it is invalid.
func (v *verifier) value(c *instrCheck, k int, a Value) *Type {
	switch a := a.(type) {
	case nil:
		c.errorf("operand %d is missing", k)
	case *Local:
		if a == nil {
			c.errorf("operand %d is a nil *Local", k)
			return nil
		}
		if !v.locals[a] {
			c.errorf("operand %d: %s is not a local of %s", k, a, v.f)
			return nil
		}
		if v.checkType(a.Typ) != "" {
			return nil // reported with the local
		}
		return a.Typ
	case *Global:
		if a == nil || !v.globals[a] {
			c.errorf("operand %d: %s is not a global of the program", k, valueText(a))
			return nil
		}
		return Ptr
	case *Func:
		if a == nil || !v.funcs[a] {
			c.errorf("operand %d: %s is not a function of the program", k, valueText(a))
			return nil
		}
		return FuncT
	case *Const:
		if a == nil {
			c.errorf("operand %d is a nil *Const", k)
			return nil
		}
		if s := v.checkType(a.Typ); s != "" {
			c.errorf("operand %d: constant of invalid type: %s", k, s)
			return nil
		}
		if s := v.constProblem(a); s != "" {
			c.errorf("operand %d: %s", k, s)
			return nil
		}
		return a.Typ
	default:
		c.errorf("operand %d: unknown Value type %T", k, a)
	}
	return nil
}

// constProblem reports what is wrong with a constant of a valid type.
func (v *verifier) constProblem(c *Const) string {
	t := c.Typ
	switch t.Kind {
	case KindInt:
		if c.Bits != Truncate(c.Bits, int(t.Bits)) {
			return fmt.Sprintf("integer constant bits %#x do not fit %s", c.Bits, v.typ(t))
		}
	case KindBool:
		if c.Bits > 1 {
			return fmt.Sprintf("bool constant with Bits %d", c.Bits)
		}
	case KindPtr, KindFunc, KindCo:
		if !c.Zero {
			return fmt.Sprintf("a %s constant can only be nil (Zero)", v.typ(t))
		}
	case KindStruct, KindArray, KindOpaque:
		if !c.Zero {
			return fmt.Sprintf("a %s constant can only be the zero value (Zero)", t.Kind.word())
		}
	}
	return ""
}

func (k Kind) word() string {
	switch k {
	case KindStruct:
		return "struct"
	case KindArray:
		return "array"
	case KindOpaque:
		return "opaque"
	}
	return fmt.Sprintf("kind %d", k)
}

// opArgCount gives the allowed number of operands (max -1: unbounded).
func opArgCount(op Op) (min, max int) {
	if op.IsBinary() {
		return 2, 2
	}
	if n, ok := opArity[op]; ok {
		return n, n
	}
	switch op {
	case OpField, OpExtract, OpAssert, OpPtrCast:
		return 1, 1
	case OpInsert:
		return 2, 2
	case OpCost, OpMapNew, OpJmp, OpCut:
		return 0, 0
	case OpAlloc, OpRet:
		return 0, 1
	case OpBr:
		return 1, 1
	case OpCall, OpCoCreate:
		return 1, -1
	}
	return 0, -1 // make, observe, trace
}

func argCountDesc(min, max int) string {
	switch {
	case max < 0:
		return fmt.Sprintf("at least %d", min)
	case min == max:
		return fmt.Sprint(min)
	}
	return fmt.Sprintf("%d to %d", min, max)
}

func isInt(t *Type) bool   { return t != nil && t.Kind == KindInt }
func isFloat(t *Type) bool { return t != nil && t.Kind == KindFloat }
func isU64(t *Type) bool   { return isInt(t) && t.Bits == 64 && !t.Signed }

// typing checks the operand and destination types of one instruction whose
// shape (operand count, destination) is right: arg(k) is operand k's type,
// nil when that operand is invalid (already reported), dst the
// destination's. The instruction families have a method each.
func (v *verifier) typing(c *instrCheck, in *Instr, arg func(int) *Type, dst *Type) {
	t := &typeCheck{v: v, c: c, in: in, arg: arg, dst: dst}
	switch op := in.Op; {
	case op == OpShl || op == OpShr, op.IsBinary(), op == OpCopy, op == OpNeg, op == OpNot, op == OpConv, op == OpSelect:
		t.arith()
	case op == OpMapNew || op == OpMapGet || op == OpMapSet || op == OpMapDel || op == OpMapLen || op == OpMapKey:
		t.maps()
	case op == OpStrLen || op == OpStrIndex || op == OpSubstr || op == OpStrToBytes || op == OpStrFromBytes || op == OpRuneDecode ||
		op == OpStrView || op == OpStrData:
		t.strings()
	case op == OpCall || op == OpCoCreate || op == OpResume || op == OpCoDone:
		t.calls()
	case op == OpAlloc || op == OpLoad || op == OpStore || op == OpField || op == OpIndex || op == OpLen ||
		op == OpExtract || op == OpInsert || op == OpElem || op == OpMake || op == OpPtrCast || op == OpArrayOf:
		t.memory()
	default:
		t.control()
	}
}

// typeCheck is the typing of one instruction.
type typeCheck struct {
	v   *verifier
	c   *instrCheck
	in  *Instr
	arg func(int) *Type
	dst *Type
}

const integer, boolean, pointer, str = "an integer", "bool", "ptr", "str"

func (t *typeCheck) ts(x *Type) string { return t.v.typ(x) }

// want checks that operand k has a type of the given kinds.
func (t *typeCheck) want(k int, what string, kinds ...Kind) bool {
	a := t.arg(k)
	if a == nil {
		return false
	}
	for _, kd := range kinds {
		if a.Kind == kd {
			return true
		}
	}
	t.c.errorf("operand %d (%s) is %s, want %s", k, t.in.Args[k], t.ts(a), what)
	return false
}

// wantDst checks the destination, if any, with ok.
func (t *typeCheck) wantDst(what string, ok func(*Type) bool) {
	if t.dst != nil && !ok(t.dst) {
		t.c.errorf("destination %s is %s, want %s", t.in.Dst, t.ts(t.dst), what)
	}
}

// dstIs checks that the destination, if any, has type x.
func (t *typeCheck) dstIs(x *Type) {
	if t.dst != nil && x != nil && !Identical(t.dst, x) {
		t.c.errorf("destination %s is %s, want %s", t.in.Dst, t.ts(t.dst), t.ts(x))
	}
}

func kindIs(k Kind) func(*Type) bool { return func(t *Type) bool { return t.Kind == k } }

// same checks that operands i and j have identical types.
func (t *typeCheck) same(i, j int) bool {
	a, b := t.arg(i), t.arg(j)
	if a == nil || b == nil {
		return false
	}
	if !Identical(a, b) {
		t.c.errorf("operands %s and %s have different types %s and %s", t.in.Args[i], t.in.Args[j], t.ts(a), t.ts(b))
		return false
	}
	return true
}

// arith checks shifts, binary operators, comparisons, copy, neg, not,
// conversions and select.
func (t *typeCheck) arith() {
	switch op := t.in.Op; {
	case op == OpShl || op == OpShr:
		t.want(0, integer, KindInt)
		t.want(1, "an integer shift count", KindInt)
		t.dstIs(t.arg(0))
	case op.IsBinary():
		ok := t.same(0, 1)
		if a := t.arg(0); ok && a != nil {
			var kinds []Kind
			switch op {
			case OpAdd:
				kinds = []Kind{KindInt, KindFloat, KindString}
			case OpSub, OpMul, OpDiv:
				kinds = []Kind{KindInt, KindFloat}
			case OpRem, OpAndNot:
				kinds = []Kind{KindInt}
			case OpAnd, OpOr, OpXor:
				kinds = []Kind{KindInt, KindBool}
			case OpLt, OpLe, OpGt, OpGe:
				kinds = []Kind{KindInt, KindFloat, KindString}
			}
			if kinds != nil {
				t.want(0, kindList(kinds), kinds...)
			} else if !a.IsScalar() {
				t.c.errorf("operands are %s, want a scalar type (compare aggregates field by field)", t.ts(a))
			}
		}
		if op.IsComparison() {
			t.wantDst(boolean, kindIs(KindBool))
		} else if ok {
			t.dstIs(t.arg(0))
		}
	case op == OpCopy:
		t.dstIs(t.arg(0))
	case op == OpNeg:
		t.want(0, "an integer or float", KindInt, KindFloat)
		t.dstIs(t.arg(0))
	case op == OpNot:
		t.want(0, "bool or an integer", KindBool, KindInt)
		t.dstIs(t.arg(0))
	case op == OpConv:
		a, dst := t.arg(0), t.dst
		if a == nil || dst == nil {
			return
		}
		ok := isInt(a) && (isInt(dst) || isFloat(dst) || dst.Kind == KindString) ||
			isFloat(a) && (isInt(dst) || isFloat(dst)) ||
			a.Kind == KindPtr && isU64(dst) || isU64(a) && dst.Kind == KindPtr
		if !ok {
			t.c.errorf("cannot convert %s to %s (allowed: int<->int, int<->float, float<->float, int->str, ptr<->u64)", t.ts(a), t.ts(dst))
		}
	case op == OpSelect:
		t.want(0, boolean, KindBool)
		if t.same(1, 2) {
			t.dstIs(t.arg(1))
		}
	}
}

// memory checks allocation, loads and stores, pointers into objects and
// aggregate values.
func (t *typeCheck) memory() {
	in := t.in
	switch in.Op {
	case OpAlloc:
		if s := t.v.checkType(in.Type); s != "" {
			t.c.errorf("allocated type: %s", s)
		}
		if len(in.Args) == 1 {
			t.want(0, "an integer count", KindInt)
		}
		t.wantDst(pointer, kindIs(KindPtr))
	case OpLoad, OpStore:
		t.want(0, pointer, KindPtr)
	case OpField:
		t.want(0, pointer, KindPtr)
		t.wantDst(pointer, kindIs(KindPtr))
	case OpIndex:
		t.want(0, pointer, KindPtr)
		t.want(1, "an integer index", KindInt)
		t.wantDst(pointer, kindIs(KindPtr))
	case OpLen:
		t.want(0, pointer, KindPtr)
		t.wantDst(integer, isInt)
	case OpExtract, OpInsert:
		if !t.want(0, "a struct or array", KindStruct, KindArray) {
			return
		}
		comp := t.v.component(t.c, t.arg(0), in.Index)
		if comp == nil {
			return
		}
		if in.Op == OpExtract {
			t.dstIs(comp)
			return
		}
		if x := t.arg(1); x != nil && !Identical(x, comp) {
			t.c.errorf("inserted value %s is %s, want %s", in.Args[1], t.ts(x), t.ts(comp))
		}
		t.dstIs(t.arg(0))
	case OpElem:
		if t.want(0, "an array", KindArray) {
			t.dstIs(t.arg(0).Elem)
		}
		t.want(1, "an integer index", KindInt)
	case OpMake:
		t.make()
	case OpPtrCast:
		if s := t.v.checkType(in.Type); s != "" {
			t.c.errorf("pointee type: %s", s)
		}
		t.want(0, pointer, KindPtr)
		t.wantDst(pointer, kindIs(KindPtr))
	case OpArrayOf:
		t.want(0, pointer, KindPtr)
		t.dstIs(arrayOfType)
	}
}

// arrayOfType is arrayof's result: the array and the index in it.
var arrayOfType = Struct(Ptr, I64)

// make checks that make's operands are the fields or elements of its
// destination's type.
func (t *typeCheck) make() {
	in, dst := t.in, t.dst
	if dst == nil {
		return
	}
	switch dst.Kind {
	case KindStruct:
		if len(dst.Fields) != len(in.Args) {
			t.c.errorf("has %d operands, %s has %d fields", len(in.Args), t.ts(dst), len(dst.Fields))
			return
		}
		for k, ft := range dst.Fields {
			if a := t.arg(k); a != nil && !Identical(a, ft) {
				t.c.errorf("operand %d (%s) is %s, field %d is %s", k, in.Args[k], t.ts(a), k, t.ts(ft))
			}
		}
	case KindArray:
		if dst.Len != len(in.Args) {
			t.c.errorf("has %d operands, %s has %d elements", len(in.Args), t.ts(dst), dst.Len)
			return
		}
		for k := range in.Args {
			if a := t.arg(k); a != nil && !Identical(a, dst.Elem) {
				t.c.errorf("operand %d (%s) is %s, want %s", k, in.Args[k], t.ts(a), t.ts(dst.Elem))
			}
		}
	default:
		t.c.errorf("destination %s is %s, want a struct or array", in.Dst, t.ts(dst))
	}
}

// maps checks the map instructions.
func (t *typeCheck) maps() {
	in := t.in
	if in.Op == OpMapNew {
		if s := t.v.checkType(in.Type); s != "" {
			t.c.errorf("key type: %s", s)
		}
		if s := t.v.checkType(in.Type2); s != "" {
			t.c.errorf("value type: %s", s)
		}
		t.wantDst(pointer, kindIs(KindPtr))
		return
	}
	t.want(0, "a map (ptr)", KindPtr)
	switch in.Op {
	case OpMapGet:
		t.wantDst("a struct {V, bool}", func(x *Type) bool {
			return x.Kind == KindStruct && len(x.Fields) == 2 && x.Fields[1].Kind == KindBool
		})
	case OpMapLen:
		t.wantDst(integer, isInt)
	case OpMapKey:
		t.want(1, "an integer index", KindInt)
	}
}

// strings checks the string instructions.
func (t *typeCheck) strings() {
	switch t.in.Op {
	case OpStrLen:
		t.want(0, str, KindString)
		t.wantDst(integer, isInt)
	case OpStrIndex:
		t.want(0, str, KindString)
		t.want(1, "an integer index", KindInt)
		t.dstIs(U8)
	case OpSubstr:
		t.want(0, str, KindString)
		t.want(1, "an integer", KindInt)
		t.want(2, "an integer", KindInt)
		t.dstIs(String)
	case OpStrToBytes:
		t.want(0, str, KindString)
		t.wantDst(pointer, kindIs(KindPtr))
	case OpStrFromBytes:
		t.want(0, pointer, KindPtr)
		t.want(1, "an integer count", KindInt)
		t.dstIs(String)
	case OpRuneDecode:
		t.want(0, str, KindString)
		t.want(1, "an integer index", KindInt)
		t.dstIs(runeDecodeType)
	case OpStrView:
		t.want(0, pointer, KindPtr)
		t.want(1, "an integer count", KindInt)
		t.dstIs(String)
	case OpStrData:
		t.want(0, str, KindString)
		t.wantDst(pointer, kindIs(KindPtr))
	}
}

// calls checks calls and the coroutine instructions; a direct call's
// arguments and result against its callee's signature.
func (t *typeCheck) calls() {
	in := t.in
	switch in.Op {
	case OpResume:
		t.want(0, "co", KindCo)
		return
	case OpCoDone:
		t.want(0, "co", KindCo)
		t.wantDst(boolean, kindIs(KindBool))
		return
	}
	if !t.want(0, "a function", KindFunc) {
		return
	}
	if in.Op == OpCoCreate {
		t.wantDst("co", kindIs(KindCo))
	}
	callee := in.Callee()
	if callee == nil {
		return // indirect: checked at run time
	}
	cargs := in.Args[1:]
	if len(cargs) != len(callee.Params) {
		t.c.errorf("%s takes %d arguments, got %d", callee, len(callee.Params), len(cargs))
	} else {
		for k, p := range callee.Params {
			if p == nil || t.v.checkType(p.Typ) != "" {
				continue
			}
			if a := t.arg(k + 1); a != nil && !Identical(a, p.Typ) {
				t.c.errorf("argument %d (%s) is %s, parameter %s of %s is %s", k, cargs[k], t.ts(a), p, callee, t.ts(p.Typ))
			}
		}
	}
	if dst := t.dst; in.Op == OpCall && dst != nil {
		switch {
		case callee.Result == nil:
			t.c.errorf("%s has no result to assign to %s", callee, in.Dst)
		case t.v.checkType(callee.Result) == "" && !Identical(dst, callee.Result):
			t.c.errorf("destination %s is %s, %s returns %s", in.Dst, t.ts(dst), callee, t.ts(callee.Result))
		}
	}
}

// control checks nondet, choose, assume, branches, assertions, events,
// cuts and returns.
func (t *typeCheck) control() {
	in := t.in
	switch in.Op {
	case OpNondet:
		if t.dst != nil && t.v.hasRef(t.dst) {
			t.c.errorf("destination %s is %s, which contains a ptr, func or co: nondet cannot invent references", in.Dst, t.ts(t.dst))
		}
	case OpChoose, OpChooseBit:
		t.want(0, integer, KindInt)
		t.wantDst(integer, isInt)
	case OpPreemptible, OpKnown:
		t.wantDst(boolean, kindIs(KindBool))
	case OpAssume, OpBr:
		t.want(0, boolean, KindBool)
	case OpAssert:
		t.want(0, boolean, KindBool)
		if !isKind(in.Name) {
			t.c.errorf("kind %q is not an identifier of letters, digits, '_', '-' and '.'", in.Name)
		}
	case OpObserve, OpTrace:
		if in.Name == "" {
			t.c.errorf("empty event name")
		}
	case OpCut:
		if in.Name == "" {
			t.c.errorf("empty reason")
		}
	case OpRet:
		res := t.v.f.Result
		switch {
		case res == nil && len(in.Args) == 1:
			t.c.errorf("%s has no result, but ret has a value", t.v.f)
		case res != nil && len(in.Args) == 0:
			t.c.errorf("%s returns %s, but ret has no value", t.v.f, t.ts(res))
		case res != nil && t.v.checkType(res) == "":
			if a := t.arg(0); a != nil && !Identical(a, res) {
				t.c.errorf("returns %s (%s), %s returns %s", in.Args[0], t.ts(a), t.v.f, t.ts(res))
			}
		}
	}
}

// runeDecodeType is runedecode's result: the rune and its width in bytes.
var runeDecodeType = Struct(I32, I64)

// component returns field or element k of the aggregate t, reporting an
// index out of range.
func (v *verifier) component(c *instrCheck, t *Type, k int) *Type {
	switch t.Kind {
	case KindStruct:
		if k < 0 || k >= len(t.Fields) {
			c.errorf("field %d out of range: %s has %d fields", k, v.typ(t), len(t.Fields))
			return nil
		}
		return t.Fields[k]
	case KindArray:
		if k < 0 || k >= t.Len {
			c.errorf("element %d out of range: %s has %d elements", k, v.typ(t), t.Len)
			return nil
		}
		return t.Elem
	}
	return nil
}

func kindList(kinds []Kind) string {
	var s []string
	for _, k := range kinds {
		switch k {
		case KindInt:
			s = append(s, "integers")
		case KindFloat:
			s = append(s, "floats")
		case KindString:
			s = append(s, "strings")
		case KindBool:
			s = append(s, "bools")
		}
	}
	switch len(s) {
	case 1:
		return s[0]
	case 2:
		return s[0] + " or " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func valueText(v Value) string {
	var b bytes.Buffer
	(&printer{}).value(&b, v)
	return b.String()
}
