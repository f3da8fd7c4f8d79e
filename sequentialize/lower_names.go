package sequentialize

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// posString renders a Go position for the IR: "file.go:line:col" with the
// file's base name (the policy is lowerOptions.Pos when set). Every position
// the lowering emits goes through here.
func (l *lowerer) posString(pos token.Pos) string {
	if !pos.IsValid() || l.SSA == nil || l.SSA.Fset == nil {
		return ""
	}
	p := l.SSA.Fset.Position(pos)
	var s string
	switch {
	case l.opts.Pos != nil:
		s = l.opts.Pos(p)
	case p.Filename != "":
		s = fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
	}
	if _, ok := l.posMap[s]; !ok && s != "" {
		l.posMap[s] = pos
	}
	return s
}

// positions maps every position the lowering wrote back to the FileSet's
// (the first one, if two render alike).
func (l *lowerer) positions() map[string]token.Pos { return l.posMap }

// PosString is posString for the hooks.
func (l *lowerer) PosString(pos token.Pos) string { return l.posString(pos) }

// funcName is the IR name of a Go function: its ssa name with packages
// written by name rather than path ("pkg.F", "(*pkg.T).M", "pkg.F$1",
// "pkg.Max[int]"). The printer quotes names that are not bare.
func funcName(fn *ssa.Function) string {
	if fn.Signature.Recv() == nil && fn.Pkg != nil && fn.Parent() == nil && fn.Origin() == nil {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	return qualifyByName(fn.String())
}

// qualifyByName shortens the package paths in an ssa or types string to
// package names: "(*example.com/a/b.T).M" -> "(*b.T).M".
func qualifyByName(s string) string {
	var out strings.Builder
	start := 0 // start of the current word
	flush := func(end int) {
		word := s[start:end]
		if i := strings.LastIndexByte(word, '/'); i >= 0 {
			word = word[i+1:]
		}
		out.WriteString(word)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', ')', '*', '[', ']', ',', ' ', '{', '}', ';':
			flush(i)
			out.WriteByte(c)
			start = i + 1
		}
	}
	flush(len(s))
	return out.String()
}

// typeName renders a Go type with package names rather than paths.
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// uniqName returns name, or name with a suffix, unused as a function or
// global name of the program.
func (l *lowerer) uniqName(name string) string {
	for i := 1; ; i++ {
		n := name
		if i > 1 {
			n = name + "#" + strconv.Itoa(i)
		}
		if !l.names[n] {
			l.names[n] = true
			return n
		}
	}
}

// uniqTypeName is uniqName for $names.
func (l *lowerer) uniqTypeName(name string) string {
	for i := 1; ; i++ {
		n := name
		if i > 1 {
			n = name + "#" + strconv.Itoa(i)
		}
		if !l.layout.names[n] {
			l.layout.names[n] = true
			return n
		}
	}
}
