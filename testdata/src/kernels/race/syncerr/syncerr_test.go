package syncerr

import "testing"

func TestSyncAllErrors(t *testing.T) {
	s := NewSyncer()
	if err := s.SyncAll([]string{"web", "mobile"}); err == nil {
		t.Errorf("expected an error")
	}
}

func TestSyncAllErrorsFixed(t *testing.T) {
	s := NewSyncerFixed()
	if err := s.SyncAll([]string{"web", "mobile"}); err == nil {
		t.Errorf("expected an error")
	}
}
