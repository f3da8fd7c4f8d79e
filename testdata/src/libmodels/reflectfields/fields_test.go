package reflectfields

import (
	"reflect"
	"testing"
)

// Exact: kiss runs Missing's loop over the fields as Go does.
func TestMissing(t *testing.T) {
	m := Missing(Config{Name: "db", Ports: []int{5432}})
	if len(m) != 1 || m[0] != 1 {
		t.Errorf("missing %v, want [1]", m)
	}
	if got := Sum([3]int{1, 2, 3}) + Sum([]int{4}); got != 10 {
		t.Errorf("sum %d, want 10", got)
	}
}

// A goroutine writes a port while the test reads the ports through
// reflect: Index reads the slice's element.
func TestPortsRace(t *testing.T) {
	ports := []int{80, 443}
	done := make(chan bool)
	go func() {
		ports[1] = 8443 // want `data race on ports\[i\]: read at fields.go:40:15 by goroutine 0 and write at fields_test.go:25:8 by goroutine 1`
		done <- true
	}()
	_ = Sum(ports)
	<-done
}

func TestPortsRaceFixed(t *testing.T) {
	ports := []int{80, 443}
	done := make(chan bool)
	go func() {
		ports[1] = 8443
		done <- true
	}()
	<-done
	if Sum(ports) != 8523 {
		t.Error("wrong sum")
	}
}

// Index past the end panics with Go's message.
func TestIndexPastEnd(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	_ = reflect.ValueOf([]int{1}).Index(1) // want `panic: reflect: slice index out of range`
}
