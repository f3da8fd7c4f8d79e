package deepmiddleware

import (
	"sync"
	"testing"
)

// The race is twelve calls below each request: Handle, the Logging,
// Auth and Limit closures (each behind HandlerFunc.Serve), Router.Serve,
// putHandler.Serve, Store.Put, Store.written, Counter.Wrote.
func TestConcurrentPuts(t *testing.T) {
	c := &Counter{}
	srv := NewServer(c)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		srv.Handle(&Request{Method: "PUT", Path: "/k", User: "ann", Body: "1"})
	}()
	srv.Handle(&Request{Method: "PUT", Path: "/k", User: "bob", Body: "2"})
	wg.Wait()
}

func TestConcurrentPutsFixed(t *testing.T) {
	c := &CounterFixed{}
	srv := NewServer(c)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		srv.Handle(&Request{Method: "PUT", Path: "/k", User: "ann", Body: "1"})
	}()
	srv.Handle(&Request{Method: "PUT", Path: "/k", User: "bob", Body: "2"})
	wg.Wait()
	if n := c.writes.Load(); n != 2 {
		t.Errorf("%d writes counted, want 2", n)
	}
}
