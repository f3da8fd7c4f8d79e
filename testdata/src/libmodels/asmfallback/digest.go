// Package asmfallback: code over standard-library functions written in // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// assembly (crypto/md5's block, math/big's vector arithmetic): kiss runs
// their portable Go (blockGeneric, subVV_g, ...) and checks what follows.
// SHA-256 and AES choose assembly by CPU features; kiss assumes a
// processor without them, and runs their Go. XORBytes's assembly has its
// Go twin in a file amd64 excludes: kiss runs that loop (AES-CTR).
package asmfallback

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/sha256"
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

// Fingerprint is the hex SHA-256 of a body.
func Fingerprint(body string) string {
	sum := sha256.Sum256([]byte(body))
	return hex.EncodeToString(sum[:])
}

// Seal encrypts one block under key with AES.
func Seal(key, block []byte) string {
	c, err := aes.NewCipher(key)
	if err != nil {
		return ""
	}
	out := make([]byte, aes.BlockSize)
	c.Encrypt(out, block)
	return hex.EncodeToString(out)
}

// Stream encrypts msg with AES-CTR.
func Stream(key, iv []byte, msg string) string {
	c, err := aes.NewCipher(key)
	if err != nil {
		return ""
	}
	out := make([]byte, len(msg))
	cipher.NewCTR(c, iv).XORKeyStream(out, []byte(msg))
	return hex.EncodeToString(out)
}
