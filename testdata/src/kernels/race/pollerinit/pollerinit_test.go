package pollerinit

import "testing"

func TestPollerStart(t *testing.T) {
	p := NewPoller()
	p.Start(&Stats{})
	p.src <- "node-1 ready"
	close(p.src)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) != 1 {
		t.Errorf("seen %v", p.seen)
	}
}

func TestPollerStartFixed(t *testing.T) {
	p := NewPollerFixed()
	st := &Stats{}
	p.Start(st)
	p.src <- "node-1 ready"
	close(p.src)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) != 1 || st.Polls.Load() != 1 {
		t.Errorf("seen %v, polls %d", p.seen, st.Polls.Load())
	}
}
