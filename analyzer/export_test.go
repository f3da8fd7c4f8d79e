package kiss

// SetTestHookRoot makes every root's check start with f.
func SetTestHookRoot(f func(root string)) { testHookRoot = f }

// The corpus is a GOPATH tree, outside any module: replay cannot build its
// tests, so this package's tests report findings unreplayed. cmd/kiss's
// tests replay the same kernels as a module (TestReplayKernels) and check
// -verify through each entry point.
func init() {
	DefaultConfig.Verify = false
	config.Verify = false
}
