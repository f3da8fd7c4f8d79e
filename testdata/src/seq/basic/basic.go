// Package basic holds roots for the sequential lowering: each exported
// function without parameters is a root, checked by the analyzer's
// harness (analyzer/harness_test.go) against its want comments: a root
// has no finding but those wanted. Assertions are `if !cond { panic("bug") }`.
package basic

import (
	"errors"
	"math/rand"
)

// errNew is the extern hook test's model target.
var errNew = errors.New

type point struct{ x, y int }

func NilDeref() { // want root:"one goroutine"
	p := &point{1, 2}
	if rand.Int() == 7 {
		p = nil
	}
	_ = p.x // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
}

func Recover() { // want root:"one goroutine"
	defer func() { recover() }()
	var p *point
	_ = p.x
}

func RecoverValue() { // want root:"one goroutine"
	r := func() (r any) {
		defer func() { r = recover() }()
		panic("boom")
	}()
	if r != "boom" {
		panic("bug")
	}
}

func namedResult() (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = -1, &myErr{1}
		}
	}()
	n = 5
	var m map[string]int
	m["x"] = 1
	return n, nil
}

func NamedResultRecover() { // want root:"one goroutine"
	n, err := namedResult()
	if n != -1 || err == nil {
		panic("bug")
	}
}

func Repanic() { // want root:"one goroutine"
	defer func() {
		r := recover()
		panic(r) // want `panic: first \(0 preemptions\)`
	}()
	panic("first")
}

func Wrap() { // want root:"one goroutine"
	var x int8 = 127
	x++
	if x != -128 {
		panic("bug")
	}
	var u uint8
	u--
	if u != 255 {
		panic("bug")
	}
	var big uint64 = 1 << 63
	if int64(big) >= 0 {
		panic("bug")
	}
	seven, sh := -7, 40
	if seven/2 != -3 || seven%2 != -1 || seven>>1 != -4 || uint32(1)<<sh != 0 {
		panic("bug")
	}
}

func Strings() { // want root:"one goroutine"
	s := ""
	for i := 0; i < 3; i++ {
		s += string(rune('a' + i))
	}
	if s != "abc" || len(s) != 3 || s[1] != 'b' || s[1:] != "bc" || s < "abb" {
		panic("bug")
	}
	b := []byte(s)
	b[0] = 'x'
	if string(b) != "xbc" || s != "abc" {
		panic("bug")
	}
	n := 0
	for i, r := range "héllo" {
		if r == 'é' && i == 1 {
			n++
		}
	}
	if n != 1 {
		panic("bug")
	}
	rs := []rune("héllo")
	if len(rs) != 5 || string(rs) != "héllo" {
		panic("bug")
	}
	b = append(b, "yz"...)
	if string(b) != "xbcyz" {
		panic("bug")
	}
}

func Maps() { // want root:"one goroutine"
	m := map[string]int{}
	m["a"] = 1
	m["b"] = 2
	m["c"] = 3
	delete(m, "b")
	if v, ok := m["b"]; ok || v != 0 {
		panic("bug")
	}
	sum := 0
	for k, v := range m {
		if k == "b" {
			panic("bug")
		}
		sum += v
	}
	if sum != 4 || len(m) != 2 || m["c"] != 3 {
		panic("bug")
	}
	var nilMap map[string]int
	if len(nilMap) != 0 || nilMap["x"] != 0 {
		panic("bug")
	}
	delete(nilMap, "x")
	clear(m)
	if len(m) != 0 {
		panic("bug")
	}
	pm := map[point]bool{{1, 2}: true}
	if !pm[point{1, 2}] || pm[point{2, 1}] {
		panic("bug")
	}
}

func NilMap() { // want root:"one goroutine"
	var m map[int]int
	if rand.Int() > 5 {
		m[1] = 2 // want `panic: assignment to entry in nil map \(0 preemptions\)`
	}
}

func Append() { // want root:"one goroutine"
	var s []int
	for i := 0; i < 10; i++ {
		s = append(s, i)
	}
	if len(s) != 10 || s[9] != 9 || cap(s) < 10 {
		panic("bug")
	}
	t := s[2:4]
	t = append(t, 100) // writes s[4]
	if s[4] != 100 || len(t) != 3 {
		panic("bug")
	}
	u := append([]int(nil), s...)
	u[0] = 42
	if s[0] != 0 {
		panic("bug")
	}
	n := copy(s, s[1:])
	if n != 9 || s[0] != 1 || s[8] != 9 {
		panic("bug")
	}
	w := make([]int, 2, 2)
	w2 := append(w, 7) // beyond capacity: a new array
	w2[0] = 5
	if w[0] != 0 || w2[2] != 7 {
		panic("bug")
	}
	arr := [3]int{1, 2, 3}
	sl := arr[:]
	sl[0] = 9
	if arr[0] != 9 || min(3, 1, 2) != 1 || max(3, 1, 2) != 3 {
		panic("bug")
	}
}

