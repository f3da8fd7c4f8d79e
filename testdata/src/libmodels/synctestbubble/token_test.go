package synctestbubble

import (
	"testing"
	"testing/synctest"
	"time"
)

// A bubble's clock starts at midnight UTC, 2000-01-01, as in Go: a token
// issued then and checked by a goroutine a day of sleep later has expired,
// a finding that holds for that clock only (with a clock kiss did not
// know, it would depend on the time of day, and be held back).
func TestTokenValidForADay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		issued := time.Now()
		valid := make(chan bool)
		go func() {
			time.Sleep(24 * time.Hour)
			valid <- time.Now().Before(ExpiresAt(issued))
		}()
		if !<-valid {
			t.Errorf("token issued at %v expired within a day", issued) // want `test failure: t.Errorf\("token issued at %v expired within a day"\) \(0 preemptions\)`
		}
	})
}

// Checked within the day, and against the epoch itself.
func TestTokenValidForADayFixed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		issued := time.Now()
		if want := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC); !issued.Equal(want) || issued.UnixNano() != want.UnixNano() {
			t.Errorf("the bubble starts at %v, want %v", issued, want)
		}
		valid := make(chan bool)
		go func() {
			time.Sleep(23 * time.Hour)
			valid <- time.Now().Before(ExpiresAt(issued)) && time.Since(issued) == 23*time.Hour
		}()
		if !<-valid {
			t.Errorf("token issued at %v expired within a day", issued)
		}
	})
}
