package sleeplock

import (
	"testing"
	"time"
)

func TestSnapshotDuringCompaction(t *testing.T) {
	s := NewStore()
	go s.Compact(time.Millisecond)
	if len(s.Snapshot()) != 1 {
		t.Error("snapshot")
	}
	time.Sleep(5 * time.Millisecond) // let the compactor run
}

func TestSnapshotDuringCompactionFixed(t *testing.T) {
	s := NewStoreFixed()
	go s.Compact(time.Millisecond)
	if len(s.Snapshot()) != 1 {
		t.Error("snapshot")
	}
	time.Sleep(5 * time.Millisecond)
}
