//go:build !unix

package golangci

import "os/exec"

func killGroup(cmd *exec.Cmd) {}
