// Package tokenrefresh: channel and lock. Refresh holds the token lock while // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// it waits for the fetch goroutine's answer, and the fetch goroutine needs
// that lock to read the client secret (kubernetes client-go credential
// plugins had this shape).
package tokenrefresh

import "sync"

type TokenSource struct {
	mu     sync.Mutex
	secret string
	token  string
	epoch  int
}

func NewTokenSource(secret string) *TokenSource { return &TokenSource{secret: secret} }

func (s *TokenSource) fetch(res chan<- string) {
	s.mu.Lock()
	sec := s.secret
	s.mu.Unlock()
	res <- "tok-" + sec
}

// Refresh obtains a new token from the identity service.
func (s *TokenSource) Refresh() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	res := make(chan string)
	go s.fetch(res)
	s.token = <-res // want `deadlock: .*\(0 preemptions\)`
	s.epoch++
	return s.token
}

type TokenSourceFixed struct {
	mu     sync.Mutex
	secret string
	token  string
	epoch  int
}

func NewTokenSourceFixed(secret string) *TokenSourceFixed {
	return &TokenSourceFixed{secret: secret}
}

func (s *TokenSourceFixed) fetch(res chan<- string) {
	s.mu.Lock()
	sec := s.secret
	s.mu.Unlock()
	res <- "tok-" + sec
}

// Refresh waits for the answer without holding the lock.
func (s *TokenSourceFixed) Refresh() string {
	res := make(chan string)
	go s.fetch(res)
	tok := <-res
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = tok
	s.epoch++
	return s.token
}
