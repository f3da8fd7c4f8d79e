// Package rthash: a sharded store keyed by the runtime's memhash of the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// key's bytes, read through the string's header, as dgraph-io/ristretto's
// z package does (MemHashString, FastRand, Memclr, all by //go:linkname
// to the runtime, and its page size). Before, every path stopped at
// syscall.Getpagesize in the package's initialization, then at the
// header cast, then at the runtime functions.
package rthash

import (
	"os"
	"sync"
	"unsafe"
)

//go:linkname memhash runtime.memhash
func memhash(p unsafe.Pointer, h, s uintptr) uintptr

//go:linkname fastrand runtime.fastrand
func fastrand() uint32

//go:linkname fastrandn runtime.fastrandn
func fastrandn(n uint32) uint32

//go:linkname memclrNoHeapPointers runtime.memclrNoHeapPointers
func memclrNoHeapPointers(p unsafe.Pointer, n uintptr)

var pageSize = os.Getpagesize()

type stringStruct struct {
	str unsafe.Pointer
	len int
}

// MemHashString is ristretto's: the string's header read in place.
func MemHashString(s string) uint64 {
	ss := (*stringStruct)(unsafe.Pointer(&s))
	return uint64(memhash(ss.str, 0, uintptr(ss.len)))
}

type sliceHeader struct {
	data uintptr
	len  int
	cap  int
}

// Capacity reads a slice's header.
func Capacity(b []byte) int {
	return (*sliceHeader)(unsafe.Pointer(&b)).cap
}

func Memclr(b []byte) {
	if len(b) == 0 {
		return
	}
	memclrNoHeapPointers(unsafe.Pointer(&b[0]), uintptr(len(b)))
}

type shard struct {
	mu sync.Mutex
	m  map[uint64]string
}

type Store struct {
	shards [4]shard
	buf    []byte
}

func New() *Store {
	s := &Store{buf: make([]byte, pageSize/1024)}
	for i := range s.shards {
		s.shards[i].m = map[uint64]string{}
	}
	return s
}

func (s *Store) Set(k, v string) {
	h := MemHashString(k)
	sh := &s.shards[h%4]
	sh.mu.Lock()
	sh.m[h] = v // want `data race on s.shards\[i\].m: read at rthash.go:\d+:\d+ by goroutine 0 and write at rthash.go:\d+:\d+ by goroutine 1`
	sh.mu.Unlock()
}

func (s *Store) Get(k string) string {
	h := MemHashString(k)
	sh := &s.shards[h%4]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.m[h]
}

// Peek reads without the shard's lock.
func (s *Store) Peek(k string) string {
	h := MemHashString(k)
	return s.shards[h%4].m[h]
}

// Sample picks a shard at random, as ristretto's sampling does.
func (s *Store) Sample() int {
	i := fastrandn(4)
	if fastrand()%2 == 0 {
		i = (i + 1) % 4
	}
	return int(i)
}
