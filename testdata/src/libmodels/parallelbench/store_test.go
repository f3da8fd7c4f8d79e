package parallelbench

import (
	"reflect"
	"sync/atomic"
	"testing"
)

func BenchmarkParallelPut(b *testing.B) {
	var hits int
	b.RunParallel(func(pb *testing.PB) {
		hits++ // want `data race.*\(0 preemptions\)`
		for pb.Next() {
		}
	})
}

func BenchmarkParallelPutFixed(b *testing.B) {
	var hits atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		hits.Add(1)
		for pb.Next() {
		}
	})
}

func benchStores(b *testing.B, stores ...store) {
	for _, s := range stores {
		b.Run(reflect.TypeOf(s).Elem().Name(), func(b *testing.B) {
			s := reflect.New(reflect.TypeOf(s).Elem()).Interface().(store)
			var id atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				k := int(id.Add(1))
				for pb.Next() {
					s.Put(k)
				}
				s.Put(-k)
			})
			if s.Len() == 0 {
				b.Fatal("no key stored")
			}
		})
	}
}

func BenchmarkStores(b *testing.B) { benchStores(b, &lockedStore{}, &countingStore{}) }

func BenchmarkStoresFixed(b *testing.B) { benchStores(b, &lockedStore{}) }
