package sequentialize

import (
	"testing"

	"github.com/gokiss/kiss/summaries"
)

// TestModelRegistry checks that the front end and the registry of models
// (summaries.Models) agree: every model the registry says the front end
// lowers in Go has a lowering under its name, every lowering has such an
// entry, every model implemented in IR names a function of the linked
// runtime and models, every model type an IR type, and the Externs of a
// build are exactly the registry's models.
func TestModelRegistry(t *testing.T) {
	rt, err := loadRuntime()
	if err != nil {
		t.Fatal(err)
	}
	c := &concLowering{rt: rt}
	low := lowerings(c)
	reg := map[string]summaries.Model{}
	for _, m := range summaries.Models() {
		reg[m.Func] = m
		switch m.Impl {
		case summaries.InGo:
			if low[m.Func] == nil {
				t.Errorf("%s: the registry says the front end lowers it, and it has no lowering", m.Func)
			}
		case summaries.InIR:
			if low[m.Func] != nil {
				t.Errorf("%s: implemented by @%s, and lowered in Go too", m.Func, m.IR)
			}
			if f := rt.prog.Func(m.IR); f == nil || f.Blocks == nil {
				t.Errorf("%s: no function @%s in the models", m.Func, m.IR)
			}
		default:
			t.Errorf("%s: implemented by neither IR nor Go", m.Func)
		}
	}
	for name := range low {
		if m, ok := reg[name]; !ok || m.Impl != summaries.InGo {
			t.Errorf("%s: lowered in Go, and the registry has no such model", name)
		}
	}
	ext := externs(c)
	if len(ext) != len(reg) {
		t.Errorf("%d externs for %d models", len(ext), len(reg))
	}
	for name := range reg {
		if ext[name] == nil {
			t.Errorf("%s: no extern", name)
		}
	}
	for _, tm := range summaries.TypeModels() {
		found := false
		for _, ty := range rt.prog.Types {
			found = found || ty.Name == tm.IR
		}
		if !found {
			t.Errorf("%s: no type $%s in the models", tm.Go, tm.IR)
		}
	}
}
