package sub

import (
	"fmt"
	"sync"
	"testing"
)

// Each subtest's goroutine sends while holding mu, which the subtest
// needs before it receives.
func TestTable(t *testing.T) {
	for _, n := range []int{1, 2} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var mu sync.Mutex
			ch := make(chan int)
			go func() {
				mu.Lock()
				ch <- n
				mu.Unlock()
			}()
			mu.Lock()
			<-ch
			mu.Unlock()
		})
	}
}
