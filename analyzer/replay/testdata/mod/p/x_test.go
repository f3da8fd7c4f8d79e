package p_test

import (
	"testing"
	"time"

	"example.com/fuzz/p"
)

func TestFirst(t *testing.T) {
	if v := p.First(time.Millisecond, func() int { return 1 }, func() int { return 2 }); v == 2 {
		t.Error("second first")
	}
}
