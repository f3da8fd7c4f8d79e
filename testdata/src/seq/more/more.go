// Package more holds more roots for the sequential lowering (see package
// basic for the conventions).
package more

import (
	"math/rand"
	"runtime"
)

func sum(xs ...int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func divmod(a, b int) (q, r int) { return a / b, a % b }

func Calls() { // want root:"one goroutine"
	if sum() != 0 || sum(1, 2, 3) != 6 || sum([]int{4, 5}...) != 9 {
		panic("bug")
	}
	q, r := divmod(17, 5)
	if q != 3 || r != 2 {
		panic("bug")
	}
	f := sum
	if f(1) != 1 || f == nil {
		panic("bug")
	}
	var g func(...int) int
	if g != nil {
		panic("bug")
	}
}

var log []int

func record(x int) { log = append(log, x) }

func deferArgs() {
	x := 1
	defer record(x) // evaluated now: 1
	x = 2
	defer func() { record(x) }() // evaluated at the end: 3
	x = 3
}

func DeferArgs() { // want root:"one goroutine"
	log = nil
	deferArgs()
	if len(log) != 2 || log[0] != 3 || log[1] != 1 {
		panic("bug")
	}
}

func RecoverNil() { // want root:"one goroutine"
	if recover() != nil {
		panic("bug")
	}
	defer func() {
		if r := recover(); r != nil {
			panic("bug")
		}
	}()
}

func RecoverRuntimeError() { // want root:"one goroutine"
	var err error
	func() {
		defer func() {
			r := recover()
			if _, ok := r.(runtime.Error); !ok {
				panic("bug")
			}
			err, _ = r.(error)
		}()
		s := []int{}
		i := 3
		_ = s[i]
	}()
	if err == nil || err.Error() == "" {
		panic("bug")
	}
}

type closer interface{ Close() int }

type file struct{ closed *int }

func (f file) Close() int { *f.closed++; return *f.closed }

func DeferInterface() { // want root:"one goroutine"
	n := 0
	func() {
		var c closer = file{&n}
		defer c.Close()
		defer c.Close()
	}()
	if n != 2 {
		panic("bug")
	}
}

func DeferNilFunc() { // want root:"one goroutine"
	var f func()
	if rand.Int() == 0 {
		f = func() {}
	}
	defer f() // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
}

type animal interface{ sound() string }
type base struct{ name string }

func (b base) sound() string { return b.name }

type dog struct {
	base
	age int
}

func Embedding() { // want root:"one goroutine"
	d := &dog{base{"woof"}, 3}
	var a animal = d
	if a.sound() != "woof" || d.name != "woof" {
		panic("bug")
	}
	s := a.sound
	d.name = "grr" // s bound a copy? no: a holds *dog, the method value is bound to the interface
	_ = s
}

func BoolPhi() { // want root:"one goroutine"
	n := rand.Intn(4)
	ok := n > 1 || n < 0
	both := n > 0 && n < 3
	if ok != (n >= 2 || n < 0) {
		panic("bug")
	}
	if both != (n == 1 || n == 2) {
		panic("bug")
	}
}

func Conversions() { // want root:"one goroutine"
	var i8 int8 = -1
	if uint64(i8) != 1<<64-1 || uint8(i8) != 255 || int64(uint8(i8)) != 255 {
		panic("bug")
	}
	f := 2.75
	if int(f) != 2 || int(-f) != -2 || float64(3)/2 != 1.5 {
		panic("bug")
	}
	if string(rune(65)) != "A" {
		panic("bug")
	}
	type celsius float64
	c := celsius(f)
	if float64(c) != f {
		panic("bug")
	}
}

func Arrays() { // want root:"one goroutine"
	var grid [3][3]int
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = i * j
		}
	}
	if grid[2][2] != 4 || len(grid) != 3 {
		panic("bug")
	}
	row := grid[1]
	row[1] = 100
	if grid[1][1] != 1 {
		panic("bug")
	}
	p := &grid[2]
	p[0] = 7
	if grid[2][0] != 7 {
		panic("bug")
	}
	s := grid[0][:]
	s3 := s[1:2:3]
	if len(s3) != 1 || cap(s3) != 2 {
		panic("bug")
	}
	arr := [4]int(append(s, 9))
	if arr[3] != 9 {
		panic("bug")
	}
	ap := (*[3]int)(s)
	ap[0] = 5
	if grid[0][0] != 5 {
		panic("bug")
	}
}

