package sequentialize

import (
	"fmt"

	"github.com/gokiss/kiss/ir"
	"golang.org/x/tools/go/ssa"
)

// concurrencyLowering lowers Go's concurrency constructs; the sequential
// lowering calls it for each one it meets. The operands are at hand through
// b.Value (and b.Lowerer()); a method that returns a value returns it in the
// IR type of the SSA value (a receive with comma-ok, and a select, yield
// their tuple as a struct). Close, Len and Cap get the evaluated channel,
// because a deferred close runs away from its SSA instruction.
type concurrencyLowering interface {
	Go(b *builder, instr *ssa.Go) error
	MakeChan(b *builder, instr *ssa.MakeChan) (ir.Value, error)
	Send(b *builder, instr *ssa.Send) error
	Recv(b *builder, instr *ssa.UnOp) (ir.Value, error) // instr.Op == token.ARROW
	Select(b *builder, instr *ssa.Select) (ir.Value, error)
	Close(b *builder, call *ssa.CallCommon, ch ir.Value) error
	Len(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error)
	Cap(b *builder, call *ssa.CallCommon, ch ir.Value) (ir.Value, error)
}

// A range over a channel needs no hook of its own: go/ssa lowers it to a
// loop of comma-ok receives.

func errUnsupportedConc(what, pos string) error {
	return fmt.Errorf("unsupported construct: %s at %s", what, pos)
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
