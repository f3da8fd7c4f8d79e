// Package reflectcall runs handlers' methods by name through reflect, as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// command routers and test suites do.
package reflectcall

import (
	"reflect"
	"sort"
	"sync"
)

// Methods are the exported methods of h, in reflect's order.
func Methods(h any) []string {
	t := reflect.TypeOf(h)
	var names []string
	for i := 0; i < t.NumMethod(); i++ {
		names = append(names, t.Method(i).Name)
	}
	return names
}

// Invoke calls h's method name with args and returns its results, or
// false when h has no such method.
func Invoke(h any, name string, args ...any) ([]any, bool) {
	t := reflect.TypeOf(h)
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		if m.Name != name {
			continue
		}
		in := []reflect.Value{reflect.ValueOf(h)}
		for _, a := range args {
			in = append(in, reflect.ValueOf(a))
		}
		var out []any
		for _, r := range m.Func.Call(in) { // want `panic: reflect: Call with too few input arguments`
			out = append(out, r.Interface())
		}
		return out, true
	}
	return nil, false
}

// Counter counts; Inc is not safe for concurrent use, IncLocked is.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() { c.n++ } // want `data race on c.n: write at reflectcall.go:49:29 by goroutine 0 and read at reflectcall.go:49:29 by goroutine 1`

func (c *Counter) IncLocked() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *Counter) Add(k int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n += k
	return c.n
}

func (c *Counter) Get() (int, string) { return c.n, "count" }

func (c *Counter) reset() { c.n = 0 }

// A Label names a counter.
type Label string

func (l Label) String() string { return string(l) }

// Sorted reports whether names are in order.
func Sorted(names []string) bool { return sort.StringsAreSorted(names) }
