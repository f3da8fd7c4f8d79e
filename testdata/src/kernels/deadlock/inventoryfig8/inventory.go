// Package inventoryfig8 is Figure 8 of Bruening & Chapin (Systematic Testing of Multithreaded Programs) in Go: // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// thread 1 holds a and wants b, thread 2 holds b and wants a. Here a is the
// stock lock and b the orders lock; Reserve and Cancel nest them in opposite
// orders. Both threads are goroutines started by the test, so the lowest
// blocked goroutine is the test itself, waiting in wg.Wait.
package inventoryfig8

import "sync"

type Inventory struct {
	stockMu  sync.Mutex // lock a
	stock    map[string]int
	ordersMu sync.Mutex // lock b
	orders   map[int]string
}

func NewInventory() *Inventory {
	return &Inventory{stock: map[string]int{"widget": 5}, orders: make(map[int]string)}
}

// Reserve is thread 1: a { b { } }.
func (inv *Inventory) Reserve(order int, item string) bool {
	inv.stockMu.Lock()
	defer inv.stockMu.Unlock()
	if inv.stock[item] == 0 {
		return false
	}
	inv.stock[item]--
	inv.ordersMu.Lock()
	inv.orders[order] = item
	inv.ordersMu.Unlock()
	return true
}

// Cancel is thread 2: b { a { } }.
func (inv *Inventory) Cancel(order int) {
	inv.ordersMu.Lock()
	defer inv.ordersMu.Unlock()
	item, ok := inv.orders[order]
	if !ok {
		return
	}
	delete(inv.orders, order)
	inv.stockMu.Lock()
	inv.stock[item]++
	inv.stockMu.Unlock()
}

type InventoryFixed struct {
	stockMu  sync.Mutex
	stock    map[string]int
	ordersMu sync.Mutex
	orders   map[int]string
}

func NewInventoryFixed() *InventoryFixed {
	return &InventoryFixed{stock: map[string]int{"widget": 5}, orders: make(map[int]string)}
}

func (inv *InventoryFixed) Reserve(order int, item string) bool {
	inv.stockMu.Lock()
	defer inv.stockMu.Unlock()
	if inv.stock[item] == 0 {
		return false
	}
	inv.stock[item]--
	inv.ordersMu.Lock()
	inv.orders[order] = item
	inv.ordersMu.Unlock()
	return true
}

// Cancel takes the locks in the same order as Reserve: stock, then orders.
func (inv *InventoryFixed) Cancel(order int) {
	inv.stockMu.Lock()
	defer inv.stockMu.Unlock()
	inv.ordersMu.Lock()
	defer inv.ordersMu.Unlock()
	item, ok := inv.orders[order]
	if !ok {
		return
	}
	delete(inv.orders, order)
	inv.stock[item]++
}
