package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// randModels: the top-level functions of math/rand and math/rand/v2 draw
// from a generator seeded at random, so a test may see any value in the
// function's range. A bounded draw (Intn(n) and its kind) returns a fresh
// unlabelled nondet there: a violation that needs particular draws is
// real (some run draws them), and the draws on its path are recorded
// (trace "value") so that the schedule carries them and replay returns
// them at those calls. An unbounded one (Int63, Float64) is one of 2^31
// values or more: a violation that needs particular ones (two draws equal,
// a draw equal to a constant) is one no run shows, so its value is
// labelled, and a violation that depends on it is not reported. Go's
// panics on a bad bound are kept.
func (c *concLowering) randModels(m map[string]externFunc) {
	type draw struct {
		bound bool   // the first argument is the exclusive upper bound n; else any non-negative value
		msg   string // the panic of a bound n <= 0
		float bool   // in [0, 1)
	}
	fns := map[string]draw{
		"math/rand.Intn":       {bound: true, msg: "invalid argument to Intn"},
		"math/rand.Int63n":     {bound: true, msg: "invalid argument to Int63n"},
		"math/rand.Int31n":     {bound: true, msg: "invalid argument to Int31n"},
		"math/rand.Int":        {},
		"math/rand.Int63":      {},
		"math/rand.Int31":      {},
		"math/rand.Float64":    {float: true},
		"math/rand/v2.IntN":    {bound: true, msg: "invalid argument to IntN"},
		"math/rand/v2.Int64N":  {bound: true, msg: "invalid argument to Int64N"},
		"math/rand/v2.Int32N":  {bound: true, msg: "invalid argument to Int32N"},
		"math/rand/v2.Int":     {},
		"math/rand/v2.Int64":   {},
		"math/rand/v2.Int32":   {},
		"math/rand/v2.Float64": {float: true},
	}
	for name, d := range fns {
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			t := l.Type(call.Signature().Results().At(0).Type())
			if d.float {
				r := l.unknownNondetLabel(b, t, wideDrawLabel(name))
				in := b.And(b.Bin(ir.OpGe, r, ir.FloatConst(t, 0)), b.Bin(ir.OpLt, r, ir.FloatConst(t, 1)))
				b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{in}})
				c.traceValue(b, name, r, b.Pos)
				return r, nil
			}
			r := b.Temp(t)
			if d.bound {
				b.Emit(&ir.Instr{Op: ir.OpNondet, Dst: r})
			} else {
				r = l.unknownNondetLabel(b, t, wideDrawLabel(name))
			}
			zero := ir.IntConst(t, 0)
			in := b.Bin(ir.OpGe, r, zero)
			if d.bound {
				b.PanicStringUnless(b.Bin(ir.OpGt, args[0], zero), d.msg)
				in = b.And(in, b.Bin(ir.OpLt, r, args[0]))
			}
			b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{in}})
			c.traceValue(b, name, r, b.Pos)
			return r, nil
		}
	}
}

// linknameModels are the runtime's functions that packages reach with
// //go:linkname from a declaration without a body. cheaprand and
// cheaprand64 (xsync's striped counters and locks pick a stripe with
// them) spread load; a program's correctness does not rest on their
// values, so kiss draws them from a generator of its own (splitmix64, its
// state a global of the program): concrete values, different from call to
// call as a run's are. As symbolic draws each stripe index forked or
// asked the solver, 50 ms a query on xsync's Map.
func (c *concLowering) linknameModels(m map[string]externFunc) {
	// fastrand and fastrand64 are their names before Go 1.22, which the
	// runtime still lets packages link (ristretto's z.FastRand).
	for _, name := range []string{"runtime.cheaprand", "runtime.cheaprand64", "runtime.fastrand", "runtime.fastrand64"} {
		m[name] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			g := l.sharedGlobal("rt.cheaprand", ir.U64)
			z := b.Bin(ir.OpAdd, b.Load(ir.U64, g), ir.IntConst(ir.U64, -7046029254386353131)) // 0x9e3779b97f4a7c15
			b.Store(g, z)
			z = b.Bin(ir.OpMul, b.Bin(ir.OpXor, z, b.Bin(ir.OpShr, z, ir.IntConst(ir.U64, 30))), ir.IntConst(ir.U64, -4658895280553007687)) // 0xbf58476d1ce4e5b9
			z = b.Bin(ir.OpMul, b.Bin(ir.OpXor, z, b.Bin(ir.OpShr, z, ir.IntConst(ir.U64, 27))), ir.IntConst(ir.U64, -7723592293110705685)) // 0x94d049bb133111eb
			z = b.Bin(ir.OpXor, z, b.Bin(ir.OpShr, z, ir.IntConst(ir.U64, 31)))
			if name == "runtime.cheaprand64" { // non-negative
				z = b.Bin(ir.OpShr, z, ir.IntConst(ir.U64, 1))
			}
			return b.Conv(z, l.Type(call.Signature().Results().At(0).Type())), nil
		}
	}
	// fastrandn(n): a draw below n, as the runtime's (the high word of a
	// 32-bit draw times n).
	m["runtime.fastrandn"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		r, err := m["runtime.fastrand"](l, b, call, nil, pos)
		if err != nil {
			return nil, err
		}
		x := b.Bin(ir.OpMul, b.Conv(r, ir.U64), b.Conv(args[0], ir.U64))
		return b.Conv(b.Bin(ir.OpShr, x, ir.IntConst(ir.U64, 32)), ir.U32), nil
	}
	// memclrNoHeapPointers(p, n) zeroes the n bytes from p (an array's,
	// as ristretto's z.Memclr gives: &b[0], len(b)).
	m["runtime.memclrNoHeapPointers"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		n := b.Conv(args[1], ir.I64)
		bytes := bytesAt(l, b, args[0], n)
		b.forLoop("i", n, func(i ir.Value) {
			e := b.elemPtr(bytes, i)
			c.write(b, e, "p")
			b.Store(e, ir.IntConst(ir.U8, 0))
		})
		return nil, nil
	}
	// runtime.nanotime: the monotonic clock, as time's runtimeNano.
	m["runtime.nanotime"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return c.monoNow(b, c.tick(b)), nil
	}
}

