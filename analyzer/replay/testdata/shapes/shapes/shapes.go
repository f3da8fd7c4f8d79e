// +build !plan9

// Package shapes holds the expression shapes the replay's hooks must keep
// valid Go, in a module old enough (go 1.13) that the hooks' generics need
// the copies upgraded.
package shapes

import (
	"math/rand"
	"sync"
	"time"
)

type Box struct {
	mu    sync.Mutex
	rw    sync.RWMutex
	last  int
	ch    chan int
	timer *time.Timer
}

func (b *Box) One() int {
	select {
	case v := <-b.ch:
		return v
	}
}

func (b *Box) OneSend(v int) {
	select {
	case b.ch <- v * 2:
	}
}

func (b *Box) Assign(other chan int) {
	select {
	case b.last = <-other:
	case <-time.After(time.Millisecond):
	}
}

func (b *Box) Deferred() {
	b.timer = time.NewTimer(time.Hour)
	defer b.timer.Stop()
	defer b.mu.Unlock()
	b.mu.Lock()
	b.rw.RLock()
	defer b.rw.RUnlock()
	unlock := b.mu.Unlock
	_ = unlock
}

func (b *Box) Pick(chs []chan int) {
	chs[rand.Intn(len(chs))] <- 1
}

func Label(n int) interface{} {
	if n > rand.Intn(10) {
		return n
	}
	return nil
}

// Handoff unlocks in another goroutine: the go statement's call is a
// visible operation, hooked in the goroutine that makes it.
func (b *Box) Handoff() {
	var wg sync.WaitGroup
	wg.Add(1)
	b.mu.Lock()
	go b.mu.Unlock()
	b.mu.Lock()
	go wg.Done()
	wg.Wait()
	b.mu.Unlock()
}
