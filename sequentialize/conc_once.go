package sequentialize

import (
	"go/types"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// sync.OnceFunc, OnceValue and OnceValues return a func that runs f the
// first time it is called, through the model of sync.Once.Do (so callers
// block until f has returned, and f's effects happen before every
// return), and then returns what f returned. Each is generic (but
// OnceFunc), so the front end makes its function per result type; the
// standard library calls them in its package variables.
func onceModels(c *concLowering, m map[string]externFunc) {
	once := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		// The func returned: its results are f's (nil for OnceFunc).
		fsig := call.Signature().Results().At(0).Type().Underlying().(*types.Signature)
		res := l.resultType(fsig)
		key := "none"
		fields := []*ir.Type{c.rt.typ("once"), l.tClosure}
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
				b.Store(b.Field(env, 2), b.Call(res, b.Extract(f, 0), b.Extract(f, 1)))
			}
			b.Ret(nil)
		})
		get := l.cached("onceget:"+key+"@"+pos, "rt.onceget", res, []any{"env", ir.Ptr}, func(b *builder) {
			env := b.Fn.Params[0]
			b.CallTo(nil, c.fn("sync.Once.Do"), b.Field(env, 0), b.Make(l.tClosure, run, env), ir.StringConst(pos))
			if res == nil {
				b.Ret(nil)
				return
			}
			b.Ret(b.Load(res, b.Field(env, 2)))
		})
		env := b.Alloc(envT, nil)
		b.Store(b.Field(env, 1), args[0])
		return b.Make(l.tClosure, get, env), nil
	}
	for _, f := range []string{"sync.OnceFunc", "sync.OnceValue", "sync.OnceValues"} {
		m[f] = once
	}
}
