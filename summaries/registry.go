package summaries

import "sort"

// Model is kiss's model of one Go function: what the code under test calls
// but kiss does not run from source. Every model is in the registry
// (Models, Lookup), whichever language implements it.
type Model struct {
	// Func is the Go function as package ssa names it
	// (ssa.Function.String()): "(*sync.Mutex).Lock", "time.Sleep",
	// "sync/atomic.AddInt64", "(*sync/atomic.Pointer[T]).Load". A promoted
	// method is named by the type it is called on ("(*testing.T).Log").
	Func string
	// Impl says how kiss implements it; IR is the IR function when Impl is
	// InIR.
	Impl Impl
	IR   string

	// Visible: the call may be a visible operation, a scheduling point
	// where another goroutine may run before its effect (and a step of the
	// schedule).
	Visible bool
	// Blocks: the calling goroutine may park there until another
	// goroutine (or a timer) wakes it.
	Blocks bool
	// Syncs: the call may order memory accesses across goroutines (a
	// happens-before edge for the race detector).
	Syncs bool
	// Spawns: the call may start a goroutine (its callback's, a timer's,
	// a deadline's, a subtest's, the watcher of a parent context).
	Spawns bool

	// Calls says when the model runs code of the program it is handed:
	// the func argument CallArg (receiver first, as the Go arguments of a
	// static call; NoArg when it is not a func argument), or, with
	// CallsMethods, methods of its arguments' dynamic types (a Locker's
	// Lock, an error's Unwrap, a parent context's Done).
	Calls        When
	CallArg      int
	CallsMethods bool

	Doc string // what it does, in one line
}

// Impl is how a model is implemented.
type Impl uint8

const (
	// InIR: a call of the function Model.IR of models/*.ir, which takes
	// the Go arguments, receiver first, then the call's position (a str),
	// and returns the Go result. The front end emits the call as is.
	InIR Impl = iota + 1
	// InGo: the front end lowers the call in Go (package sequentialize,
	// conc_*.go, which registers the lowering under the same name); the
	// code it emits may call functions of models/*.ir.
	InGo
)

func (i Impl) String() string {
	switch i {
	case InIR:
		return "IR"
	case InGo:
		return "Go"
	}
	return "?"
}

// When says when a model calls the code it is handed.
type When uint8

const (
	Never       When = iota
	Now              // before the call returns, on the caller's goroutine
	Later            // on the caller's goroutine, after the call (t.Cleanup: when the test ends)
	OnGoroutine      // on a goroutine the model starts
)

// NoArg is Model.CallArg when the model calls no func argument.
const NoArg = -1

// Concurrency reports whether the model is a concurrency primitive: it may
// be a scheduling point, block, synchronize or start a goroutine.
func (m Model) Concurrency() bool { return m.Visible || m.Blocks || m.Syncs || m.Spawns }

// TypeModel is a Go named type whose values are a model's own: the
// lowering gives them the model's IR type, which the model functions take
// (a pointer to it, as the Go receiver).
type TypeModel struct {
	Go  string // the origin's "pkgpath.Name"
	IR  string // a $type declared in models/*.ir; its zero value is the Go zero value
	Doc string
}

var (
	byName = map[string]int{}
	byType = map[string]int{}
)

func init() {
	registry = append(append(registry, hooks...), bytealg...)
	for i, m := range registry {
		if _, dup := byName[m.Func]; dup {
			panic("summaries: two models of " + m.Func)
		}
		byName[m.Func] = i
	}
	for i, t := range typeRegistry {
		byType[t.Go] = i
	}
}

// Models returns every model of a Go function, sorted by name.
func Models() []Model {
	out := append([]Model(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Func < out[j].Func })
	return out
}

// Lookup returns the model of the Go function named name
// (ssa.Function.String()).
func Lookup(name string) (Model, bool) {
	i, ok := byName[name]
	if !ok {
		return Model{}, false
	}
	return registry[i], true
}

// TypeModels returns every Go type a model stands for.
func TypeModels() []TypeModel { return append([]TypeModel(nil), typeRegistry...) }

// LookupType returns the model of the Go named type "pkgpath.Name".
func LookupType(name string) (TypeModel, bool) {
	i, ok := byType[name]
	if !ok {
		return TypeModel{}, false
	}
	return typeRegistry[i], true
}
