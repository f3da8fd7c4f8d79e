package z3

/*
#include <stdlib.h>
#include <z3.h>

static void kiss_set_uint_param(Z3_context c, Z3_solver s, const char *name, unsigned v) {
	Z3_params p = Z3_mk_params(c);
	if (Z3_get_error_code(c) != Z3_OK) return;
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, name), v);
	if (Z3_get_error_code(c) == Z3_OK) Z3_solver_set_params(c, s, p);
	Z3_error_code e = Z3_get_error_code(c);
	Z3_params_dec_ref(c, p);
	if (e != Z3_OK) Z3_set_error(c, e); // dec_ref resets the code
}
*/
import "C"

import (
	"errors"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// A Solver decides the satisfiability of the conjunction of its assertions.
// It is incremental: assertions can be added between checks and retracted
// with Push and Pop.
type Solver struct {
	c      *Context
	s      C.Z3_solver
	checks int
}

// NewSolver returns Z3's default solver, which picks tactics by logic (e.g.
// bit-blasting for QF_BV) and falls back to its incremental core after Push
// or assumptions.
func (c *Context) NewSolver() *Solver {
	if !c.enter("NewSolver") {
		return nil
	}
	return c.solver("NewSolver", C.Z3_mk_solver(c.raw))
}

// NewSimpleSolver returns Z3's incremental SMT core without preprocessing
// tactics; it is faster on many small, related queries.
func (c *Context) NewSimpleSolver() *Solver {
	if !c.enter("NewSimpleSolver") {
		return nil
	}
	return c.solver("NewSimpleSolver", C.Z3_mk_simple_solver(c.raw))
}

func (c *Context) solver(op string, raw C.Z3_solver) *Solver {
	if !c.ok(op) || raw == nil {
		return nil
	}
	C.Z3_solver_inc_ref(c.raw, raw)
	s := &Solver{c: c, s: raw}
	track(c, s, solverRef, unsafe.Pointer(raw))
	return s
}

// enter checks that s can be used. A nil Solver (from a failed NewSolver)
// has no context to record into; its methods do nothing.
func (s *Solver) enter(op string) bool { return s != nil && s.c.enter(op) }

var errNilSolver = errors.New("z3: nil Solver")

// Assert adds the Boolean term t.
func (s *Solver) Assert(t Term) {
	if s == nil || !s.c.args("Assert", []Term{t}) {
		return
	}
	C.Z3_solver_assert(s.c.raw, s.s, t.n.a)
	s.c.ok("Assert")
}

// Push opens a scope; Pop(n) retracts the assertions of the last n scopes.
func (s *Solver) Push() {
	if s.enter("Push") {
		C.Z3_solver_push(s.c.raw, s.s)
		s.c.ok("Push")
	}
}

// Pop closes n scopes; n must not exceed NumScopes.
func (s *Solver) Pop(n uint) {
	if s.enter("Pop") {
		C.Z3_solver_pop(s.c.raw, s.s, C.uint(n))
		s.c.ok("Pop")
	}
}

// NumScopes returns the number of open scopes.
func (s *Solver) NumScopes() uint {
	if !s.enter("NumScopes") {
		return 0
	}
	defer runtime.KeepAlive(s) // see Context
	return uint(C.Z3_solver_get_num_scopes(s.c.raw, s.s))
}

// Reset removes all assertions and scopes.
func (s *Solver) Reset() {
	if s.enter("Reset") {
		C.Z3_solver_reset(s.c.raw, s.s)
		s.c.ok("Reset")
	}
}

// SetTimeout bounds each later check, to the millisecond; d <= 0 removes the
// bound. A check that runs out returns Unknown, with reason "timeout" or
// "canceled".
func (s *Solver) SetTimeout(d time.Duration) {
	if !s.enter("SetTimeout") {
		return
	}
	ms := uint64(math.MaxUint32) // Z3's "no timeout"
	if d > 0 {
		ms = min(uint64((d+time.Millisecond-1)/time.Millisecond), math.MaxUint32-1)
	}
	s.setUint("SetTimeout", "timeout", uint(ms))
}

// SetResourceLimit bounds the work of each later check in Z3's own units
// (rlimit), counted in the checking thread: unlike a timeout, it needs no
// timer thread and gives the same answer on every machine. 0 removes the
// bound. A check that runs out returns Unknown, with reason "max. resource
// limit exceeded" or the like.
func (s *Solver) SetResourceLimit(n uint) {
	if !s.enter("SetResourceLimit") {
		return
	}
	s.setUint("SetResourceLimit", "rlimit", n)
}

func (s *Solver) setUint(op, name string, v uint) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	C.kiss_set_uint_param(s.c.raw, s.s, cname, C.uint(v))
	s.c.ok(op)
}

// Status is the outcome of a check.
type Status int8

const (
	Unknown Status = iota
	Sat
	Unsat
)

