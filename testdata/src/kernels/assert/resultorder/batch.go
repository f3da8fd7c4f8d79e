// Package resultorder: a test that assumes goroutines finish in the order // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// they were started. Lookups append their answers as they complete, so the
// order of the result slice depends on the schedule (the most common cause of
// flaky concurrent tests; the fix stores each answer at its input's index).
package resultorder

import "sync"

var addrs = map[string]string{"api": "10.0.0.1", "db": "10.0.0.2"}

type Resolver struct{}

func (Resolver) resolve(name string) string { return addrs[name] }

func (r Resolver) ResolveAll(names []string) []string {
	var (
		mu  sync.Mutex
		out []string
		wg  sync.WaitGroup
	)
	for _, n := range names {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			v := r.resolve(n)
			mu.Lock()
			out = append(out, v) // bug: completion order, not input order
			mu.Unlock()
		}(n)
	}
	wg.Wait()
	return out
}

type ResolverFixed struct{}

func (ResolverFixed) resolve(name string) string { return addrs[name] }

func (r ResolverFixed) ResolveAll(names []string) []string {
	out := make([]string, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func(i int, n string) {
			defer wg.Done()
			out[i] = r.resolve(n) // fix: each goroutine owns one element
		}(i, n)
	}
	wg.Wait()
	return out
}
