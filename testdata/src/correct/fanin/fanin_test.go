package fanin

import "testing"

func TestFanIn(t *testing.T) {
	sum, n := 0, 0
	for v := range Merge(Produce(1, 2), Produce(10)) {
		sum += v
		n++
	}
	if n != 3 || sum != 13 {
		t.Errorf("merged %d values summing to %d, want 3 and 13", n, sum)
	}
}
