package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Parse reads a program in the text form (see doc.go and Print). It checks
// the syntax and resolves names: functions, globals, labels and named types
// may be used before they are declared. It does not check types; call Verify
// for that. Errors are reported as "file:line:col: message".
func Parse(filename string, src []byte) (prog *Program, err error) {
	return ParseText(filename, string(src))
}

// ParseText is Parse of text held as a string (a package's lowered code,
// linked a function at a time): the names and strings of the program are
// pieces of src, not copies.
func ParseText(filename, src string) (prog *Program, err error) {
	buf := tokPool.Get().(*[]token)
	p := &parser{file: filename, toks: (*buf)[:0]}
	defer func() {
		clear(p.toks) // the pool keeps no piece of src alive, lexed or not
		*buf = p.toks[:0]
		tokPool.Put(buf)
	}()
	defer p.recoverBailout(&err)
	p.lex(src)
	return (&Source{file: filename, toks: p.toks}).Parse()
}

// tokPool holds token slices for parses of text lexed once: a chunk's
// tokens take about 19 bytes per byte of text (a 56-byte token per three
// bytes), and allocating and clearing them anew was two thirds of lexing.
var tokPool = sync.Pool{New: func() any { return new([]token) }}

// Source is IR text split into tokens: a program parsed many times (the
// runtime and the models, linked into every build) is lexed once.
type Source struct {
	file string
	toks []token
}

// Lex splits src into tokens; Parse of the result builds the program.
func Lex(filename string, src []byte) (s *Source, err error) {
	p := &parser{file: filename}
	defer p.recoverBailout(&err)
	p.lex(string(src))
	return &Source{file: filename, toks: p.toks}, nil
}

// Parse builds a new program from s each time: programs do not share
// anything, so each may be linked and changed on its own.
func (s *Source) Parse() (prog *Program, err error) {
	p := &parser{
		file:     s.file,
		toks:     s.toks,
		prog:     &Program{},
		named:    map[string]*typeDecl{},
		globals:  map[string]Value{},
		declPos:  map[string]pos{},
		phs:      map[*Type]*typeDecl{},
		resolved: map[*typeDecl]int{},
	}
	defer p.recoverBailout(&err)
	p.parseProgram()
	p.resolve()
	return p.prog, nil
}

// recoverBailout turns a bailout of the lexer or the parser into *err.
func (p *parser) recoverBailout(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}

// ParseError is a syntax or name-resolution error of Parse.
type ParseError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

type bailout struct{ err error }

type pos struct{ line, col int }

type tokKind uint8

const (
	tEOF tokKind = iota
	tNewline
	tIdent   // bare identifier: keywords, ops, types, labels
	tNumber  // numeric literal, possibly signed
	tString  // Go-quoted string; val is unquoted
	tLocal   // %name; val is the name
	tGlobal  // @name
	tTypeRef // $name
	tPunct   // one of ( ) { } [ ] , : =
)

type token struct {
	kind tokKind
	text string // source text
	val  string // name or unquoted string
	pos
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tNewline:
		return "end of line"
	}
	s := t.text
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	if t.kind == tString {
		return "string " + s
	}
	return strconv.Quote(s)
}

// typeDecl is a `type $name = T` declaration, or a $name used before (or
// without) its declaration.
type typeDecl struct {
	name     string
	ph       *Type // the named type; filled in by resolve
	body     *Type // nil until declared
	declared pos
	used     pos
	isUsed   bool
}

// fixup is an operand or constant that needs resolved names.
type fixup struct {
	in   *Instr
	arg  int
	name string // @name
	c    *Const // a constant whose type was a forward reference
	lit  token  // the constant's literal
	at   pos
}

type parser struct {
	file string
	toks []token
	i    int
	prog *Program

	named    map[string]*typeDecl
	decls    []*typeDecl // in order of first mention
	phs      map[*Type]*typeDecl
	resolved map[*typeDecl]int // 1: resolving, 2: done

	globals map[string]Value // @name -> *Func or *Global
	declPos map[string]pos
	fixups  []fixup

	// the function being parsed
	fn     *Func
	locals map[string]*Local
	labels map[string]*Block
	jumps  []labelRef
}

