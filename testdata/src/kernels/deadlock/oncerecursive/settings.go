// Package oncerecursive: sync.Once re-entered from its own function. load // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// derives the DSN through Get, which calls once.Do again while the first Do
// is still running: Do waits for f to return, and f waits for Do.
package oncerecursive

import "sync"

type Settings struct {
	once sync.Once
	vals map[string]string
}

func (s *Settings) load() {
	s.vals = map[string]string{"host": "db.internal", "port": "5432"}
	s.vals["dsn"] = s.Get("host") + ":" + s.Get("port") // bug: re-enters once.Do
}

func (s *Settings) Get(key string) string {
	s.once.Do(s.load) // want `deadlock: .*\(0 preemptions\)`
	return s.vals[key]
}

type SettingsFixed struct {
	once sync.Once
	vals map[string]string
}

func (s *SettingsFixed) load() {
	vals := map[string]string{"host": "db.internal", "port": "5432"}
	vals["dsn"] = vals["host"] + ":" + vals["port"] // fix: derive from the local map
	s.vals = vals
}

func (s *SettingsFixed) Get(key string) string {
	s.once.Do(s.load)
	return s.vals[key]
}
