//go:build unix

package kiss

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// tryMachineSlot takes one of the machine's root slots if one is free: an
// exclusive flock on one of runtime.NumCPU() files in the user's cache
// directory (not the temporary one, nor $KISS_CACHE: processes of one user
// that set those differently still count against the same processors).
// The kernel lets go of a dead process's lock, so a killed kiss leaves no
// slot taken. Where the directory cannot be had, only the process's own
// slots bound its roots.
func tryMachineSlot() (release func(), ok bool) {
	dir := slotDir()
	if dir == "" {
		return func() {}, true
	}
	n := runtime.NumCPU()
	first := os.Getpid() % n // processes start their search in different places
	for i := range n {
		name := filepath.Join(dir, strconv.Itoa((first+i)%n))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return func() {}, true
		}
		// (one open file per taking: two roots of one process must not
		// share a lock, and flock's lock belongs to the open file)
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			return func() { f.Close() }, true // closing the file unlocks it
		}
		f.Close()
	}
	return nil, false
}

// slotDir is the directory of the machine's slots, made once per process
// ("" if it cannot be).
var slotDir = sync.OnceValue(func() string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "kiss", fmt.Sprintf("slots-%d", os.Getuid()))
	if os.MkdirAll(dir, 0o700) != nil {
		return ""
	}
	return dir
})

// machinePoll is how long a root waits before it looks again for a free
// machine slot (a root explores for up to -timeout: seconds).
const machinePoll = 20 * time.Millisecond
