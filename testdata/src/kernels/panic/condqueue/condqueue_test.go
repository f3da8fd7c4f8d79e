package condqueue

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestQueueTwoConsumers(t *testing.T) {
	q := NewQueue()
	var got atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, ok := q.Pop(); ok {
				got.Add(1)
			}
		}()
	}
	q.Push(Task{Name: "resize-image"})
	q.Close()
	wg.Wait()
	t.Logf("consumed %d", got.Load())
}

func TestQueueTwoConsumersFixed(t *testing.T) {
	q := NewQueueFixed()
	var got atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, ok := q.Pop(); ok {
				got.Add(1)
			}
		}()
	}
	q.Push(Task{Name: "resize-image"})
	q.Close()
	wg.Wait()
	if n := got.Load(); n != 1 {
		t.Errorf("consumed %d tasks, want 1", n)
	}
}
