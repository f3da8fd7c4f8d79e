package timeoutsender

import (
	"testing"
	"time"
)

func TestClientGetTimeout(t *testing.T) {
	c := NewClient()
	v, err := c.Get("user:1", 50*time.Millisecond)
	if err != nil && err != ErrTimeout {
		t.Fatalf("unexpected error %v", err)
	}
	if err == nil && v != "ada" {
		t.Errorf("got %q", v)
	}
}

func TestClientGetTimeoutFixed(t *testing.T) {
	c := NewClientFixed()
	v, err := c.Get("user:1", 50*time.Millisecond)
	if err != nil && err != ErrTimeout {
		t.Fatalf("unexpected error %v", err)
	}
	if err == nil && v != "ada" {
		t.Errorf("got %q", v)
	}
}
