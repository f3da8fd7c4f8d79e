package reflectcall

import (
	"reflect"
	"sync"
	"testing"
)

// Exact: the method table is the exported methods by name, and Call runs
// each with its arguments and returns its results.
func TestTable(t *testing.T) {
	c := &Counter{}
	names := Methods(c)
	if len(names) != 4 || names[0] != "Add" || names[1] != "Get" || names[2] != "Inc" || names[3] != "IncLocked" || !Sorted(names) {
		t.Errorf("methods %v", names)
	}
	if _, ok := Invoke(c, "reset"); ok {
		t.Error("an unexported method was found")
	}
	out, ok := Invoke(c, "Add", 5)
	if !ok || len(out) != 1 || out[0] != 5 {
		t.Errorf("Add(5) = %v, %v", out, ok)
	}
	Invoke(c, "Inc")
	out, _ = Invoke(c, "Get")
	if len(out) != 2 || out[0] != 6 || out[1] != "count" {
		t.Errorf("Get() = %v", out)
	}
	if reflect.TypeOf(Label("")).Name() != "Label" || reflect.TypeOf(c).Name() != "" || reflect.TypeOf(Label("")).NumMethod() != 1 {
		t.Error("names")
	}
	done := make(chan bool)
	go func() { done <- true }()
	<-done
}

// Bug: two goroutines run Inc through reflect.
func TestInvokeRace(t *testing.T) {
	c := &Counter{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		Invoke(c, "Inc")
	}()
	Invoke(c, "Inc")
	wg.Wait()
}

// Fixed twin: IncLocked.
func TestInvokeLocked(t *testing.T) {
	c := &Counter{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		Invoke(c, "IncLocked")
	}()
	Invoke(c, "IncLocked")
	wg.Wait()
	if out, _ := Invoke(c, "Get"); out[0] != 2 {
		t.Errorf("count %v, want 2", out[0])
	}
}

// Go's checks: a call with too few arguments panics.
func TestTooFew(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	Invoke(&Counter{}, "Add")
}
