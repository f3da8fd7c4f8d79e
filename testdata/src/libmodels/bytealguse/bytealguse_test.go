package bytealguse

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

func TestRaceAfterParsing(t *testing.T) {
	if !Parse("hello, world") {
		return // Go never gets here: the race below is reached
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

func TestParse(t *testing.T) {
	done := make(chan bool)
	go func() { done <- Parse("hello, world") }()
	if !Parse("hello, world") || !<-done {
		t.Error("Parse failed")
	}
}

func TestFindWhileFilling(t *testing.T) {
	h := &Header{buf: []byte("key: value")}
	done := make(chan bool)
	go func() {
		h.buf[3] = '=' // want `data race on .*\(0 preemptions\)`
		done <- true
	}()
	h.Find()
	<-done
}

func TestFindWhileFillingFixed(t *testing.T) {
	h := &Header{buf: []byte("key: value")}
	done := make(chan bool)
	go func() {
		h.buf[3] = '='
		done <- true
	}()
	<-done
	if h.Find() != -1 {
		t.Error("found a colon")
	}
}

// Go's answers (go test printed them), through each path of the
// searches: short needles (bytealg.IndexString), long haystacks
// (IndexByteString, then Cutover's fallback), needles longer than
// MaxLen (Rabin-Karp, HashStr and HashStrRev). The test fails on no
// path.
func TestSearchTable(t *testing.T) {
	for _, c := range []struct {
		s, sep                          string
		index, last, count, bindex, cmp int
	}{
		{"", "", 0, 0, 1, 0, 0},
		{"abc", "", 0, 3, 4, 0, 1},
		{"abc", "abcd", -1, -1, 0, -1, -1},
		{"abc", "abc", 0, 0, 1, 0, 0},
		{"abcabc", "ca", 2, 2, 1, 2, -1},
		{"mississippi", "ssi", 2, 5, 2, 2, -1},
		{"mississippi", "i", 1, 10, 4, 1, 1},
		{"mississippi", "pq", -1, -1, 0, -1, -1},
		{strings.Repeat("a", 80) + "b", "ab", 79, 79, 1, 79, -1},
		{strings.Repeat("ab", 50) + "c", strings.Repeat("ab", 32) + "c", 36, 36, 1, 36, -1},
		{strings.Repeat("xy", 40), "yx", 1, 77, 39, 1, -1},
	} {
		if strings.Index(c.s, c.sep) != c.index || strings.LastIndex(c.s, c.sep) != c.last ||
			strings.Count(c.s, c.sep) != c.count || bytes.Index([]byte(c.s), []byte(c.sep)) != c.bindex ||
			strings.Compare(c.s, c.sep) != c.cmp {
			t.Errorf("searching %q for %q", c.s, c.sep)
		}
	}
	go func() {}() // a second goroutine: kiss checks the root
}