type labelRef struct {
	in   *Instr
	name string
	at   pos
}

func (p *parser) errorAt(at pos, format string, args ...any) {
	panic(bailout{&ParseError{File: p.file, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, args...)}})
}

// ---- lexer ----

// lex appends src's tokens to p.toks; their text and values are pieces
// of src.
func (p *parser) lex(src string) {
	if cap(p.toks) < len(src)/3 {
		p.toks = make([]token, 0, len(src)/3) // about a token per three bytes of IR text
	}
	line, lineStart := 1, 0
	i := 0
	for i < len(src) {
		c := src[i]
		at := pos{line, i - lineStart + 1}
		switch {
		case c == '\n':
			p.toks = append(p.toks, token{kind: tNewline, text: "\n", pos: at})
			i++
			line, lineStart = line+1, i
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.IndexByte("(){}[],:=;", c) >= 0:
			p.toks = append(p.toks, token{kind: tPunct, text: src[i : i+1], pos: at})
			i++
		case c == '"':
			text, val := p.lexString(src, i, at)
			p.toks = append(p.toks, token{kind: tString, text: text, val: val, pos: at})
			i += len(text)
		case c == '%' || c == '@' || c == '$':
			kind := tLocal
			switch c {
			case '@':
				kind = tGlobal
			case '$':
				kind = tTypeRef
			}
			j := i + 1
			var val string
			if j < len(src) && src[j] == '"' {
				text, v := p.lexString(src, j, pos{line, j - lineStart + 1})
				j += len(text)
				val = v
				if val == "" {
					p.errorAt(at, "empty name after %c", c)
				}
			} else {
				j = scanName(src, j)
				val = src[i+1 : j]
				if val == "" {
					p.errorAt(at, "expected a name after %c", c)
				}
			}
			p.toks = append(p.toks, token{kind: kind, text: src[i:j], val: val, pos: at})
			i = j
		case c >= '0' && c <= '9' || c == '-' && i+1 < len(src) && (isASCIIDigit(src[i+1]) || isASCIILetter(src[i+1])):
			j := i + 1
			for j < len(src) {
				d := src[j]
				if isASCIIDigit(d) || isASCIILetter(d) || d == '_' || d == '.' ||
					(d == '+' || d == '-') && strings.IndexByte("eEpP", src[j-1]) >= 0 {
					j++
					continue
				}
				break
			}
			p.toks = append(p.toks, token{kind: tNumber, text: src[i:j], pos: at})
			i = j
		default:
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size <= 1 {
				p.errorAt(at, "invalid UTF-8 encoding")
			}
			if r != '_' && !unicode.IsLetter(r) {
				p.errorAt(at, "unexpected character %q", r)
			}
			j := scanName(src, i)
			text := src[i:j]
			p.toks = append(p.toks, token{kind: tIdent, text: text, val: text, pos: at})
			i = j
		}
	}
	p.toks = append(p.toks, token{kind: tEOF, pos: pos{line, i - lineStart + 1}})
}

func isASCIIDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// scanName returns the end of the run of name characters starting at i.
func scanName(src string, i int) int {
	for i < len(src) {
		if c := src[i]; c < utf8.RuneSelf {
			if !isNameChar(rune(c)) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size <= 1 || !isNameChar(r) {
			break
		}
		i += size
	}
	return i
}

// lexString scans the Go-quoted string starting at src[i] == '"'.
func (p *parser) lexString(src string, i int, at pos) (text, val string) {
	j := i + 1
	for {
		if j >= len(src) || src[j] == '\n' {
			p.errorAt(at, "string literal not terminated")
		}
		if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
			j += 2
			continue
		}
		if src[j] == '"' {
			break
		}
		j++
	}
	text = src[i : j+1]
	val, err := strconv.Unquote(text)
	if err != nil {
		p.errorAt(at, "invalid string literal %s", text)
	}
	return text, val
}

