package singlecaserecv

import "testing"

func TestBatchCollect(t *testing.T) {
	b := NewBatch()
	items := []int{1, 2}
	go b.Produce(items)
	if got := b.Collect(len(items)); got != 6 {
		t.Errorf("sum %d", got)
	}
}

func TestBatchCollectFixed(t *testing.T) {
	b := NewBatchFixed()
	items := []int{1, 2}
	go b.Produce(items)
	if got := b.Collect(len(items)); got != 6 {
		t.Errorf("sum %d", got)
	}
}
