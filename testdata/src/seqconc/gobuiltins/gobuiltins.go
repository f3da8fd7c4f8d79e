// Package gobuiltins: go and defer of every builtin Go allows in statement // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// context (close, delete, clear, copy, print, println, panic, recover).
// Each root needs the builtin to do what Go does: a root whose builtin
// were dropped or misread would report, or miss, a finding.
package gobuiltins

// swallow defers recover itself: recover is then not called by a deferred
// function, so it returns nil and the panic goes on (the Go spec, "Handling
// panics").
func swallow() {
	defer recover()
	panic("not recovered") // want `panic: not recovered`
}

// swallowFixed calls recover from a deferred function, which stops the panic.
func swallowFixed() {
	defer func() { recover() }()
	panic("recovered")
}