// ---- token helpers ----

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) peekAt(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (t token) is(punct string) bool { return t.kind == tPunct && t.text == punct }
func (t token) isIdent(s string) bool {
	return t.kind == tIdent && t.text == s
}

func (p *parser) expect(punct string) token {
	t := p.next()
	if !t.is(punct) {
		p.errorAt(t.pos, "expected %q, found %s", punct, t)
	}
	return t
}

func (p *parser) expectKind(k tokKind, what string) token {
	t := p.next()
	if t.kind != k {
		p.errorAt(t.pos, "expected %s, found %s", what, t)
	}
	return t
}

// atEnd reports whether the current line has no more tokens.
func (p *parser) atEnd() bool {
	k := p.peek().kind
	return k == tNewline || k == tEOF
}

func (p *parser) expectEnd() {
	t := p.peek()
	if t.kind != tNewline && t.kind != tEOF {
		p.errorAt(t.pos, "expected end of line, found %s", t)
	}
	p.next()
}

// ---- declarations ----

func (p *parser) parseProgram() {
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return
		case t.kind == tNewline:
			p.next()
		case t.isIdent("type"):
			p.parseTypeDecl()
		case t.isIdent("global"):
			p.parseGlobal()
		case t.isIdent("func"):
			p.parseFunc()
		default:
			p.errorAt(t.pos, "expected type, global or func declaration, found %s", t)
		}
	}
}

func (p *parser) typeDeclFor(name string) *typeDecl {
	d := p.named[name]
	if d == nil {
		d = &typeDecl{name: name, ph: &Type{Name: name}}
		p.named[name] = d
		p.decls = append(p.decls, d)
		p.phs[d.ph] = d
	}
	return d
}

func (p *parser) parseTypeDecl() {
	p.next() // type
	nt := p.expectKind(tTypeRef, "a type name $name")
	p.expect("=")
	d := p.typeDeclFor(nt.val)
	if d.body != nil {
		p.errorAt(nt.pos, "type $%s redeclared (previous declaration at %d:%d)", nt.val, d.declared.line, d.declared.col)
	}
	d.declared = nt.pos
	d.body = p.parseType(0)
	p.prog.Types = append(p.prog.Types, d.ph)
	p.expectEnd()
}

func (p *parser) declareGlobalName(t token, v Value) {
	if prev, dup := p.declPos[t.val]; dup {
		p.errorAt(t.pos, "@%s redeclared (previous declaration at %d:%d)", t.val, prev.line, prev.col)
	}
	p.declPos[t.val] = t.pos
	p.globals[t.val] = v
}

func (p *parser) parseGlobal() {
	p.next() // global
	nt := p.expectKind(tGlobal, "a global name @name")
	g := &Global{Name: nt.val}
	p.declareGlobalName(nt, g)
	g.Elem = p.parseType(0)
	p.prog.Globals = append(p.prog.Globals, g)
	p.expectEnd()
}

const maxTypeDepth = 200

var scalarTypes = map[string]*Type{
	"bool": Bool, "str": String, "ptr": Ptr, "func": FuncT, "co": Co, "opaque": Opaque,
	"i8": I8, "i16": I16, "i32": I32, "i64": I64,
	"u8": U8, "u16": U16, "u32": U32, "u64": U64,
	"f32": F32, "f64": F64,
}

