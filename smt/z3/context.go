package z3

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <malloc.h>
#include <z3.h>

// Z3's default error handler ends the process. This one does nothing: every
// call that can fail is followed by Z3_get_error_code on the Go side.
static void kiss_on_error(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

static Z3_context kiss_mk_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c != NULL) Z3_set_error_handler(c, kiss_on_error);
	return c;
}

// kiss_keep takes the caller's reference on a freshly made AST (which Z3
// may free at its next call otherwise), unless the call that made it failed.
// Doing both in one cgo call halves the crossings on the hot path.
static Z3_error_code kiss_keep(Z3_context c, Z3_ast a) {
	Z3_error_code e = Z3_get_error_code(c);
	if (e == Z3_OK && a != NULL) Z3_inc_ref(c, a);
	return e;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Errors recorded by a Context. Failures reported by Z3 itself are *Error.
var (
	ErrClosed        = errors.New("z3: context is closed")
	ErrNoTerm        = errors.New("z3: zero Term or Sort argument")
	ErrMixedContexts = errors.New("z3: arguments belong to different contexts")
)

// Error is a failure reported by Z3, such as a sort mismatch.
type Error struct {
	Op   string // the binding's method that failed, e.g. "Add"
	Code int    // Z3_error_code, or -1 if Z3 returned nothing without one
	Msg  string // Z3's description
}

func (e *Error) Error() string { return "z3: " + e.Op + ": " + e.Msg }

// A Context owns every Sort, Term, Solver and Model made from it.
//
// A Context and everything made from it must be used by one goroutine at a
// time; only Interrupt may be called concurrently.
//
// A Context that becomes unreachable is deleted by a cleanup, on another
// goroutine: a method whose last use of its Context is a Z3 call (or the
// reading of memory Z3 owns) keeps it alive until then with
// runtime.KeepAlive, since its caller may hold nothing but a Term.
type Context struct {
	raw  C.Z3_context // nil once closed; read without locks by the owning goroutine
	sh   *shared
	err  error
	refs int // references held by live Go wrappers, for tests

	spare    []pending // recycled backing array for sh.pending
	rawSorts map[uint]C.Z3_sort
	rne, rtz C.Z3_ast    // rounding modes
	idle     C.Z3_solver // an empty solver, checked to clear a late interrupt (see endCheck)
}

// shared is the part of a Context reached from other goroutines: the
// cleanups of unreachable wrappers, Interrupt, and the Context's own cleanup.
// It must not point back to the Context, or the Context would never become
// unreachable.
type shared struct {
	mu         sync.Mutex
	raw        C.Z3_context // nil once closed
	pending    []pending    // references to give back on the owning goroutine
	hasPending atomic.Bool  // lets the hot path skip the mutex

	// Interrupt reaches Z3 only while a check runs (checking), and says so
	// (interrupted), under mu; see Interrupt and endCheck.
	checking, interrupted bool
}

type refKind uint8

const (
	astRef refKind = iota
	solverRef
	modelRef
)

type pending struct {
	kind refKind
	p    unsafe.Pointer // C memory
}

// release is the argument of a wrapper's cleanup.
type release struct {
	sh *shared
	pending
}

// liveContexts counts Z3 contexts not yet deleted, for tests.
var liveContexts atomic.Int64

// NewContext returns a new Z3 context with model generation on. Call Close
// when done; a Context that becomes unreachable is closed by a cleanup.
func NewContext() *Context {
	raw := C.kiss_mk_context()
	c := &Context{raw: raw, sh: &shared{raw: raw}}
	if raw == nil {
		c.err = errors.New("z3: cannot create context")
		return c
	}
	liveContexts.Add(1)
	runtime.AddCleanup(c, (*shared).close, c.sh)
	return c
}

// Close deletes the Z3 context and with it everything made from it. Later
// calls record ErrClosed and return zero values. Close is idempotent.
func (c *Context) Close() error {
	if c.raw == nil {
		return nil
	}
	c.raw = nil
	c.spare, c.rawSorts, c.rne, c.rtz, c.idle = nil, nil, nil, nil, nil
	c.sh.close()
	return nil
}

// close deletes the context once; it runs on the owning goroutine (Close) or
// on the cleanup goroutine when the Context is unreachable.
func (s *shared) close() {
	s.mu.Lock()
	raw := s.raw
	s.raw = nil
	s.pending = nil // Z3_del_context frees what they refer to
	s.hasPending.Store(false)
	s.mu.Unlock()
	if raw != nil {
		held := C.Z3_get_estimated_alloc_size()
		C.Z3_del_context(raw)
		liveContexts.Add(-1)
		// What Z3 freed stays in the C allocator's arenas otherwise: a go
		// vet process checking 66 roots one after the other (ants's tests)
		// grew to 1.5 GB with a Go heap below 768 MiB. But a context that
		// held little is left there for the next one to reuse: a new
		// context takes 17 MB, and after a trim Z3 spent 38 ms making one
		// (page faults) instead of 8, which with the trim itself was a
		// tenth of what a std package's roots cost under go vet.
		if freed := held - min(held, C.Z3_get_estimated_alloc_size()); freed > trimAbove {
			C.malloc_trim(0)
		}
	}
}

// trimAbove is how much a deleted context must have freed for its memory
// to go back to the system at once: a few fresh contexts' worth.
const trimAbove = 64 << 20

// Interrupt asks a running Check of this context to stop; it then returns
// Unknown with a reason such as "interrupted" or "canceled". It is safe to
// call from any goroutine, also on a closed context. It has no effect when
// no check runs, nor on a check that starts later.
//
// Z3_interrupt itself is not so harmless: it raises a cancel flag of the
// whole context that only the start of a check lowers. Raised between two
// checks, it made the next push fail halfway ("push canceled", the solver
// left with a scope too few and wrong answers until a later pop crashed
// inside Z3), and model evaluations fail. So it is called only while a
// check runs, and a check during which it was called lowers the flag before
// it returns (endCheck), in case it came too late to stop the search.
func (c *Context) Interrupt() {
	s := c.sh
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.raw != nil && s.checking {
		C.Z3_interrupt(s.raw)
		s.interrupted = true
	}
}

// beginCheck and endCheck bracket every Z3 check, on the owning goroutine.
func (c *Context) beginCheck() {
	s := c.sh
	s.mu.Lock()
	s.checking, s.interrupted = true, false
	s.mu.Unlock()
}

// endCheck ends the window in which Interrupt reaches Z3. If it did, the
// check it aimed at may already have been over (or not yet have started
// listening), leaving Z3's cancel flag raised: a check of an empty solver,
// which starts by lowering it, makes the context usable again. It runs
// under the lock, so no interrupt can come in between. Read the error code
// of the real check before calling it.
func (c *Context) endCheck() {
	s := c.sh
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checking = false
	if !s.interrupted {
		return
	}
	s.interrupted = false
	if c.idle == nil {
		c.idle = C.Z3_mk_simple_solver(c.raw)
		if c.idle == nil || C.Z3_get_error_code(c.raw) != C.Z3_OK {
			c.idle = nil
			return
		}
		C.Z3_solver_inc_ref(c.raw, c.idle) // freed with the context
	}
	C.Z3_solver_check(c.raw, c.idle)
}

// Err returns the first error recorded since the last ClearErr.
func (c *Context) Err() error { return c.err }

// ClearErr forgets the recorded error.
func (c *Context) ClearErr() { c.err = nil }

// EstimatedAllocSize returns the number of bytes Z3 has allocated, over all
// contexts of the process.
func EstimatedAllocSize() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }

