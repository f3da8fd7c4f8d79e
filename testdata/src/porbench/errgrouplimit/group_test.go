package errgrouplimit

import (
	"errors"
	"sync"
	"testing"
)

// group is errgroup.Group with SetLimit: Go blocks while limit tasks run,
// Wait returns the first error.
type group struct {
	wg   sync.WaitGroup
	sem  chan struct{}
	once sync.Once
	err  error
}

func withLimit(n int) *group { return &group{sem: make(chan struct{}, n)} }

func (g *group) Go(f func() error) {
	g.sem <- struct{}{}
	g.wg.Add(1)
	go func() {
		defer func() { <-g.sem; g.wg.Done() }()
		if err := f(); err != nil {
			g.once.Do(func() { g.err = err })
		}
	}()
}

func (g *group) Wait() error {
	g.wg.Wait()
	return g.err
}

func TestGroupLimit(t *testing.T) {
	g := withLimit(2)
	var mu sync.Mutex
	done := 0
	for i := 0; i < 6; i++ {
		g.Go(func() error {
			mu.Lock()
			done++
			mu.Unlock()
			if i == 4 {
				return errors.New("task 4 failed")
			}
			return nil
		})
	}
	if err := g.Wait(); err == nil || err.Error() != "task 4 failed" {
		t.Errorf("Wait = %v", err)
	}
	if done != 6 {
		t.Errorf("%d tasks ran, want 6", done)
	}
}
