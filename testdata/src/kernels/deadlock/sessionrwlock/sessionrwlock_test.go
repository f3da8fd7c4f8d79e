package sessionrwlock

import (
	"sync"
	"testing"
)

func TestSessionExpireDeadlock(t *testing.T) {
	m := NewManager()
	m.Touch("s1", "alice", 10)
	m.Touch("s2", "bob", 50)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // a request refreshing its session
		defer wg.Done()
		m.Touch("s3", "carol", 60)
	}()
	if left := m.Expire(40); left < 1 {
		t.Errorf("Expire left %d sessions, want at least 1", left)
	}
	wg.Wait()
}

func TestSessionExpireDeadlockFixed(t *testing.T) {
	m := NewManagerFixed()
	m.Touch("s1", "alice", 10)
	m.Touch("s2", "bob", 50)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		m.Touch("s3", "carol", 60)
	}()
	if left := m.Expire(40); left < 1 {
		t.Errorf("Expire left %d sessions, want at least 1", left)
	}
	wg.Wait()
}
