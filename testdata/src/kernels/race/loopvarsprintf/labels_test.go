package loopvarsprintf

import "testing"

func TestLabels(t *testing.T) {
	if got := Labels([]string{"a", "b"}); len(got) != 2 {
		t.Errorf("got %v", got)
	}
}

func TestLabelsFixed(t *testing.T) {
	if got := LabelsFixed([]string{"a", "b"}); len(got) != 2 {
		t.Errorf("got %v", got)
	}
}
