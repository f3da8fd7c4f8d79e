package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// sync.OnceFunc, OnceValue and OnceValues return a func that runs f the
// first time it is called, through the model of sync.Once.Do (so callers
// block until f has returned, and f's effects happen before every
// return), and then returns what f returned; if f panicked, every call
// panics with f's panic value, as Go's do (a Goexit in f is not kept: Go
// leaves what follows it unspecified). Each is generic (but OnceFunc), so
// the front end makes its function per result type; the standard library
// calls them in its package variables.
func onceModels(c *concLowering, m map[string]externFunc) {
	once := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// The func returned: its results are f's (nil for OnceFunc).
		fsig := call.Signature().Results().At(0).Type().Underlying().(*types.Signature)
		res := l.resultType(fsig)
		// env: the Once, f, whether f panicked, its panic value and
		// message, f's results.
		key := "none"
		fields := []*ir.Type{c.rt.typ("once"), l.tClosure, ir.Bool, l.tIface, ir.String}
		if res != nil {
			key = res.String()
			fields = append(fields, res)
		}
		envT := ir.Struct(fields...)
		run := l.cached("oncerun:"+key, "rt.oncerun", nil, []any{"env", ir.Ptr}, func(b *builder) {
			env := b.Fn.Params[0]
			f := b.Load(l.tClosure, b.Field(env, 1))
			if res == nil {
				b.CallTo(nil, b.Extract(f, 0), b.Extract(f, 1))
			} else {
				b.Store(b.Field(env, 5), b.Call(res, b.Extract(f, 0), b.Extract(f, 1)))
			}
			panicked := b.And(b.Load(ir.Bool, l.rt["rt.panicking"]), b.Not(b.Load(ir.Bool, l.rt["rt.goexiting"])))
			_, done := b.If(panicked, "panicked")
			b.Store(b.Field(env, 2), ir.BoolConst(true))
			b.Store(b.Field(env, 3), b.Load(l.tIface, l.rt["rt.panicval"]))
			b.Store(b.Field(env, 4), b.Load(ir.String, l.rt["rt.panicmsg"]))
			b.Jmp(done)
			b.SetBlock(done)
			b.Ret(nil)
		})
		get := l.cached("onceget:"+key+"@"+pos, "rt.onceget", res, []any{"env", ir.Ptr}, func(b *builder) {
			env := b.Fn.Params[0]
			b.CallTo(nil, c.fn("sync.Once.Do"), b.Field(env, 0), b.Make(l.tClosure, run, env), ir.StringConst(pos))
			// A later call panics as f did (the first goes on panicking).
			again := b.And(b.Load(ir.Bool, b.Field(env, 2)), b.Not(b.Load(ir.Bool, l.rt["rt.panicking"])))
			_, out := b.If(again, "again")
			msg := b.Load(ir.String, b.Field(env, 4))
			b.CallTo(nil, l.helpers["rt.setpanic"], b.Load(l.tIface, b.Field(env, 3)), msg)
			b.Trace(EventPanic, msg, ir.StringConst(pos))
			b.Jmp(out)
			b.SetBlock(out)
			if res == nil {
				b.Ret(nil)
				return
			}
			b.Ret(b.Load(res, b.Field(env, 5)))
		})
		env := b.Alloc(envT, nil)
		b.Store(b.Field(env, 1), args[0])
		return b.Make(l.tClosure, get, env), nil
	}
	for _, f := range []string{"sync.OnceFunc", "sync.OnceValue", "sync.OnceValues"} {
		m[f] = once
	}
}
