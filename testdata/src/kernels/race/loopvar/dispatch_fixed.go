package loopvar

import "sync"

// DispatcherFixed is Dispatcher in a file with the module's (GOPATH: the
// latest) language version, where each iteration declares a fresh job.
type DispatcherFixed struct {
	mu      sync.Mutex
	handled map[string]int
}

func NewDispatcherFixed() *DispatcherFixed { return &DispatcherFixed{handled: make(map[string]int)} }

func (d *DispatcherFixed) handle(kind string) {
	d.mu.Lock()
	d.handled[kind]++
	d.mu.Unlock()
}

func (d *DispatcherFixed) DispatchAll(jobs []Job) {
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.handle(job.Kind)
		}()
	}
	wg.Wait()
}

func (d *DispatcherFixed) Total() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, c := range d.handled {
		n += c
	}
	return n
}

func (d *DispatcherFixed) Count(kind string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.handled[kind]
}
