// Package timeoutsender: a sender abandoned after a select with a timeout. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Get gives up after the timeout when the backend is slower, and the lookup
// goroutine then blocks forever sending on the unbuffered channel nobody
// reads any more (the most common goroutine leak in Tu et al.; the Go
// blog's "timing out" example).
package timeoutsender

import (
	"errors"
	"time"
)

var ErrTimeout = errors.New("lookup timed out")

type Backend struct {
	data    map[string]string
	latency time.Duration // a round trip to the store
}

func (b *Backend) lookup(key string) string {
	time.Sleep(b.latency)
	return b.data[key]
}

type Client struct{ backend *Backend }

func NewClient() *Client {
	return &Client{backend: &Backend{data: map[string]string{"user:1": "ada"}, latency: 80 * time.Millisecond}}
}

func (c *Client) Get(key string, timeout time.Duration) (string, error) {
	ch := make(chan string)
	go func() {
		ch <- c.backend.lookup(key) // want `goroutine leak: .*\(0 preemptions\)`
	}()
	select {
	case v := <-ch:
		return v, nil
	case <-time.After(timeout):
		return "", ErrTimeout
	}
}

type ClientFixed struct{ backend *Backend }

func NewClientFixed() *ClientFixed {
	return &ClientFixed{backend: &Backend{data: map[string]string{"user:1": "ada"}, latency: 80 * time.Millisecond}}
}

func (c *ClientFixed) Get(key string, timeout time.Duration) (string, error) {
	ch := make(chan string, 1) // fix: the late answer has somewhere to go
	go func() {
		ch <- c.backend.lookup(key)
	}()
	select {
	case v := <-ch:
		return v, nil
	case <-time.After(timeout):
		return "", ErrTimeout
	}
}
