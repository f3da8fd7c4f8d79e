// Package syncerr: goroutines write a captured error variable without // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// synchronization (the "anonymous function shares a local variable" races of
// Tu et al.; an errgroup written by hand, minus the mutex).
package syncerr

import (
	"errors"
	"sync"
)

type Syncer struct {
	remote map[string]bool
}

func NewSyncer() *Syncer {
	return &Syncer{remote: map[string]bool{"infra": true}}
}

func (s *Syncer) sync(repo string) error {
	if !s.remote[repo] {
		return errors.New("repository not found: " + repo)
	}
	return nil
}

func (s *Syncer) SyncAll(repos []string) error {
	var wg sync.WaitGroup
	var firstErr error
	for _, r := range repos {
		wg.Add(1)
		go func(r string) {
			defer wg.Done()
			if err := s.sync(r); err != nil {
				firstErr = err // want `data race.*\(0 preemptions\)`
			}
		}(r)
	}
	wg.Wait()
	return firstErr
}

type SyncerFixed struct {
	remote map[string]bool
}

func NewSyncerFixed() *SyncerFixed {
	return &SyncerFixed{remote: map[string]bool{"infra": true}}
}

func (s *SyncerFixed) sync(repo string) error {
	if !s.remote[repo] {
		return errors.New("repository not found: " + repo)
	}
	return nil
}

func (s *SyncerFixed) SyncAll(repos []string) error {
	var wg sync.WaitGroup
	var mu sync.Mutex // fix: guards firstErr
	var firstErr error
	for _, r := range repos {
		wg.Add(1)
		go func(r string) {
			defer wg.Done()
			if err := s.sync(r); err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}(r)
	}
	wg.Wait()
	return firstErr
}
