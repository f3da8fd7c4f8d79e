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
func Verify(p *Program) error {
	if p == nil {
		return errors.New("nil program")
	}
	v := &verifier{
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
		v.errorf("no function @%s", Entry)
	} else if len(m.Params) > 0 {
		v.errorf("@%s: the entry function must have no parameters, has %d", Entry, len(m.Params))
	}
	for _, f := range p.Funcs {
		if f != nil {
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
		v.errorf("%s: function is declared but never defined (a Link is missing)", at)
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
			loc := fmt.Sprintf("%s:%s:%d", at, labelName(b.Name), i)
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

// instrCheck collects the problems of one instruction.
type instrCheck struct {
	v   *verifier
	loc string
	in  *Instr
	bad bool
}

func (c *instrCheck) errorf(format string, args ...any) {
	c.bad = true
	c.v.errorf("%s: %s: %s [%s]", c.loc, c.in.Op, fmt.Sprintf(format, args...), c.in)
}

func (v *verifier) instr(loc string, in *Instr) {
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
	if in.Type != nil && op != OpAlloc && op != OpMapNew {
		c.errorf("unexpected Type %s", v.typ(in.Type))
	}
	if in.Type2 != nil && op != OpMapNew {
		c.errorf("unexpected Type2 %s", v.typ(in.Type2))
	}
	if in.Index != 0 && op != OpField && op != OpExtract && op != OpInsert && op != OpCost {
		c.errorf("unexpected Index %d", in.Index)
	}
	if in.Name != "" && op != OpAssert && op != OpObserve && op != OpTrace && op != OpCut && op != OpNondet {
		c.errorf("unexpected Name %q", in.Name)
	}
	if in.Msg != "" && op != OpAssert {
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
	case OpField, OpExtract, OpAssert:
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

// typing checks the typing rules of each op. Operand types that are nil were
// invalid and have been reported; checks involving them are skipped.
func (v *verifier) typing(c *instrCheck, in *Instr, arg func(int) *Type, dst *Type) {
	ts := v.typ
	// want checks that operand k has a type of the given kinds.
	want := func(k int, what string, kinds ...Kind) bool {
		t := arg(k)
		if t == nil {
			return false
		}
		for _, kd := range kinds {
			if t.Kind == kd {
				return true
			}
		}
		c.errorf("operand %d (%s) is %s, want %s", k, in.Args[k], ts(t), what)
		return false
	}
	wantDst := func(what string, ok func(*Type) bool) {
		if dst != nil && !ok(dst) {
			c.errorf("destination %s is %s, want %s", in.Dst, ts(dst), what)
		}
	}
	dstIs := func(t *Type) {
		if dst != nil && t != nil && !Identical(dst, t) {
			c.errorf("destination %s is %s, want %s", in.Dst, ts(dst), ts(t))
		}
	}
	kindIs := func(k Kind) func(*Type) bool { return func(t *Type) bool { return t.Kind == k } }
	same := func(i, j int) bool {
		a, b := arg(i), arg(j)
		if a == nil || b == nil {
			return false
		}
		if !Identical(a, b) {
			c.errorf("operands %s and %s have different types %s and %s", in.Args[i], in.Args[j], ts(a), ts(b))
			return false
		}
		return true
	}
	const integer, boolean, pointer, str = "an integer", "bool", "ptr", "str"

	op := in.Op
	switch {
	case op == OpShl || op == OpShr:
		want(0, integer, KindInt)
		want(1, "an integer shift count", KindInt)
		dstIs(arg(0))
		return
	case op.IsBinary():
		ok := same(0, 1)
		if a := arg(0); ok && a != nil {
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
				want(0, kindList(kinds), kinds...)
			} else if !a.IsScalar() {
				c.errorf("operands are %s, want a scalar type (compare aggregates field by field)", ts(a))
			}
		}
		if op.IsComparison() {
			wantDst(boolean, kindIs(KindBool))
		} else if ok {
			dstIs(arg(0))
		}
		return
	}

	switch op {
	case OpCopy:
		dstIs(arg(0))
	case OpNeg:
		want(0, "an integer or float", KindInt, KindFloat)
		dstIs(arg(0))
	case OpNot:
		want(0, "bool or an integer", KindBool, KindInt)
		dstIs(arg(0))
	case OpConv:
		a := arg(0)
		if a == nil || dst == nil {
			return
		}
		ok := isInt(a) && (isInt(dst) || isFloat(dst) || dst.Kind == KindString) ||
			isFloat(a) && (isInt(dst) || isFloat(dst))
		if !ok {
			c.errorf("cannot convert %s to %s (allowed: int<->int, int<->float, float<->float, int->str)", ts(a), ts(dst))
		}
	case OpSelect:
		want(0, boolean, KindBool)
		if same(1, 2) {
			dstIs(arg(1))
		}
	case OpNondet:
		if dst != nil && v.hasRef(dst) {
			c.errorf("destination %s is %s, which contains a ptr, func or co: nondet cannot invent references", in.Dst, ts(dst))
		}
	case OpChoose:
		want(0, integer, KindInt)
		wantDst(integer, isInt)
	case OpAssume, OpBr:
		want(0, boolean, KindBool)
	case OpAssert:
		want(0, boolean, KindBool)
		if !isKind(in.Name) {
			c.errorf("kind %q is not an identifier of letters, digits, '_', '-' and '.'", in.Name)
		}
	case OpAlloc:
		if s := v.checkType(in.Type); s != "" {
			c.errorf("allocated type: %s", s)
		}
		if len(in.Args) == 1 {
			want(0, "an integer count", KindInt)
		}
		wantDst(pointer, kindIs(KindPtr))
	case OpLoad:
		want(0, pointer, KindPtr)
	case OpStore:
		want(0, pointer, KindPtr)
	case OpField:
		want(0, pointer, KindPtr)
		wantDst(pointer, kindIs(KindPtr))
	case OpIndex:
		want(0, pointer, KindPtr)
		want(1, "an integer index", KindInt)
		wantDst(pointer, kindIs(KindPtr))
	case OpLen:
		want(0, pointer, KindPtr)
		wantDst(integer, isInt)
	case OpExtract, OpInsert:
		if !want(0, "a struct or array", KindStruct, KindArray) {
			return
		}
		comp := v.component(c, arg(0), in.Index)
		if comp == nil {
			return
		}
		if op == OpExtract {
			dstIs(comp)
			return
		}
		if x := arg(1); x != nil && !Identical(x, comp) {
			c.errorf("inserted value %s is %s, want %s", in.Args[1], ts(x), ts(comp))
		}
		dstIs(arg(0))
	case OpElem:
		if want(0, "an array", KindArray) {
			dstIs(arg(0).Elem)
		}
		want(1, "an integer index", KindInt)
	case OpMake:
		if dst == nil {
			return
		}
		switch dst.Kind {
		case KindStruct:
			if len(dst.Fields) != len(in.Args) {
				c.errorf("has %d operands, %s has %d fields", len(in.Args), ts(dst), len(dst.Fields))
				return
			}
			for k, ft := range dst.Fields {
				if a := arg(k); a != nil && !Identical(a, ft) {
					c.errorf("operand %d (%s) is %s, field %d is %s", k, in.Args[k], ts(a), k, ts(ft))
				}
			}
		case KindArray:
			if dst.Len != len(in.Args) {
				c.errorf("has %d operands, %s has %d elements", len(in.Args), ts(dst), dst.Len)
				return
			}
			for k := range in.Args {
				if a := arg(k); a != nil && !Identical(a, dst.Elem) {
					c.errorf("operand %d (%s) is %s, want %s", k, in.Args[k], ts(a), ts(dst.Elem))
				}
			}
		default:
			c.errorf("destination %s is %s, want a struct or array", in.Dst, ts(dst))
		}
	case OpMapNew:
		if s := v.checkType(in.Type); s != "" {
			c.errorf("key type: %s", s)
		}
		if s := v.checkType(in.Type2); s != "" {
			c.errorf("value type: %s", s)
		}
		wantDst(pointer, kindIs(KindPtr))
	case OpMapGet:
		want(0, "a map (ptr)", KindPtr)
		wantDst("a struct {V, bool}", func(t *Type) bool {
			return t.Kind == KindStruct && len(t.Fields) == 2 && t.Fields[1].Kind == KindBool
		})
	case OpMapSet, OpMapDel:
		want(0, "a map (ptr)", KindPtr)
	case OpMapLen:
		want(0, "a map (ptr)", KindPtr)
		wantDst(integer, isInt)
	case OpMapKey:
		want(0, "a map (ptr)", KindPtr)
		want(1, "an integer index", KindInt)
	case OpStrLen:
		want(0, str, KindString)
		wantDst(integer, isInt)
	case OpStrIndex:
		want(0, str, KindString)
		want(1, "an integer index", KindInt)
		dstIs(U8)
	case OpSubstr:
		want(0, str, KindString)
		want(1, "an integer", KindInt)
		want(2, "an integer", KindInt)
		dstIs(String)
	case OpStrToBytes:
		want(0, str, KindString)
		wantDst(pointer, kindIs(KindPtr))
	case OpStrFromBytes:
		want(0, pointer, KindPtr)
		want(1, "an integer count", KindInt)
		dstIs(String)
	case OpRuneDecode:
		want(0, str, KindString)
		want(1, "an integer index", KindInt)
		dstIs(runeDecodeType)
	case OpCall, OpCoCreate:
		if !want(0, "a function", KindFunc) {
			return
		}
		if op == OpCoCreate {
			wantDst("co", kindIs(KindCo))
		}
		callee := in.Callee()
		if callee == nil {
			return // indirect: checked at run time
		}
		cargs := in.Args[1:]
		if len(cargs) != len(callee.Params) {
			c.errorf("%s takes %d arguments, got %d", callee, len(callee.Params), len(cargs))
		} else {
			for k, p := range callee.Params {
				if p == nil || v.checkType(p.Typ) != "" {
					continue
				}
				if a := arg(k + 1); a != nil && !Identical(a, p.Typ) {
					c.errorf("argument %d (%s) is %s, parameter %s of %s is %s", k, cargs[k], ts(a), p, callee, ts(p.Typ))
				}
			}
		}
		if op == OpCall && dst != nil {
			switch {
			case callee.Result == nil:
				c.errorf("%s has no result to assign to %s", callee, in.Dst)
			case v.checkType(callee.Result) == "" && !Identical(dst, callee.Result):
				c.errorf("destination %s is %s, %s returns %s", in.Dst, ts(dst), callee, ts(callee.Result))
			}
		}
	case OpResume:
		want(0, "co", KindCo)
	case OpCoDone:
		want(0, "co", KindCo)
		wantDst(boolean, kindIs(KindBool))
	case OpObserve, OpTrace:
		if in.Name == "" {
			c.errorf("empty event name")
		}
	case OpCut:
		if in.Name == "" {
			c.errorf("empty reason")
		}
	case OpRet:
		res := v.f.Result
		switch {
		case res == nil && len(in.Args) == 1:
			c.errorf("%s has no result, but ret has a value", v.f)
		case res != nil && len(in.Args) == 0:
			c.errorf("%s returns %s, but ret has no value", v.f, ts(res))
		case res != nil && v.checkType(res) == "":
			if a := arg(0); a != nil && !Identical(a, res) {
				c.errorf("returns %s (%s), %s returns %s", in.Args[0], ts(a), v.f, ts(res))
			}
		}
	}
}

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
