package pipefirst

import "testing"

func TestFirst(t *testing.T) {
	if got := First(Lines([]string{"a", "b"})); got != "a" {
		t.Errorf("got %q", got)
	}
}

func TestFirstFixed(t *testing.T) {
	r := LinesFixed([]string{"a", "b"})
	defer r.Close() // fix: the writer's next Write fails
	if got := First(r); got != "a" {
		t.Errorf("got %q", got)
	}
}
