// Package crawlerwait: channel and WaitGroup. FetchAll waits for all fetchers // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// before it starts reading their results, but each fetcher blocks sending its
// page on an unbuffered channel until someone reads it (one of the most
// common blocking bugs in Tu et al.).
package crawlerwait

import "sync"

type Page struct {
	URL  string
	Size int
}

type Crawler struct{ fetched int }

func fetch(url string) Page { return Page{URL: url, Size: len(url) * 100} }

func (c *Crawler) FetchAll(urls []string) []Page {
	var wg sync.WaitGroup
	pages := make(chan Page)
	for _, u := range urls {
		wg.Add(1)
		go func(u string) {
			defer wg.Done()
			pages <- fetch(u)
		}(u)
	}
	wg.Wait() // want `deadlock: .*\(0 preemptions\)`
	close(pages)
	var out []Page
	for p := range pages {
		out = append(out, p)
	}
	c.fetched += len(out)
	return out
}

type CrawlerFixed struct{ fetched int }

func (c *CrawlerFixed) FetchAll(urls []string) []Page {
	var wg sync.WaitGroup
	pages := make(chan Page, len(urls)) // fix: room for every result
	for _, u := range urls {
		wg.Add(1)
		go func(u string) {
			defer wg.Done()
			pages <- fetch(u)
		}(u)
	}
	wg.Wait()
	close(pages)
	var out []Page
	for p := range pages {
		out = append(out, p)
	}
	c.fetched += len(out)
	return out
}
