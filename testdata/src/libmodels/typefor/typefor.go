// Package typefor keeps reflect.Types of its own in package variables, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// made by reflect.TypeFor as encoding/json's are: the package's init runs
// past them, and the Type of int is the one TypeOf gives. reflect.PointerTo
// gives the Type of the pointer, and reflect.TypeAssert asserts. A func
// type's In and Out, reflect.New of a type whose pointer type the program
// never names, and reflect.MakeSlice work as testing/quick uses them.
package typefor

import (
	"fmt"
	"reflect"
)

var (
	intType   = reflect.TypeFor[int]()
	errorType = reflect.TypeFor[error]()
)

// IsInt reports whether v holds an int.
func IsInt(v any) bool { return reflect.TypeOf(v) == intType }

type point struct{ x, y int }

// PointerTypes reports whether reflect.PointerTo(T) is the Type of *T, as
// encoding/json asks of every type it marshals.
func PointerTypes() bool {
	pt := reflect.PointerTo(reflect.TypeOf(point{}))
	return pt == reflect.TypeOf(&point{}) && pt.Elem() == reflect.TypeOf(point{}) && pt.Kind() == reflect.Pointer
}

type celsius float64

func (c celsius) String() string { return "C" }

// Asserts reports whether reflect.TypeAssert[T](v) is v.Interface().(T),
// as encoding/xml asks it for its Marshalers.
func Asserts() bool {
	v := reflect.ValueOf(celsius(3))
	s, ok := reflect.TypeAssert[fmt.Stringer](v)
	c, ok2 := reflect.TypeAssert[celsius](v)
	_, ok3 := reflect.TypeAssert[int](v)
	return ok && s.String() == "C" && ok2 && c == 3 && !ok3
}

// ErrorTypes reports whether TypeFor gives one Type for error each time.
func ErrorTypes() bool { return errorType == reflect.TypeFor[error]() && errorType != nil }

type item struct{ a int }

// Params reports whether reflect sees f's parameters and results as
// testing/quick does before it calls f: a new zero value of each
// parameter's type, and a slice made for a slice parameter.
func Params(f any) bool {
	t := reflect.TypeOf(f)
	if t.NumIn() != 2 || t.In(0) != reflect.TypeOf([]item(nil)) || t.In(1) != errorType || t.Out(0) != intType {
		return false
	}
	v := reflect.New(t.In(0)) // a *[]item, a type named nowhere
	s := reflect.MakeSlice(t.In(0), 2, 3)
	return v.Kind() == reflect.Pointer && v.Elem().Len() == 0 && s.Len() == 2 && s.Index(1).Field(0).Int() == 0
}
