// Package spawnmany: a crawler starts a goroutine per page, 60 alive at // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// once (more than the 16 goroutine records a schedule starts with: they
// grow, up to -goroutines), and once all are done it reports the count in
// a goroutine of its own, which it does not wait for.
package spawnmany

import (
	"sync"
	"sync/atomic"
)

type Crawler struct {
	fetched atomic.Int64
	summary string
}

// Crawl fetches n pages, a goroutine each, and waits for them.
func (c *Crawler) Crawl(n int) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.fetched.Add(1)
		}()
	}
	wg.Wait()
}

// Report writes the summary in the background and returns at once.
func (c *Crawler) Report() <-chan bool {
	done := make(chan bool)
	go func() {
		c.summary = "done" // want `data race on summary: .*\(\d+ preemptions\)`
		done <- true
	}()
	return done
}
