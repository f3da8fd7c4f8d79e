package synctestbubble

import "time"

// ExpiresAt is when a token issued at t expires: at the end of its day,
// UTC.
func ExpiresAt(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
}
