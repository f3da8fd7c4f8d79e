// Package releasefunc: acquire locks the store and hands back the unlock // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// as a function value (release := s.acquire(); ...; release()). Put
// bumps its counter after releasing, so two Puts race on it. The unlock is
// a method value called later: kiss names its step where the method value
// is made (return s.mu.Unlock), and replay hooks it there.
package releasefunc

import "sync"

type Store struct {
	mu   sync.Mutex
	data map[string]int
	puts int
}

func NewStore() *Store { return &Store{data: map[string]int{}} }

// acquire locks the store; the caller calls release when done.
func (s *Store) acquire() (release func()) {
	s.mu.Lock()
	return s.mu.Unlock
}

func (s *Store) Put(k string, v int) {
	release := s.acquire()
	s.data[k] = v
	release()
	s.puts++ // want `data race on .*puts: .*\(0 preemptions\)`
}

func (s *Store) Puts() int {
	release := s.acquire()
	defer release()
	return s.puts
}

type StoreFixed struct {
	mu   sync.Mutex
	data map[string]int
	puts int
}

func NewStoreFixed() *StoreFixed { return &StoreFixed{data: map[string]int{}} }

func (s *StoreFixed) acquire() (release func()) {
	s.mu.Lock()
	return s.mu.Unlock
}

func (s *StoreFixed) Put(k string, v int) {
	release := s.acquire()
	s.data[k] = v
	s.puts++ // fix: counted under the lock
	release()
}

func (s *StoreFixed) Puts() int {
	release := s.acquire()
	defer release()
	return s.puts
}
