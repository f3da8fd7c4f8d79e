// Package keysgenerator: a generator abandoned by its consumer. Keys streams // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// keys from a goroutine; FindPrefix returns at the first match, and the
// generator blocks forever on its next send (the leak the Go blog's pipeline
// article fixes with a done channel, here with a context).
package keysgenerator

import (
	"context"
	"strings"
)

type Store struct{ keys []string }

func NewStore() *Store {
	return &Store{keys: []string{"app/config", "app/secret", "db/primary"}}
}

func (s *Store) Keys() <-chan string {
	ch := make(chan string)
	go func() {
		for _, k := range s.keys {
			ch <- k // want `goroutine leak: .*\(0 preemptions\)`
		}
		close(ch)
	}()
	return ch
}

func (s *Store) FindPrefix(prefix string) (string, bool) {
	for k := range s.Keys() {
		if strings.HasPrefix(k, prefix) {
			return k, true // abandons the generator
		}
	}
	return "", false
}

type StoreFixed struct{ keys []string }

func NewStoreFixed() *StoreFixed {
	return &StoreFixed{keys: []string{"app/config", "app/secret", "db/primary"}}
}

// Keys stops producing when ctx is cancelled.
func (s *StoreFixed) Keys(ctx context.Context) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		for _, k := range s.keys {
			select {
			case ch <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

func (s *StoreFixed) FindPrefix(prefix string) (string, bool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // fix: releases the generator on every return
	for k := range s.Keys(ctx) {
		if strings.HasPrefix(k, prefix) {
			return k, true
		}
	}
	return "", false
}
