// Package fanin: several producers merged into one channel; a WaitGroup // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// tells the closer goroutine when every forwarding goroutine has finished.
package fanin

import "sync"

func Produce(vals ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, v := range vals {
			out <- v
		}
	}()
	return out
}

func Merge(cs ...<-chan int) <-chan int {
	out := make(chan int)
	var wg sync.WaitGroup
	wg.Add(len(cs))
	for _, c := range cs {
		go func(c <-chan int) {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}(c)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}
