package parallelsubtests

import "testing"

func TestRoutes(t *testing.T) {
	t.Parallel()
	s := NewStats()
	for _, route := range []string{"/users", "/orders"} {
		t.Run(route, func(t *testing.T) {
			t.Parallel()
			s.Record(route)
			if s.Hits(route) < 1 {
				t.Errorf("%s: no hit recorded", route)
			}
		})
	}
}

func TestRoutesFixed(t *testing.T) {
	t.Parallel()
	s := NewStatsFixed()
	for _, route := range []string{"/users", "/orders"} {
		t.Run(route, func(t *testing.T) {
			t.Parallel()
			s.Record(route)
			if s.Hits(route) < 1 {
				t.Errorf("%s: no hit recorded", route)
			}
		})
	}
}
