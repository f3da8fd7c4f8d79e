// Package pipeline: generator, squarer and summer stages connected by // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// channels; every stage closes its output, and a done channel lets the
// consumer stop early without stranding any stage.
package pipeline

func Gen(done <-chan struct{}, nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			select {
			case out <- n:
			case <-done:
				return
			}
		}
	}()
	return out
}

func Square(done <-chan struct{}, in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			select {
			case out <- n * n:
			case <-done:
				return
			}
		}
	}()
	return out
}

func Sum(in <-chan int) int {
	s := 0
	for n := range in {
		s += n
	}
	return s
}
