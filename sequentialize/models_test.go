package sequentialize

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gokiss/kiss/summaries"
)

// TestModels runs every root (test or benchmark) of testdata/src/seqconc/models and checks the
// outcome its name announces: _ok, or the check and the fewest preemptions
// that reach it.
func TestModels(t *testing.T) {
	checkOutcomes(t, "seqconc/models", 30)
}

// TestTestMain checks that go test's TestMain runs around each test, as
// the outcomes in the names of testdata/src/seqconc/testmain say.
func TestTestMain(t *testing.T) {
	checkOutcomes(t, "seqconc/testmain", 2)
}

// checkOutcomes runs the roots of dir and checks the outcome each name
// announces; dir has at least min such roots.
func checkOutcomes(t *testing.T, dir string, min int) {
	fns := loadRoots(t, dir)
	re := regexp.MustCompile(`^(?:Test|Benchmark)\w+_(ok|deadlock|leak|race|panic|assert)(\d*)$`)
	var names []string
	for name := range fns {
		if re.MatchString(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < min {
		t.Fatalf("only %d roots found in %s", len(names), dir)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			m := re.FindStringSubmatch(name)
			sc, res := runRoot(t, fns[name], 2)
			if !res.Stats.Complete {
				t.Errorf("exploration cut: %v", res.Stats.Cuts)
			}
			var got []string
			for _, v := range res.Violations {
				r := sc.Decode(v)
				got = append(got, r.Check+strconv.Itoa(v.Cost)+": "+r.Message)
			}
			if m[1] == "ok" {
				if len(got) > 0 {
					t.Errorf("want no violation, got %q", got)
				}
				return
			}
			want, _ := strconv.Atoi(m[2])
			if len(res.Violations) == 0 {
				t.Fatalf("want %s with %d preemptions, got none", m[1], want)
			}
			first := sc.Decode(res.Violations[0])
			if first.Check != m[1] || res.Violations[0].Cost != want {
				t.Errorf("want %s with %d preemptions first, got %q", m[1], want, got)
			}
		})
	}
}

// The panics Decode counts as schedule facts are the models' own messages:
// a model whose message changes must change the list too.
func TestConcurrencyPanicsAreTheModels(t *testing.T) {
	var all strings.Builder
	for _, f := range summaries.Files() {
		all.Write(f.Src)
	}
	for _, msg := range concurrencyPanics {
		if !strings.Contains(all.String(), strconv.Quote(msg)) {
			t.Errorf("no model panics with %q", msg)
		}
	}
}
