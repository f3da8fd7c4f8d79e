package shapes

import "testing"

func TestShapes(t *testing.T) {
	b := &Box{ch: make(chan int, 1)}
	b.OneSend(1)
	if b.One() != 2 {
		t.Error("one")
	}
	b.Deferred()
	b.Handoff()
	b.Pick([]chan int{make(chan int, 1)})
	other := make(chan int, 1)
	other <- 3
	b.Assign(other)
	_ = Label(3)
}
