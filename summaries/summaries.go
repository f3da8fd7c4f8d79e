package summaries

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed models/*.ir
var models embed.FS

// File is one model source.
type File struct {
	Name string
	Src  []byte
}

// Files returns the model sources in a fixed order.
func Files() []File {
	names, _ := fs.Glob(models, "models/*.ir")
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		src, _ := models.ReadFile(n)
		out = append(out, File{Name: n, Src: src})
	}
	return out
}

// Types maps Go named types (the origin's "pkgpath.Name") to the model's IR
// type (a $name declared in models/*.ir). The model's zero value is the Go
// zero value: an unlocked mutex, a zero counter.
var Types = map[string]string{
	"sync.Mutex":     "mutex",
	"sync.RWMutex":   "rwmutex",
	"sync.WaitGroup": "waitgroup",
	"sync.Once":      "once",
	"sync.Cond":      "cond",
	"time.Timer":     "timer",
	"time.Ticker":    "ticker",
}

// Direct maps Go functions (ssa.Function.String()) to the model function
// that implements them: it takes the Go arguments, receiver first, then the
// call's position as a str, and returns the Go result.
var Direct = map[string]string{
	"(*sync.Mutex).Lock":      "sync.Mutex.Lock",
	"(*sync.Mutex).TryLock":   "sync.Mutex.TryLock",
	"(*sync.Mutex).Unlock":    "sync.Mutex.Unlock",
	"(*sync.RWMutex).Lock":    "sync.RWMutex.Lock",
	"(*sync.RWMutex).Unlock":  "sync.RWMutex.Unlock",
	"(*sync.RWMutex).RLock":   "sync.RWMutex.RLock",
	"(*sync.RWMutex).RUnlock": "sync.RWMutex.RUnlock",
	"(*sync.WaitGroup).Add":   "sync.WaitGroup.Add",
	"(*sync.WaitGroup).Wait":  "sync.WaitGroup.Wait",
	"(*sync.Once).Do":         "sync.Once.Do",
	"(*sync.Cond).Signal":     "sync.Cond.Signal",
	"(*sync.Cond).Broadcast":  "sync.Cond.Broadcast",
}
