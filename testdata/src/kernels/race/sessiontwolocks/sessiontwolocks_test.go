package sessiontwolocks

import (
	"sync"
	"testing"
)

func TestSessionJanitor(t *testing.T) {
	s := NewSessionStore()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // janitor
		defer wg.Done()
		s.Expire("stale")
	}()
	s.Create("fresh", "alice")
	wg.Wait()
}

func TestSessionJanitorFixed(t *testing.T) {
	s := NewSessionStoreFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Expire("stale")
	}()
	s.Create("fresh", "alice")
	wg.Wait()
}
