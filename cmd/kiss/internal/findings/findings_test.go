package findings

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

func TestParsePos(t *testing.T) {
	for s, want := range map[string]token.Position{
		"a/b.go:4:23":   {Filename: "a/b.go", Line: 4, Column: 23},
		"a/b.go:4":      {Filename: "a/b.go", Line: 4},
		"C:/x/b.go:4:2": {Filename: "C:/x/b.go", Line: 4, Column: 2},
		"-":             {},
		"":              {},
	} {
		if got := parsePos(s); got != want {
			t.Errorf("parsePos(%q) = %+v, want %+v", s, got, want)
		}
	}
}

func TestSpan(t *testing.T) {
	f := filepath.Join(t.TempDir(), "x.go")
	// "é" is 2 bytes and 1 UTF-16 unit; "𝔸" is 4 bytes and 2 units.
	src := "package x\n\tmu.Lock()\n\t/* é𝔸 */ ch <- v\n\t𝔸x := 1\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var s Sources
	for _, c := range []struct {
		line, col int
		want      Span
	}{
		{2, 2, Span{2, 2, 4}},    // "mu"
		{2, 9, Span{2, 9, 10}},   // "("
		{3, 18, Span{3, 15, 17}}, // "<-": é𝔸 are 6 bytes but 3 UTF-16 units
		{4, 2, Span{4, 2, 5}},    // "𝔸x": an identifier of 3 units
		{9, 1, Span{9, 1, 2}},    // past the end: byte columns
	} {
		if got := s.Span(token.Position{Filename: f, Line: c.line, Column: c.col}); got != c.want {
			t.Errorf("Span(%d:%d) = %+v, want %+v", c.line, c.col, got, c.want)
		}
	}
}
