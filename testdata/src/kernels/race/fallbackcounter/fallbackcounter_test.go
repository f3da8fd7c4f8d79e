package fallbackcounter

import (
	"sync"
	"testing"
)

func TestSendBeforeConnect(t *testing.T) {
	c := NewClient()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Send("hello")
	}()
	n := c.Connect()
	wg.Wait()
	t.Logf("%d message(s) went through the fallback queue", n)
}

func TestSendBeforeConnectFixed(t *testing.T) {
	c := NewClientFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Send("hello")
	}()
	n := c.Connect()
	wg.Wait()
	t.Logf("%d message(s) went through the fallback queue", n)
}
