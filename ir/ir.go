package ir

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
)

// Program is a whole sequential program: named types, globals and functions.
// Execution starts at the function named "main" (Entry), which takes no
// parameters.
type Program struct {
	Types   []*Type // named types, in declaration order
	Globals []*Global
	Funcs   []*Func
}

// Entry is the name of the function where execution starts.
const Entry = "main"

// Func returns the function with the given name, or nil.
func (p *Program) Func(name string) *Func {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Global returns the global with the given name, or nil.
func (p *Program) Global(name string) *Global {
	for _, g := range p.Globals {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// Value is an instruction operand: a *Local, a *Const, a *Global (a pointer to
// the global's object) or a *Func (a function reference).
type Value interface {
	Type() *Type
	String() string
}

// Global is a heap object that exists from the start of execution, holding
// the zero value of Elem. Used as an operand, it is a pointer to that object.
type Global struct {
	Name string
	Elem *Type
}

func (g *Global) Type() *Type    { return Ptr }
func (g *Global) String() string { return sigilName('@', g.Name) }

// Local is a mutable variable of one function activation (a register).
// Parameters are locals too. Locals start out as the zero value of their type.
type Local struct {
	Name  string
	Typ   *Type
	Index int // position in Func.Locals
}

func (l *Local) Type() *Type    { return l.Typ }
func (l *Local) String() string { return sigilName('%', l.Name) }

// Const is a constant operand.
type Const struct {
	Typ   *Type
	Bits  uint64  // KindInt: the value's bit pattern, truncated to Typ.Bits; KindBool: 0 or 1
	Float float64 // KindFloat
	Str   string  // KindString
	Zero  bool    // the zero value of Typ (nil for references, required for aggregates)
}

func (c *Const) Type() *Type { return c.Typ }

// IntConst returns the integer constant v of type t, wrapped to t's width.
func IntConst(t *Type, v int64) *Const { return &Const{Typ: t, Bits: Truncate(uint64(v), int(t.Bits))} }

// BoolConst returns true or false.
func BoolConst(b bool) *Const {
	if b {
		return &Const{Typ: Bool, Bits: 1}
	}
	return &Const{Typ: Bool}
}

// StringConst returns a string constant.
func StringConst(s string) *Const { return &Const{Typ: String, Str: s} }

// FloatConst returns a float constant of type t, rounded to t's precision.
func FloatConst(t *Type, f float64) *Const {
	if t.Bits == 32 {
		f = float64(float32(f))
	}
	return &Const{Typ: t, Float: f}
}

// ZeroConst returns the zero value of t (nil for reference types).
func ZeroConst(t *Type) *Const { return &Const{Typ: t, Zero: true} }

// Int64 returns the constant's integer value, sign-extended for signed types.
func (c *Const) Int64() int64 { return SignExtend(c.Bits, int(c.Typ.Bits), c.Typ.Signed) }

// String renders the constant in the text form (named types as $name).
func (c *Const) String() string {
	var b bytes.Buffer
	(&printer{}).constant(&b, c)
	return b.String()
}

func formatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if bits != 32 {
		bits = 64
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	// Keep a float literal distinguishable from an integer one.
	for _, r := range s {
		if r == '.' || r == 'e' || r == 'n' || r == 'i' {
			return s
		}
	}
	return s + ".0"
}

// Truncate keeps the low bits of v.
func Truncate(v uint64, bits int) uint64 {
	if bits >= 64 {
		return v
	}
	return v & (1<<uint(bits) - 1)
}

// SignExtend interprets the low bits of v as a signed or unsigned integer.
func SignExtend(v uint64, bits int, signed bool) int64 {
	v = Truncate(v, bits)
	if signed && bits < 64 && v&(1<<uint(bits-1)) != 0 {
		v |= ^uint64(0) << uint(bits)
	}
	return int64(v)
}

// Func is a function: parameters, local variables and a list of blocks, the
// first of which is the entry. Result is nil for a function with no result;
// several Go results travel as one struct.
type Func struct {
	Name   string
	Params []*Local // also the first len(Params) entries of Locals
	Result *Type
	Locals []*Local
	Blocks []*Block
	Pos    string // Go source position the function was lowered from, if any
}

func (f *Func) Type() *Type    { return FuncT }
func (f *Func) String() string { return sigilName('@', f.Name) }

// Local returns the local with the given name, or nil.
func (f *Func) Local(name string) *Local {
	for _, l := range f.Locals {
		if l.Name == name {
			return l
		}
	}
	return nil
}

// NewLocal adds a local variable to f.
func (f *Func) NewLocal(name string, t *Type) *Local {
	l := &Local{Name: name, Typ: t, Index: len(f.Locals)}
	f.Locals = append(f.Locals, l)
	return l
}

// NewParam adds a parameter to f; parameters must be added before other locals.
func (f *Func) NewParam(name string, t *Type) *Local {
	if len(f.Locals) != len(f.Params) {
		panic("ir: parameter added after locals")
	}
	l := f.NewLocal(name, t)
	f.Params = append(f.Params, l)
	return l
}

// NewBlock appends a block to f.
func (f *Func) NewBlock(name string) *Block {
	b := &Block{Name: name, Index: len(f.Blocks)}
	f.Blocks = append(f.Blocks, b)
	return b
}

// Block is a straight-line list of instructions ending in a terminator
// (jmp, br, ret, exit or cut).
type Block struct {
	Name   string
	Index  int
	Instrs []*Instr
}

// Add appends an instruction and returns it.
func (b *Block) Add(in *Instr) *Instr {
	b.Instrs = append(b.Instrs, in)
	return in
}

// Op is an instruction's operation.
type Op uint8

// The instruction set. The comment gives each one's text form; see doc.go for
// the semantics.
const (
	OpInvalid Op = iota

	OpCopy // %d = copy v

	// Binary operations on two operands of one type: integers (signedness from
	// the type), floats, strings (comparisons and add only), booleans (and, or,
	// xor, eq, ne), and eq/ne on any scalar type.
	OpAdd    // %d = add a, b
	OpSub    // %d = sub a, b
	OpMul    // %d = mul a, b
	OpDiv    // %d = div a, b    (truncating; division by zero is a runtime error)
	OpRem    // %d = rem a, b    (sign of the dividend)
	OpAnd    // %d = and a, b
	OpOr     // %d = or a, b
	OpXor    // %d = xor a, b
	OpAndNot // %d = andnot a, b
	OpShl    // %d = shl a, s    (s of any integer type, unsigned count; >= width gives 0)
	OpShr    // %d = shr a, s    (arithmetic for signed a)
	OpEq     // %d = eq a, b
	OpNe     // %d = ne a, b
	OpLt     // %d = lt a, b
	OpLe     // %d = le a, b
	OpGt     // %d = gt a, b
	OpGe     // %d = ge a, b

	OpNeg  // %d = neg a
	OpNot  // %d = not a        (logical for bool, bitwise complement for integers)
	OpConv // %d = conv a       (to %d's type: int<->int, int<->float, float<->float, int->str as a rune, ptr<->u64 as an address)

	OpSelect // %d = select c, a, b
	OpNondet // %d = nondet  or  %d = nondet "label"  (a fresh unconstrained value of %d's type; the label says where it comes from)
	OpChoose // %d = choose n   (a value in [0, n), explored case by case)
	// OpChooseBit: %d = choosebit m (a value k in [0, 64) whose bit 1<<k is
	// set in the i64 m, explored case by case: a scheduler picks a
	// goroutine by its number among the runnable ones)
	OpChooseBit
	OpAssume // assume c
	OpAssert // assert c, kind, "message"
	OpCost   // cost n          (adds n to the path's cost)
	// OpPreemptible: %d = preemptible (a scheduler asks whether switching
	// away from the goroutine running can lead anywhere new: false when the
	// path's cost has reached the bound, or when, under partial-order
	// reduction, the running goroutine has touched no shared memory since
	// the scheduler last chose; see smt.Reduction)
	OpPreemptible

	OpAlloc   // %d = alloc T   or   %d = alloc T, n   (an array of n T); alloc frozen T: never written once another goroutine can reach it (Name "frozen"; a closure's environment, a captured variable set only before its capture)
	OpLoad    // %d = load p
	OpStore   // store p, v
	OpField   // %d = field p, k  (pointer to field k of the struct p points to)
	OpIndex   // %d = index p, i  (pointer to element i of the array p points to)
	OpLen     // %d = len p       (number of elements of the array p points to)
	OpExtract // %d = extract v, k (field k of a struct value, element k of an array value)
	OpInsert  // %d = insert v, k, x
	OpElem    // %d = elem v, i   (element i of an array value, i a value)
	OpMake    // %d = make a, b, ... (an aggregate of %d's type from its fields or elements)
	OpPtrCast // %d = ptrcast p, T  (the pointer to the T at p's address: p, or an enclosing or first field or element)
	OpArrayOf // %d = arrayof p     (%d: {ptr, i64}: the array p points into and p's index in it)

	OpMapNew // %d = mapnew K, V
	OpMapGet // %d = mapget m, k   (%d: {V, bool}; a nil map reads as empty)
	OpMapSet // mapset m, k, v
	OpMapDel // mapdel m, k
	OpMapLen // %d = maplen m
	OpMapKey // %d = mapkey m, i   (the i-th key in insertion order)

	OpStrLen       // %d = strlen s
	OpStrIndex     // %d = strindex s, i       (a u8)
	OpSubstr       // %d = substr s, lo, hi
	OpStrToBytes   // %d = strtobytes s        (pointer to a fresh [len(s)]u8 array)
	OpStrFromBytes // %d = strfrombytes p, n   (n bytes from the element p points to)
	OpRuneDecode   // %d = runedecode s, i     (%d: {i32, i64}: the rune at byte i and its size)
	OpStrView      // %d = strview p, n        (the n bytes from the element p points to, as a string whose data is p)
	OpStrData      // %d = strdata s           (a pointer to s's bytes: the p of its strview, or an array holding them)

	OpCall     // [%d =] call f(a, b, ...)   (f a function reference or a func-typed value)
	OpCoCreate // %d = cocreate f(a, b, ...) (a suspended coroutine that will run f)
	OpResume   // resume c                   (run c until it yields or returns)
	OpYield    // yield                      (suspend the running coroutine)
	OpCoDone   // %d = codone c              (whether c has returned)

	OpObserve // observe "name", a, b, ...   (drive the observer registered under name)
	OpTrace   // trace "name", a, b, ...     (record an event on the path)

	OpJmp  // jmp L
	OpBr   // br c, L1, L2
	OpRet  // ret  or  ret v
	OpExit // exit                          (end the whole execution normally)
	OpCut  // cut "reason" [, "why"]        (end the path as cut by a bound; counted under reason, and under why, if any: Msg)

	// OpKnown: %d = known v (whether v has one value on the path, as the
	// executor holds it; each way the code goes from it computes Go's
	// result or an over-approximation of it: a model's exact way for a
	// concrete operand, its approximation for a symbolic one)
	OpKnown

	numOps
)

// Frozen is the Name of an alloc whose object is never written once
// another goroutine can reach it: reading it is no communication between
// goroutines (partial-order reduction).
const Frozen = "frozen"

var opNames = [...]string{
	OpCopy: "copy", OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpRem: "rem",
	OpAnd: "and", OpOr: "or", OpXor: "xor", OpAndNot: "andnot", OpShl: "shl", OpShr: "shr",
	OpEq: "eq", OpNe: "ne", OpLt: "lt", OpLe: "le", OpGt: "gt", OpGe: "ge",
	OpNeg: "neg", OpNot: "not", OpConv: "conv", OpSelect: "select", OpNondet: "nondet",
	OpChoose: "choose", OpChooseBit: "choosebit", OpAssume: "assume", OpAssert: "assert", OpCost: "cost", OpPreemptible: "preemptible",
	OpAlloc: "alloc", OpLoad: "load", OpStore: "store", OpField: "field", OpIndex: "index",
	OpLen: "len", OpExtract: "extract", OpInsert: "insert", OpElem: "elem", OpMake: "make",
	OpPtrCast: "ptrcast", OpArrayOf: "arrayof",
	OpMapNew: "mapnew", OpMapGet: "mapget", OpMapSet: "mapset", OpMapDel: "mapdel",
	OpMapLen: "maplen", OpMapKey: "mapkey",
	OpStrLen: "strlen", OpStrIndex: "strindex", OpSubstr: "substr", OpStrToBytes: "strtobytes",
	OpStrFromBytes: "strfrombytes", OpRuneDecode: "runedecode",
	OpStrView: "strview", OpStrData: "strdata",
	OpCall: "call", OpCoCreate: "cocreate", OpResume: "resume", OpYield: "yield", OpCoDone: "codone",
	OpObserve: "observe", OpTrace: "trace",
	OpJmp: "jmp", OpBr: "br", OpRet: "ret", OpExit: "exit", OpCut: "cut",
	OpKnown: "known",
}

func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return fmt.Sprintf("op%d", uint8(op))
}

// OpByName returns the operation with the given text name.
func OpByName(name string) (Op, bool) {
	for op, n := range opNames {
		if n == name && n != "" {
			return Op(op), true
		}
	}
	return OpInvalid, false
}

// IsTerminator reports whether op ends a block.
func (op Op) IsTerminator() bool {
	return op == OpJmp || op == OpBr || op == OpRet || op == OpExit || op == OpCut
}

// IsBinary reports whether op takes two operands of one type.
func (op Op) IsBinary() bool { return op >= OpAdd && op <= OpGe }

// IsComparison reports whether op yields a bool from two operands.
func (op Op) IsComparison() bool { return op >= OpEq && op <= OpGe }

// Instr is one instruction. Which fields matter depends on Op (see the Op
// constants); unused fields are zero.
type Instr struct {
	Op      Op
	Dst     *Local   // the assigned local, if any
	Args    []Value  // operands; for call/cocreate Args[0] is the callee
	Type    *Type    // alloc: the element type; mapnew: the key type; ptrcast: the pointee type
	Type2   *Type    // mapnew: the value type
	Index   int      // field, extract, insert: the field or element number; cost: the amount
	Name    string   // assert: the check kind; observe, trace: the event name; cut: the reason; nondet: its label
	Msg     string   // assert: the message; cut: why (optional)
	Targets []*Block // jmp: 1, br: 2 (then, else)
	Pos     string   // Go source position ("file.go:12:3"), if any
}

// Callee returns the called function of a call or cocreate when it is a
// direct reference, or nil.
func (in *Instr) Callee() *Func {
	if (in.Op == OpCall || in.Op == OpCoCreate) && len(in.Args) > 0 {
		if f, ok := in.Args[0].(*Func); ok {
			return f
		}
	}
	return nil
}

// CallArgs returns the arguments of a call or cocreate (without the callee).
func (in *Instr) CallArgs() []Value {
	if len(in.Args) == 0 {
		return nil
	}
	return in.Args[1:]
}
