package debounceafterfunc

import (
	"testing"
	"time"
)

func TestDebounceFires(t *testing.T) {
	d := &Debouncer{wait: 5 * time.Millisecond}
	d.Trigger()
	time.Sleep(10 * time.Millisecond)
	if d.Fired() != 1 {
		t.Log("not fired yet")
	}
}

func TestDebounceFiresFixed(t *testing.T) {
	d := &DebouncerFixed{wait: 5 * time.Millisecond}
	d.Trigger()
	time.Sleep(10 * time.Millisecond)
	if d.Fired() != 1 {
		t.Log("not fired yet")
	}
}
