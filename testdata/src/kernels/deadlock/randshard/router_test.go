package randshard

import "testing"

func TestRouterRoute(t *testing.T) {
	r := NewRouter(2)
	r.Route(7)
	r.Close()
}

func TestRouterRouteFixed(t *testing.T) {
	r := NewRouterFixed(2)
	r.Route(7)
	r.Close()
}
