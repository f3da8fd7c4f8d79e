package main_test

import (
	"strings"
	"testing"
)

// TestStdFalseAlarms runs kiss on roots of the standard library's own
// tests where a go vet std run found false alarms, each a kiss bug since
// fixed: each root is checked and nothing is reported.
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
	} {
		t.Run(strings.ReplaceAll(c.pkg, "/", "_")+"."+c.root, func(t *testing.T) {
			t.Parallel()
			out, code := run(t, t.TempDir(), kissBin, "-stats", "-timeout", "3s", "-run", c.root, c.pkg)
			if code != 0 || !strings.Contains(out, "."+c.root+": bound ") || strings.Contains(out, "not checked") {
				t.Errorf("kiss -run %s %s (once a false %s): exit %d, want 0 with the root checked:\n%s", c.root, c.pkg, c.was, code, out)
			}
		})
	}
}
