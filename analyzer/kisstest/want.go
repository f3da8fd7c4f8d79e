// Package kisstest reads and checks the expectations kiss's tests write beside
// their code, in the syntax of golang.org/x/tools/go/analysis/analysistest:
// a comment
//
//	// want "regexp" `regexp` name:"regexp" +N
//
// expects, on its line (N lines below with +N), one reported finding whose
// message matches each plain regexp, and one reported item named name (a
// fact, a property of a root, a finding of an option variant: the test
// says what its names mean) matching each name:"regexp". Regexps are Go
// strings, quoted or backquoted; "//...// want ..." counts as starting at
// want. Each reported item must match an expectation at its line, each
// expectation must be matched by one item: Check and Unmet report the rest
// the way analysistest does.
//
// Tests only: the analyzer's, the sequential lowering's, the executor's
// (on the `//` comments of IR text) and the command's.
package kisstest

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/scanner"
)

// Expectation is one regexp of a want comment.
type Expectation struct {
	File string
	Line int
	Name string // "" for a finding
	RX   *regexp.Regexp
}

type key struct {
	file string
	line int
}

// Set is the expectations of some files, by line.
type Set struct {
	byLine map[key][]*Expectation
}

// New returns an empty set.
func New() *Set { return &Set{byLine: map[key][]*Expectation{}} }

// Go adds the want comments of parsed files (parsed with comments), each
// at its file's name in fset.
func (s *Set) Go(fset *token.FileSet, files ...*ast.File) error {
	var errs []string
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text := strings.TrimPrefix(c.Text, "//")
				if text == c.Text {
					text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
				}
				if i := strings.Index(text, "// want"); i >= 0 {
					text = text[i+len("// "):]
				}
				p := fset.Position(c.Pos())
				if err := s.comment(p.Filename, p.Line, text); err != nil {
					errs = append(errs, err.Error())
				}
			}
		}
	}
	return joined(errs)
}

// Text adds the want comments of a text file (IR), named name: the rest
// of each line from its "//".
func (s *Set) Text(name string, src []byte) error {
	var errs []string
	for i, line := range strings.Split(string(src), "\n") {
		if j := strings.Index(line, "// want"); j >= 0 {
			line = line[j:]
		}
		if j := strings.Index(line, "//"); j >= 0 {
			if err := s.comment(name, i+1, line[j+2:]); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	return joined(errs)
}

// TextFile is Text of a file read from disk, named path.
func (s *Set) TextFile(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return s.Text(path, src)
}

func joined(errs []string) error {
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(errs, "\n"))
}

func (s *Set) comment(file string, line int, text string) error {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
	if !ok {
		return nil
	}
	delta, exps, err := parse(rest)
	if err != nil {
		return fmt.Errorf("%s:%d: in 'want' comment: %v", file, line, err)
	}
	k := key{file, line + delta}
	for _, e := range exps {
		e.File, e.Line = k.file, k.line
		s.byLine[k] = append(s.byLine[k], e)
	}
	return nil
}

// parse parses what follows "want", as analysistest does.
func parse(text string) (delta int, exps []*Expectation, err error) {
	var scanErr string
	sc := new(scanner.Scanner).Init(strings.NewReader(text))
	sc.Error = func(_ *scanner.Scanner, msg string) { scanErr = msg }
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	rx := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("got %s, want regular expression", scanner.TokenString(tok))
		}
		pattern, _ := strconv.Unquote(sc.TokenText())
		return regexp.Compile(pattern)
	}
	for {
		switch tok := sc.Scan(); tok {
		case '+':
			if tok = sc.Scan(); tok != scanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +Int", scanner.TokenString(tok))
			}
			delta, _ = strconv.Atoi(sc.TokenText())
		case scanner.String, scanner.RawString:
			r, err := rx(tok)
			if err != nil {
				return 0, nil, err
			}
			exps = append(exps, &Expectation{RX: r})
		case scanner.Ident:
			name := sc.TokenText()
			if tok = sc.Scan(); tok != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", scanner.TokenString(tok), name)
			}
			r, err := rx(sc.Scan())
			if err != nil {
				return 0, nil, err
			}
			exps = append(exps, &Expectation{Name: name, RX: r})
		case scanner.EOF:
			if scanErr != "" {
				return 0, nil, fmt.Errorf("%s", scanErr)
			}
			return delta, exps, nil
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}

// Check matches one reported item, named name ("" for a finding), at
// file:line, and removes the expectation it meets. It returns nil if one
// matched, else an error saying so.
func (s *Set) Check(file string, line int, name, message string) error {
	k := key{file, line}
	var unmatched []string
	for i, e := range s.byLine[k] {
		if e.Name != name {
			continue
		}
		if e.RX.MatchString(message) {
			s.byLine[k] = append(s.byLine[k][:i:i], s.byLine[k][i+1:]...)
			return nil
		}
		unmatched = append(unmatched, fmt.Sprintf("%#q", e.RX))
	}
	if unmatched == nil {
		return fmt.Errorf("%s:%d: unexpected %s: %s", file, line, kind(name), message)
	}
	return fmt.Errorf("%s:%d: %s %q does not match pattern %s", file, line, kind(name), message, strings.Join(unmatched, " or "))
}

func kind(name string) string {
	if name == "" {
		return "finding"
	}
	return name
}

// Unmet returns an error for each expectation no item met, in order, and
// forgets them.
func (s *Set) Unmet() []error {
	var errs []string
	for k, es := range s.byLine {
		for _, e := range es {
			errs = append(errs, fmt.Sprintf("%s:%d: no %s was reported matching %#q", k.file, k.line, kind(e.Name), e.RX))
		}
		delete(s.byLine, k)
	}
	sort.Strings(errs)
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = fmt.Errorf("%s", e)
	}
	return out
}

// Select returns a set of the expectations named name, as findings
// (unnamed): the expectations of one variant of a run, say.
func (s *Set) Select(name string) *Set {
	out := New()
	for k, es := range s.byLine {
		for _, e := range es {
			if e.Name == name {
				c := *e
				c.Name = ""
				out.byLine[k] = append(out.byLine[k], &c)
			}
		}
	}
	return out
}
