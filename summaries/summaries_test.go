package summaries

import (
	"strings"
	"testing"

	"github.com/gokiss/kiss/ir"
)

// Every model parses, and the tables name functions and types the models
// define.
func TestModelsParseAndTablesResolve(t *testing.T) {
	all := &ir.Program{}
	files := Files()
	if len(files) < 4 {
		t.Fatalf("only %d model files", len(files))
	}
	for _, f := range files {
		p, err := ir.Parse(f.Name, f.Src)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := ir.Link(all, p); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	for goName, model := range Direct {
		fn := all.Func(model)
		if fn == nil || fn.Blocks == nil {
			t.Errorf("%s: model @%s is not defined", goName, model)
			continue
		}
		// Models take the Go arguments and then the position.
		if last := fn.Params[len(fn.Params)-1]; last.Typ.Kind != ir.KindString || !strings.Contains(last.Name, "pos") {
			t.Errorf("@%s: last parameter %s is not the position", model, last)
		}
	}
	for goName, model := range Types {
		found := false
		for _, ty := range all.Types {
			found = found || ty.Name == model
		}
		if !found {
			t.Errorf("%s: model type $%s is not declared", goName, model)
		}
	}
}
