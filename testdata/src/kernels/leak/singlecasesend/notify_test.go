package singlecasesend

import "testing"

func TestBusFirstEvent(t *testing.T) {
	b := NewBus()
	b.Notify("start")
	if e := <-b.events; e != "start" {
		t.Errorf("got %q", e)
	}
	b.Notify("stop")
}

func TestBusFirstEventFixed(t *testing.T) {
	b := NewBusFixed()
	b.Notify("start")
	if e := <-b.events; e != "start" {
		t.Errorf("got %q", e)
	}
	b.Notify("stop")
}
