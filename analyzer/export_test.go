package kiss

import "sync/atomic"

// SetTestHookRoot makes every root's check start with f.
func SetTestHookRoot(f func(root string)) { testHookRoot = f }

// SetTestHookPackage makes every package's own work start with f.
func SetTestHookPackage(f func(pkg string)) { testHookPackage = f }

// The corpus is a GOPATH tree, outside any module: replay cannot build its
// tests, so this package's tests report findings unreplayed. cmd/kiss's
// tests replay the same kernels as a module (TestReplayKernels) and check
// -verify through each entry point.
func init() {
	DefaultConfig.Verify = false
	config.Verify = false

	// The corpus is checked many roots at once in one process whose heap
	// holds every package: a memory budget shared by them would cut what
	// one root explores depending on the others, and the corpus's findings
	// must not vary from run to run (TestReductionKeepsFindings compares
	// two runs). The budget itself is smt's TestMaxMemory.
	DefaultConfig.Memory = 0
	config.Memory = 0
}

// KeepBodies is keepBodies.
var KeepBodies = keepBodies

// Reused counts the times package path's code came from the store
// (reuse.go).
func Reused(path string) int64 {
	if n, ok := reuseCount.Load(path); ok {
		return n.(*atomic.Int64).Load()
	}
	return 0
}

// ResetStore makes the next use of the store open $KISS_CACHE again.
func ResetStore() { stores = &storeState{} }

// SetTestHookLowered makes f see the code lowered for each root and
// package (testHookLowered).
func SetTestHookLowered(f func(name, code string)) { testHookLowered = f }

// SetCreateAll makes the SSA program of a package hold every package of
// its imports' closure (createAll).
func SetCreateAll(all bool) { createAll = all }
