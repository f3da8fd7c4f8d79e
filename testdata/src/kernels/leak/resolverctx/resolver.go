// Package resolverctx: a sender abandoned after a select on ctx.Done(). When // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the caller's deadline expires before the (slow) name server answers,
// Lookup returns and the resolving goroutine blocks forever on its
// unbuffered send (grpc and etcd both shipped this shape in DNS and lease
// code).
package resolverctx

import (
	"context"
	"time"
)

type Resolver struct {
	hosts   map[string]string
	latency time.Duration // a query to the name server
}

func NewResolver() *Resolver {
	return &Resolver{hosts: map[string]string{"db": "10.0.0.7"}, latency: 50 * time.Millisecond}
}

func (r *Resolver) resolve(host string) string {
	time.Sleep(r.latency)
	return r.hosts[host]
}

func (r *Resolver) Lookup(ctx context.Context, host string) (string, error) {
	ch := make(chan string)
	go func() {
		ch <- r.resolve(host) // want `goroutine leak: .*\(0 preemptions\)`
	}()
	select {
	case addr := <-ch:
		return addr, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

type ResolverFixed struct {
	hosts   map[string]string
	latency time.Duration // a query to the name server
}

func NewResolverFixed() *ResolverFixed {
	return &ResolverFixed{hosts: map[string]string{"db": "10.0.0.7"}, latency: 50 * time.Millisecond}
}

func (r *ResolverFixed) resolve(host string) string {
	time.Sleep(r.latency)
	return r.hosts[host]
}

func (r *ResolverFixed) Lookup(ctx context.Context, host string) (string, error) {
	ch := make(chan string, 1) // fix: buffered, the resolver never waits for a reader
	go func() {
		ch <- r.resolve(host)
	}()
	select {
	case addr := <-ch:
		return addr, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
