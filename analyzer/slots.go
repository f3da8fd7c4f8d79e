package kiss

import (
	"runtime"
	"sync"
	"time"
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
// A root waiting for the machine's slot does not hold the process's: the
// package work of its process would wait behind it while its processor
// idled.
func takeSlot() (release func()) {
	for {
		give := takeProcessSlot()
		if free, ok := tryMachineSlot(); ok {
			return func() {
				free()
				give()
			}
		}
		give()
		time.Sleep(machinePoll)
	}
}

// takeProcessSlot waits until this process has a processor free, and
// returns the function that gives it back. A package's own work (its SSA,
// its code lowered for importers, its roots told apart) takes one too: the
// checker of kiss ./... runs every package whose imports are done at
// once, and on kiss std the roots' budgets went to the packages lowering
// beside them (html's TestEntityLength, 272 ms alone, was cut after 18.7 s
// at 58,368 of its 360,115 steps). The machine's slots are the roots'
// alone: a go vet process lowers its dependencies without roots of its
// own.
func takeProcessSlot() (release func()) {
	slot := processSlots()
	slot <- struct{}{}
	return func() { <-slot }
}