// record keeps err as the sticky error unless an earlier one is pending,
// and returns it.
func (c *Context) record(err error) error {
	if c.err == nil {
		c.err = err
	}
	return err
}

func (c *Context) failf(op string, sentinel error) error {
	return c.record(fmt.Errorf("z3: %s: %w", op, sentinel))
}

// enter must start every method that calls Z3: it refuses a closed context
// and gives back the references of wrappers that have become unreachable.
// Raw pointers must be read from wrappers only after enter, so that a
// reference is never given back while its pointer is about to be used:
// references queued later are given back only by the next enter.
func (c *Context) enter(op string) bool { return c.enterErr(op) == nil }

func (c *Context) enterErr(op string) error {
	if c.raw == nil {
		return c.failf(op, ErrClosed)
	}
	if c.sh.hasPending.Load() {
		c.drain()
	}
	return nil
}

func (c *Context) drain() {
	s := c.sh
	s.mu.Lock()
	list := s.pending
	s.pending = c.spare[:0]
	s.hasPending.Store(false)
	s.mu.Unlock()
	for _, r := range list {
		switch r.kind {
		case astRef:
			C.Z3_dec_ref(c.raw, C.Z3_ast(r.p))
		case solverRef:
			C.Z3_solver_dec_ref(c.raw, C.Z3_solver(r.p))
		case modelRef:
			C.Z3_model_dec_ref(c.raw, C.Z3_model(r.p))
		}
	}
	c.refs -= len(list)
	c.spare = list[:0]
}