func ArrayIndex() { // want root:"one goroutine"
	var a [4]int
	i := rand.Intn(8)
	a[i] = 1 // want `panic: runtime error: index out of range \(0 preemptions\)`
}

type stack[T any] struct{ items []T }

func (s *stack[T]) push(x T) { s.items = append(s.items, x) }
func (s *stack[T]) pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

func Map[T, U any](xs []T, f func(T) U) []U {
	var out []U
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func GenericTypes() { // want root:"one goroutine"
	var s stack[string]
	s.push("a")
	s.push("b")
	if x, ok := s.pop(); !ok || x != "b" {
		panic("bug")
	}
	lens := Map([]string{"ab", "c"}, func(s string) int { return len(s) })
	if len(lens) != 2 || lens[0] != 2 || lens[1] != 1 {
		panic("bug")
	}
}

func StringsMore() { // want root:"one goroutine"
	s := "hello, world"
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 'o' {
			n++
		}
	}
	if n != 2 || s[7:] != "world" || s[:5] != "hello" {
		panic("bug")
	}
	b := make([]byte, 3)
	if copy(b, "xyzw") != 3 || string(b) != "xyz" {
		panic("bug")
	}
	var empty []byte
	if string(empty) != "" {
		panic("bug")
	}
}

type key struct {
	a string
	b int
}

func MapsMore() { // want root:"one goroutine"
	m := map[key][]int{}
	k := key{"x", 1}
	m[k] = append(m[k], 1)
	m[k] = append(m[k], 2)
	if len(m[k]) != 2 {
		panic("bug")
	}
	nested := map[string]map[string]int{}
	if nested["a"]["b"] != 0 {
		panic("bug")
	}
	count := 0
	for range m {
		count++
	}
	for k := range nested {
		_ = k
		panic("bug")
	}
	ints := map[int]int{1: 1, 2: 2, 3: 3}
	for k := range ints {
		if k == 2 {
			delete(ints, 3)
			delete(ints, 1)
		}
	}
	if count != 1 {
		panic("bug")
	}
}

func Labels() { // want root:"one goroutine"
	n := 0
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			n++
		}
	}
	switch {
	case n == 4:
	default:
		panic("bug")
	}
	i := 0
loop:
	if i < 5 {
		i++
		goto loop
	}
	if i != 5 {
		panic("bug")
	}
}

type node struct {
	val  int
	next *node
}

func LinkedList() { // want root:"one goroutine"
	var head *node
	for i := 0; i < 4; i++ {
		head = &node{i, head}
	}
	total := 0
	for n := head; n != nil; n = n.next {
		total += n.val
	}
	if total != 6 {
		panic("bug")
	}
}

func NilLinkedList() { // want root:"one goroutine"
	head := &node{1, nil}
	if rand.Int() == 2 {
		head.next = &node{2, nil}
	}
	_ = head.next.val // want `panic: runtime error: invalid memory address or nil pointer dereference \(0 preemptions\)`
}

func Floats() { // want root:"one goroutine"
	x := 0.1
	y := 0.2
	if x+y == 0.3 { // IEEE: 0.30000000000000004
		panic("bug")
	}
	z := 0.0
	nan := z / z
	if nan == nan || min(1.0, nan) == min(1.0, nan) {
		panic("bug")
	}
}

func Shifts() { // want root:"one goroutine"
	s := 3
	if 1<<s != 8 || -16>>s != -2 || uint8(200)>>s != 25 {
		panic("bug")
	}
}

func Shift() { // want root:"one goroutine"
	s := rand.Intn(10) - 5
	_ = 1 << s // want `panic: runtime error: negative shift amount \(0 preemptions\)`
}

