package budget

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

func light(t *testing.T, v int) {
	done := make(chan int)
	go func() { done <- v }()
	if got := <-done; got != v {
		t.Errorf("got %d, want %d", got, v)
	}
}

func TestLight1(t *testing.T) { light(t, 1) }
func TestLight2(t *testing.T) { light(t, 2) }
func TestLight3(t *testing.T) { light(t, 3) }
func TestLight4(t *testing.T) { light(t, 4) }
func TestLight5(t *testing.T) { light(t, 5) }
