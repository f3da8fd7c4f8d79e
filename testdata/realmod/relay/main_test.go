package relay

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks, as many modules' tests do, that no goroutine outlives
// the tests.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