// push queues a reference for the owning goroutine. It runs as a cleanup on
// another goroutine, so it must not call Z3: contexts are not thread-safe.
func (r release) push() {
	s := r.sh
	s.mu.Lock()
	if s.raw != nil {
		s.pending = append(s.pending, r.pending)
		s.hasPending.Store(true)
	}
	s.mu.Unlock()
}

// track arranges for the reference held by owner to be given back once
// owner is unreachable.
func track[T any](c *Context, owner *T, kind refKind, p unsafe.Pointer) {
	c.refs++
	runtime.AddCleanup(owner, release.push, release{c.sh, pending{kind, p}})
}

// lastErr returns and records the error of the last Z3 call, if any.
func (c *Context) lastErr(op string) error {
	if code := C.Z3_get_error_code(c.raw); code != C.Z3_OK {
		return c.z3fail(op, code)
	}
	return nil
}

func (c *Context) ok(op string) bool { return c.lastErr(op) == nil }

func (c *Context) z3fail(op string, code C.Z3_error_code) error {
	return c.record(&Error{Op: op, Code: int(code), Msg: C.GoString(C.Z3_get_error_msg(c.raw, code))})
}

// term wraps the result of a Z3 call that makes an AST.
func (c *Context) term(op string, a C.Z3_ast) Term {
	if code := C.kiss_keep(c.raw, a); code != C.Z3_OK {
		c.z3fail(op, code)
		return Term{}
	}
	if a == nil {
		c.record(&Error{Op: op, Code: -1, Msg: "no result"})
		return Term{}
	}
	n := &node{c: c, a: a}
	track(c, n, astRef, unsafe.Pointer(a))
	return Term{n}
}

func (c *Context) sort(op string, s C.Z3_sort) Sort {
	return Sort(c.term(op, C.Z3_ast(unsafe.Pointer(s))))
}

func withCString[R any](s string, f func(*C.char) R) R {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	return f(cs)
}

// bvSort returns the width's sort, made once per context: numerals need it
// and a wrapper per numeral would double the cost of making one.
func (c *Context) bvSort(bits uint) C.Z3_sort {
	if s, ok := c.rawSorts[bits]; ok {
		return s
	}
	s := C.Z3_mk_bv_sort(c.raw, C.uint(bits))
	if code := C.kiss_keep(c.raw, C.Z3_ast(unsafe.Pointer(s))); code != C.Z3_OK {
		c.z3fail("BVSort", code)
		return nil
	}
	if c.rawSorts == nil {
		c.rawSorts = make(map[uint]C.Z3_sort)
	}
	c.rawSorts[bits] = s // freed with the context
	return s
}

// roundingMode returns RNE or RTZ, made once per context and freed with it.
func (c *Context) roundingMode(towardZero bool) C.Z3_ast {
	p := &c.rne
	if towardZero {
		p = &c.rtz
	}
	if *p == nil {
		var a C.Z3_ast
		if towardZero {
			a = C.Z3_mk_fpa_rtz(c.raw)
		} else {
			a = C.Z3_mk_fpa_rne(c.raw)
		}
		if code := C.kiss_keep(c.raw, a); code != C.Z3_OK {
			c.z3fail("rounding mode", code)
			return nil
		}
		*p = a
	}
	return *p
}
