package kiss_test

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/smt"
	"golang.org/x/tools/go/packages"
)

// TestReductionKeepsFindings is partial-order reduction's differential
// test: every root of the corpus (kernels, their fixed twins, correct
// programs) and of seqconc is explored with and without the reduction,
// and the findings must be the same: check, position and the fewest
// preemptions. It fails if the reduction loses a finding, finds one at a
// higher cost, or finds one the full search does not. A third run caps
// goroutines above 64, where the scheduler picks among the runnable ones
// by rank (choose) instead of by number (choosebit, which leaves the
// sleeping ones out before they fork): the same findings again.
func TestReductionKeepsFindings(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"kernels", 2}, {"correct", 1}, {"seqconc", 1}, {"libmodels", 1}})
	// (no run completes capBound's roots: the comparison would be luck)
	pkgs = slices.DeleteFunc(pkgs, func(p *packages.Package) bool { return strings.HasPrefix(p.PkgPath, capBound) })
	var slept atomic.Int64
	run := func(reduce bool, goroutines int) map[string]bool {
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.Reduce = reduce
		conf.Goroutines = goroutines
		conf.OnRoot = func(_ string, st smt.Stats, _ time.Duration) { slept.Add(int64(st.Slept)) }
		// Budgets would make the two runs see different parts of a root.
		conf.Timeout = 20e9
		g, a := analyze(t, pkgs, &conf)
		found := map[string]bool{}
		for act := range g.All() {
			if act.Analyzer != a {
				continue
			}
			for _, d := range act.Diagnostics {
				cost := preemptions.FindString(d.Message)
				found[act.Package.Fset.Position(d.Pos).String()+" "+d.Category+" "+cost] = true
			}
		}
		return found
	}
	full, reduced := run(false, kiss.DefaultConfig.Goroutines), run(true, kiss.DefaultConfig.Goroutines)
	if len(full) == 0 {
		t.Fatal("the full search found nothing: the corpus did not load")
	}
	compare := func(how string, got map[string]bool) {
		for _, k := range slices.Sorted(maps.Keys(full)) {
			if !got[k] {
				t.Errorf("lost by the reduction%s: %s", how, k)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(got)) {
			if !full[k] {
				t.Errorf("found only with the reduction%s: %s", how, k)
			}
		}
	}
	compare("", reduced)
	compare(" with goroutines picked by rank", run(true, 65))
	if slept.Load() == 0 {
		t.Error("the reduction never put a goroutine to sleep")
	}
	t.Logf("%d findings without the reduction, %d with it; %d paths dropped as reorderings of independent steps", len(full), len(reduced), slept.Load())
}

// capBound is the kernel of 60 goroutines alive at once, whose roots the
// search without the reduction does not complete within the budget.
const capBound = "kernels/race/spawnmany" // and its .test

var preemptions = regexp.MustCompile(`\(\d+ preemptions?\)`)

// TestCounterUpdatesCommute: the wg.Done calls of goroutines that share
// nothing else commute while the counter stays at two or more (smt's
// porAdd), so the reduction explores few of their orders. Without that,
// every order of the five Done calls is explored: the reduced search then
// runs 1.1 M steps against 3.4 M for the full one; with it, 0.7 M.
// A state met again with other goroutines asleep is explored only for the
// goroutines not run from it before: 803 paths, against 960 when it was
// explored whole; since Wait's test of the counter commutes with them too
// (TestWaitAndReadersCommute), 40 paths and 46 k steps.
func TestCounterUpdatesCommute(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"correct/shards", 0}})
	steps, paths := map[bool]int{}, map[bool]int{}
	var mu sync.Mutex // a package's roots run side by side
	for _, reduce := range []bool{false, true} {
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.Reduce = reduce
		conf.Timeout = 60e9
		conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			if !st.Complete {
				t.Errorf("%s (reduce=%v): incomplete: %v", root, reduce, st.Cuts)
			}
			steps[reduce] += st.Steps
			paths[reduce] += st.Paths
		}
		analyze(t, pkgs, &conf)
	}
	if steps[false] == 0 || steps[true]*4 > steps[false] {
		t.Errorf("the reduced search ran %d steps, the full one %d: want at most a quarter", steps[true], steps[false])
	}
	if paths[true] > 880 {
		t.Errorf("the reduced search took %d paths, want at most 880", paths[true])
	}
	t.Logf("steps: %d full, %d reduced; %d paths reduced", steps[false], steps[true], paths[true])
}

