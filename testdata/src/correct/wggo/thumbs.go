// Package wggo: sync.WaitGroup.Go (Go 1.25) starting one goroutine per // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// image; each writes only its own element of the result slice.
package wggo

import "sync"

type Image struct {
	Name          string
	Width, Height int
}

func thumbnail(img Image) Image {
	return Image{Name: "thumb-" + img.Name, Width: img.Width / 4, Height: img.Height / 4}
}

func Thumbnails(imgs []Image) []Image {
	out := make([]Image, len(imgs))
	var wg sync.WaitGroup
	for i, img := range imgs {
		wg.Go(func() {
			out[i] = thumbnail(img)
		})
	}
	wg.Wait()
	return out
}
