// Package reflectmodel checks the answers of the reflect, fmt and runtime
// models where they are exact: every t.Error here is unreachable in Go,
// and must be in kiss.
package reflectmodel

import (
	"errors"
	"fmt"
	"log"
	"os"
	"reflect"
	"runtime"
	"testing"
)

type point struct{ x, y int }

func TestKinds(t *testing.T) { // want root:"one goroutine"
	x := 5
	if reflect.TypeOf(1).Kind() != reflect.Int || reflect.ValueOf("s").Kind() != reflect.String ||
		reflect.TypeOf(&x).Kind() != reflect.Ptr || reflect.TypeOf(point{}).Kind() != reflect.Struct ||
		reflect.TypeOf([]int{}).Kind() != reflect.Slice || reflect.TypeOf(map[string]int{}).Kind() != reflect.Map ||
		reflect.TypeOf(errors.New("e")).Kind() != reflect.Ptr || reflect.ValueOf(nil).Kind() != reflect.Invalid {
		t.Error("a kind")
	}
	if reflect.TypeOf(1) != reflect.TypeOf(2) || reflect.TypeOf(1) == reflect.TypeOf("") || reflect.TypeOf(nil) != nil {
		t.Error("types compare")
	}
	if reflect.TypeOf(&x).Elem() != reflect.TypeOf(0) || reflect.ValueOf(&x).Type() != reflect.TypeOf(&x) {
		t.Error("Elem or Type")
	}
}

func TestValues(t *testing.T) { // want root:"one goroutine"
	var p *int
	var e error
	if reflect.ValueOf(nil).IsValid() || !reflect.ValueOf(p).IsNil() || reflect.ValueOf(&e).Elem().IsValid() == false {
		t.Error("IsValid or IsNil")
	}
	m := map[string]int{"a": 1}
	if reflect.ValueOf([]int{1, 2}).Len() != 2 || reflect.ValueOf("abc").Len() != 3 || reflect.ValueOf(m).Len() != 1 ||
		reflect.ValueOf([3]int{}).Len() != 3 {
		t.Error("Len")
	}
	x := 5
	v := reflect.ValueOf(&x).Elem()
	if v.Kind() != reflect.Int || v.Interface() != 5 || reflect.Indirect(reflect.ValueOf(&x)).Interface() != 5 {
		t.Error("Elem")
	}
	if reflect.Zero(reflect.TypeOf(point{})).Interface() != (point{}) || reflect.ValueOf("s").String() != "s" {
		t.Error("Zero or String")
	}
}

func TestDeepEqual(t *testing.T) { // want root:"one goroutine"
	p := &point{1, 2}
	if !reflect.DeepEqual(point{1, 2}, point{1, 2}) || reflect.DeepEqual(point{1, 2}, point{2, 1}) ||
		reflect.DeepEqual(1, int64(1)) || !reflect.DeepEqual(nil, nil) || reflect.DeepEqual(nil, 0) ||
		!reflect.DeepEqual(p, p) || !reflect.DeepEqual("a", "a") {
		t.Error("DeepEqual")
	}
}

func TestIsNilOfInt(t *testing.T) { // want root:"one goroutine"
	_ = reflect.ValueOf(1).IsNil() // want `panic: reflect: call of reflect.Value.IsNil on a Value of a kind without nil \(0 preemptions\)`
}

// Fprintf to a writer that is not os.Stdout or os.Stderr would call its
// Write: an *os.File's is an unknown function that may touch shared
// state, a stop (not among the calls assumed harmless).
func TestPrintAndLog(t *testing.T) { // want root:"one goroutine"
	if _, err := fmt.Println("x", 1); err != nil {
		t.Error("Println failed")
	}
	if _, err := fmt.Fprintf(os.Stderr, "%d\n", 2); err != nil {
		t.Error("Fprintf to stderr failed")
	}
	log.Printf("x=%d", 3)
	if log.Default() != log.Default() {
		t.Error("two standard loggers")
	}
	if _, _, _, ok := runtime.Caller(0); !ok {
		t.Error("no caller")
	}
	if _, _, _, ok := runtime.Caller(1000); ok {
		t.Error("a stack 1000 frames deep")
	}
	if runtime.FuncForPC(0) != nil {
		t.Error("a func at pc 0")
	}
}
