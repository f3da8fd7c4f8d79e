package main_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestStdFalseAlarms runs kiss on roots of the standard library's own
// tests where a go vet std run found false alarms, each a kiss bug since
// fixed: each root is checked and nothing is reported. (-verify=false:
// kiss replay cannot run a test in GOROOT, so with -verify a false alarm
// there is a note, "not reported", and kiss exits 0 all the same.)
func TestStdFalseAlarms(t *testing.T) {
	for _, c := range []struct{ pkg, root, was string }{
		// net's acquireThread sized its channel by the Getrlimit result
		// kiss left zero: every DNS lookup deadlocked
		{"context", "ExampleAfterFunc_connection", "deadlock"},
		// a *rand.Rand made by internal/testhash behind an io.Reader had
		// no methods (its type woke only through cryptotest's makers)
		{"crypto/md5", "TestMD5Hash", "panic"},
		// t.Setenv("GODEBUG") did not reach internal/godebug's settings
		{"internal/godebug", "TestGet", "test failure"},
		// MultiReader over strings.Readers read nothing
		{"io", "TestMultiReaderCopy", "test failure"},
		// a package's T and a test's own T shared one == helper
		{"encoding/json", "TestNullString", "internal error"},
		// a time read in a synctest bubble had a monotonic reading: Since
		// of a time read before the bubble did not use the wall clock
		{"internal/synctest", "TestMonotonicClock", "test failure"},
		// a Value's Interface of a field of an interface type was of
		// kiss's unknown type, unequal to the field's value
		{"reflect", "TestInterfaceExtraction", "test failure"},
		// kiss's reflect.Type is its model, not reflectlite's rtype:
		// export_test's TField asserts typ.(rtype) and panicked (now the
		// path stops there, named in -stats)
		{"internal/reflectlite", "TestIsNil", "panic"},
		// log.Print wrote to os.Stderr whatever log.SetOutput had set
		{"log/slog", "TestLogLoggerLevelForHandlerWriter", "test failure"},
		// the example signals itself through os.Process.Signal, which on
		// Linux sends by pidfd_send_signal, not kill: the signal was lost
		// and the select blocked for good
		{"os/signal", "ExampleNotifyContext", "deadlock"},
	} {
		t.Run(strings.ReplaceAll(c.pkg, "/", "_")+"."+c.root, func(t *testing.T) {
			t.Parallel()
			out, code := run(t, t.TempDir(), kissBin, "-stats", "-verify=false", "-timeout", "3s", "-run", "^"+c.root+"$", c.pkg)
			if code != 0 || !strings.Contains(out, "."+c.root+": bound ") || strings.Contains(out, "not checked") {
				t.Errorf("kiss -run %s %s (once a false %s): exit %d, want 0 with the root checked:\n%s", c.root, c.pkg, c.was, code, out)
			}
		})
	}
}

// TestStdBubbleDeadlock: internal/synctest.Run runs its function on a
// goroutine of its own, and a deadlock of the bubble panics in the caller,
// which std's TestDeadlockRoot recovers. kiss used to run the function on
// the caller's goroutine and report the test goroutine blocked forever in
// select; what it reports now is Go's outcome: the bubble's goroutine left
// blocked after the test returned.
func TestStdBubbleDeadlock(t *testing.T) {
	out, code := run(t, t.TempDir(), kissBin, "-verify=false", "-timeout", "3s", "-run", "^TestDeadlockRoot$", "internal/synctest")
	if code == 0 || !regexp.MustCompile(`goroutine leak: goroutine 1 \(started at synctest_test.go:\d+:\d+\) blocks forever in select`).MatchString(out) || strings.Contains(out, "deadlock:") {
		t.Errorf("kiss -run TestDeadlockRoot internal/synctest: exit %d, want the bubble's goroutine leaked and no deadlock:\n%s", code, out)
	}
}

// TestStdBubbleClockStops: once a bubble has deadlocked, its clock never
// moves again. std's TestDeadlockTicker recovers the deadlock panic of a
// bubble whose goroutine waits on a ticker; kiss let the ticker fire after
// the test returned, and reported the goroutine's t.Errorf as a panic
// ("Fail in goroutine after TestDeadlockTicker has completed"). Go's
// outcome is the goroutine left blocked on the ticker's channel.
func TestStdBubbleClockStops(t *testing.T) {
	out, code := run(t, t.TempDir(), kissBin, "-verify=false", "-timeout", "3s", "-run", "^TestDeadlockTicker$", "internal/synctest")
	if code == 0 || !regexp.MustCompile(`goroutine leak: goroutine 2 \(started at synctest_test.go:\d+:\d+\) blocks forever receiving from a channel`).MatchString(out) || strings.Contains(out, "Fail in goroutine") {
		t.Errorf("kiss -run TestDeadlockTicker internal/synctest: exit %d, want the ticker's receiver leaked and no failure after the test:\n%s", code, out)
	}
}
