package syncpool

import (
	"sync"
	"testing"
)

func TestRender(t *testing.T) {
	var wg sync.WaitGroup
	for _, s := range []string{"a", "bc"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if n := Render(s); n != len(s) {
				t.Errorf("Render(%q) = %d", s, n)
			}
		}()
	}
	wg.Wait()
}

func TestRenderLeaky(t *testing.T) {
	var wg sync.WaitGroup
	for _, s := range []string{"a", "bc"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			RenderLeaky(s)
		}()
	}
	wg.Wait()
}
