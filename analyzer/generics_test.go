package kiss_test

import (
	"bytes"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"

	kiss "github.com/gokiss/kiss/analyzer"
)

// A package checked again from source for its generic code keeps only the
// bodies its importers instantiate, and the imports those still use; one
// checked only for its declarations keeps no body.
func TestKeepBodies(t *testing.T) {
	const src = `package p

import (
	"fmt"
	"iter"
	"math/rand/v2"
	_ "runtime"
	"strings"
	"gopkg.in/yaml.v3"
	"unsafe"
)

type List[E any] struct{ items []E }

func (l *List[E]) All() iter.Seq[E] { return func(yield func(E) bool) { fmt.Sprint(l) } }

func Map[T, U any](s []T, f func(T) U) []U { return nil }

func Plain() string { return strings.Repeat("x", rand.N(3)) }

var size = unsafe.Sizeof(0)
`
	for _, tc := range []struct {
		generic bool
		want    []string
		not     []string
	}{
		{true, []string{"fmt.Sprint(l)", `"iter"`, `"fmt"`, "return nil", `"unsafe"`, `"gopkg.in/yaml.v3"`},
			[]string{`"strings"`, `"math/rand/v2"`, `"runtime"`, "strings.Repeat"}},
		{false, []string{`"iter"`, `"unsafe"`, "func Plain() string\n"},
			[]string{"fmt.Sprint(l)", `"fmt"`, "return nil", `"strings"`, `"runtime"`}},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		kiss.KeepBodies(f, tc.generic)
		var out bytes.Buffer
		if err := printer.Fprint(&out, fset, f); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("generic=%v: %q missing in\n%s", tc.generic, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("generic=%v: %q kept in\n%s", tc.generic, n, got)
			}
		}
	}
}
