// Package selectcancel: a test that assumes select prefers ctx.Done(). When // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// both the result and the cancellation are ready, select picks either, so a
// Fetch on an already-cancelled context sometimes returns a value.
package selectcancel

import "context"

type Cache struct{ data map[string]string }

func NewCache() *Cache { return &Cache{data: map[string]string{"k": "v"}} }

func (c *Cache) load(key string) string { return c.data[key] }

func (c *Cache) Fetch(ctx context.Context, key string) (string, error) {
	res := make(chan string, 1)
	go func() { res <- c.load(key) }()
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

type CacheFixed struct{ data map[string]string }

func NewCacheFixed() *CacheFixed { return &CacheFixed{data: map[string]string{"k": "v"}} }

func (c *CacheFixed) load(key string) string { return c.data[key] }

func (c *CacheFixed) Fetch(ctx context.Context, key string) (string, error) {
	if err := ctx.Err(); err != nil { // fix: a cancelled caller gets no work done
		return "", err
	}
	res := make(chan string, 1)
	go func() { res <- c.load(key) }()
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
