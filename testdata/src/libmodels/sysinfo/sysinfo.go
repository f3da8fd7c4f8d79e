// Package sysinfo: what a test learns of its process (the stack, the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// executable, the environment) before a race: the paths go past it.
package sysinfo

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
)

// Callers climbs the stack as testify's CallerInfo does, until Caller
// runs out of frames or the test runner's frame.
func Callers() []string {
	var out []string
	for i := 0; ; i++ {
		pc, file, line, ok := runtime.Caller(i)
		if !ok {
			break
		}
		f := runtime.FuncForPC(pc)
		if f == nil || f.Name() == "testing.tRunner" {
			break
		}
		out = append(out, fmt.Sprintf("%s:%d", file, line))
	}
	return out
}

// Describe is what a test might log about its process.
func Describe() string {
	exe, err := os.Executable()
	if err != nil {
		exe = "?"
	}
	dir, ok := os.LookupEnv("TMPDIR")
	if !ok {
		dir = os.Getenv("HOME")
	}
	return fmt.Sprintf("%s %s %d frames %v\n%s", exe, dir, len(Callers()), Trace(), debug.Stack())
}

// Trace is the caller's stack as conc's panics.Catcher records it.
func Trace() []string {
	var pcs [16]uintptr
	n := runtime.Callers(2, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := frames.Next()
		out = append(out, fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line))
		if !more {
			break
		}
	}
	return out
}

// OpenFilesLimit is the open-files soft limit, at most max (max when it
// cannot be had).
func OpenFilesLimit(max uint64) uint64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return max
	}
	return min(rl.Cur, max)
}
