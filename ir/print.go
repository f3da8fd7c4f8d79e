package ir

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Print writes p in the text form described in doc.go: the named types,
// the globals, then the functions separated by blank lines. Parse reads the
// output back into an equivalent program.
func Print(w io.Writer, p *Program) error {
	var buf bytes.Buffer
	pr := newProgramPrinter(p)
	for _, t := range p.Types {
		buf.WriteString("type ")
		buf.WriteString(sigilName('$', typeName(t)))
		buf.WriteString(" = ")
		pr.typeBody(&buf, t)
		buf.WriteString("\n")
	}
	for _, g := range p.Globals {
		if g == nil {
			buf.WriteString("global <nil>\n")
			continue
		}
		buf.WriteString("global ")
		buf.WriteString(sigilName('@', g.Name))
		buf.WriteString(" ")
		pr.typ(&buf, g.Elem)
		buf.WriteString("\n")
	}
	for _, f := range p.Funcs {
		if buf.Len() > 0 {
			buf.WriteString("\n")
		}
		pr.fn(&buf, f)
		if buf.Len() > 1<<16 {
			if _, err := w.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// String returns the text form of p (see Print).
func (p *Program) String() string {
	var b strings.Builder
	Print(&b, p) // a strings.Builder does not fail
	return b.String()
}

// Text returns the text form of f, from its header to its closing brace.
// (Func.String is its operand form "@name", as for every Value.) Named types
// print as $name; Print, which knows the program's declarations, prints only
// declared names that way.
func (f *Func) Text() string {
	var b bytes.Buffer
	(&printer{}).fn(&b, f)
	return b.String()
}

// String returns the text form of the instruction on one line, without
// indentation.
func (in *Instr) String() string {
	var b bytes.Buffer
	(&printer{}).instr(&b, in)
	return b.String()
}

// printer renders types, values and instructions. With declared == nil every
// named type prints as $name; otherwise only names declared in the program
// (with an identical structure) do, and other types are spelled out.
type printer struct {
	declared map[string]*Type
}

func newProgramPrinter(p *Program) *printer {
	pr := &printer{declared: map[string]*Type{}}
	for _, t := range p.Types {
		if t != nil && t.Name != "" {
			if _, dup := pr.declared[t.Name]; !dup {
				pr.declared[t.Name] = t
			}
		}
	}
	return pr
}

func typeName(t *Type) string {
	if t == nil {
		return ""
	}
	return t.Name
}

// useName reports whether t prints as $name.
func (pr *printer) useName(t *Type) bool {
	if t.Name == "" {
		return false
	}
	if pr.declared == nil {
		return true
	}
	d := pr.declared[t.Name]
	return d != nil && (d == t || Identical(d, t) && sameLayout(d.Layout, t.Layout))
}

// typ writes a type in a type position.
func (pr *printer) typ(b *bytes.Buffer, t *Type) { pr.typeAt(b, t, 0) }

func (pr *printer) typeAt(b *bytes.Buffer, t *Type, depth int) {
	if t != nil && pr.useName(t) {
		b.WriteString(sigilName('$', t.Name))
		return
	}
	pr.typeBodyAt(b, t, depth)
}

// typeBody writes t's own structure, with named component types as $name.
func (pr *printer) typeBody(b *bytes.Buffer, t *Type) { pr.typeBodyAt(b, t, 0) }

// maxPrintDepth cuts off the printing of (invalid) recursive types.
const maxPrintDepth = 100

func (pr *printer) typeBodyAt(b *bytes.Buffer, t *Type, depth int) {
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	if depth > maxPrintDepth {
		b.WriteString("...")
		return
	}
	switch t.Kind {
	case KindStruct:
		b.WriteString("{")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			pr.typeAt(b, f, depth+1)
		}
		writeLayout(b, t.Layout)
		b.WriteString("}")
	case KindArray:
		b.WriteString("[")
		b.WriteString(strconv.Itoa(t.Len))
		b.WriteString("]")
		pr.typeAt(b, t.Elem, depth+1)
	default:
		var sb strings.Builder
		writeType(&sb, t, false)
		b.WriteString(sb.String())
	}
}

func (pr *printer) typeString(t *Type) string {
	var b bytes.Buffer
	pr.typ(&b, t)
	return b.String()
}

func (pr *printer) fn(b *bytes.Buffer, f *Func) {
	if f == nil {
		b.WriteString("func <nil>\n")
		return
	}
	b.WriteString("func ")
	b.WriteString(sigilName('@', f.Name))
	b.WriteString("(")
	for i, l := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		pr.localDecl(b, l)
	}
	b.WriteString(")")
	if f.Result != nil {
		b.WriteString(" ")
		pr.typ(b, f.Result)
	}
	if f.Pos != "" {
		b.WriteString(" at ")
		b.WriteString(strconv.Quote(f.Pos))
	}
	if f.Blocks == nil {
		b.WriteString("\n") // a declaration
		return
	}
	b.WriteString(" {\n")
	for i, l := range f.Locals {
		if i < len(f.Params) && l == f.Params[i] {
			continue
		}
		b.WriteString("  var ")
		pr.localDecl(b, l)
		b.WriteString("\n")
	}
	for _, blk := range f.Blocks {
		if blk == nil {
			b.WriteString("<nil>:\n")
			continue
		}
		b.WriteString(labelName(blk.Name))
		b.WriteString(":\n")
		for _, in := range blk.Instrs {
			b.WriteString("  ")
			pr.instr(b, in)
			b.WriteString("\n")
		}
	}
	b.WriteString("}\n")
}

func (pr *printer) localDecl(b *bytes.Buffer, l *Local) {
	if l == nil {
		b.WriteString("<nil>")
		return
	}
	b.WriteString(sigilName('%', l.Name))
	b.WriteString(" ")
	pr.typ(b, l.Typ)
}

func (pr *printer) instr(b *bytes.Buffer, in *Instr) {
	if in == nil {
		b.WriteString("<nil>")
		return
	}
	if in.Dst != nil {
		b.WriteString(sigilName('%', in.Dst.Name))
		b.WriteString(" = ")
	}
	b.WriteString(in.Op.String())
	args := in.Args
	sep := " "
	arg := func(v Value) {
		b.WriteString(sep)
		sep = ", "
		pr.value(b, v)
	}
	text := func(s string) {
		b.WriteString(sep)
		sep = ", "
		b.WriteString(s)
	}
	rest := func() {
		for _, v := range args {
			arg(v)
		}
		args = nil
	}
	first := func() {
		if len(args) > 0 {
			arg(args[0])
			args = args[1:]
		}
	}
	switch in.Op {
	case OpAlloc:
		if in.Name == Frozen {
			b.WriteString(" " + Frozen)
		}
		text(pr.typeString(in.Type))
		rest()
	case OpMapNew:
		text(pr.typeString(in.Type))
		text(pr.typeString(in.Type2))
		rest()
	case OpPtrCast:
		first()
		text(pr.typeString(in.Type))
		rest()
	case OpField, OpExtract, OpInsert:
		first()
		text(strconv.Itoa(in.Index))
		rest()
	case OpCost:
		text(strconv.Itoa(in.Index))
		rest()
	case OpAssert:
		first()
		text(in.Name)
		text(strconv.Quote(in.Msg))
		rest()
	case OpObserve, OpTrace, OpCut:
		text(strconv.Quote(in.Name))
		if in.Op == OpCut && in.Msg != "" {
			text(strconv.Quote(in.Msg))
		}
		rest()
	case OpNondet:
		if in.Name != "" {
			b.WriteString(" ")
			b.WriteString(strconv.Quote(in.Name))
		}
	case OpCall, OpCoCreate:
		b.WriteString(" ")
		if len(args) > 0 {
			pr.value(b, args[0])
			args = args[1:]
		} else {
			b.WriteString("<nil>")
		}
		b.WriteString("(")
		sep = ""
		rest()
		b.WriteString(")")
	default:
		rest()
	}
	for _, t := range in.Targets {
		if t == nil {
			text("<nil>")
		} else {
			text(labelName(t.Name))
		}
	}
	if in.Pos != "" {
		b.WriteString(" at ")
		b.WriteString(strconv.Quote(in.Pos))
	}
}

func (pr *printer) value(b *bytes.Buffer, v Value) {
	switch v := v.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Local:
		if v == nil {
			b.WriteString("<nil>")
			return
		}
		b.WriteString(sigilName('%', v.Name))
	case *Global:
		if v == nil {
			b.WriteString("<nil>")
			return
		}
		b.WriteString(sigilName('@', v.Name))
	case *Func:
		if v == nil {
			b.WriteString("<nil>")
			return
		}
		b.WriteString(sigilName('@', v.Name))
	case *Const:
		if v == nil {
			b.WriteString("<nil>")
			return
		}
		pr.constant(b, v)
	default:
		b.WriteString(v.String())
	}
}

