package helperproc

import (
	"os"
	"sync"
	"testing"
)

// As sync's own tests do: the test binary, run again with these arguments
// by a test that expects the crash, crashes; under go test it never does.
func init() {
	if len(os.Args) == 3 && os.Args[1] == "HELPERPROC" {
		crash()
		os.Exit(0)
	}
}

func TestLocked(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
}
