package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"crosspkg/store"
)

// Two writers and a closer: a put either counts or says the store is
// closed. The buggy store races on its map; the fixed twin must stay
// silent, which needs ErrClosed initialised by store's init and errors.Is
// across the packages.
func TestStore(t *testing.T) {
	s := store.NewMem()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Put("k"); err != nil && !errors.Is(err, store.ErrClosed) { // want `data race on s.m`
				t.Errorf("put: %v", err)
			}
		}()
	}
	wg.Wait()
	s.Close()
	if err := s.Put("k"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("put after close: %v, want ErrClosed", err)
	}
}

func TestStoreFixed(t *testing.T) {
	s := store.NewMemFixed()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Put("k"); err != nil && !errors.Is(err, store.ErrClosed) {
				t.Errorf("put: %v", err)
			}
		}()
	}
	wg.Wait()
	if n := s.Get("k"); n != 2 {
		t.Errorf("count %d, want 2", n)
	}
	s.Close()
	if err := s.Put("k"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("put after close: %v, want ErrClosed", err)
	}
}

// Package store's code refers to context.Canceled, this test does not: the
// variable is the same for both, and a cancelled context's Err is it.
func TestCancelledFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	<-ctx.Done()
	if ctx.Err() == nil || !store.Gone(ctx.Err()) {
		t.Errorf("err %v after cancel", ctx.Err())
	}
}
