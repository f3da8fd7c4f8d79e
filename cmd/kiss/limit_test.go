package main

import (
	"fmt"
	"testing"

	"github.com/gokiss/kiss/smt/z3"
)

// TestGoLimitLeavesRoomForZ3: as Z3 allocates, Go's soft memory limit
// comes down by as much, so that the two together stay under kiss's
// limit; never below a third of it.
func TestGoLimitLeavesRoomForZ3(t *testing.T) {
	const limit = 768 << 20
	before := goLimit(limit, 0)
	c := z3.NewContext()
	defer c.Close()
	var terms []z3.Term
	for i := range 50000 {
		terms = append(terms, c.Const(fmt.Sprintf("s%d", i), c.StringSort()))
	}
	grew := int64(z3.EstimatedAllocSize())
	after := goLimit(limit, 0)
	if before-after < 1<<20 || after != max(limit-grew, limit/3) {
		t.Fatalf("Go's limit %d MiB before Z3 allocated, %d MiB after (Z3 holds %d MiB of %d terms)", before>>20, after>>20, grew>>20, len(terms))
	}
	if small := goLimit(64<<20, 0); small < (64<<20)/3 {
		t.Fatalf("Go's limit %d is below a third of the limit", small)
	}
}

// TestGoLimitAboveLiveHeap: a limit under the live heap would have the
// collector run back to back; the limit stays half again above it.
func TestGoLimitAboveLiveHeap(t *testing.T) {
	const limit = 768 << 20
	if got := goLimit(limit, 100<<20); got != goLimit(limit, 0) {
		t.Fatalf("with 100 MiB live, Go's limit is %d MiB, want %d MiB as with none", got>>20, goLimit(limit, 0)>>20)
	}
	if got, live := goLimit(limit, 4<<30), int64(4<<30); got != live+live/2 {
		t.Fatalf("with 4 GiB live, Go's limit is %d MiB, want %d MiB", got>>20, (live+live/2)>>20)
	}
}
