package sequentialize

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// markLine returns "file:line:" of the line of dir/file marked
// "// mark: what".
func markLine(t *testing.T, dir, file, what string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "testdata", "src", dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(line, "// mark: "+what) {
			return fmt.Sprintf("%s:%d:", file, i+1)
		}
	}
	t.Fatalf("no mark %q in %s", what, file)
	return ""
}

// TestRacePairsOnce: a racing pair of accesses is reported once per root,
// at the cheapest schedule, not again in the other order; one access that
// races with several earlier ones is one report naming them all; races on
// different pairs are reported each.
func TestRacePairsOnce(t *testing.T) {
	const dir = "seqconc/racepairs"
	fns := loadRoots(t, dir)
	mark := func(file, what string) string { return markLine(t, dir, file, what) }
	for _, c := range []struct {
		root string
		at   []string // the positions of the race reports, in order
		also []string // positions each report's message must name
	}{
		{"TestRefill", []string{mark("racepairs.go", "refill")},
			[]string{mark("racepairs.go", "allow read"), mark("racepairs.go", "allow write")}},
		{"TestTwoFields", []string{mark("racepairs_test.go", "x write"), mark("racepairs_test.go", "y write")},
			[]string{mark("racepairs_test.go", "x read")}},
	} {
		sc, res := runRoot(t, fns[c.root], 2)
		var got []string
		for _, v := range res.Violations {
			r := sc.Decode(v)
			t.Logf("%s: %s: %s", c.root, r.Pos, r.Message)
			if r.Check != "race" {
				t.Errorf("%s: unexpected %s", c.root, r.Message)
				continue
			}
			got = append(got, r.Pos)
			if v.Cost != 0 {
				t.Errorf("%s: race with %d preemptions: %s", c.root, v.Cost, r.Message)
			}
			if len(got) == 1 {
				for _, a := range c.also {
					if !strings.Contains(r.Message, a) {
						t.Errorf("%s: the report does not name %s: %s", c.root, a, r.Message)
					}
				}
			}
		}
		if len(got) != len(c.at) {
			t.Errorf("%s: got races at %v, want at %v", c.root, got, c.at)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.at[i]) {
				t.Errorf("%s: got races at %v, want at %v", c.root, got, c.at)
			}
		}
	}
}