// wideDrawLabel labels the value of an unbounded draw of fn.
func wideDrawLabel(fn string) string {
	return "the value of " + fn + " (one of 2^31 or more: no run can be counted on to draw particular ones)"
}

// traceValue records that the running goroutine got v from the call of fn
// at pos (EventValue), for the schedule's inputs.
func (c *concLowering) traceValue(b *builder, fn string, v ir.Value, pos string) {
	g := b.Load(ir.I64, c.rt.global("rt.cur"))
	b.Trace(EventValue, g, ir.StringConst(fn), v, ir.StringConst(pos))
}

// randSourceLabel labels the state of a math/rand source whose seed is
// not a constant.
const randSourceLabel = "a math/rand source seeded at run time"

// stubExported are the models whose stub (the model applied to the
// function's own parameters) a package's facts carry as the function's
// code: their importers may not see the types the model needs, or call
// the function as a value. ownExported are those whose facts carry the
// function's own code too (ownCode), for the models' cases that run it.
var (
	stubExported = map[string]bool{"math/rand.NewSource": true, "strconv.Itoa": true, "strconv.FormatInt": true}
	ownExported  = map[string]bool{"strconv.Itoa": true, "strconv.FormatInt": true}
)

// sourceModels: rand.NewSource(seed) with a known seed (a constant, a
// loop's index, a draw of a source seeded so) runs as written (its draws
// are the same in every run, and replay's); with an unknown one
// (testing/quick seeds with time.Now().UnixNano(), as do many tests), the
// source's register starts as unknown values instead of being computed
// from the seed: Go's seeding runs 1,881 steps of modular arithmetic whose
// symbolic terms then made every branch on a draw a Z3 query of hundreds
// of milliseconds. The draws are then sums of unknowns, as the generator
// makes them, and a finding that needs particular ones depends on the
// label. Which it is is decided as the path runs (ir.OpKnown): go/token's
// TestFileSetRace seeds its goroutines' sources with draws of a source
// seeded with 7, and, decided by the seed's being a constant, their draws
// were unknowns whose queries took 8 of its 10 s.
func (c *concLowering) sourceModels(m map[string]externFunc) {
	m["math/rand.NewSource"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		fn, _ := call.Value.(*ssa.Function)
		if fn == nil || fn.Pkg == nil || len(args) != 1 {
			return nil, errorf("math/rand.NewSource called without its package")
		}
		newSource := fn.Pkg.Func("newSource")
		if newSource == nil || newSource.Signature.Results().Len() != 1 || l.opts.Export != "" && l.opts.Home != fn.Pkg.Pkg {
			// math/rand from export data (go vet), or code lowered for
			// another package's facts: math/rand's own facts have this
			// model's stub (stubExported), whose sources are of
			// math/rand's types (made here, *rngSource was a type of the
			// other package, and *Rand's methods were never linked)
			res := fn.Signature.Results().At(0).Type()
			f := l.linkedCode(fn, fn.String())
			if f == nil {
				return l.Unknown(b, res), nil
			}
			r := b.Temp(l.Type(res))
			l.atSite(b, true, func() { b.CallTo(r, f, ir.ZeroConst(ir.Ptr), args[0]) })
			return r, nil
		}
		ptr := newSource.Signature.Results().At(0).Type()
		// rngSource{tap, feed int; vec [rngLen]int64}, as Seed leaves it
		// but for vec (the lag 273 is the generator's, Go 1 onward)
		st, ok := deref(ptr).Underlying().(*types.Struct)
		if !ok {
			return nil, errorf("math/rand's rngSource is not a struct")
		}
		var rngLen int64
		for i := range st.NumFields() {
			if a, ok := st.Field(i).Type().Underlying().(*types.Array); ok && st.Field(i).Name() == "vec" {
				rngLen = a.Len()
			}
		}
		for i := range st.NumFields() {
			if f := st.Field(i); f.Name() != "tap" && f.Name() != "vec" && (f.Name() != "feed" || rngLen <= 273) {
				return nil, errorf("math/rand's rngSource has a field %s kiss does not know", f.Name())
			}
		}
		known := b.Op(ir.OpKnown, ir.Bool, args[0])
		return b.ifElse(known, l.Type(fn.Signature.Results().At(0).Type()), "seed.known", func() ir.Value {
			r := b.Temp(l.Type(ptr))
			l.emitDirectCall(b, newSource, []ir.Value{args[0]}, nil, r)
			return l.MakeInterface(b, r, ptr)
		}, func() ir.Value {
			vals := make([]ir.Value, st.NumFields())
			for i := range vals {
				switch f := st.Field(i); f.Name() {
				case "tap":
					vals[i] = ir.IntConst(ir.I64, 0)
				case "feed":
					vals[i] = ir.IntConst(ir.I64, rngLen-273)
				case "vec":
					vals[i] = l.unknownNondetLabel(b, l.Type(f.Type()), randSourceLabel)
				}
			}
			t := l.Type(deref(ptr))
			p := b.Alloc(t, nil)
			b.Store(p, b.Make(t, vals...))
			return l.MakeInterface(b, p, ptr)
		}), nil
	}
}
