package indexwgadd

import "testing"

// The bug variant only logs the count: asserting it would add a second,
// schedule-dependent test failure to the same root.
func TestIndexBuild(t *testing.T) {
	ix := NewIndex()
	n := ix.Build([]string{"readme", "license"})
	t.Logf("indexed %d documents", n)
}

func TestIndexBuildFixed(t *testing.T) {
	ix := NewIndexFixed()
	if n := ix.Build([]string{"readme", "license"}); n != 2 {
		t.Errorf("indexed %d documents, want 2", n)
	}
}
