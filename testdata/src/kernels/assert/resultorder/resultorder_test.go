package resultorder

import "testing"

func TestResolveAllOrder(t *testing.T) {
	got := Resolver{}.ResolveAll([]string{"api", "db"})
	if len(got) != 2 || got[0] != "10.0.0.1" || got[1] != "10.0.0.2" {
		t.Errorf("ResolveAll = %v, want [10.0.0.1 10.0.0.2]", got) // want `test failure: .*\(0 preemptions\)`
	}
}

func TestResolveAllOrderFixed(t *testing.T) {
	got := ResolverFixed{}.ResolveAll([]string{"api", "db"})
	if len(got) != 2 || got[0] != "10.0.0.1" || got[1] != "10.0.0.2" {
		t.Errorf("ResolveAll = %v, want [10.0.0.1 10.0.0.2]", got)
	}
}
