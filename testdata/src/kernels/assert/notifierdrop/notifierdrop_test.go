package notifierdrop

import "testing"

func TestNotifierDelivers(t *testing.T) {
	n := NewNotifier()
	go n.Listen()
	n.Notify("pod scheduled")
	if seen := n.Close(); len(seen) != 1 {
		t.Errorf("listener saw %v, want one event", seen) // want `test failure: .*\(0 preemptions\)`
	}
}

func TestNotifierDeliversFixed(t *testing.T) {
	n := NewNotifierFixed()
	go n.Listen()
	n.Notify("pod scheduled")
	if seen := n.Close(); len(seen) != 1 {
		t.Errorf("listener saw %v, want one event", seen)
	}
}
