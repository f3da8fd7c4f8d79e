package kiss

import (
	"testing"
	"time"
)

// TestLedgerCountsRunningRoots: a root may start only while the roots
// ended and the roots running, with their time so far, leave some budget.
func TestLedgerCountsRunningRoots(t *testing.T) {
	l := newLedger(10 * time.Second)
	t0 := l.epoch
	if !l.start(t0) {
		t.Fatal("the first root did not start")
	}
	if !l.start(t0.Add(6 * time.Second)) { // 6s used by the first
		t.Fatal("a root did not start with 4s left")
	}
	// 11s of the first and 5s of the second: used up, though none ended
	if l.start(t0.Add(11 * time.Second)) {
		t.Fatal("a root started while the two running had used up the budget")
	}
	l.end(t0, 12*time.Second)
	l.end(t0.Add(6*time.Second), time.Second)
	if got := l.left(); got != -3*time.Second {
		t.Fatalf("left %v, want -3s", got)
	}
	if l.start(t0.Add(20 * time.Second)) {
		t.Fatal("a root started after the budget was spent")
	}
	var none *ledger
	if !none.start(t0) {
		t.Fatal("a root without a ledger did not start")
	}
}
