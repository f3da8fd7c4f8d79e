// Package unsafeptr uses package unsafe as the standard library and real
// code do: pointers as addresses, strings and slices over memory, and
// atomically published pointers.
package unsafeptr

import (
	"sync"
	"unsafe"
)

// conn is registered under its address, as code that hashes pointers does.
type conn struct {
	id    int
	state int
}

// key is c's identity, an address.
func key(c *conn) uintptr { return uintptr(unsafe.Pointer(c)) }

type registry struct {
	mu sync.Mutex
	m  map[uintptr]*conn
}

func (r *registry) add(c *conn) {
	r.mu.Lock()
	r.m[key(c)] = c
	r.mu.Unlock()
}

func (r *registry) get(k uintptr) *conn {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.m[k]
}

// builder is strings.Builder's pattern: String aliases the buffer.
type builder struct {
	buf []byte
}

func (b *builder) WriteString(s string) { b.buf = append(b.buf, s...) } // want `data race on b.buf: read at unsafeptr.go:44:89 by goroutine 0 and write at unsafeptr.go:42:45 by goroutine 1; it also races with the read at unsafeptr.go:44:77 by goroutine 0 \(0 preemptions\)`

func (b *builder) String() string { return unsafe.String(unsafe.SliceData(b.buf), len(b.buf)) }

// clone is strings.Clone: a fresh copy, through unsafe.String.
func clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	b := make([]byte, len(s))
	copy(b, s)
	return unsafe.String(&b[0], len(b))
}

// bytesOf is the zero-copy string-to-bytes conversion.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// header has Go's layout: a at 0, s at 8, b at 24.
type header struct {
	a int64
	s string
	b [3]byte
}

// b2s and s2b are the conversions without a copy of code older than
// unsafe.String: a []byte's header read as a string's, and a string's
// (with a capacity after it) as a slice's.
func b2s(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

func s2b(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&struct {
		string
		Cap int
	}{s, len(s)}))
}
