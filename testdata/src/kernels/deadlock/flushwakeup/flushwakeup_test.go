package flushwakeup

import "testing"

func TestWaitFlushed(t *testing.T) {
	f := NewFlusher()
	f.Write("GET /healthz 200")
	go f.Flush()
	f.WaitFlushed()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.written) != 1 {
		t.Errorf("written %v", f.written)
	}
}

func TestWaitFlushedFixed(t *testing.T) {
	f := NewFlusherFixed()
	f.Write("GET /healthz 200")
	go f.Flush()
	f.WaitFlushed()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.written) != 1 {
		t.Errorf("written %v", f.written)
	}
}
