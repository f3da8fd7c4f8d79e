package allocs

import (
	"runtime"
	"sync"
	"testing"
)

func TestRaceAfterAllocs(t *testing.T) {
	calls := 0
	if a := testing.AllocsPerRun(3, func() { calls++; _ = Key("a", "b") }); a > 1 {
		t.Logf("%v allocations", a) // an unknown count: no finding needs it
	}
	if calls != 4 {
		return // AllocsPerRun runs f once more than asked: the race needs that
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > 1<<30 {
		t.Logf("a big heap: %d", ms.HeapAlloc) // unknown: no finding needs it
	}
	hits := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		hits++ // want `data race on hits.*\(0 preemptions\)`
	}()
	hits++
	wg.Wait()
}

func TestRaceAfterAllocsFixed(t *testing.T) {
	calls := 0
	if a := testing.AllocsPerRun(3, func() { calls++; _ = Key("a", "b") }); a > 1 {
		t.Logf("%v allocations", a)
	}
	if calls != 4 {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > 1<<30 {
		t.Logf("a big heap: %d", ms.HeapAlloc)
	}
	hits := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		hits++
		mu.Unlock()
	}()
	mu.Lock()
	hits++
	mu.Unlock()
	wg.Wait()
}
