// Package feed fills the generic buffer of internal/ring: a package of the
// module whose exported API speaks of another package's generic type.
package feed

import "example.com/realmod/internal/ring"

// Fill pushes items into b, which must not be used concurrently.
func Fill(b *ring.Buffer[string], items ...string) {
	for _, it := range items {
		b.Push(it)
	}
}