func Unknown() { // want root:"one goroutine" root:"unknown: math/rand.newSource"
	r := rand.New(rand.NewSource(1)) // unknown: a fresh *Rand (NewSource(1) runs newSource, which has no code here); New may touch shared state: a stop, not listed
	if r == nil {
		panic("bug")
	}
}

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func RangeFunc() { // want root:"one goroutine"
	total := 0
	for x := range count(10) {
		if x == 4 {
			break
		}
		total += x
	}
	if total != 6 {
		panic("bug")
	}
	for i := range 3 {
		total += i
	}
	if total != 9 {
		panic("bug")
	}
}

type counter struct{ n int }

func (c *counter) add(k int) { c.n += k }
func (c counter) get() int   { return c.n }

type getter interface{ get() int }

type wrapper struct {
	getter
	extra int
}

func MethodExprs() { // want root:"one goroutine"
	c := &counter{}
	add := (*counter).add
	add(c, 3)
	get := counter.get
	if get(*c) != 3 {
		panic("bug")
	}
	w := wrapper{c, 1}
	if w.get() != 3 {
		panic("bug")
	}
	var g getter = w
	c.add(1)
	if g.get() != 4 {
		panic("bug")
	}
}

func Complex() { // want root:"one goroutine"
	c := complex(1, 2)
	d := c * c
	_ = real(d) + imag(d)
	var z complex128
	if z != 0 {
		panic("bug")
	}
}

type token struct{ id int }

func InterfaceKeys() { // want root:"one goroutine"
	m := map[any]int{}
	m[1] = 10
	m["one"] = 20
	m[int8(1)] = 30 // another dynamic type: another key
	t := &token{1}
	m[t] = 40
	m[true] = 50
	m[nil] = 60
	if m[1] != 10 || m["one"] != 20 || m[int8(1)] != 30 || m[t] != 40 || m[&token{1}] != 0 || m[true] != 50 || m[nil] != 60 {
		panic("bug")
	}
	delete(m, "one")
	sum, ints := 0, 0
	for k, v := range m {
		sum += v
		if i, ok := k.(int); ok {
			ints += i
		}
	}
	if sum != 190 || ints != 1 || len(m) != 5 {
		panic("bug")
	}
}

func UnhashableKey() { // want root:"one goroutine"
	m := map[any]bool{}
	var k any = 1
	if rand.Int() == 5 {
		k = []int{1}
	}
	m[k] = true // want `panic: runtime error: hash of unhashable type \[\]int \(0 preemptions\)`
}

func bump(n *int) { *n++ }

func DeferCallsWhilePanicking() { // want root:"one goroutine"
	n := 0
	func() {
		defer func() {
			bump(&n) // runs normally although a panic is in flight
			if recover() == nil {
				panic("bug")
			}
			bump(&n)
		}()
		panic("x")
	}()
	if n != 2 {
		panic("bug")
	}
}

func inner() (r any) {
	defer func() { r = recover() }()
	panic("inner")
}

func NestedPanics() { // want root:"one goroutine"
	var got []any
	func() {
		defer func() {
			got = append(got, inner())   // recovers "inner"
			got = append(got, recover()) // recovers "outer"
			got = append(got, recover()) // nil: already recovered
		}()
		panic("outer")
	}()
	if len(got) != 3 || got[0] != "inner" || got[1] != "outer" || got[2] != nil {
		panic("bug")
	}
}

func PanicInDefer() { // want root:"one goroutine"
	defer func() {
		if rand.Int() == 3 {
			panic("second") // want `panic: second \(0 preemptions\)`
		}
	}()
	defer func() { recover() }()
	panic("first")
}

// A method implements an interface method whatever its parameters are
// named: dispatch matches signatures without the names.
type sizer interface {
	Size(int64, string) (int64, error)
}

type namedSizer struct{}

func (namedSizer) Size(n int64, unit string) (total int64, err error) { return n * 2, nil }

func DispatchIgnoresParamNames() { // want root:"one goroutine"
	var s sizer = namedSizer{}
	if n, _ := s.Size(21, "b"); n != 42 {
		panic("bug")
	}
}
