// Package configrwr: RWMutex read-write-read. Snapshot holds the read lock // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// and calls Get, which read-locks again. A Reload that arrives between the
// two RLocks waits for the first reader, and the second RLock waits behind
// the writer (Go's RWMutex blocks new readers once a writer waits).
package configrwr

import "sync"

type Config struct {
	mu      sync.RWMutex
	values  map[string]string
	version int
}

func NewConfig() *Config {
	return &Config{values: map[string]string{"addr": ":8080", "mode": "prod"}}
}

func (c *Config) Get(key string) string {
	c.mu.RLock() // want `deadlock: .*\(1 preemption\)`
	defer c.mu.RUnlock()
	return c.values[key]
}

// Snapshot returns the configuration as one consistent string.
func (c *Config) Snapshot() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.Get("addr") + "/" + c.Get("mode") // bug: recursive read lock
}

func (c *Config) Reload(values map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values = values
	c.version++
}

type ConfigFixed struct {
	mu      sync.RWMutex
	values  map[string]string
	version int
}

func NewConfigFixed() *ConfigFixed {
	return &ConfigFixed{values: map[string]string{"addr": ":8080", "mode": "prod"}}
}

func (c *ConfigFixed) Get(key string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.values[key]
}

func (c *ConfigFixed) Snapshot() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.values["addr"] + "/" + c.values["mode"] // fix: read under the lock already held
}

func (c *ConfigFixed) Reload(values map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values = values
	c.version++
}
