package kiss_test

import (
	"maps"
	"regexp"
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
// library's, and the same sequential program for every root of the
// corpus, seqconc and libmodels (up to the numbering of temporaries and
// the order of lines, which vary from run to run). It fails when a model
// looks up a package by path that the driver no longer creates.
func TestNeededPackagesLowerTheSame(t *testing.T) {
	pkgs := loadTestdata(t, []corpusGroup{{"kernels", 2}, {"correct", 1}, {"seqconc", 1}, {"libmodels", 1}})
	temps := regexp.MustCompile(`%[a-z]+\.?[0-9]+`)
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
			lines := strings.Split(temps.ReplaceAllString(code, "%"), "\n")
			slices.Sort(lines)
			mu.Lock()
			defer mu.Unlock()
			got[name] = append(got[name], strings.Join(lines, "\n"))
		})
		defer kiss.SetTestHookLowered(nil)
		defer kiss.SetCreateAll(false)
		conf := kiss.DefaultConfig
		conf.Err = discard{}
		conf.Timeout = 1e6 // the programs are made before the search
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
