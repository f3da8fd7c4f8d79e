package leaseunlock

import (
	"sync"
	"testing"
)

func TestLeaseExpiryAndRelease(t *testing.T) {
	l := &Lease{}
	l.Acquire("worker-7")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the expiry timer fired
		defer wg.Done()
		l.Release()
	}()
	l.Release()
	wg.Wait()
}

func TestLeaseExpiryAndReleaseFixed(t *testing.T) {
	l := &LeaseFixed{}
	l.Acquire("worker-7")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.Release()
	}()
	l.Release()
	wg.Wait()
}
