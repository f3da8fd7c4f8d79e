package workerpool

import "testing"

func TestWorkerPool(t *testing.T) {
	p := &Pool{Workers: 2}
	got := p.Run([]int{1, 2, 3})
	if len(got) != 3 || got[0] != 1 || got[1] != 4 || got[2] != 9 {
		t.Errorf("Run = %v, want [1 4 9]", got)
	}
}
