// Package gatherclose: send on a closed channel. The scatter-gather // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// coordinator closes the results channel when its context ends, to "tell the
// stragglers", and a straggler's send then panics (receivers must not close).
package gatherclose

import "context"

type Gatherer struct{ shards map[string]int }

func NewGatherer() *Gatherer {
	return &Gatherer{shards: map[string]int{"s1": 3, "s2": 4}}
}

func (g *Gatherer) query(shard string) int { return g.shards[shard] }

func (g *Gatherer) Gather(ctx context.Context, shards []string) []int {
	results := make(chan int)
	for _, s := range shards {
		go func(s string) {
			results <- g.query(s) // want `panic: .*\(0 preemptions\)`
		}(s)
	}
	var out []int
	for range shards {
		select {
		case r := <-results:
			out = append(out, r)
		case <-ctx.Done():
			close(results) // bug: the receiver closes while senders remain
			return out
		}
	}
	return out
}

type GathererFixed struct{ shards map[string]int }

func NewGathererFixed() *GathererFixed {
	return &GathererFixed{shards: map[string]int{"s1": 3, "s2": 4}}
}

func (g *GathererFixed) query(shard string) int { return g.shards[shard] }

func (g *GathererFixed) Gather(ctx context.Context, shards []string) []int {
	results := make(chan int, len(shards)) // fix: stragglers never block, nobody closes
	for _, s := range shards {
		go func(s string) {
			results <- g.query(s)
		}(s)
	}
	var out []int
	for range shards {
		select {
		case r := <-results:
			out = append(out, r)
		case <-ctx.Done():
			return out
		}
	}
	return out
}
