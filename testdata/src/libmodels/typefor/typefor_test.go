package typefor

import (
	"sync"
	"testing"
)

func TestIntRace(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if IsInt(3) && !IsInt("3") && ErrorTypes() && PointerTypes() && Asserts() && Params(func([]item, error) int { return 0 }) {
			n++ // want `data race on n.*\(0 preemptions\)`
		}
	}()
	n++
	wg.Wait()
}

func TestIntRaceFixed(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if IsInt(3) && !IsInt("3") && ErrorTypes() && PointerTypes() && Asserts() && Params(func([]item, error) int { return 0 }) {
			n++
		}
	}()
	wg.Wait()
	n++
}
