package kiss_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/smt"
)

// BenchmarkCorpus runs kiss over every kernel and correct program (loaded
// once) and reports the time of a whole run, peak memory (the process's,
// and the most a root grew the live heap), and per root the mean paths and
// solver calls. -v prints each root's figures.
func BenchmarkCorpus(b *testing.B) {
	pkgs := loadTestdata(b, []corpusGroup{{"kernels", 2}, {"correct", 1}})
	var mu sync.Mutex // roots of different packages end at once
	var roots, paths, steps, calls int
	var slowest time.Duration
	var slowestRoot string
	var rootPeak uint64
	conf := kiss.DefaultConfig
	conf.Err = discard{}
	conf.OnRoot = func(root string, st smt.Stats, took time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		roots++
		paths += st.Paths
		steps += st.Steps
		calls += st.SolverCalls
		rootPeak = max(rootPeak, st.PeakMemory)
		if took > slowest {
			slowest, slowestRoot = took, root
		}
		if testing.Verbose() {
			b.Logf("%-70s %8d paths %5d solver calls %5d MB peak %v", root, st.Paths, st.SolverCalls, st.PeakMemory>>20, took.Round(time.Millisecond))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		roots, paths, steps, calls = 0, 0, 0, 0
		analyze(b, pkgs, &conf)
	}
	b.ReportMetric(float64(roots), "roots")
	b.ReportMetric(float64(paths)/float64(max(roots, 1)), "paths/root")
	b.ReportMetric(float64(steps)/float64(max(roots, 1)), "steps/root")
	b.ReportMetric(float64(calls)/float64(max(roots, 1)), "solver-calls/root")
	b.ReportMetric(peakMB(), "peak-MB")
	b.ReportMetric(float64(rootPeak>>20), "root-peak-MB")
	b.Logf("slowest root: %s (%v)", slowestRoot, slowest.Round(time.Millisecond))
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// peakMB is the process's peak resident memory (VmHWM), in MB.
func peakMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkReduction runs the interleaving-heavy correct programs of
// testdata/src/porbench with and without partial-order reduction and
// reports, per root and way, the paths, steps, time, the most it grew the
// live heap and whether the bound was explored in full (-v prints each
// root).
func BenchmarkReduction(b *testing.B) {
	pkgs := loadTestdata(b, []corpusGroup{{"porbench", 1}})
	for b.Loop() {
		for _, way := range []string{"full", "sleep", "reduced"} {
			var mu sync.Mutex
			var paths, complete int
			var rootPeak uint64
			conf := kiss.DefaultConfig
			conf.Err = discard{}
			conf.Reduce = way != "full"
			conf.SleepSetsOnly = way == "sleep"
			conf.OnRoot = func(root string, st smt.Stats, took time.Duration) {
				mu.Lock()
				defer mu.Unlock()
				paths += st.Paths
				rootPeak = max(rootPeak, st.PeakMemory)
				if st.Complete {
					complete++
				}
				b.Logf("%-7s %-40s %8d paths %10d steps %6d slept %6d added by races %5d MB peak  complete=%-5v %v", way, root, st.Paths, st.Steps, st.Slept, st.Backtracks, st.PeakMemory>>20, st.Complete, took.Round(time.Millisecond))
			}
			start := time.Now()
			analyze(b, pkgs, &conf)
			b.ReportMetric(float64(paths), way+"-paths")
			b.ReportMetric(float64(complete), way+"-complete-roots")
			b.ReportMetric(float64(rootPeak>>20), way+"-root-peak-MB")
			b.ReportMetric(time.Since(start).Seconds(), way+"-s")
		}
	}
}

// corpusGroup is a directory of testdata/src and the depth of its packages.
type corpusGroup struct {
	name  string
	depth int
}

// loadTestdata loads the packages of the groups, with their tests, from
// testdata's GOPATH.
func loadTestdata(tb testing.TB, groups []corpusGroup) []*packages.Package {
	var patterns []string
	for _, g := range groups {
		for _, p := range corpus(tb, g.name, g.depth) {
			patterns = append(patterns, "./"+p)
		}
	}
	return loadPatterns(tb, patterns...)
}

// loadPatterns loads the packages of testdata's GOPATH the patterns name
// ("./libmodels/allocs"), with their tests.
func loadPatterns(tb testing.TB, patterns ...string) []*packages.Package {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true, Dir: filepath.Join(testdata, "src"),
		Env: append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off")}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		tb.Fatal(err)
	}
	return pkgs
}

// analyze runs kiss with conf over pkgs and returns the action graph and
// the analyzer that ran (its actions carry the diagnostics).
func analyze(tb testing.TB, pkgs []*packages.Package, conf *kiss.Config) (*checker.Graph, *analysis.Analyzer) {
	a := *kiss.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return kiss.Check(pass, conf) }
	g, err := checker.Analyze([]*analysis.Analyzer{&a}, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return g, &a
}
