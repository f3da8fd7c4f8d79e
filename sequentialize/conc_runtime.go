package sequentialize

import (
	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// runtimeHooks lowers the models of the functions through which the
// standard library's code reaches the runtime or the process
// (summaries/hooks.go).
func runtimeHooks(m map[string]externFunc) {
	m["os.Exit"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		b.Emit(&ir.Instr{Op: ir.OpExit})
		b.SetBlock(b.NewBlock("exited")) // unreachable: the call returns nothing
		return nil, nil
	}
	nothing := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil
	}
	for _, f := range noOpHooks {
		m[f] = nothing
	}
	// Escape analysis is the compiler's: the pointer is the value.
	same := func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return args[0], nil
	}
	m["internal/abi.NoEscape"] = same
	m["internal/abi.Escape"] = same
	m["os.runtime_args"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return unknownStrings(l, b, 1, 4, "the command line (os.Args)"), nil
	}
	m["syscall.runtime_envs"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return unknownStrings(l, b, 0, 4, "the process's environment"), nil
	}
}

// noOpHooks are hooks whose effect is on the runtime's own bookkeeping.
var noOpHooks = []string{
	"sync.runtime_registerPoolCleanup", "runtime.SetFinalizer", "runtime.KeepAlive",
	"internal/godebug.setUpdate", "internal/godebug.registerMetric", "internal/godebug.setNewIncNonDefault",
}

// unknownStrings is a fresh slice of min to max strings kiss does not
// know, labelled.
func unknownStrings(l *lowerer, b *builder, min, max int, label string) ir.Value {
	at := ir.Array(ir.String, max)
	p := b.Alloc(at, nil)
	b.Store(p, l.unknownNondetLabel(b, at, label))
	n := l.unknownNondetLabel(b, ir.I64, label)
	b.Emit(&ir.Instr{Op: ir.OpAssume, Args: []ir.Value{b.And(b.Bin(ir.OpGe, n, ir.IntConst(ir.I64, int64(min))), b.Bin(ir.OpLe, n, ir.IntConst(ir.I64, int64(max))))}})
	return b.Make(l.Slice(), p, ir.IntConst(ir.I64, 0), n, ir.IntConst(ir.I64, int64(max)))
}
