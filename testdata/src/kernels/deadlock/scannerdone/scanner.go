// Package scannerdone: channel and WaitGroup. A worker returns early on an // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// invalid path without calling wg.Done, so the goroutine that closes the
// results channel after wg.Wait never does, and the collecting range never
// ends (docker and kubernetes both fixed this with defer wg.Done()).
package scannerdone

import "sync"

type Result struct {
	Path  string
	Clean bool
}

func scan(p string) Result { return Result{Path: p, Clean: p[0] != 'x'} }

type Scanner struct{}

func (s *Scanner) ScanAll(paths []string) []Result {
	results := make(chan Result)
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Add(1)
		go func(p string) {
			if p == "" {
				return // bug: skips wg.Done
			}
			results <- scan(p)
			wg.Done()
		}(p)
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var out []Result
	for r := range results { // want `deadlock: .*\(0 preemptions\)`
		out = append(out, r)
	}
	return out
}

type ScannerFixed struct{}

func (s *ScannerFixed) ScanAll(paths []string) []Result {
	results := make(chan Result)
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Add(1)
		go func(p string) {
			defer wg.Done() // fix: every path signals completion
			if p == "" {
				return
			}
			results <- scan(p)
		}(p)
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var out []Result
	for r := range results {
		out = append(out, r)
	}
	return out
}
