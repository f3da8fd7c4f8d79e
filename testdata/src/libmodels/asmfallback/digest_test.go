package asmfallback

import (
	"crypto/subtle"
	"sync"
	"testing"
)

// The values are Go's: a race only on the path where each is right.
func TestRaceAfterDigest(t *testing.T) {
	if ETag("kiss") != "4188679c1d8a284ccc41a6b601869e05" || ETag("") != "d41d8cd98f00b204e9800998ecf8427e" {
		return
	}
	if Diff("100000000000000000000000", "1") != "99999999999999999999999" {
		return
	}
	if Fingerprint("kiss") != "89d19d63941a517f4921ec8496fbf07c4b444537352cc585461a1b4de469fde5" || Seal(make([]byte, 16), make([]byte, 16)) != "66e94bd4ef8a2c3b884cfa59ca342b2e" {
		return
	}
	if Stream(make([]byte, 16), make([]byte, 16), "kiss") != "0d8038a7" {
		return
	}
	// compiler intrinsics whose Go body panics
	if subtle.ConstantTimeByteEq(3, 3) != 1 || subtle.ConstantTimeSelect(0, 5, 7) != 7 {
		return
	}
	hits := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		hits++ // want `data race on hits.*\(0 preemptions\)`
	}()
	hits++
	wg.Wait()
}

func TestRaceAfterDigestFixed(t *testing.T) {
	if ETag("kiss") != "4188679c1d8a284ccc41a6b601869e05" || ETag("") != "d41d8cd98f00b204e9800998ecf8427e" {
		return
	}
	if Diff("100000000000000000000000", "1") != "99999999999999999999999" {
		return
	}
	if Fingerprint("kiss") != "89d19d63941a517f4921ec8496fbf07c4b444537352cc585461a1b4de469fde5" || Seal(make([]byte, 16), make([]byte, 16)) != "66e94bd4ef8a2c3b884cfa59ca342b2e" {
		return
	}
	if Stream(make([]byte, 16), make([]byte, 16), "kiss") != "0d8038a7" {
		return
	}
	// compiler intrinsics whose Go body panics
	if subtle.ConstantTimeByteEq(3, 3) != 1 || subtle.ConstantTimeSelect(0, 5, 7) != 7 {
		return
	}
	hits := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		hits++
		mu.Unlock()
	}()
	mu.Lock()
	hits++
	mu.Unlock()
	wg.Wait()
}
