// Package broken does not type-check: kiss must say so, not crash.
package broken

func F() int { return "not an int" }
