package bubblenowait

import (
	"testing"
	"testing/synctest"
)

func TestTallyAfterSend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tl := NewTally()
		defer tl.Close()
		tl.In <- 5
		if got := tl.Sum(); got != 5 {
			t.Errorf("sum %d after sending 5", got) // want `test failure: t.Errorf\("sum %d after sending 5"\) \(1 preemption\)`
		}
	})
}

func TestTallyAfterSendFixed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tl := NewTally()
		defer tl.Close()
		tl.In <- 5
		synctest.Wait()
		if got := tl.Sum(); got != 5 {
			t.Errorf("sum %d after sending 5", got)
		}
	})
}
