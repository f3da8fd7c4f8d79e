// Package indexwgadd: WaitGroup.Add inside the goroutine. Build starts one // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// goroutine per document and each calls wg.Add(1) itself (in a helper, the
// shape go vet's waitgroup check does not see); Wait can run while
// the counter is still zero and return at once, and Build then reads the
// document count without any ordering with the writers (Tu et al. list this
// among the most common misuses of WaitGroup; docker and etcd fixed it).
package indexwgadd

import "sync"

type Index struct {
	mu    sync.Mutex
	terms map[string]int
	docs  int
}

func NewIndex() *Index { return &Index{terms: make(map[string]int)} }

func (ix *Index) add(doc string) {
	ix.mu.Lock()
	ix.terms[doc]++
	ix.docs++ // want `data race.*\(0 preemptions\)`
	ix.mu.Unlock()
}

// indexOne registers itself with wg and indexes one document.
func (ix *Index) indexOne(d string, wg *sync.WaitGroup) {
	wg.Add(1) // bug: runs in the new goroutine, possibly after Wait returned
	defer wg.Done()
	ix.add(d)
}

// Build indexes docs concurrently and returns how many were indexed.
func (ix *Index) Build(docs []string) int {
	var wg sync.WaitGroup
	for _, d := range docs {
		go ix.indexOne(d, &wg)
	}
	wg.Wait()
	return ix.docs // relies on Wait for ordering
}

type IndexFixed struct {
	mu    sync.Mutex
	terms map[string]int
	docs  int
}

func NewIndexFixed() *IndexFixed { return &IndexFixed{terms: make(map[string]int)} }

func (ix *IndexFixed) add(doc string) {
	ix.mu.Lock()
	ix.terms[doc]++
	ix.docs++
	ix.mu.Unlock()
}

func (ix *IndexFixed) indexOne(d string, wg *sync.WaitGroup) {
	defer wg.Done()
	ix.add(d)
}

func (ix *IndexFixed) Build(docs []string) int {
	var wg sync.WaitGroup
	for _, d := range docs {
		wg.Add(1) // fix: count the goroutine before starting it
		go ix.indexOne(d, &wg)
	}
	wg.Wait()
	return ix.docs
}
