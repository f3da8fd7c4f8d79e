// Package typefor keeps reflect.Types of its own in package variables, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// made by reflect.TypeFor as encoding/json's are: the package's init runs
// past them, and the Type of int is the one TypeOf gives.
package typefor

import "reflect"

var (
	intType   = reflect.TypeFor[int]()
	errorType = reflect.TypeFor[error]()
)

// IsInt reports whether v holds an int.
func IsInt(v any) bool { return reflect.TypeOf(v) == intType }

// ErrorTypes reports whether TypeFor gives one Type for error each time.
func ErrorTypes() bool { return errorType == reflect.TypeFor[error]() && errorType != nil }
