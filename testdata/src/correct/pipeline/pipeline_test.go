package pipeline

import "testing"

func TestPipelineSum(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	if got := Sum(Square(done, Gen(done, 1, 2, 3))); got != 14 {
		t.Errorf("sum of squares = %d, want 14", got)
	}
}

func TestPipelineEarlyExit(t *testing.T) {
	done := make(chan struct{})
	squares := Square(done, Gen(done, 1, 2, 3))
	first := <-squares
	close(done) // the remaining stages notice and return
	if first != 1 {
		t.Errorf("first square = %d, want 1", first)
	}
}
