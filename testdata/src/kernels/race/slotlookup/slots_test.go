package slotlookup

import "testing"

func TestSlotHits(t *testing.T) {
	tb := NewTable()
	done := make(chan bool)
	go func() {
		tb.Shard("a")[1]++ // want `data race.*\(0 preemptions\)`
		done <- true
	}()
	tb.Shard("a")[1]++
	<-done
}

func TestSlotHitsFixed(t *testing.T) {
	tb := NewTableFixed()
	done := make(chan bool)
	go func() {
		tb.Shard("a")[1].Add(1)
		done <- true
	}()
	tb.Shard("a")[1].Add(1)
	<-done
}
