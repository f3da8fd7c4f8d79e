// Package randsource draws from math/rand sources (as // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// testing/quick does): seeded with a value every run knows (a constant,
// a helper's parameter), the draws are Go's; seeded with the clock, they
// are unknown values.
package randsource

import "math/rand"

// counter is written by a goroutine and read by the test.
type counter struct{ n int }

func pick(r *rand.Rand) int { return r.Intn(100) }
