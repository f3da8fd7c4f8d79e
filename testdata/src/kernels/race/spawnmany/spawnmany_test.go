package spawnmany

import "testing"

func TestCrawl(t *testing.T) {
	c := &Crawler{}
	c.Crawl(60)
	done := c.Report()
	if c.summary != "" && c.fetched.Load() != 60 {
		t.Errorf("fetched %d", c.fetched.Load())
	}
	<-done
}

// The fixed twin reads the summary once the reporter is done.
func TestCrawlFixed(t *testing.T) {
	c := &Crawler{}
	c.Crawl(60)
	done := c.Report()
	<-done
	if c.summary != "done" || c.fetched.Load() != 60 {
		t.Errorf("fetched %d, summary %q", c.fetched.Load(), c.summary)
	}
}
