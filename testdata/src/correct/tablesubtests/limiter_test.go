package tablesubtests

import "testing"

func TestLimits(t *testing.T) {
	t.Parallel()
	reg := &Registry{}
	for _, tc := range []struct {
		name  string
		limit int
		want  int
	}{
		{"none", 0, 0},
		{"two", 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := &Limiter{limit: tc.limit}
			n := 0
			for range 3 {
				if l.Allow() {
					n++
				}
			}
			reg.Record(tc.name)
			if n != tc.want {
				t.Errorf("%s: %d allowed, want %d", tc.name, n, tc.want)
			}
		})
	}
}
