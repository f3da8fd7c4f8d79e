// Package allocs: a test that measures allocations with // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// testing.AllocsPerRun and runtime.ReadMemStats before a race: the
// runtime's statistics are unknown to kiss, and AllocsPerRun calls f as
// Go does.
package allocs

// Key joins a prefix and a name.
func Key(prefix, name string) string { return prefix + "/" + name }
