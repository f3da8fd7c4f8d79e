package relay

import (
	"sync"
	"testing"

	"example.com/realmod/feed"
	"example.com/realmod/internal/ring"
)

// Bug: feed.Fill pushes into the buffer the test pushes into, unlocked.
func TestFillShared(t *testing.T) {
	b := ring.New[string](4)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		feed.Fill(b, "a")
	}()
	b.Push("b")
	wg.Wait()
}

// Fixed twin: the test pushes once Fill is done.
func TestFillThenPush(t *testing.T) {
	b := ring.New[string](4)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		feed.Fill(b, "a")
	}()
	wg.Wait()
	b.Push("b")
	if b.Len() != 2 {
		t.Errorf("len %d, want 2", b.Len())
	}
}
