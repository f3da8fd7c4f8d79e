// Package cryptorand makes request ids from crypto/rand, as services do: // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the operating system's random bytes (under crypto/rand, the runtime's
// getrandom) are unknown to kiss, and the code after them must still be
// checked.
package cryptorand

import (
	"crypto/rand"
	"encoding/hex"
)

// NewID returns a random 16-byte id in hex.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
