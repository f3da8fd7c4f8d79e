// Package asmfallback: code over standard-library functions written in // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// assembly (crypto/md5's block, math/big's vector arithmetic): kiss runs
// their portable Go (blockGeneric, subVV_g, ...) and checks what follows.
package asmfallback

import (
	"crypto/md5"
	"encoding/hex"
	"math/big"
)

// ETag is the hex MD5 of a body.
func ETag(body string) string {
	sum := md5.Sum([]byte(body))
	return hex.EncodeToString(sum[:])
}

// Diff is a - b for big numbers given in decimal.
func Diff(a, b string) string {
	x, _ := new(big.Int).SetString(a, 10)
	y, _ := new(big.Int).SetString(b, 10)
	return new(big.Int).Sub(x, y).String()
}
