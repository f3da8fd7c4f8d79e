// Package reflectfields: code that walks a struct's fields and a slice's // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// elements through reflect (Value.NumField, Field, FieldByName, Index, Int,
// Bool), as validators and encoders do, and a package-level var made by
// reflect.MapOf, as go-memdb's (before MapOf was modelled, every root of
// such a package stopped in its init).
package reflectfields

import "reflect"

type Config struct {
	Name    string
	Workers int
	Ports   []int
	TLS     bool
	secret  string
}

// Missing returns the indexes of the exported fields of c left empty.
func Missing(c Config) []int {
	v := reflect.ValueOf(c)
	var missing []int
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String, reflect.Slice:
			if f.Len() == 0 {
				missing = append(missing, i)
			}
		case reflect.Int:
			if f.Int() == 0 {
				missing = append(missing, i)
			}
		case reflect.Bool:
			if !f.Bool() {
				missing = append(missing, i)
			}
		}
	}
	return missing
}

// Sum adds the ints of xs, read through reflect.
func Sum(xs any) int {
	v := reflect.ValueOf(xs)
	n := 0
	for i := 0; i < v.Len(); i++ {
		n += v.Index(i).Interface().(int)
	}
	return n
}

// mapKind is the kind of map[string]int, made at run time.
var mapKind = reflect.MapOf(reflect.TypeOf(""), reflect.TypeOf(0)).Kind()

// Field returns c's int field of that name, read through reflect.
func Field(c *Config, name string) int64 {
	return reflect.ValueOf(c).Elem().FieldByName(name).Int()
}

// Meta is embedded in Doc: its fields are promoted.
type Meta struct {
	Owner string
	rev   int
}

type Doc struct {
	Meta
	Title string
}
