// Package bytealguse: string and byte searches (internal/bytealg's, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// which kiss models) before a race: the paths go past them, with Go's
// answers. A search of a buffer reads its bytes: a worker writing the
// buffer races with it.
package bytealguse

import (
	"bytes"
	"strings"
)

// Parse answers as Go does, or false.
func Parse(line string) bool {
	var sb strings.Builder
	sb.WriteString(line)
	sb.WriteString("!")
	s := sb.String()
	buf := []byte(s)
	return strings.Index(s, "world") == 7 &&
		strings.Contains(s, "lo, w") &&
		strings.LastIndex(s, "o") == 8 &&
		strings.IndexByte(s, ',') == 5 &&
		strings.Count(s, "l") == 3 &&
		strings.Compare(s, "hello") == 1 &&
		!strings.Contains(s, "xyz") &&
		bytes.Equal(buf[:5], []byte("hello")) &&
		bytes.Index(buf, []byte("wor")) == 7 &&
		bytes.IndexByte(buf, '!') == 12 &&
		bytes.Compare(buf[:2], buf[:3]) == -1 &&
		bytes.LastIndexByte(buf, 'l') == 10
}

// Header is a buffer a worker fills.
type Header struct {
	buf []byte
}

// Find searches the buffer.
func (h *Header) Find() int {
	return bytes.IndexByte(h.buf, ':')
}