func (p *parser) parseType(depth int) *Type {
	t := p.next()
	if depth > maxTypeDepth {
		p.errorAt(t.pos, "type nested too deeply")
	}
	switch {
	case t.kind == tIdent:
		if st := scalarTypes[t.text]; st != nil {
			return st
		}
		p.errorAt(t.pos, "unknown type %s", t.text)
	case t.kind == tTypeRef:
		d := p.typeDeclFor(t.val)
		if !d.isUsed {
			d.isUsed, d.used = true, t.pos
		}
		return d.ph
	case t.is("{"):
		st := &Type{Kind: KindStruct}
		if p.peek().is("}") {
			p.next()
			return st
		}
		for !p.peek().is(";") {
			st.Fields = append(st.Fields, p.parseType(depth+1))
			if !p.peek().is(",") {
				break
			}
			p.next()
		}
		if p.peek().is(";") {
			p.next()
			st.Layout = p.parseLayout()
		}
		p.expect("}")
		return st
	case t.is("["):
		n := p.parseCount("array length")
		p.expect("]")
		return &Type{Kind: KindArray, Len: n, Elem: p.parseType(depth + 1)}
	}
	p.errorAt(t.pos, "expected a type, found %s", t)
	return nil
}

// parseLayout parses a struct's layout after its ';': "size 24" and
// optionally "offsets 0 8 ...".
func (p *parser) parseLayout() *Layout {
	l := &Layout{}
	if t := p.next(); !t.isIdent("size") {
		p.errorAt(t.pos, "expected size after ';' in a struct type, found %s", t)
	}
	l.Size = p.parseBytes("size")
	if p.peek().isIdent("offsets") {
		p.next()
		l.Offsets = []int64{}
		for p.peek().kind == tNumber {
			l.Offsets = append(l.Offsets, p.parseBytes("offset"))
		}
	}
	return l
}

// parseBytes parses a non-negative byte count of up to 63 bits.
func (p *parser) parseBytes(what string) int64 {
	t := p.next()
	if t.kind != tNumber {
		p.errorAt(t.pos, "expected %s (an integer), found %s", what, t)
	}
	neg, mag, err := parseIntLit(t.text)
	if err != nil || neg && mag != 0 || mag > math.MaxInt64 {
		p.errorAt(t.pos, "invalid %s %s", what, t.text)
	}
	return int64(mag)
}

// parseCount parses a bare non-negative integer (array lengths, field
// numbers, cost amounts).
func (p *parser) parseCount(what string) int {
	t := p.next()
	if t.kind != tNumber {
		p.errorAt(t.pos, "expected %s (an integer), found %s", what, t)
	}
	neg, mag, err := parseIntLit(t.text)
	if err == strconv.ErrRange {
		p.errorAt(t.pos, "%s %s too large", what, t.text)
	}
	if err != nil {
		p.errorAt(t.pos, "invalid integer %s", t.text)
	}
	if neg && mag != 0 {
		p.errorAt(t.pos, "%s must not be negative", what)
	}
	if mag > math.MaxInt32 {
		p.errorAt(t.pos, "%s %s too large", what, t.text)
	}
	return int(mag)
}

// parseIntLit parses [-](decimal | 0x hex) into a sign and a magnitude.
// It returns errSyntax or errRange (a magnitude beyond 64 bits).
func parseIntLit(s string) (neg bool, mag uint64, err error) {
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	base := 10
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		base, s = 16, s[2:]
	}
	if s == "" {
		return false, 0, strconv.ErrSyntax
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isASCIIDigit(c) || base == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
			return false, 0, strconv.ErrSyntax
		}
	}
	mag, err = strconv.ParseUint(s, base, 64)
	if err != nil {
		return false, 0, strconv.ErrRange // the digits are valid
	}
	return neg, mag, nil
}