// TestSourceSets: ten goroutines that each update their own shard under
// their own lock share only a WaitGroup. Sleep sets alone still start a
// path for most subsets of them at each scheduling point; source sets run
// one goroutine and add the others only where a race asks for them. With
// one preemption the search took 10,762 paths with sleep sets only and
// 3,666 with source sets; since Wait's test of the counter commutes with
// the Dones (TestWaitAndReadersCommute), 7,167 and 40.
func TestSourceSets(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"porbench/shards10", 0}})
	paths, added := map[bool]int{}, map[bool]int{}
	var mu sync.Mutex // a package's roots run side by side
	for _, sleepOnly := range []bool{true, false} {
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.Contexts = 1
		conf.SleepSetsOnly = sleepOnly
		conf.Timeout = 60e9
		conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			if !st.Complete {
				t.Errorf("%s (sleep sets only: %v): incomplete: %v", root, sleepOnly, st.Cuts)
			}
			paths[sleepOnly] += st.Paths
			added[sleepOnly] += st.Backtracks
		}
		analyze(t, pkgs, &conf)
	}
	if added[true] != 0 || added[false] == 0 {
		t.Errorf("schedules added by races: %d with sleep sets only, %d with source sets", added[true], added[false])
	}
	if paths[true] == 0 || paths[false]*2 > paths[true] {
		t.Errorf("paths: %d with sleep sets only, %d with source sets: want at most half", paths[true], paths[false])
	}
	t.Logf("paths: %d with sleep sets only, %d with source sets (%d added by races)", paths[true], paths[false], added[false])
}

// TestSymmetricStarts: ten alike goroutines of one go statement send on
// one channel. Without the symmetry of their starts (rt.twin) every order
// in which they first run is a path of its own, and the root ran to its
// 10 s budget at 24,000 paths; with it, it completes in 3,475.
func TestSymmetricStarts(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"porbench/fanin10same", 0}})
	conf := kiss.DefaultConfig
	conf.Err = discard{}
	conf.Timeout = 60e9
	paths := 0
	conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
		if !st.Complete {
			t.Errorf("%s: incomplete: %v", root, st.Cuts)
		}
		paths += st.Paths
	}
	analyze(t, pkgs, &conf)
	if paths == 0 || paths > 6000 {
		t.Errorf("the search took %d paths, want at most 6000", paths)
	}
	t.Logf("%d paths", paths)
}

// TestSymmetricStates: ten alike goroutines increment a counter under one
// mutex. States that differ only in which of them has finished, holds the
// lock or waits for it meet in the state cache under a renaming of the
// goroutines (smt.Symmetry): 3,094 paths in 0.6 s; without that the root
// ran to its 10 s budget (55,720 paths).
func TestSymmetricStates(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"porbench/counter10", 0}})
	paths := map[bool]int{}
	complete := map[bool]bool{}
	for _, off := range []bool{false, true} {
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.SymmetryOff = off
		conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
			paths[off], complete[off] = st.Paths, st.Complete
		}
		analyze(t, pkgs, &conf)
	}
	if !complete[false] || paths[false] > 5000 {
		t.Errorf("with symmetry: %d paths, complete %v; want at most 5000, complete", paths[false], complete[false])
	}
	if complete[true] && paths[true] < 5*paths[false] {
		t.Errorf("without symmetry: %d paths, complete; want more than 5 times %d", paths[true], paths[false])
	}
	t.Logf("paths: %d with symmetry, %d without (complete: %v)", paths[false], paths[true], complete[true])
}

// TestWaitAndReadersCommute: updates of a WaitGroup's counter and of an
// RWMutex's readers that do not reach zero commute with each other and
// with a Wait that finds the counter above zero (smt porAdd). Ten
// goroutines that each update their own shard share only the WaitGroup:
// before Wait's test commuted, every subset of them that ran before Wait
// was a class of its own, and the root ran to its 10 s budget (35,750
// paths); now 82. Six readers of an RWMutex took 209 paths while their
// RLocks and RUnlocks conflicted, 109 now.
func TestWaitAndReadersCommute(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"porbench/shards10", 0}, {"porbench/readers6", 0}})
	conf := kiss.DefaultConfig
	conf.Err = discard{}
	conf.Timeout = 60e9
	var mu sync.Mutex
	paths := map[string]int{}
	conf.OnRoot = func(root string, st smt.Stats, _ time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		if !st.Complete {
			t.Errorf("%s: incomplete: %v", root, st.Cuts)
		}
		paths[root[strings.LastIndex(root, ".")+1:]] += st.Paths
	}
	analyze(t, pkgs, &conf)
	for root, most := range map[string]int{"TestShards10": 1000, "TestReaders6": 150} {
		if n := paths[root]; n == 0 || n > most {
			t.Errorf("%s: the search took %d paths, want at most %d", root, n, most)
		}
	}
	t.Logf("paths: %v", paths)
}
