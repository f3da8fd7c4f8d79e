package ctxhook

import (
	"testing"
	"time"
)

// The work outlives the timeout and writes calls after Fetch has
// returned, while the test writes it too.
func TestFetchRace(t *testing.T) {
	calls := 0
	_, err := Fetch(time.Second, func() int {
		time.Sleep(2 * time.Second)
		calls++ // want `data race on calls.*\(0 preemptions\)`
		return 7
	})
	calls++
	if err == nil {
		t.Error("no timeout")
	}
}

func TestFetchRaceFixed(t *testing.T) {
	_, err := Fetch(time.Second, func() int {
		time.Sleep(2 * time.Second)
		return 7
	})
	if err == nil {
		t.Error("no timeout")
	}
}
