package scannerdone

import "testing"

func TestScanAllSkipsEmpty(t *testing.T) {
	s := &Scanner{}
	if res := s.ScanAll([]string{"/etc/app.conf", "", "/tmp/x"}); len(res) != 2 {
		t.Errorf("got %d results", len(res))
	}
}

func TestScanAllSkipsEmptyFixed(t *testing.T) {
	s := &ScannerFixed{}
	if res := s.ScanAll([]string{"/etc/app.conf", "", "/tmp/x"}); len(res) != 2 {
		t.Errorf("got %d results", len(res))
	}
}
