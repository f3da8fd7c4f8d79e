package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis/singlechecker"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/smt/z3"
)

func main() {
	// A soft limit on the heap unless GOMEMLIMIT sets one: near it the
	// collector works harder instead of letting a package's peak grow to
	// twice its live heap (go vet runs a process per package, several at
	// once). On golang.org/x/sync, the largest go vet process peaked at
	// 6.1 GB without a limit and 3.4 GB with one of 1 GiB; with the roots'
	// memory budget (-memory) the live heap stays below it, and 768 MiB
	// leaves room under a GiB for Z3's own memory. What Z3 holds comes
	// off the limit (keepUnder): a root of os/signal whose queries are on
	// strings held 1.0–1.3 GB with the heap alone under 768 MiB.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(goLimit(768<<20, 0)) // from the start, not from the goroutine's first turn
		go keepUnder(768 << 20)
	}
	// Under the limit, the collector may let the heap grow to five times
	// what is live, unless GOGC says otherwise: the explorer's states are
	// short-lived and many, and at GOGC=100 a root of interleaving-heavy
	// tests spent about 40% of its CPU collecting (testdata/src/porbench:
	// errgrouplimit 6.0 s → 5.4 s, shards10 cut by its budget → complete
	// in 9.8 s; golang.org/x/sync through go vet 111 s → 102 s).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "ir":
			os.Exit(runIR(os.Args[2:]))
		case "lsp":
			os.Exit(runLSP(os.Args[2:]))
		case "replay":
			os.Exit(runReplay(os.Args[2:]))
		case "stress":
			os.Exit(runStress(os.Args[2:]))
		}
		switch os.Args[1] {
		case "-V", "--V", "-V=true", "-version", "--version":
			// go vet asks -V=full (unitchecker's answer, with a build ID
			// for its cache); a user typing -V gets the version, not
			// unitchecker's "use -V=full".
			fmt.Printf("kiss version %s\n", longVersion())
			return
		}
		if wantsSARIF(os.Args[1:]) {
			os.Exit(runSARIF(os.Args[1:]))
		}
	}
	// singlechecker also speaks go vet's unit-checker protocol when go vet
	// runs kiss as its -vettool; a dependency is analysed for its facts only.
	if vetxOnly(os.Args[1:]) {
		kiss.SetFactsOnly(true)
	}
	if !unitChecker(os.Args[1:]) {
		kiss.SetManyPackages()
	}
	singlechecker.Main(kiss.Analyzer)
}

// unitChecker reports whether go vet runs kiss on one unit: the
// unit-checker protocol's one argument is the unit's JSON configuration.
func unitChecker(args []string) bool {
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// vetxOnly reports whether go vet runs kiss on a unit only for its facts
// (a dependency of the packages being vetted): the unit-checker protocol's
// one argument is the unit's JSON configuration file.
func vetxOnly(args []string) bool {
	if !unitChecker(args) {
		return false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return false // unitchecker reports it
	}
	var cfg struct{ VetxOnly bool }
	return json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly
}

// keepUnder keeps Go's soft memory limit at goLimit(limit, the live heap).
func keepUnder(limit int64) {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	for {
		metrics.Read(live)
		debug.SetMemoryLimit(goLimit(limit, int64(live[0].Value.Uint64())))
		time.Sleep(50 * time.Millisecond)
	}
}

// goLimit is limit less what Z3 has allocated, so that the process's
// memory, Go's and Z3's, stays near limit (the collector works harder as
// Z3 grows); never below a third of it, where collecting would be all the
// process did, nor below half again the heap live at the last collection.
// A limit under what is live has the collector run back to back with half
// the processors, and the roots' budgets go to it: kiss std, whose one
// process holds every package (1.9 GB with four of them), ran a
// strings_test root of 160 ms alone in 0.5 to 2.4 s and checked 17 roots
// of those four packages.
func goLimit(limit, live int64) int64 {
	return max(limit-int64(z3.EstimatedAllocSize()), limit/3, live+live/2)
}
