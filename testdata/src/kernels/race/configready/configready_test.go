package configready

import "testing"

// The bug variant logs the value: with the early signal it may read 0, and
// asserting on it would add a second report to the root.
func TestConfigReady(t *testing.T) {
	l := NewLoader()
	go l.Load(map[string]string{"max_conns": "64"})
	t.Logf("max_conns=%d", l.MaxConns())
}

func TestConfigReadyFixed(t *testing.T) {
	l := NewLoaderFixed()
	go l.Load(map[string]string{"max_conns": "64"})
	if n := l.MaxConns(); n != 64 {
		t.Errorf("max_conns=%d, want 64", n)
	}
}
