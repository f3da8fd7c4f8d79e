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
	m["sync.runtime_registerPoolCleanup"] = func(l *lowerer, b *builder, call *ssa.CallCommon, args []ir.Value, pos string) (ir.Value, error) {
		return nil, nil
	}
}
