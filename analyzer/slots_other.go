//go:build !unix

package kiss

// machineSlot: without flock, only the process's own slots bound its
// roots.
func machineSlot() (release func()) { return func() {} }
