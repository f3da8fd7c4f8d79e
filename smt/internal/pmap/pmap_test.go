package pmap

import (
	"math/rand"
	"testing"
)

// TestAgainstMaps checks a Map and its forks against Go maps: writes to a
// fork, under its own owner, must never show in the Map it came from.
func TestAgainstMaps(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	type version struct {
		m     Map[int]
		want  map[uint64]int
		owner uint64
	}
	owners := uint64(0)
	fresh := func() uint64 { owners++; return owners }
	vs := []*version{{want: map[uint64]int{}, owner: fresh()}}
	for step := 0; step < 20000; step++ {
		v := vs[rng.Intn(len(vs))]
		switch rng.Intn(10) {
		case 0: // fork: both sides get fresh owners
			c := &version{m: v.m, want: map[uint64]int{}, owner: fresh()}
			for k, x := range v.want {
				c.want[k] = x
			}
			v.owner = fresh()
			vs = append(vs, c)
		default:
			var k uint64
			switch rng.Intn(3) {
			case 0:
				k = uint64(rng.Intn(40))
			case 1:
				k = uint64(rng.Intn(5000))
			default:
				k = rng.Uint64() >> uint(rng.Intn(64))
			}
			x := rng.Int()
			v.m.Set(k, x, v.owner)
			v.want[k] = x
		}
	}
	for vi, v := range vs {
		if v.m.Len() != len(v.want) {
			t.Fatalf("version %d: Len %d, want %d", vi, v.m.Len(), len(v.want))
		}
		for k, x := range v.want {
			if got, ok := v.m.Get(k); !ok || got != x {
				t.Fatalf("version %d: Get(%d) = %d, %v; want %d", vi, k, got, ok, x)
			}
		}
		if _, ok := v.m.Get(1 << 63); ok != (func() bool { _, ok := v.want[1<<63]; return ok })() {
			t.Fatalf("version %d: Get of an absent key", vi)
		}
		n, last := 0, uint64(0)
		v.m.All(func(k uint64, x int) bool {
			if n > 0 && k <= last {
				t.Fatalf("version %d: All out of order: %d after %d", vi, k, last)
			}
			if v.want[k] != x {
				t.Fatalf("version %d: All gave %d=%d, want %d", vi, k, x, v.want[k])
			}
			n, last = n+1, k
			return true
		})
		if n != len(v.want) {
			t.Fatalf("version %d: All gave %d keys, want %d", vi, n, len(v.want))
		}
	}
}

// TestForkCost checks that a write after a fork copies a path, not the
// table: the point of the package.
func TestForkCost(t *testing.T) {
	var m Map[[3]uint64]
	for k := uint64(0); k < 100000; k++ {
		m.Set(k, [3]uint64{k}, 1)
	}
	allocs := testing.AllocsPerRun(100, func() {
		c := m
		c.Set(500, [3]uint64{}, 2)
	})
	if allocs > 10 {
		t.Fatalf("a write to a fork of a 100000-key map made %v allocations", allocs)
	}
}
