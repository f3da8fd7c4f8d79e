// Package jsonuse: a service that decodes requests and encodes its // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// state with encoding/json, whose source kiss runs up to its walks of a
// value through reflect, which are modelled.
package jsonuse

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"
)

type Request struct {
	User  string `json:"user"`
	Bytes int    `json:"bytes"`
	Note  string `json:"-"`
}

type Stats struct {
	mu    sync.Mutex
	Users int       `json:"users"`
	Bytes int       `json:"bytes"`
	Since time.Time `json:"since"` // (time.Time's MarshalJSON only reads it)
}

// Handle decodes a request and counts it, under the lock.
func (s *Stats) Handle(body []byte) error {
	var r Request
	if err := json.Unmarshal(body, &r); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Users++          // want `data race on s\.Users: read at jsonuse.go:42:34 by goroutine 0 and write at jsonuse.go:35:4 by goroutine 1 \(0 preemptions\)`
	s.Bytes += r.Bytes // want `data race on s\.Bytes: read at jsonuse.go:42:34 by goroutine 0 and write at jsonuse.go:36:4 by goroutine 1 \(0 preemptions\)`
	return nil
}

// Dump encodes the counts without the lock: a Handle beside it races.
func (s *Stats) Dump(w io.Writer) error {
	return json.NewEncoder(w).Encode(s)
}

// DumpLocked encodes them under the lock.
func (s *Stats) DumpLocked(w io.Writer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return json.NewEncoder(w).Encode(s)
}

// Snapshot is the counts as JSON, under the lock.
func (s *Stats) Snapshot() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return b
}

// Log is a JSON lines log; Append is meant to be called under a lock.
type Log struct {
	buf bytes.Buffer
}

func (l *Log) Append(v any) error { return json.NewEncoder(&l.buf).Encode(v) } // want `data race on b\.lastRead: write at bytes/buffer.go:\d+:\d+ by goroutine [12] and write at bytes/buffer.go:\d+:\d+ by goroutine [12] \(0 preemptions\)`

// Guarded has a MarshalJSON that takes its lock: json calls it, and kiss
// does not follow json into it (the path stops), rather than read the
// fields unlocked.
type Guarded struct {
	mu sync.Mutex
	n  int
}

func (g *Guarded) MarshalJSON() ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return json.Marshal(g.n)
}

func (g *Guarded) Add() {
	g.mu.Lock()
	g.n++
	g.mu.Unlock()
}

// Config is reloaded from JSON: a slice, a pointer and a time.Time, which
// the decoding model fills (a list of unknown length, nil or a value, an
// unknown time).
type Config struct {
	mu      sync.Mutex
	Peers   []string  `json:"peers"`
	Limit   *int      `json:"limit"`
	Updated time.Time `json:"updated"`
}

// Reload decodes body into c under the lock.
func (c *Config) Reload(body []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return json.Unmarshal(body, c) // want `data race on c\.Peers: read at jsonuse.go:109:11 by goroutine 0 and write at encoding/json/decode.go:\d+:\d+ by goroutine 1 \(0 preemptions\)`
}

// FirstPeer reads the peers without the lock: a Reload beside it races.
func (c *Config) FirstPeer() string {
	if len(c.Peers) > 0 {
		return c.Peers[0]
	}
	return ""
}

// FirstPeerLocked reads them under the lock.
func (c *Config) FirstPeerLocked() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.FirstPeer()
}

// Registry keeps labels and metadata reloaded from JSON: maps, which the
// decoding model fills (up to two entries of unknown keys, into the map
// there is), and values of any type (null, a bool, a number, a string, an
// array or an object).
type Registry struct {
	mu     sync.Mutex
	Labels map[string]string `json:"labels"`
	Meta   map[string]any    `json:"meta"`
}

// Reload decodes body into r under the lock.
func (r *Registry) Reload(body []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return json.Unmarshal(body, r) // want `data race on r\.Labels: read at jsonuse.go:141:11 by goroutine 0 and write at encoding/json/decode.go:\d+:\d+ by goroutine 1 \(0 preemptions\)`
}

// Label reads a label without the lock: a Reload beside it races.
func (r *Registry) Label(k string) string {
	return r.Labels[k]
}

// LabelLocked reads it under the lock.
func (r *Registry) LabelLocked(k string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Label(k)
}

// Owner is the metadata's owner, if it is a string.
func (r *Registry) Owner() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, _ := r.Meta["owner"].(string)
	return s
}

// Shards is marshalled by collecting its shards on goroutines, one each,
// as concurrent-map's MarshalJSON does; Leaky's collector sends one value
// too many.
type Shards struct {
	parts []int
	leaky bool
}

func (s *Shards) MarshalJSON() ([]byte, error) {
	ch := make(chan int)
	for _, p := range s.parts {
		go func() {
			ch <- p
			if s.leaky {
				ch <- p // want `goroutine leak: goroutine 1 \(started at jsonuse.go:\d+:\d+\) blocks forever sending on a channel at jsonuse.go:\d+:\d+ after the test returned \(0 preemptions\)`
			}
		}()
	}
	sum := 0
	for range s.parts {
		sum += <-ch
	}
	return json.Marshal(sum)
}
