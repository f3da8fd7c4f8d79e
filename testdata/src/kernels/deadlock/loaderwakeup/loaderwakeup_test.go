package loaderwakeup

import "testing"

func TestRouteAfterLoad(t *testing.T) {
	l := NewLoader()
	go l.Load()
	if got := l.Route("/api"); got != "backend:8080" {
		t.Errorf("route %q", got)
	}
}

func TestRouteAfterLoadFixed(t *testing.T) {
	l := NewLoaderFixed()
	go l.Load()
	if got := l.Route("/api"); got != "backend:8080" {
		t.Errorf("route %q", got)
	}
}
