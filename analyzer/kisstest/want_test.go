package kisstest

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestGoComments(t *testing.T) {
	const src = `package p // want package:"facts"

func f() { // want root:"one goroutine" "a \\(1\\)" ` + "`b`" + `
	g() // want +1 "next line"
	/* x */ // want "c"
	// see also // want "d"
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	if err := s.Go(fset, f); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line       int
		name, msg  string
		wantsError bool
	}{
		{1, "package", "the facts", false},
		{3, "root", "one goroutine", false},
		{3, "", "a (1)", false},
		{3, "", "a (1)", true}, // met already
		{3, "", "b", false},
		{5, "", "on the next line", false},
		{5, "", "c", false},
		{6, "", "d", false},
		{6, "", "e", true},
	} {
		if err := s.Check("p.go", c.line, c.name, c.msg); (err != nil) != c.wantsError {
			t.Errorf("Check(%d, %q, %q) = %v", c.line, c.name, c.msg, err)
		}
	}
	if errs := s.Unmet(); len(errs) != 0 {
		t.Errorf("unmet: %v", errs)
	}
}

func TestTextAndSelect(t *testing.T) {
	s := New()
	src := "assert x at \"a.go:1:1\" // want `^assert: x$` v:\"only v\"\n// want \"bad \\q\"\n"
	err := s.Text("a.ir", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "a.ir:2: in 'want' comment") {
		t.Errorf("bad escape: err = %v", err)
	}
	v := s.Select("v")
	if err := v.Check("a.ir", 1, "", "only v"); err != nil {
		t.Error(err)
	}
	if err := s.Check("a.ir", 1, "", "assert: x!"); err == nil || !strings.Contains(err.Error(), "does not match pattern") {
		t.Errorf("mismatch: err = %v", err)
	}
	if errs := s.Unmet(); len(errs) != 2 {
		t.Errorf("unmet: %v, want the plain and the v expectation", errs)
	}
}

func TestOutput(t *testing.T) {
	s := New()
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "a/a.go", "package a\n\nvar x = 1 // want `race on x`\n", parser.ParseComments)
	if err := s.Go(fset, f); err != nil {
		t.Fatal(err)
	}
	out := "# a\n/m/a/a.go:3:5: race on x (1 preemption) (kiss)\n/m/a/a.go:3:5: \tstep 1: goroutine 0 write (kiss)\n/m/a/a.go:3:5: kiss(related information): step (kiss)\n"
	if errs := s.Output(out, "/m", " (kiss)", "kiss(related information)"); len(errs) != 0 {
		t.Errorf("Output: %v", errs)
	}
}
