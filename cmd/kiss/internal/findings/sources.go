package findings

import (
	"bytes"
	"go/token"
	"os"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Sources converts Go positions, whose columns count bytes, into the
// UTF-16 columns that LSP and SARIF (columnKind utf16CodeUnits) use. It
// reads each file once; a file it cannot read keeps byte columns.
type Sources struct {
	mu    sync.Mutex
	lines map[string][][]byte
}

// Span is a position as LSP and SARIF want it: 1-based line, 1-based UTF-16
// columns, End exclusive, on one line.
type Span struct {
	Line, Col, EndCol int
}

// Span returns p's line and UTF-16 column, and the end of the token that
// starts there (an identifier, "<-", or one character).
func (s *Sources) Span(p token.Position) Span {
	sp := Span{Line: p.Line, Col: p.Column, EndCol: p.Column + 1}
	if p.Line <= 0 || p.Column <= 0 {
		if sp.Line <= 0 {
			sp.Line = 1
		}
		sp.Col, sp.EndCol = 1, 1
		return sp
	}
	line := s.line(p.Filename, p.Line)
	if line == nil {
		return sp
	}
	start := min(p.Column-1, len(line))
	end := start
	rest := line[start:]
	switch {
	case len(rest) == 0:
	case bytes.HasPrefix(rest, []byte("<-")):
		end += 2
	default:
		for end < len(line) {
			r, n := utf8.DecodeRune(line[end:])
			if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				break
			}
			end += n
		}
		if end == start {
			_, n := utf8.DecodeRune(rest)
			end += n
		}
	}
	sp.Col = utf16Len(line[:start]) + 1
	sp.EndCol = sp.Col + utf16Len(line[start:end])
	return sp
}

func (s *Sources) line(file string, n int) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lines == nil {
		s.lines = map[string][][]byte{}
	}
	ls, ok := s.lines[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			ls = bytes.Split(data, []byte("\n"))
		}
		s.lines[file] = ls
	}
	if n-1 >= len(ls) {
		return nil
	}
	return bytes.TrimSuffix(ls[n-1], []byte("\r"))
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n += utf16.RuneLen(r) // an invalid byte is U+FFFD: one unit
	}
	return n
}
