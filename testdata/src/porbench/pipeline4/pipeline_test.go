package pipeline4

import "testing"

func stage(in <-chan int, f func(int) int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for v := range in {
			out <- f(v)
		}
	}()
	return out
}

func TestPipeline4(t *testing.T) {
	src := make(chan int)
	go func() {
		defer close(src)
		for i := 1; i <= 3; i++ {
			src <- i
		}
	}()
	inc := func(v int) int { return v + 1 }
	out := stage(stage(stage(stage(src, inc), inc), inc), inc)
	sum := 0
	for v := range out {
		sum += v
	}
	if sum != 18 {
		t.Errorf("sum = %d, want 18", sum)
	}
}
