package kiss_test

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	kiss "github.com/gokiss/kiss/analyzer"
)

// TestNeededPackagesLowerTheSame checks that creating only the SSA
// packages a package's code needs (neededPackages) lowers the same code as
// creating every package of its imports' closure: the same code for
// importers (its hash) for every package, the corpus's and the standard
// library's, and the same sequential program, byte for byte, for every
// root of the corpus, seqconc and libmodels. It fails when a model looks
// up a package by path that the driver no longer creates, and when the
// lowering's output varies from run to run (a map's order: the two
// stores of context's errors in @rt.libinit swapped in one run of two).
func TestNeededPackagesLowerTheSame(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"kernels", 2}, {"correct", 1}, {"seqconc", 1}, {"libmodels", 1}})
	t.Cleanup(kiss.ResetStore)
	// A package and its test variant lower under one name: a name has
	// the code of each, in order.
	run := func(all bool) map[string]string {
		// A store of its own: code taken from the store is not lowered.
		t.Setenv("KISS_CACHE", t.TempDir())
		kiss.ResetStore()
		kiss.SetCreateAll(all)
		var mu sync.Mutex
		got := map[string][]string{}
		kiss.SetTestHookLowered(func(name, code string) {
			mu.Lock()
			defer mu.Unlock()
			got[name] = append(got[name], code)
		})
		defer kiss.SetTestHookLowered(nil)
		defer kiss.SetCreateAll(false)
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.Timeout = 1e6 // the programs are made before the search
		// every root built, however long the builds of the package's
		// others took (creating every package makes them slower: seven
		// roots of seqconc/unknownfx were left to a used-up budget)
		conf.PackageTimeout = 0
		analyze(t, pkgs, &conf)
		out := map[string]string{}
		for name, codes := range got {
			slices.Sort(codes)
			out[name] = strings.Join(codes, "\n\x00")
		}
		return out
	}
	all, needed := run(true), run(false)
	if len(all) < 300 {
		t.Fatalf("%d packages and roots lowered: the corpus did not load", len(all))
	}
	for _, name := range slices.Sorted(maps.Keys(all)) {
		if got, ok := needed[name]; !ok {
			t.Errorf("%s: not lowered with only the packages it needs", name)
		} else if got != all[name] {
			t.Errorf("%s: lowered differently with only the packages it needs", name)
		}
	}
	for name := range needed {
		if _, ok := all[name]; !ok {
			t.Errorf("%s: lowered only with the packages it needs", name)
		}
	}
}
