package waithelper

import (
	"sync"
	"testing"
	"time"
)

func TestStoppedRunsNothing(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	var r Runner
	r.Stop()
	r.Add(wg.Done)
	select {
	case <-time.After(50 * time.Millisecond):
	case <-wait(&wg):
		t.Fatal("a stopped runner ran a job")
	}
}

func TestStoppedRunsNothingFixed(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	var r Runner
	r.Stop()
	r.Add(wg.Done)
	defer wg.Done() // the job did not run: its share of wg is done here
	select {
	case <-time.After(50 * time.Millisecond):
	case <-waitBuffered(&wg):
		t.Fatal("a stopped runner ran a job")
	}
}

// Subtests: replay runs the package's roots outside a synctest bubble.
func TestAdd(t *testing.T) {
	t.Run("runs", func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		var r Runner
		r.Add(wg.Done)
		wg.Wait()
	})
}
