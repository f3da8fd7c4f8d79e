// Package deepequal: a config store whose Update copies the config under // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the lock, changes the copy outside it and stores it back (an atomicity
// violation: of two concurrent updates one is lost); UpdateFixed holds
// the lock across. The tests compare configs with reflect.DeepEqual.
package deepequal

import "sync"

type Config struct {
	Host    string
	Port    int
	Retries [2]int
}

type Store struct {
	mu  sync.Mutex
	cfg Config
}

func (s *Store) Get() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

func (s *Store) Update(f func(*Config)) {
	c := s.Get()
	f(&c)
	s.mu.Lock()
	s.cfg = c
	s.mu.Unlock()
}

func (s *Store) UpdateFixed(f func(*Config)) {
	s.mu.Lock()
	f(&s.cfg)
	s.mu.Unlock()
}