func (p *parser) parseFunc() {
	p.next() // func
	nt := p.expectKind(tGlobal, "a function name @name")
	f := &Func{Name: nt.val}
	p.declareGlobalName(nt, f)
	p.fn, p.locals, p.labels, p.jumps = f, map[string]*Local{}, map[string]*Block{}, nil
	p.expect("(")
	if !p.peek().is(")") {
		for {
			lt := p.expectKind(tLocal, "a parameter %name")
			p.checkNewLocal(lt)
			p.locals[lt.val] = f.NewParam(lt.val, p.parseType(0))
			if p.peek().is(",") {
				p.next()
				continue
			}
			break
		}
	}
	p.expect(")")
	// A '{' followed by the end of the line opens the body; any other '{'
	// starts a struct result type.
	if t := p.peek(); !(t.is("{") && (p.peekAt(1).kind == tNewline || p.peekAt(1).kind == tEOF)) && !t.isIdent("at") &&
		t.kind != tNewline && t.kind != tEOF {
		f.Result = p.parseType(0)
	}
	if p.peek().isIdent("at") {
		p.next()
		f.Pos = p.expectKind(tString, "a position string").val
	}
	if t := p.peek(); t.kind == tNewline || t.kind == tEOF {
		// A declaration: defined elsewhere, resolved by Link.
		p.expectEnd()
		p.prog.Funcs = append(p.prog.Funcs, f)
		return
	}
	p.expect("{")
	p.expectEnd()
	f.Blocks = []*Block{} // a body, even an empty one, is not a declaration

	var cur *Block
	for {
		t := p.peek()
		switch {
		case t.kind == tNewline:
			p.next()
			continue
		case t.kind == tEOF:
			p.errorAt(t.pos, "unexpected end of file in function @%s", f.Name)
		case t.is("}"):
			p.next()
			p.expectEnd()
			p.finishFunc()
			p.prog.Funcs = append(p.prog.Funcs, f)
			return
		case (t.kind == tIdent || t.kind == tString) && p.peekAt(1).is(":"):
			p.next()
			p.next()
			if t.kind == tString && t.val == "" {
				p.errorAt(t.pos, "empty label")
			}
			if prev := p.labels[t.val]; prev != nil {
				p.errorAt(t.pos, "label %s redeclared in @%s", labelName(t.val), f.Name)
			}
			cur = f.NewBlock(t.val)
			p.labels[t.val] = cur
			continue
		case t.isIdent("var"):
			p.next()
			if cur != nil {
				p.errorAt(t.pos, "var declaration after the first block")
			}
			lt := p.expectKind(tLocal, "a local %name")
			p.checkNewLocal(lt)
			p.locals[lt.val] = f.NewLocal(lt.val, p.parseType(0))
		default:
			if cur == nil {
				p.errorAt(t.pos, "instruction before the first label")
			}
			cur.Add(p.parseInstr())
		}
		p.expectEnd()
	}
}

func (p *parser) checkNewLocal(t token) {
	if p.locals[t.val] != nil {
		p.errorAt(t.pos, "local %%%s redeclared in @%s", t.val, p.fn.Name)
	}
}

func (p *parser) finishFunc() {
	for _, j := range p.jumps {
		b := p.labels[j.name]
		if b == nil {
			p.errorAt(j.at, "undefined label %s in @%s", labelName(j.name), p.fn.Name)
		}
		j.in.Targets = append(j.in.Targets, b)
	}
	p.fn, p.locals, p.labels, p.jumps = nil, nil, nil, nil
}

// ---- instructions ----

type dstRule uint8

const (
	dstNone dstRule = iota
	dstRequired
	dstOptional
)

func opDst(op Op) dstRule {
	switch op {
	case OpAssume, OpAssert, OpCost, OpStore, OpMapSet, OpMapDel, OpResume, OpYield,
		OpObserve, OpTrace, OpJmp, OpBr, OpRet, OpExit, OpCut:
		return dstNone
	case OpCall:
		return dstOptional
	}
	return dstRequired
}

// opArity gives the number of value operands of the ops with a fixed number.
var opArity = map[Op]int{
	OpCopy: 1, OpNeg: 1, OpNot: 1, OpConv: 1, OpSelect: 3, OpNondet: 0, OpChoose: 1, OpChooseBit: 1, OpPreemptible: 0,
	OpAssume: 1, OpLoad: 1, OpStore: 2, OpIndex: 2, OpLen: 1, OpElem: 2,
	OpMapGet: 2, OpMapSet: 3, OpMapDel: 2, OpMapLen: 1, OpMapKey: 2,
	OpStrLen: 1, OpStrIndex: 2, OpSubstr: 3, OpStrToBytes: 1, OpStrFromBytes: 2, OpRuneDecode: 2,
	OpStrView: 2, OpStrData: 1, OpArrayOf: 1,
	OpResume: 1, OpYield: 0, OpCoDone: 1, OpExit: 0, OpKnown: 1,
}

