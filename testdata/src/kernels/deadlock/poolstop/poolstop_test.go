package poolstop

import "testing"

func TestPoolStopAfterBadJob(t *testing.T) {
	p := NewPool(2)
	go p.Worker()
	go p.Worker()
	p.Submit(Job{ID: 1})
	p.Submit(Job{ID: -1})
	p.Stop()
}

func TestPoolStopAfterBadJobFixed(t *testing.T) {
	p := NewPoolFixed(2)
	go p.Worker()
	go p.Worker()
	p.Submit(Job{ID: 1})
	p.Submit(Job{ID: -1})
	p.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.done) != 1 || p.rejected != 1 {
		t.Errorf("done=%v rejected=%d", p.done, p.rejected)
	}
}
