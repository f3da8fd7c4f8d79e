package pool6

import (
	"sync"
	"testing"
)

type queue struct {
	mu   sync.Mutex
	jobs []int
}

func (q *queue) take() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.jobs) == 0 {
		return 0, false
	}
	j := q.jobs[0]
	q.jobs = q.jobs[1:]
	return j, true
}

func TestPool6(t *testing.T) {
	q := &queue{jobs: []int{1, 2, 3, 4, 5, 6}}
	var results [6]int
	var wg sync.WaitGroup
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j, ok := q.take()
				if !ok {
					return
				}
				results[j-1] = j * j
			}
		}()
	}
	wg.Wait()
	for i, r := range results {
		if r != (i+1)*(i+1) {
			t.Errorf("results[%d] = %d", i, r)
		}
	}
}
