//go:build unix

package golangci

import (
	"os/exec"
	"syscall"
)

// killGroup makes cmd run in a process group of its own that is killed
// whole when its context ends: `golangci-lint custom` leaves its go build
// running when only it is killed.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
