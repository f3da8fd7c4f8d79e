package oncerecursive

import (
	"sync"
	"testing"
)

func TestSettingsDSN(t *testing.T) {
	s := &Settings{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Get("host")
	}()
	if got := s.Get("dsn"); got != "db.internal:5432" {
		t.Errorf("dsn %q", got)
	}
	wg.Wait()
}

func TestSettingsDSNFixed(t *testing.T) {
	s := &SettingsFixed{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.Get("host")
	}()
	if got := s.Get("dsn"); got != "db.internal:5432" {
		t.Errorf("dsn %q", got)
	}
	wg.Wait()
}
