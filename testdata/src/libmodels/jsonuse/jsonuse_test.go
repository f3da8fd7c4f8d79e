package jsonuse

import (
	"encoding/json"
	"io"
	"sync"
	"testing"
)

var body = []byte(`{"user":"ann","bytes":10}`)

func TestDumpRace(t *testing.T) {
	var s Stats
	done := make(chan bool)
	go func() {
		s.Handle(body)
		done <- true
	}()
	s.Dump(io.Discard)
	<-done
}

func TestDumpLocked(t *testing.T) {
	var s Stats
	done := make(chan bool)
	go func() {
		s.Handle(body)
		done <- true
	}()
	s.DumpLocked(io.Discard)
	<-done
	if b := s.Snapshot(); len(b) == 0 {
		t.Error("empty snapshot")
	}
}

func TestSharedLog(t *testing.T) {
	var l Log
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.Append(Request{User: "u", Bytes: i})
		}()
	}
	wg.Wait()
}

func TestSharedLogLocked(t *testing.T) {
	var l Log
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			l.Append(Request{User: "u", Bytes: i})
		}()
	}
	wg.Wait()
}

func TestGuarded(t *testing.T) {
	var g Guarded
	done := make(chan bool)
	go func() {
		g.Add()
		done <- true
	}()
	if _, err := g.MarshalJSON(); err != nil {
		t.Error(err)
	}
	<-done
}

var config = []byte(`{"peers":["a","b"],"limit":3,"updated":"2026-01-02T03:04:05Z"}`)

// reloaded is a Config decoded once: the path goes on past the decoding.
func reloaded(t *testing.T) *Config {
	c := &Config{Peers: make([]string, 0, 4)}
	if err := c.Reload(config); err != nil {
		t.Skip(err)
	}
	if c.Limit != nil && *c.Limit < 0 || c.Updated.IsZero() {
		t.Skip("a bad config")
	}
	return c
}

func TestReloadRace(t *testing.T) {
	c := reloaded(t)
	done := make(chan bool)
	go func() {
		c.Reload(config)
		done <- true
	}()
	_ = c.FirstPeer()
	<-done
}

func TestReloadLocked(t *testing.T) {
	c := reloaded(t)
	done := make(chan bool)
	go func() {
		c.Reload(config)
		done <- true
	}()
	_ = c.FirstPeerLocked()
	<-done
}

var registry = []byte(`{"labels":{"zone":"a"},"meta":{"owner":"ann","replicas":3,"tags":["x"]}}`)

// loaded is a Registry as if decoded once.
func loaded() *Registry {
	return &Registry{Labels: map[string]string{"zone": "a"}}
}

func TestLabelsRace(t *testing.T) {
	r := loaded()
	done := make(chan bool)
	go func() {
		r.Reload(registry)
		done <- true
	}()
	_ = r.Label("zone")
	<-done
}

func TestLabelsLocked(t *testing.T) {
	r := loaded()
	done := make(chan bool)
	go func() {
		r.Reload(registry)
		done <- true
	}()
	_ = r.LabelLocked("zone")
	<-done
	if r.Owner() != "ann" {
		t.Skip("not ann's")
	}
}

// json.Marshal calls the value's MarshalJSON, whose goroutines are the
// root's.
func TestMarshalerLeaks(t *testing.T) {
	json.Marshal(&Shards{parts: []int{1}, leaky: true})
}

func TestMarshalerFixed(t *testing.T) {
	json.Marshal(&Shards{parts: []int{1}})
}
