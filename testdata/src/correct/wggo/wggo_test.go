package wggo

import "testing"

func TestThumbnails(t *testing.T) {
	got := Thumbnails([]Image{{"cat.png", 800, 600}, {"dog.png", 400, 400}})
	if len(got) != 2 || got[0].Width != 200 || got[1].Name != "thumb-dog.png" {
		t.Errorf("Thumbnails = %v", got)
	}
}