func (st Status) String() string {
	switch st {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Result is the outcome of a check and, for Unknown, Z3's reason, such as
// "timeout", "canceled" or "incomplete quantifiers".
type Result struct {
	Status Status
	Reason string
}

func (r Result) String() string {
	if r.Status == Unknown && r.Reason != "" {
		return "unknown (" + r.Reason + ")"
	}
	return r.Status.String()
}

// Check decides the assertions. Running out of time or being interrupted is
// an Unknown result, not an error; errors are failures such as a closed
// context.
func (s *Solver) Check() (Result, error) { return s.check("Check", nil) }

// CheckAssumptions decides the assertions together with the Boolean terms
// ts, without adding them; after Unsat, UnsatCore tells which ts were used.
func (s *Solver) CheckAssumptions(ts ...Term) (Result, error) {
	return s.check("CheckAssumptions", ts)
}

func (s *Solver) check(op string, ts []Term) (Result, error) {
	if s == nil {
		return Result{}, errNilSolver
	}
	c := s.c
	if err := c.argsErr(op, ts); err != nil {
		return Result{}, err
	}
	s.checks++
	var as []C.Z3_ast
	var p *C.Z3_ast
	if ts != nil {
		as = make([]C.Z3_ast, len(ts))
		for i, t := range ts {
			as[i] = t.n.a
		}
		if len(as) > 0 {
			p = &as[0]
		}
	}
	var r C.Z3_lbool
	c.beginCheck()
	if ts == nil {
		r = C.Z3_solver_check(c.raw, s.s)
	} else {
		r = C.Z3_solver_check_assumptions(c.raw, s.s, C.uint(len(as)), p)
	}
	err := c.lastErr(op)
	c.endCheck()
	if err != nil {
		return Result{}, err
	}
	switch r {
	case C.Z3_L_TRUE:
		return Result{Status: Sat}, nil
	case C.Z3_L_FALSE:
		return Result{Status: Unsat}, nil
	}
	reason := C.GoString(C.Z3_solver_get_reason_unknown(c.raw, s.s))
	return Result{Status: Unknown, Reason: reason}, nil
}

// NumChecks returns how many checks s has run.
func (s *Solver) NumChecks() int {
	if s == nil {
		return 0
	}
	return s.checks
}

// UnsatCore returns a subset of the assumptions of the last
// CheckAssumptions that is unsatisfiable with the assertions.
func (s *Solver) UnsatCore() []Term {
	if !s.enter("UnsatCore") {
		return nil
	}
	c := s.c
	v := C.Z3_solver_get_unsat_core(c.raw, s.s)
	if !c.ok("UnsatCore") || v == nil {
		return nil
	}
	C.Z3_ast_vector_inc_ref(c.raw, v)
	defer C.Z3_ast_vector_dec_ref(c.raw, v)
	n := int(C.Z3_ast_vector_size(c.raw, v))
	core := make([]Term, 0, n)
	for i := range n {
		t := c.term("UnsatCore", C.Z3_ast_vector_get(c.raw, v, C.uint(i)))
		if !t.IsValid() {
			return nil
		}
		core = append(core, t)
	}
	return core
}

// Model returns the model found by the last check, which must have been Sat
// (Unknown may give a partial model).
func (s *Solver) Model() (*Model, error) {
	if s == nil {
		return nil, errNilSolver
	}
	c := s.c
	if err := c.enterErr("Model"); err != nil {
		return nil, err
	}
	raw := C.Z3_solver_get_model(c.raw, s.s)
	if err := c.lastErr("Model"); err != nil {
		return nil, err
	}
	if raw == nil {
		return nil, c.record(&Error{Op: "Model", Code: -1, Msg: "no model"})
	}
	C.Z3_model_inc_ref(c.raw, raw)
	m := &Model{c: c, m: raw}
	track(c, m, modelRef, unsafe.Pointer(raw))
	return m, nil
}

// String returns the assertions in SMT-LIB syntax.
func (s *Solver) String() string {
	if !s.enter("String") {
		return "<no solver>"
	}
	defer runtime.KeepAlive(s) // see Context
	return C.GoString(C.Z3_solver_to_string(s.c.raw, s.s))
}

// A Model assigns values to the constants of a satisfiable check.
type Model struct {
	c *Context
	m C.Z3_model
}

// Eval returns the value of t in m. With completion, constants the model
// leaves open get default values, so closed terms evaluate to numerals or
// literals; without it, they stay symbolic. The bool is false on failure.
func (m *Model) Eval(t Term, completion bool) (Term, bool) {
	if m == nil || !m.c.args("Eval", []Term{t}) {
		return Term{}, false
	}
	c := m.c
	var out C.Z3_ast
	if !C.Z3_model_eval(c.raw, m.m, t.n.a, C.bool(completion), &out) {
		if c.ok("Eval") {
			c.record(&Error{Op: "Eval", Code: -1, Msg: "cannot evaluate"})
		}
		return Term{}, false
	}
	v := c.term("Eval", out)
	return v, v.IsValid()
}

// String returns the model in Z3's syntax.
func (m *Model) String() string {
	if m == nil || !m.c.enter("String") {
		return "<no model>"
	}
	defer runtime.KeepAlive(m) // see Context
	return C.GoString(C.Z3_model_to_string(m.c.raw, m.m))
}
