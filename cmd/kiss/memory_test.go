package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// BenchmarkRootMemory runs kiss on each interleaving-heavy package of the
// corpus (testdata/src/porbench, testdata/src/correct), one process per
// package, and reports each one's peak resident memory in MB (the
// package's roots, its dependencies' lowering and the search together):
// go test ./cmd/kiss -run '^$' -bench RootMemory -benchtime=1x.
func BenchmarkRootMemory(b *testing.B) {
	src, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "src"))
	var pkgs []string
	for _, group := range []string{"porbench", "correct"} {
		dirs, _ := filepath.Glob(filepath.Join(src, group, "*"))
		for _, d := range dirs {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				pkgs = append(pkgs, group+"/"+filepath.Base(d))
			}
		}
	}
	if len(pkgs) == 0 {
		b.Fatal("no packages under testdata/src/porbench and testdata/src/correct")
	}
	for b.Loop() {
		var worst float64
		for _, p := range pkgs {
			cmd := exec.Command(kissBin, "./"+p)
			cmd.Dir = src
			cmd.Env = append(os.Environ(), "GOPATH="+filepath.Dir(src), "GO111MODULE=off", "GOPROXY=off")
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 3 && ee.ExitCode() != 0) {
				b.Fatalf("kiss %s: %v\n%s", p, err, out)
			}
			mb := float64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) / 1024
			worst = max(worst, mb)
			b.ReportMetric(mb, strings.ReplaceAll(p, "/", ".")+"-peak-MB")
		}
		b.ReportMetric(worst, "worst-peak-MB")
	}
}