func Index() { // want root:"one goroutine"
	s := []int{1, 2, 3}
	i := rand.Intn(10)
	_ = s[i] // want `panic: runtime error: index out of range \(0 preemptions\)`
}

func Slice() { // want root:"one goroutine"
	s := make([]int, 3)
	i := rand.Intn(10)
	_ = s[:i] // want `panic: runtime error: slice bounds out of range \(0 preemptions\)`
}

func Closures() { // want root:"one goroutine"
	x := 0
	inc := func() { x++ }
	inc()
	inc()
	if x != 2 {
		panic("bug")
	}
	fs := make([]func() int, 3)
	for i := range fs {
		fs[i] = func() int { return i }
	}
	if fs[0]() != 0 || fs[2]() != 2 {
		panic("bug")
	}
	p := point{3, 4}
	get := p.sum // bound method
	p.x = 100
	if get() != 7 {
		panic("bug")
	}
}

func (p point) sum() int { return p.x + p.y }

func NilFunc() { // want root:"one goroutine"
	var f func()
	if rand.Int() == 1 {
		f = func() {}
	}
	f() // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
}

type shape interface{ area() int }

type rect struct{ w, h int }
type square struct{ s int }

func (r rect) area() int         { return r.w * r.h }
func (s *square) area() int      { return s.s * s.s }
func (s *square) String() string { return "square" }

func Interfaces() { // want root:"one goroutine"
	shapes := []shape{rect{2, 3}, &square{4}}
	total := 0
	for _, s := range shapes {
		total += s.area()
	}
	if total != 22 {
		panic("bug")
	}
	var s shape = rect{1, 1}
	if _, ok := s.(*square); ok {
		panic("bug")
	}
	switch v := s.(type) {
	case *square:
		panic("bug")
	case rect:
		if v.w != 1 {
			panic("bug")
		}
	default:
		panic("bug")
	}
	var st interface{ String() string } = &square{1}
	if _, ok := st.(shape); !ok || st.String() != "square" {
		panic("bug")
	}
	var a, b any = 1, 1
	if a != b || a == any("1") {
		panic("bug")
	}
}

func NilInterfaceCall() { // want root:"one goroutine"
	var s shape
	if rand.Int() != 0 {
		s = rect{}
	}
	s.area() // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
}

func TypeAssert() { // want root:"one goroutine"
	var x any = 1
	if rand.Int() == 3 {
		x = "s"
	}
	_ = x.(int) // want `panic: interface conversion: any is not int \(0 preemptions\)`
}

func Max[T int | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Generics() { // want root:"one goroutine"
	if Max(3, 5) != 5 || Max("b", "a") != "b" {
		panic("bug")
	}
}

func DeferOrder() { // want root:"one goroutine"
	var order []int
	func() {
		for i := 0; i < 3; i++ {
			defer func() { order = append(order, i) }()
		}
	}()
	if len(order) != 3 || order[0] != 2 || order[1] != 1 || order[2] != 0 {
		panic("bug")
	}
}

func StructCopy() { // want root:"one goroutine"
	a := point{1, 2}
	b := a
	b.x = 10
	if a.x != 1 || a == b {
		panic("bug")
	}
	arr := [2]point{a, b}
	arr2 := arr
	arr2[0].y = 99
	if arr[0].y != 2 || arr == arr2 {
		panic("bug")
	}
}

func Divide() { // want root:"one goroutine"
	d := rand.Intn(3)
	_ = 10 / d // want `panic: runtime error: integer divide by zero \(0 preemptions\)`
}

var counter = 40

func init() { counter += 2 }

func Globals() { // want root:"one goroutine"
	if counter != 42 {
		panic("bug")
	}
}

type myErr struct{ code int }

func (e *myErr) Error() string { return "my error" }

func find(fail bool) error {
	if fail {
		return &myErr{7}
	}
	return nil
}

// ExternModel needs the test's model of errors.New (a non-nil error).
func ExternModel() { // want root:"one goroutine"
	if err := errors.New("x"); err == nil {
		panic("bug")
	}
	if err := errNew("y"); err == nil {
		panic("bug")
	}
}

func Errors() { // want root:"one goroutine"
	if err := find(false); err != nil {
		panic("bug")
	}
	err := find(true)
	var me *myErr
	if e, ok := err.(*myErr); ok {
		me = e
	}
	if me == nil || me.code != 7 || err.Error() != "my error" {
		panic("bug")
	}
}
