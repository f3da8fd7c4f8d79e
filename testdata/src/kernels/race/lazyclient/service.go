// Package lazyclient: check-then-act with a data race (double-checked // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// locking). getClient tests the field without the lock and only locks to
// create it; a second caller's unlocked read races with the first caller's
// locked write.
package lazyclient

import (
	"sync"
	"sync/atomic"
)

type Client struct{ Addr string }

type Service struct {
	mu      sync.Mutex
	client  *Client
	queries atomic.Int64
}

func (s *Service) getClient() *Client {
	c := s.client // want `data race.*\(0 preemptions\)`
	if c == nil {
		s.mu.Lock()
		if s.client == nil {
			s.client = &Client{Addr: "db:5432"}
		}
		c = s.client
		s.mu.Unlock()
	}
	return c
}

func (s *Service) Query() bool {
	s.queries.Add(1)
	return s.getClient() != nil
}

type ServiceFixed struct {
	mu      sync.Mutex
	client  *Client
	queries atomic.Int64
}

func (s *ServiceFixed) getClient() *Client {
	s.mu.Lock() // fix: check and create under the lock
	defer s.mu.Unlock()
	if s.client == nil {
		s.client = &Client{Addr: "db:5432"}
	}
	return s.client
}

func (s *ServiceFixed) Query() bool {
	s.queries.Add(1)
	return s.getClient() != nil
}
