package fanin8

import (
	"sync"
	"testing"
)

func TestFanIn8(t *testing.T) {
	out := make(chan int)
	var wg sync.WaitGroup
	for i := 1; i <= 8; i++ {
		wg.Add(1)
		go func(v int) {
			defer wg.Done()
			out <- v
		}(i)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	sum := 0
	for v := range out {
		sum += v
	}
	if sum != 36 {
		t.Errorf("sum = %d, want 36", sum)
	}
}
