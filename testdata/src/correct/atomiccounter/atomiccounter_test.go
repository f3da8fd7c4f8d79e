package atomiccounter

import (
	"sync"
	"testing"
)

func TestMetricsConcurrent(t *testing.T) {
	m := &Metrics{}
	var wg sync.WaitGroup
	for _, size := range []int64{300, 700} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Observe(size)
		}()
	}
	m.Observe(500)
	wg.Wait()
	if r, b, mx := m.Snapshot(); r != 3 || b != 1500 || mx != 700 {
		t.Errorf("snapshot = %d requests, %d bytes, max %d", r, b, mx)
	}
}
