// Package resolverctx: a sender abandoned after a select on ctx.Done(). When // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the caller's deadline expires first, Lookup returns and the resolving
// goroutine blocks forever on its unbuffered send (grpc and etcd both
// shipped this shape in DNS and lease code).
package resolverctx

import "context"

type Resolver struct{ hosts map[string]string }

func NewResolver() *Resolver {
	return &Resolver{hosts: map[string]string{"db": "10.0.0.7"}}
}

func (r *Resolver) resolve(host string) string { return r.hosts[host] }

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

type ResolverFixed struct{ hosts map[string]string }

func NewResolverFixed() *ResolverFixed {
	return &ResolverFixed{hosts: map[string]string{"db": "10.0.0.7"}}
}

func (r *ResolverFixed) resolve(host string) string { return r.hosts[host] }

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
