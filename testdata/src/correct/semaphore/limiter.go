// Package semaphore: a buffered channel used as a counting semaphore that // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// bounds how many uploads run at once.
package semaphore

import (
	"sync"
	"sync/atomic"
)

type Uploader struct {
	sem       chan struct{}
	active    atomic.Int32
	maxActive atomic.Int32
	mu        sync.Mutex
	uploaded  []string
}

func NewUploader(limit int) *Uploader { return &Uploader{sem: make(chan struct{}, limit)} }

func (u *Uploader) upload(name string) {
	u.sem <- struct{}{} // acquire
	defer func() { <-u.sem }()
	n := u.active.Add(1)
	for {
		m := u.maxActive.Load()
		if n <= m || u.maxActive.CompareAndSwap(m, n) {
			break
		}
	}
	u.mu.Lock()
	u.uploaded = append(u.uploaded, name)
	u.mu.Unlock()
	u.active.Add(-1)
}

func (u *Uploader) UploadAll(names []string) {
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			u.upload(n)
		}(n)
	}
	wg.Wait()
}
