package inventoryfig8

import (
	"sync"
	"testing"
)

func TestInventoryFigure8(t *testing.T) {
	inv := NewInventory()
	inv.Reserve(1, "widget")
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // thread 1
		defer wg.Done()
		inv.Reserve(2, "widget")
	}()
	go func() { // thread 2
		defer wg.Done()
		inv.Cancel(1)
	}()
	wg.Wait() // want `deadlock: .*\(1 preemption\)`
}

func TestInventoryFigure8Fixed(t *testing.T) {
	inv := NewInventoryFixed()
	inv.Reserve(1, "widget")
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		inv.Reserve(2, "widget")
	}()
	go func() {
		defer wg.Done()
		inv.Cancel(1)
	}()
	wg.Wait()
}
