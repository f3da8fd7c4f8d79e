package crawlerwait

import "testing"

func TestCrawlerFetchAll(t *testing.T) {
	c := &Crawler{}
	if pages := c.FetchAll([]string{"a.example", "b.example"}); len(pages) != 2 {
		t.Errorf("got %d pages", len(pages))
	}
}

func TestCrawlerFetchAllFixed(t *testing.T) {
	c := &CrawlerFixed{}
	if pages := c.FetchAll([]string{"a.example", "b.example"}); len(pages) != 2 {
		t.Errorf("got %d pages", len(pages))
	}
}
