package benchcache

import (
	"strconv"
	"testing"
)

func BenchmarkGet(b *testing.B) {
	for _, n := range []int{1} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			c := New(n)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
				}
				c.Get(0)
			})
		})
	}
}

func BenchmarkGetFixed(b *testing.B) {
	for _, n := range []int{1} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			c := NewFixed(n)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
				}
				c.Get(0)
			})
		})
	}
}
