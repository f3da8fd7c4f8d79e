package semdrain

import "testing"

// The bug variant only logs the count: asserting it would add a second,
// schedule-dependent test failure to the same root.
func TestRenderBook(t *testing.T) {
	r := NewRenderer(1)
	n := r.Render(70)
	t.Logf("rendered %d pages", n)
}

func TestRenderBookFixed(t *testing.T) {
	r := NewRendererFixed(1)
	if n := r.Render(70); n != 70 {
		t.Errorf("rendered %d pages, want 70", n)
	}
}