// constant writes c in the text form: typed integer and float literals,
// true/false, quoted strings, nil:T for references and zero:T for aggregates
// and opaque values.
func (pr *printer) constant(b *bytes.Buffer, c *Const) {
	t := c.Typ
	if t == nil {
		b.WriteString("<nil-typed const>")
		return
	}
	switch t.Kind {
	case KindBool:
		if c.Bits != 0 && !c.Zero {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case KindInt:
		switch {
		case c.Zero:
			b.WriteString("0")
		case t.Signed:
			b.WriteString(strconv.FormatInt(SignExtend(c.Bits, int(t.Bits), true), 10))
		default:
			b.WriteString(strconv.FormatUint(Truncate(c.Bits, int(t.Bits)), 10))
		}
		b.WriteString(":")
		pr.typ(b, t)
	case KindFloat:
		f := c.Float
		if c.Zero {
			f = 0
		}
		b.WriteString(formatFloat(f, int(t.Bits)))
		b.WriteString(":")
		pr.typ(b, t)
	case KindString:
		if c.Zero {
			b.WriteString(`""`)
		} else {
			b.WriteString(strconv.Quote(c.Str))
		}
	case KindPtr, KindFunc, KindCo:
		b.WriteString("nil:")
		pr.typ(b, t)
	default:
		b.WriteString("zero:")
		pr.typ(b, t)
	}
}

// isNameChar reports whether r may appear in a bare name after a sigil
// (%local, @global, $type) or in a bare label.
func isNameChar(r rune) bool {
	return r == '_' || r == '.' || r == '-' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isBareName reports whether s can follow a sigil without quotes.
func isBareName(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !isNameChar(r) {
			return false
		}
	}
	return true
}

// isBareIdent reports whether s is an identifier: a bare name that starts
// with a letter or '_'.
func isBareIdent(s string) bool {
	if !isBareName(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r == '_' || unicode.IsLetter(r)
}

// isKind reports whether s is a valid assert kind: an identifier of
// letters, digits, '_', '-' and '.'.
func isKind(s string) bool {
	return isBareIdent(s) && !strings.ContainsRune(s, '$')
}

// sigilName renders a name after its sigil, Go-quoted when it is not bare.
func sigilName(sigil byte, name string) string {
	if isBareName(name) {
		return string(sigil) + name
	}
	return string(sigil) + strconv.Quote(name)
}

// labelName renders a block label, Go-quoted when it is not an identifier.
func labelName(name string) string {
	if isBareIdent(name) {
		return name
	}
	return strconv.Quote(name)
}
