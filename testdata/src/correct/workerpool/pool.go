// Package workerpool: a fixed pool of workers fed by a feeder goroutine; a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// closer goroutine closes the results channel once every worker is done, and
// each result is stored at its job's index.
package workerpool

import "sync"

type task struct{ idx, n int }
type result struct{ idx, v int }

type Pool struct{ Workers int }

func square(n int) int { return n * n }

func (p *Pool) Run(jobs []int) []int {
	in := make(chan task)
	out := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < p.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range in {
				out <- result{t.idx, square(t.n)}
			}
		}()
	}
	go func() {
		for i, n := range jobs {
			in <- task{i, n}
		}
		close(in)
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	res := make([]int, len(jobs))
	for r := range out {
		res[r.idx] = r.v
	}
	return res
}
