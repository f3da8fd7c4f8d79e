package kiss

import (
	"runtime"
	"sync"
)

// A root explores on one processor for a budget of wall time, so roots
// that share a processor each explore less before their budget ends. Every
// kiss process of the user (go vet runs one per package, several at once;
// golangci-lint, kiss lsp and kiss ./... one for many) therefore takes a
// slot for each root: one of the process's processors, and one of the
// machine's. Within a process, a package's roots then run side by side
// when processors are free, and a package with many roots no longer runs
// them one after another while the rest of the machine idles.

// processSlots bounds the roots one process checks at once to its
// processors. A root's budget is counted from when its slot is free: with
// all the roots of a module exploring together, each had a sliver of a
// processor, and on the corpus (180 packages) most roots timed out after a
// path or two.
var processSlots = sync.OnceValue(func() chan struct{} { return make(chan struct{}, runtime.GOMAXPROCS(0)) })

// takeSlot waits until this process and the machine each have a processor
// free for one more root, and returns the function that gives them back.
func takeSlot() (release func()) {
	slot := processSlots()
	slot <- struct{}{}
	free := machineSlot()
	return func() {
		free()
		<-slot
	}
}
