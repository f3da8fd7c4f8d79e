package itemlookup

import "testing"

func TestItemUses(t *testing.T) {
	r := NewRegistry()
	done := make(chan bool)
	go func() {
		r.Get("a").uses++ // want `data race.*\(0 preemptions\)`
		done <- true
	}()
	r.Get("a").uses++
	<-done
}

func TestItemUsesFixed(t *testing.T) {
	r := NewRegistryFixed()
	done := make(chan bool)
	go func() {
		r.Get("a").uses.Add(1)
		done <- true
	}()
	r.Get("a").uses.Add(1)
	<-done
}
