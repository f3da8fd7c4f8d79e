// Package sinks has the Buffer that front and logsink both make behind // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// an io.Writer.
package sinks

type Buffer struct{ n int }

func (b *Buffer) Write(p []byte) (int, error) {
	b.n += len(p)
	return len(p), nil
}

func (b *Buffer) Len() int { return b.n }