func (p *parser) parseInstr() *Instr {
	in := &Instr{}
	start := p.peek()
	if start.kind == tLocal && p.peekAt(1).is("=") {
		in.Dst = p.local(p.next())
		p.next()
	}
	ot := p.expectKind(tIdent, "an instruction")
	op, ok := OpByName(ot.text)
	if !ok {
		p.errorAt(ot.pos, "unknown instruction %s", ot.text)
	}
	in.Op = op
	switch opDst(op) {
	case dstNone:
		if in.Dst != nil {
			p.errorAt(start.pos, "%s has no result", op)
		}
	case dstRequired:
		if in.Dst == nil {
			p.errorAt(ot.pos, "%s needs a destination: %%x = %s ...", op, op)
		}
	}

	switch {
	case op.IsBinary():
		p.operands(in, 2)
	case op == OpNondet:
		// An optional label names where the value comes from.
		if p.peek().kind == tString {
			in.Name = p.next().val
		}
	case opArity[op] > 0 || op == OpYield || op == OpExit || op == OpPreemptible:
		p.operands(in, opArity[op])
	case op == OpAssert:
		in.Args = []Value{p.value(in, 0)}
		p.expect(",")
		kt := p.next()
		if kt.kind != tIdent || !isKind(kt.text) {
			p.errorAt(kt.pos, "expected an assert kind (letters, digits, '_', '-', '.'), found %s", kt)
		}
		in.Name = kt.text
		p.expect(",")
		in.Msg = p.expectKind(tString, "a message string").val
	case op == OpCost:
		in.Index = p.parseCount("cost")
	case op == OpAlloc:
		if t := p.peek(); t.kind == tIdent && t.text == Frozen {
			p.next()
			in.Name = Frozen
		}
		in.Type = p.parseType(0)
		if p.peek().is(",") {
			p.next()
			in.Args = []Value{p.value(in, 0)}
		}
	case op == OpPtrCast:
		in.Args = []Value{p.value(in, 0)}
		p.expect(",")
		in.Type = p.parseType(0)
	case op == OpField || op == OpExtract:
		in.Args = []Value{p.value(in, 0)}
		p.expect(",")
		in.Index = p.parseCount("field number")
	case op == OpInsert:
		in.Args = []Value{p.value(in, 0)}
		p.expect(",")
		in.Index = p.parseCount("field number")
		p.expect(",")
		in.Args = append(in.Args, p.value(in, 1))
	case op == OpMake:
		if !p.atEnd() && !p.peek().isIdent("at") {
			p.valueList(in)
		}
	case op == OpMapNew:
		in.Type = p.parseType(0)
		p.expect(",")
		in.Type2 = p.parseType(0)
	case op == OpCall || op == OpCoCreate:
		in.Args = []Value{p.value(in, 0)}
		p.expect("(")
		if !p.peek().is(")") {
			p.valueList(in)
		}
		p.expect(")")
	case op == OpObserve || op == OpTrace:
		in.Name = p.expectKind(tString, "an event name string").val
		if p.peek().is(",") {
			p.next()
			p.valueList(in)
		}
	case op == OpCut:
		in.Name = p.expectKind(tString, "a reason string").val
		if p.peek().is(",") {
			p.next()
			in.Msg = p.expectKind(tString, "a string saying why").val
		}
	case op == OpJmp:
		p.label(in)
	case op == OpBr:
		in.Args = []Value{p.value(in, 0)}
		p.expect(",")
		p.label(in)
		p.expect(",")
		p.label(in)
	case op == OpRet:
		if !p.atEnd() && !p.peek().isIdent("at") {
			in.Args = []Value{p.value(in, 0)}
		}
	default:
		p.errorAt(ot.pos, "unknown instruction %s", ot.text) // not reached
	}
	if p.peek().isIdent("at") {
		p.next()
		in.Pos = p.expectKind(tString, "a position string").val
	}
	if !p.atEnd() {
		t := p.peek()
		p.errorAt(t.pos, "unexpected %s after %s (it takes %s)", t, op, opOperandsDesc(op))
	}
	return in
}

