package connclose

import (
	"sync"
	"testing"
)

func TestConnCloseTwice(t *testing.T) {
	c := NewConn()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the read loop saw EOF
		defer wg.Done()
		c.Close()
	}()
	c.Close()
	wg.Wait()
	if !c.Closed() {
		t.Errorf("not closed")
	}
}

func TestConnCloseTwiceFixed(t *testing.T) {
	c := NewConnFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Close()
	}()
	c.Close()
	wg.Wait()
	if !c.Closed() {
		t.Errorf("not closed")
	}
}
