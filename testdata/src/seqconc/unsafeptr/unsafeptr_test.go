package unsafeptr

import (
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// ---- pointers as addresses ----

// The goroutine writes through the pointer a round trip through uintptr
// gave back: the same conn the test reads.
func TestRoundTripRace(t *testing.T) {
	c := &conn{id: 1}
	done := make(chan bool)
	go func() {
		p := (*conn)(unsafe.Pointer(uintptr(unsafe.Pointer(c))))
		p.state = 1 // want `data race on c.state: read at unsafeptr_test.go:22:8 by goroutine 0 and write at unsafeptr_test.go:19:5 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	_ = c.state
	<-done
}

// The fixed twin: the round trip of another conn is another conn.
func TestRoundTripOther(t *testing.T) {
	c, d := &conn{id: 1}, &conn{id: 2}
	done := make(chan bool)
	go func() {
		p := (*conn)(unsafe.Pointer(uintptr(unsafe.Pointer(d))))
		p.state = 1
		done <- true
	}()
	_ = c.state
	<-done
}

// A registry keyed by address hands the goroutine the conn the test uses.
func TestRegistryRace(t *testing.T) {
	r := &registry{m: map[uintptr]*conn{}}
	c := &conn{id: 1}
	r.add(c)
	r.add(&conn{id: 2})
	done := make(chan bool)
	go func() {
		r.get(key(c)).state = 2 // want `data race on c.state: read at unsafeptr_test.go:50:8 by goroutine 0 and write at unsafeptr_test.go:47:17 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	_ = c.state
	<-done
}

// The fixed twin: the other conn's key finds the other conn.
func TestRegistryOther(t *testing.T) {
	r := &registry{m: map[uintptr]*conn{}}
	c, d := &conn{id: 1}, &conn{id: 2}
	r.add(c)
	r.add(d)
	done := make(chan bool)
	go func() {
		r.get(key(d)).state = 2
		done <- true
	}()
	_ = c.state
	<-done
}

func TestAddresses(t *testing.T) { // want root:"one goroutine"
	c, d := &conn{}, &conn{}
	if key(c) == key(d) {
		t.Error("distinct objects share an address")
	}
	if key(c) != key(c) {
		t.Error("a pointer's address changed")
	}
	if uintptr(unsafe.Pointer(&c.id)) != key(c) {
		t.Error("a struct and its first field are at different addresses")
	}
	if uintptr(unsafe.Pointer(&c.state))-key(c) != unsafe.Offsetof(c.state) {
		t.Error("state is not at its offset")
	}
	if unsafe.Pointer(c) != unsafe.Pointer(&c.id) {
		t.Error("unsafe.Pointer compares addresses")
	}
	var h header
	hs := (*string)(unsafe.Add(unsafe.Pointer(&h), unsafe.Offsetof(h.s)))
	*hs = "via offset"
	if h.s != "via offset" {
		t.Errorf("h.s = %q", h.s)
	}
	hb := (*byte)(unsafe.Pointer(uintptr(unsafe.Pointer(&h)) + unsafe.Offsetof(h.b) + 2))
	*hb = 7
	if h.b[2] != 7 {
		t.Errorf("h.b = %v", h.b)
	}
	if (*header)(unsafe.Pointer(&h.a)) != &h {
		t.Error("the first field's address is the struct's")
	}
}

// unsafe.Add steps over an array's elements.
func TestAddNextElement(t *testing.T) { // want root:"one goroutine"
	arr := [3]int{10, 20, 30}
	p := unsafe.Pointer(&arr[0])
	next := (*int)(unsafe.Add(p, unsafe.Sizeof(arr[0])))
	if *next != 20 {
		t.Errorf("*next = %d, want 20", *next)
	}
	last := (*int)(unsafe.Add(p, 2*unsafe.Sizeof(arr[0])))
	*last = 31
	if arr[2] != 31 {
		t.Errorf("arr[2] = %d, want 31", arr[2])
	}
}

// The goroutine writes the element unsafe.Add reaches, the test reads it.
func TestAddRace(t *testing.T) {
	xs := make([]int, 3)
	done := make(chan bool)
	go func() {
		*(*int)(unsafe.Add(unsafe.Pointer(&xs[0]), unsafe.Sizeof(xs[0]))) = 1 // want `data race on xs\[i\]: read at unsafeptr_test.go:125:8 by goroutine 0 and write at unsafeptr_test.go:122:3 by goroutine 1 \(0 preemptions\)`
		done <- true
	}()
	_ = xs[1]
	<-done
}

// The fixed twin: two elements on is another element.
func TestAddOtherElement(t *testing.T) {
	xs := make([]int, 3)
	done := make(chan bool)
	go func() {
		*(*int)(unsafe.Add(unsafe.Pointer(&xs[0]), 2*unsafe.Sizeof(xs[0]))) = 1
		done <- true
	}()
	_ = xs[1]
	<-done
}

// A float's bits, as math.Float64bits and Float32bits read them.
func TestFloatBits(t *testing.T) { // want root:"one goroutine"
	f := 1.5
	if b := *(*uint64)(unsafe.Pointer(&f)); b != 0x3ff8000000000000 {
		t.Errorf("bits of 1.5 = %#x", b)
	}
	f32 := float32(1.5)
	if b := *(*uint32)(unsafe.Pointer(&f32)); b != 0x3fc00000 {
		t.Errorf("bits of float32 1.5 = %#x", b)
	}
	u := uint64(0x4000000000000000)
	if g := *(*float64)(unsafe.Pointer(&u)); g != 2 {
		t.Errorf("float of 2's bits = %v", g)
	}
}

// ---- strings and slices over memory ----

func TestStringsAndSlices(t *testing.T) { // want root:"one goroutine"
	b := []byte("hello")
	s := unsafe.String(&b[1], 3)
	if s != "ell" {
		t.Errorf("unsafe.String = %q, want ell", s)
	}
	if unsafe.SliceData(b) != &b[0] {
		t.Error("SliceData is not the first element")
	}
	if unsafe.StringData(s) != &b[1] {
		t.Error("StringData is not where the string was made from")
	}
	if unsafe.StringData(s[1:]) != &b[2] {
		t.Error("a substring's data is not one byte on")
	}
	bs := bytesOf("abc")
	if len(bs) != 3 || cap(bs) != 3 || bs[2] != 'c' {
		t.Errorf("unsafe.Slice(StringData) = %q", bs)
	}
	lit := "xyz"
	if unsafe.StringData(lit) != unsafe.StringData(lit) {
		t.Error("one string, two data pointers")
	}
	arr := [4]int{1, 2, 3, 4}
	mid := unsafe.Slice(&arr[1], 2)
	mid[1] = 30
	if arr[2] != 30 || len(mid) != 2 || cap(mid) != 2 {
		t.Errorf("unsafe.Slice does not alias the array: %v %v", arr, mid)
	}
	if unsafe.String(nil, 0) != "" || unsafe.Slice((*int)(nil), 0) != nil || unsafe.SliceData([]int(nil)) != nil {
		t.Error("nil cases")
	}
	if unsafe.StringData("") != nil {
		t.Error("the empty string's data is not nil")
	}
	if unsafe.SliceData(make([]int, 0)) == nil {
		t.Error("SliceData of an empty non-nil slice is nil")
	}
}

var emptyString string

// strings' TestClone.
func TestClone(t *testing.T) { // want root:"one goroutine"
	for _, input := range []string{"", clone(""), "short", "a longer string"} {
		c := clone(input)
		if c != input {
			t.Errorf("clone(%q) = %q", input, c)
		}
		if len(input) != 0 && unsafe.StringData(c) == unsafe.StringData(input) {
			t.Errorf("clone(%q) shares the input's memory", input)
		}
		if len(input) == 0 && unsafe.StringData(c) != unsafe.StringData(emptyString) {
			t.Errorf("clone(%q) is not the empty string", input)
		}
	}
}

func TestBuilder(t *testing.T) { // want root:"one goroutine"
	var b builder
	if b.String() != "" {
		t.Errorf("empty builder: %q", b.String())
	}
	b.WriteString("ab")
	b.WriteString("c")
	s := b.String()
	if s != "abc" {
		t.Errorf("String() = %q, want abc", s)
	}
	if unsafe.StringData(s) != &b.buf[0] {
		t.Error("String() copied the buffer")
	}
}

// Two goroutines use one builder without a lock.
func TestBuilderRace(t *testing.T) {
	var b builder
	done := make(chan bool)
	go func() {
		b.WriteString("x")
		done <- true
	}()
	_ = b.String()
	<-done
}

// The fixed twin: under a mutex.
func TestBuilderLocked(t *testing.T) {
	var mu sync.Mutex
	var b builder
	done := make(chan bool)
	go func() {
		mu.Lock()
		b.WriteString("x")
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	_ = b.String()
	mu.Unlock()
	<-done
}

func TestStringNilPanics(t *testing.T) { // want root:"one goroutine"
	var p *byte
	n := 1
	_ = unsafe.String(p, n) // want `panic: runtime error: unsafe.String: ptr is nil and len is not zero \(0 preemptions\)`
}

func TestSliceLenPanics(t *testing.T) { // want root:"one goroutine"
	x, n := 1, -1
	_ = unsafe.Slice(&x, n) // want `panic: runtime error: unsafe.Slice: len out of range \(0 preemptions\)`
}

// The fixed twins.
func TestStringNil(t *testing.T) { // want root:"one goroutine"
	var p *byte
	n := 0
	_ = unsafe.String(p, n)
}

func TestSliceLen(t *testing.T) { // want root:"one goroutine"
	x, n := 1, 1
	_ = unsafe.Slice(&x, n)
}

// ---- atomically published pointers ----

type config struct{ limit int }

// The publisher changes the config after storing it.
func TestAtomicPointerRace(t *testing.T) {
	var cur atomic.Pointer[config]
	done := make(chan bool)
	go func() {
		c := &config{}
		cur.Store(c)
		c.limit = 10
		done <- true
	}()
	if c := cur.Load(); c != nil {
		_ = c.limit // want `data race on limit: write at unsafeptr_test.go:296:5 by goroutine 1 and read at unsafeptr_test.go:300:9 by goroutine 0 \(1 preemption\)`
	}
	<-done
}

// The fixed twin: the config is complete before it is published.
func TestAtomicPointerPublish(t *testing.T) {
	var cur atomic.Pointer[config]
	done := make(chan bool)
	go func() {
		cur.Store(&config{limit: 10})
		done <- true
	}()
	if c := cur.Load(); c != nil && c.limit != 10 {
		t.Errorf("limit = %d", c.limit)
	}
	<-done
}

func TestAtomicPointerOps(t *testing.T) { // want root:"one goroutine"
	var p atomic.Pointer[config]
	a, b := &config{1}, &config{2}
	if p.Load() != nil || !p.CompareAndSwap(nil, a) || p.CompareAndSwap(b, b) || p.Swap(b) != a || p.Load() != b {
		t.Error("atomic.Pointer")
	}
}

// The same with the unsafe.Pointer functions.
func TestLoadPointerRace(t *testing.T) {
	var cur unsafe.Pointer
	done := make(chan bool)
	go func() {
		c := &config{}
		atomic.StorePointer(&cur, unsafe.Pointer(c))
		c.limit = 10
		done <- true
	}()
	if c := (*config)(atomic.LoadPointer(&cur)); c != nil {
		_ = c.limit // want `data race on limit: write at unsafeptr_test.go:334:5 by goroutine 1 and read at unsafeptr_test.go:338:9 by goroutine 0 \(1 preemption\)`
	}
	<-done
}

func TestLoadPointerPublish(t *testing.T) {
	var cur unsafe.Pointer
	done := make(chan bool)
	go func() {
		atomic.StorePointer(&cur, unsafe.Pointer(&config{limit: 10}))
		done <- true
	}()
	if c := (*config)(atomic.LoadPointer(&cur)); c != nil && c.limit != 10 {
		t.Errorf("limit = %d", c.limit)
	}
	<-done
}

func TestPointerFuncs(t *testing.T) { // want root:"one goroutine"
	var p unsafe.Pointer
	a, b := unsafe.Pointer(&config{1}), unsafe.Pointer(&config{2})
	if atomic.SwapPointer(&p, a) != nil || !atomic.CompareAndSwapPointer(&p, a, b) || atomic.CompareAndSwapPointer(&p, a, b) || atomic.LoadPointer(&p) != b {
		t.Error("the Pointer functions")
	}
}

// ---- the size of a type parameter ----

// sizeOf is unsafe.Sizeof of a type parameter: no constant in the generic
// body, one in each instance (slices.Insert's overlap check has one).
func sizeOf[E any](x E) uintptr { return unsafe.Sizeof(x) }

// The instance's size decides: 16 bytes for a string, so the test fails.
func TestGenericSizeof(t *testing.T) { // want root:"one goroutine"
	if sizeOf(1) != 8 || sizeOf(int8(1)) != 1 || unsafe.Alignof(int16(0)) != 2 {
		t.Error("sizes of int and int8")
	}
	if sizeOf("s") != 8 {
		t.Error("a string is two words") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

// ---- what kiss cannot resolve ----

// An address inside an int: the path is cut, and kiss says so.
func TestInsideAField(t *testing.T) { // want root:"one goroutine" root:"cut: unsafe-offset=1"
	var h header
	p := (*int32)(unsafe.Pointer(uintptr(unsafe.Pointer(&h.a)) + 4))
	*p = 1
	t.Error("not reached")
}

// An integer that was never an address.
func TestMadeUpAddress(t *testing.T) { // want root:"one goroutine" root:"cut: unsafe-addr=1"
	p := (*int)(unsafe.Pointer(uintptr(0x1000)))
	_ = *p
	t.Error("not reached")
}

// Memory read as another type: a string's header as an int.
func TestReinterpret(t *testing.T) { // want root:"one goroutine" root:"cut: unsafe-cast=1"
	s := "abc"
	_ = *(*int)(unsafe.Pointer(&s))
	t.Error("not reached")
}

// A []byte's header read as a string's, and back: the bytes Go reads.
func TestHeaderCasts(t *testing.T) { // want root:"one goroutine"
	b := []byte("abc")
	if b2s(b) != "abc" || b2s(nil) != "" || b2s(b[1:2]) != "b" {
		t.Errorf("b2s = %q", b2s(b))
	}
	if unsafe.StringData(b2s(b)) != &b[0] {
		t.Error("the string's data is not the slice's")
	}
	if bs := s2b("hey"); len(bs) != 3 || cap(bs) != 3 || bs[1] != 'e' {
		t.Errorf("s2b = %q", bs)
	}
	if s2b("") != nil {
		t.Error("s2b of the empty string")
	}
}