func opOperandsDesc(op Op) string {
	if op.IsBinary() {
		return "2 operands"
	}
	switch op {
	case OpMake, OpObserve, OpTrace:
		return "a list of operands"
	case OpCall, OpCoCreate:
		return "a parenthesized argument list"
	case OpRet:
		return "at most one operand"
	case OpAlloc:
		return "a type and an optional count"
	case OpAssert:
		return "a condition, a kind and a message"
	case OpMapNew:
		return "two types"
	case OpJmp:
		return "one label"
	case OpBr:
		return "a condition and two labels"
	case OpField, OpExtract:
		return "an operand and a field number"
	case OpPtrCast:
		return "an operand and a type"
	case OpInsert:
		return "an operand, a field number and an operand"
	case OpCost:
		return "one integer"
	case OpCut:
		return "a reason string"
	}
	n := opArity[op]
	switch n {
	case 0:
		return "no operands"
	case 1:
		return "1 operand"
	}
	return fmt.Sprintf("%d operands", n)
}

// operands parses exactly n comma-separated values.
func (p *parser) operands(in *Instr, n int) {
	for k := 0; k < n; k++ {
		if k > 0 {
			t := p.peek()
			if !t.is(",") {
				p.errorAt(t.pos, "%s takes %s, found %s", in.Op, opOperandsDesc(in.Op), t)
			}
			p.next()
		} else if p.atEnd() || p.peek().isIdent("at") {
			t := p.peek()
			p.errorAt(t.pos, "%s takes %s, found %s", in.Op, opOperandsDesc(in.Op), t)
		}
		in.Args = append(in.Args, p.value(in, len(in.Args)))
	}
}

// valueList parses one or more comma-separated values.
func (p *parser) valueList(in *Instr) {
	for {
		in.Args = append(in.Args, p.value(in, len(in.Args)))
		if !p.peek().is(",") {
			return
		}
		p.next()
	}
}

func (p *parser) label(in *Instr) {
	t := p.next()
	if t.kind != tIdent && t.kind != tString {
		p.errorAt(t.pos, "expected a label, found %s", t)
	}
	p.jumps = append(p.jumps, labelRef{in: in, name: t.val, at: t.pos})
}

func (p *parser) local(t token) *Local {
	l := p.locals[t.val]
	if l == nil {
		p.errorAt(t.pos, "undeclared local %s in @%s", sigilName('%', t.val), p.fn.Name)
	}
	return l
}

// value parses an operand that will be in.Args[k].
func (p *parser) value(in *Instr, k int) Value {
	t := p.next()
	switch t.kind {
	case tLocal:
		return p.local(t)
	case tGlobal:
		p.fixups = append(p.fixups, fixup{in: in, arg: k, name: t.val, at: t.pos})
		return nil
	case tString:
		return StringConst(t.val)
	case tNumber:
		return p.typedConst(t)
	case tIdent:
		switch t.text {
		case "true":
			return BoolConst(true)
		case "false":
			return BoolConst(false)
		case "nil", "zero", "nan", "inf":
			return p.typedConst(t)
		}
	}
	p.errorAt(t.pos, "expected an operand, found %s", t)
	return nil
}

// typedConst parses the ":T" after a literal and makes the constant; if T is
// a named type not declared yet, the value is checked after resolution.
func (p *parser) typedConst(lit token) *Const {
	p.expect(":")
	c := &Const{Typ: p.parseType(0)}
	if d := p.phs[c.Typ]; d != nil && p.resolved[d] != 2 {
		p.fixups = append(p.fixups, fixup{c: c, lit: lit, at: lit.pos})
		return c
	}
	p.setConst(c, lit)
	return c
}

