// Package pipefirst: Lines streams lines through an io.Pipe; First reads // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// one and returns, so the writer blocks forever inside io.Pipe's Write.
// The steps are inside the standard library (io/pipe.go): replay does not
// instrument it, takes them inside the calls, and matches the end by the
// goroutines' stacks.
package pipefirst

import (
	"bufio"
	"io"
)

// Lines streams the lines through a pipe.
func Lines(lines []string) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		for _, l := range lines {
			pw.Write([]byte(l + "\n")) // want `goroutine leak: .*\(0 preemptions\)`
		}
		pw.Close()
	}()
	return pr
}

// First is the first line of r.
func First(r io.Reader) string {
	sc := bufio.NewScanner(r)
	if sc.Scan() {
		return sc.Text()
	}
	return ""
}

// LinesFixed stops writing once the reader is closed.
func LinesFixed(lines []string) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		for _, l := range lines {
			if _, err := pw.Write([]byte(l + "\n")); err != nil {
				return
			}
		}
		pw.Close()
	}()
	return pr
}
