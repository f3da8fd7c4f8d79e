package smt

import (
	"testing"

	"github.com/gokiss/kiss/ir"
)

// A large aggregate local gets its zero value only when some path reads
// it before writing it (zeroLocals): %w is written first, %r read first.
func TestLargeZeroOnlyWhenRead(t *testing.T) {
	p, err := ir.Parse("zero.ir", []byte(`
func @f(%c bool) {
  var %w [100000]i64
  var %r [100000]i64
  var %p ptr
entry:
  %p = alloc [100000]i64
  br %c, a, b
a:
  %w = load %p
  store %p, %w
  ret
b:
  store %p, %r
  ret
}
`))
	if err != nil {
		t.Fatal(err)
	}
	z := zeroLocals(p.Func("f"))
	w, r := p.Func("f").Local("w").Index, p.Func("f").Local("r").Index
	if len(z[w].elems) != 0 {
		t.Errorf("%%w, written before it is read, was given a zero of %d elements", len(z[w].elems))
	}
	if len(z[r].elems) != 100000 {
		t.Errorf("%%r, read before it is written, has a zero of %d elements, want 100000", len(z[r].elems))
	}
}