// setConst fills in c's value from its literal, for c's (resolved) type.
func (p *parser) setConst(c *Const, lit token) {
	t := c.Typ
	kindName := func() string { return (&printer{}).typeString(t) }
	if d := p.phs[t]; d != nil {
		kindName = func() string { return "$" + d.name }
	}
	switch lit.text {
	case "nil":
		if !t.IsRef() {
			p.errorAt(lit.pos, "nil constant of non-reference type %s", kindName())
		}
		c.Zero = true
		return
	case "zero":
		c.Zero = true
		return
	}
	switch t.Kind {
	case KindInt:
		if lit.kind != tNumber {
			p.errorAt(lit.pos, "%s is not an integer", lit.text)
		}
		neg, mag, err := parseIntLit(lit.text)
		if err == strconv.ErrSyntax {
			p.errorAt(lit.pos, "invalid integer constant %s", lit.text)
		}
		bits := uint(t.Bits)
		var max uint64 // largest magnitude allowed
		switch {
		case t.Signed && neg:
			max = 1 << (bits - 1)
		case t.Signed:
			max = 1<<(bits-1) - 1
		case neg:
			max = 0
		default:
			max = math.MaxUint64 >> (64 - bits)
		}
		if err != nil || mag > max {
			p.errorAt(lit.pos, "constant %s out of range for %s", lit.text, kindName())
		}
		v := mag
		if neg {
			v = -mag
		}
		c.Bits = Truncate(v, int(bits))
	case KindFloat:
		var f float64
		switch lit.text {
		case "nan":
			f = math.NaN()
		case "inf":
			f = math.Inf(1)
		default:
			var err error
			f, err = strconv.ParseFloat(lit.text, int(t.Bits))
			if err != nil {
				if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
					p.errorAt(lit.pos, "constant %s out of range for %s", lit.text, kindName())
				}
				p.errorAt(lit.pos, "invalid float constant %s", lit.text)
			}
		}
		c.Float = f
		if t.Bits == 32 {
			c.Float = float64(float32(f))
		}
	default:
		p.errorAt(lit.pos, "%s:%s: a %s constant must be written %s", lit.text, kindName(), kindName(), constSpelling(t))
	}
}

func constSpelling(t *Type) string {
	switch t.Kind {
	case KindBool:
		return "true or false"
	case KindString:
		return "as a quoted string"
	case KindPtr, KindFunc, KindCo:
		return "nil:T"
	}
	return "zero:T"
}

// ---- name resolution ----

func (p *parser) resolve() {
	for _, d := range p.decls {
		if d.body == nil {
			p.errorAt(d.used, "undeclared type $%s", d.name)
		}
	}
	for _, d := range p.decls {
		p.resolveType(d)
	}
	for _, fx := range p.fixups {
		if fx.c != nil {
			p.setConst(fx.c, fx.lit)
			continue
		}
		v := p.globals[fx.name]
		if v == nil {
			p.errorAt(fx.at, "undeclared function or global %s", sigilName('@', fx.name))
		}
		fx.in.Args[fx.arg] = v
	}
}

func (p *parser) resolveType(d *typeDecl) {
	switch p.resolved[d] {
	case 2:
		return
	case 1:
		p.errorAt(d.declared, "invalid recursive type $%s", d.name)
	}
	p.resolved[d] = 1
	p.walkType(d.body)
	body := d.body
	*d.ph = *body
	d.ph.Name = d.name
	p.resolved[d] = 2
}

// walkType resolves the named types that t refers to.
func (p *parser) walkType(t *Type) {
	if d := p.phs[t]; d != nil {
		p.resolveType(d)
		return
	}
	switch t.Kind {
	case KindStruct:
		for _, f := range t.Fields {
			p.walkType(f)
		}
	case KindArray:
		p.walkType(t.Elem)
	}
}
