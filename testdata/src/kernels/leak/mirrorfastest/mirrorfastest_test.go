package mirrorfastest

import "testing"

func TestMirrorFastest(t *testing.T) {
	m := NewMirror("eu", "us", "ap")
	if got := m.Fastest("/index"); got == "" {
		t.Errorf("no answer")
	}
}

func TestMirrorFastestFixed(t *testing.T) {
	m := NewMirrorFixed("eu", "us", "ap")
	if got := m.Fastest("/index"); got == "" {
		t.Errorf("no answer")
	}
}
