package sequentialize

import (
	"fmt"
	"go/types"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/summaries"
	"golang.org/x/tools/go/ssa"
)

// externs returns the lowering of every model of a Go function in the
// registry (summaries.Models): a call of its IR function for a model
// implemented in IR, the front end's Go for the others (lowerings).
func externs(c *concLowering) map[string]externFunc {
	m := lowerings(c)
	for _, model := range summaries.Models() {
		if model.Impl == summaries.InIR {
			m[model.Func] = c.direct(model.IR)
		}
	}
	return m
}

// lowerings returns the models the front end lowers in Go (Impl
// summaries.InGo), by the name of the Go function (summaries.Model.Func):
// those whose call needs more than a call of an IR function with the Go
// arguments (interface calls inside Cond.Wait, spawns, test failures,
// per-type atomics, kiss's own context and error types). What each does
// is in its registry entry; TestModelRegistry checks that these are the
// registry's. The families here and in the files they call (atomics over
// types, testing's receivers, flag's kinds) are loops, as the registry's
// entries for them are.
func lowerings(c *concLowering) map[string]externFunc {
	m := map[string]externFunc{}
	m["(*sync.WaitGroup).Done"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("sync.WaitGroup.Add"), args[0], ir.IntConst(ir.I64, -1), ir.StringConst(pos))
		b.CheckPanicking()
		return nil, nil
	}
	// wg.Go(f) is wg.Add(1); go func() { defer wg.Done(); f() }().
	m["(*sync.WaitGroup).Go"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, c.fn("sync.WaitGroup.Add"), args[0], ir.IntConst(ir.I64, 1), ir.StringConst(pos))
		b.CheckPanicking()
		c.spawn(b, c.fn("sync.WaitGroup.go"), args[0], args[1], ir.StringConst(pos))
		return nil, nil
	}
	m["(*sync.Cond).Wait"] = c.condWait
	m["sync.NewCond"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		p := b.Alloc(c.rt.typ("cond"), nil)
		b.Store(b.Field(p, 1), args[0])
		return p, nil
	}
	yield := func(op string) externFunc {
		return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
			c.visibleVoluntary(b, op)
			return nil, nil
		}
	}
	m["runtime.Gosched"] = yield("gosched")
	// runtime.Goexit unwinds like a panic that recover does not stop; the
	// caller's panicking check after this call starts the unwinding.
	m["runtime.Goexit"] = func(l *lowerer, b *builder, _ *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.CallTo(nil, l.helpers["rt.goexit"])
		return nil, nil
	}
	c.testingModels(m)
	c.lib = libModels(m)
	c.contextModels(m)
	c.timeModels(m)
	c.atomicModels(m)
	c.runtimeHooks(m)
	onceModels(c, m)
	c.printModels(m)
	c.reflectModels(m)
	c.jsonModels(m)
	c.sysModels(m)
	c.bytealgModels(m)
	c.sortModels(m)
	c.syncDataModels(m)
	c.testifyModels(m)
	c.goleakModels(m)
	c.maphashModels(m)
	c.linknameModels(m)
	c.randModels(m)
	c.sourceModels(m)
	return m
}

// direct is the lowering of a model implemented in IR (summaries.InIR): a
// call of its function with the Go arguments and the position.
func (c *concLowering) direct(model string) externFunc {
	return func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		f := c.fn(model)
		var r *ir.Local
		if f.Result != nil {
			r = b.Temp(f.Result)
		}
		b.CallTo(r, f, append(append([]ir.Value{}, args...), ir.StringConst(pos))...)
		b.CheckPanicking()
		if r == nil {
			return nil, nil
		}
		return r, nil
	}
}

// visibleVoluntary is a scheduling point where the goroutine gives way of
// its own accord (Gosched): switching away costs no preemption.
func (c *concLowering) visibleVoluntary(b *builder, op string) {
	b.CallTo(nil, c.fn("rt.gosched"))
	c.traceOp(b, op, nil)
}

// condWait is c.Wait(): queue up, c.L.Unlock(), wait for a signal,
// c.L.Lock(); the Locker is called through its interface like Go does.
func (c *concLowering) condWait(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
	cond := args[0]
	unlock, lock := lockerMethods(l)
	if unlock == nil {
		return nil, fmt.Errorf("kiss does not model sync.Cond.Wait without sync.Locker in the program (%s)", pos)
	}
	w := b.Call(ir.Ptr, c.fn("sync.Cond.enqueue"), cond, ir.StringConst(pos))
	locker := b.Load(l.Iface(), b.Field(cond, 1))
	b.CallTo(nil, l.dispatcher(unlock), locker)
	b.CheckPanicking()
	b.CallTo(nil, c.fn("sync.Cond.park"), cond, w, ir.StringConst(pos))
	b.CallTo(nil, l.dispatcher(lock), locker)
	b.CheckPanicking()
	return nil, nil
}

// lockerMethods returns sync.Locker's Unlock and Lock.
func lockerMethods(l *lowerer) (unlock, lock *types.Func) {
	if p := l.stdTypes("sync"); p != nil {
		obj, _ := p.Scope().Lookup("Locker").(*types.TypeName)
		if obj == nil {
			return nil, nil
		}
		iface := obj.Type().Underlying().(*types.Interface)
		for i := range iface.NumMethods() {
			switch m := iface.Method(i); m.Name() {
			case "Unlock":
				unlock = m
			case "Lock":
				lock = m
			}
		}
	}
	return unlock, lock
}
