package tokenrefresh

import "testing"

func TestTokenRefresh(t *testing.T) {
	s := NewTokenSource("s3cr3t")
	if tok := s.Refresh(); tok != "tok-s3cr3t" {
		t.Errorf("token %q", tok)
	}
}

func TestTokenRefreshFixed(t *testing.T) {
	s := NewTokenSourceFixed("s3cr3t")
	if tok := s.Refresh(); tok != "tok-s3cr3t" {
		t.Errorf("token %q", tok)
	}
}
