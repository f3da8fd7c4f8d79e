// Package randshard: Route sends to a shard picked by rand.Intn, and the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// constructor starts a worker for every shard but the last: a value
// routed there blocks forever. Whether the test hangs depends on the
// draw; the schedule records the draw kiss chose and replay returns it.
package randshard

import (
	"math/rand"
	"sync"
)

type Router struct {
	shards []chan int
	wg     sync.WaitGroup
	sums   []int
}

func NewRouter(n int) *Router {
	r := &Router{shards: make([]chan int, n), sums: make([]int, n)}
	for i := range r.shards {
		r.shards[i] = make(chan int)
	}
	for i := 0; i < n-1; i++ { // bug: the last shard has no worker
		r.wg.Add(1)
		go r.work(i)
	}
	return r
}

func (r *Router) work(i int) {
	defer r.wg.Done()
	for v := range r.shards[i] {
		r.sums[i] += v
	}
}

func (r *Router) Route(v int) {
	r.shards[rand.Intn(len(r.shards))] <- v // want `deadlock: .*\(0 preemptions\)`
}

func (r *Router) Close() {
	for _, ch := range r.shards {
		close(ch)
	}
	r.wg.Wait()
}

type RouterFixed struct {
	shards []chan int
	wg     sync.WaitGroup
	sums   []int
}

func NewRouterFixed(n int) *RouterFixed {
	r := &RouterFixed{shards: make([]chan int, n), sums: make([]int, n)}
	for i := range r.shards {
		r.shards[i] = make(chan int)
	}
	for i := 0; i < n; i++ { // fix: a worker per shard
		r.wg.Add(1)
		go r.work(i)
	}
	return r
}

func (r *RouterFixed) work(i int) {
	defer r.wg.Done()
	for v := range r.shards[i] {
		r.sums[i] += v
	}
}

func (r *RouterFixed) Route(v int) {
	r.shards[rand.Intn(len(r.shards))] <- v
}

func (r *RouterFixed) Close() {
	for _, ch := range r.shards {
		close(ch)
	}
	r.wg.Wait()
}
