package mergerclose

import "testing"

func TestMergeLogs(t *testing.T) {
	m := NewMerger(2)
	go m.Produce([]string{"api: started"})
	go m.Produce([]string{"db: started"})
	n := 0
	for range m.out {
		n++
	}
	t.Logf("merged %d lines", n)
}

func TestMergeLogsFixed(t *testing.T) {
	m := NewMergerFixed(2)
	go m.Produce([]string{"api: started"})
	go m.Produce([]string{"db: started"})
	n := 0
	for range m.out {
		n++
	}
	if n != 2 {
		t.Errorf("merged %d lines, want 2", n)
	}
}
