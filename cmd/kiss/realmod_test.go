package main_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// realmod is a module written as users write theirs: tests with testify
// (suites and mocks too), a generic container of another of its packages,
// sync.Map, fmt into a strings.Builder, time.Now().Add. Its dependencies
// come from the module proxy.
var realmod = filepath.Join("..", "..", "testdata", "realmod")

// The bug kernels of realmod, by root, and the check each must fail; the
// other roots are their fixed twins, which must stay silent.
var realmodBugs = map[string]string{
	"TestAddIfAbsentTwice": "assert", // sync.Map Load then Store
	"TestSharedBuffer":     "race",   // internal/ring.Buffer[string] shared
	"TestSharedReport":     "race",   // one strings.Builder, two fmt.Fprintf
	"TestIndexShared":      "race",   // a write past slices.Index, std's generic code
	"TestSeededPick":       "race",   // past the draw of a source seeded with 1
	"TestClockSeeded":      "race",   // beside draws of a source seeded with the clock
	// relay makes ring's generic buffer and hands it to feed, which
	// imports ring too
	"TestFillShared": "race",
	// a testify suite's test method: suite.Run finds it through reflect
	// and runs it as a subtest
	"TestCounterSuite": "race",
	// past a testify mock's Called
	"TestNotifyCounts": "race",
}

// The lines of jobs_test.go the fixed twins span.
var realmodTwins = map[string][2]int{
	"TestAddOnceTwice":    {32, 44},
	"TestLockedBuffer":    {61, 72},
	"TestSeparateReports": {89, 101},
	"TestIndexAfterDone":  {120, 131},
	"TestSeededPickOther": {151, 166},
}

// TestRealModuleKiss: under kiss ./..., each bug kernel of realmod is found
// and the fixed twins are silent; every schedule replays: the sync.Map
// bug's, the race inside the generic buffer of internal/ring (whose
// accesses replay hooks in that package), and the race inside one
// strings.Builder (hooked at the calls of the package that make them).
func TestRealModuleKiss(t *testing.T) {
	files := schedules(t, realmod)
	found := map[string]string{}
	var assert string
	var replayed []string
	for _, f := range files {
		// schedule files are named package.Root.check.line.json
		parts := strings.Split(filepath.Base(f), ".")
		if len(parts) < 4 {
			t.Fatalf("schedule file %s: unexpected name", f)
		}
		root, check := parts[1], parts[2]
		found[root] = check
		if _, bug := realmodBugs[root]; !bug {
			t.Errorf("%s: %s reported on a root without a bug", root, check)
		}
		if check == "assert" {
			assert = f
			replayed = append(replayed, f)
		}
		if root == "TestSharedReport" {
			// inside strings.Builder: replay parks the goroutines at the
			// calls of the package that make the accesses
			if sch := readSchedule(t, f); sch.Race == nil || sch.Race.First.Via == "" || sch.Race.Second.Via == "" {
				t.Errorf("%s: want the calls that make the race's accesses: %+v", filepath.Base(f), sch.Race)
			}
			replayed = append(replayed, f)
		}
		if root == "TestIndexShared" || root == "TestSeededPick" || root == "TestClockSeeded" || root == "TestCounterSuite" || root == "TestNotifyCounts" {
			replayed = append(replayed, f)
		}
		if root == "TestSharedBuffer" || root == "TestFillShared" {
			if sch := readSchedule(t, f); sch.Race == nil || !strings.HasPrefix(sch.Race.First.Pos, "example.com/realmod/internal/ring/ring.go:") {
				t.Errorf("%s: want the race's accesses named in internal/ring: %+v", filepath.Base(f), sch.Race)
			}
			replayed = append(replayed, f)
		}
	}
	for root, check := range realmodBugs {
		if found[root] != check {
			t.Errorf("%s: found %q, want a %s", root, found[root], check)
		}
	}
	if assert == "" {
		t.Fatal("no schedule of the sync.Map bug")
	}
	for _, v := range replayAll(t, realmod, replayed) {
		if v.Verdict != "reproduced" {
			t.Errorf("kiss replay %s: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
		}
	}
}

// TestRealModuleVet: go vet -vettool=kiss reports the same bugs, each
// package seeing its dependencies only through kiss's facts, and nothing
// in the fixed twins.
func TestRealModuleVet(t *testing.T) {
	out, _ := run(t, realmod, "go", "vet", "-vettool="+kissBin, "./...")
	for _, want := range []string{
		`jobs_test.go:28:\d+: test failure: t.Errorf called`,
		`ring.go:16:\d+: data race on b.items`,
		`jobs.go:61:\d+: data race on b.addr`, // the fmt.Fprintf of Report
		// past slices.Index: the package checked again against slices'
		// source, whose import of iter the export data has incomplete
		`jobs_test.go:110:\d+: data race on pos`,
		// math/rand's code from its facts: a constant seed draws as Go
		// does, the clock's draws are unknown values
		`jobs_test.go:14\d:\d+: data race on hits`,
		`jobs_test.go:17\d:\d+: data race on n`,
		// inside a testify suite's test method
		`tally.go:16:\d+: data race on c.n`,
		// past a testify mock's Called
		`notify.go:28:\d+: data race on n.sent`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("go vet -vettool=kiss: no match for %q in\n%s", want, out)
		}
	}
	// relay instantiates ring's generics and passes the buffer to feed,
	// whose export data speaks of ring as the driver gave it: feed is
	// checked from source too (reported inside ring, like jobs' race)
	if out, _ := run(t, realmod, "go", "vet", "-vettool="+kissBin, "./relay"); !regexp.MustCompile(`ring.go:16:\d+: data race on b.items`).MatchString(out) {
		t.Errorf("go vet -vettool=kiss ./relay: no race on b.items in\n%s", out)
	}
	// (the fixed twin TestSeparateReports calls Report too: one report only)
	if n := strings.Count(out, ": data race on b.addr"); n != 1 {
		t.Errorf("go vet -vettool=kiss: %d races on b.addr, want 1 (TestSharedReport's):\n%s", n, out)
	}
	// (NotifyLocked, TestNotifyLockedCounts's code)
	for twin, re := range map[string]string{
		"TestNotifyLockedCounts": `(?m)^\S*notify.go:(3[5-9]|4\d):\d+: .*$`, // NotifyLocked
		// LockedSuite, the suite's fixed twin, and what it calls
		"LockedSuite": `(?m)^\S*(tally_test.go:(3[89]|[4-6]\d)|tally.go:(2\d|3\d|4\d)):\d+: .*$`,
	} {
		for _, m := range regexp.MustCompile(re).FindAllString(out, -1) {
			if !strings.Contains(m, "step ") {
				t.Errorf("go vet -vettool=kiss reports on the fixed twin %s: %s", twin, m)
			}
		}
	}
	for _, m := range regexp.MustCompile(`(?m)^\S*jobs_test.go:(\d+):\d+: (.*)$`).FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[1])
		for root, span := range realmodTwins {
			if line >= span[0] && line <= span[1] && !strings.Contains(m[2], "step ") {
				t.Errorf("go vet -vettool=kiss reports on the fixed twin %s: %s", root, m[0])
			}
		}
	}
}

// TestRealModuleGoleak: relay's TestMain is goleak.VerifyTestMain, which
// parses every goroutine's stack trace once the tests are done. Under its
// model both of relay's roots complete; run as written, goleak forked on
// each byte of kiss's unknown frames and both ran to the 10 s budget.
func TestRealModuleGoleak(t *testing.T) {
	out, _ := run(t, realmod, kissBin, "-stats", "./relay")
	for _, root := range []string{"TestFillShared", "TestFillThenPush"} {
		if !regexp.MustCompile(`relay\.` + root + `: bound 2, .*; cut: none; `).MatchString(out) {
			t.Errorf("kiss -stats ./relay: %s did not complete:\n%s", root, out)
		}
	}
}

// TestOldTestifySuite: testify's suite.Run up to v1.10 picks the Test
// methods with regexp.MatchString("^Test", name) and calls t.Run through an
// interface of its own. Under kiss ./... (each finding replayed before it
// is shown) the suite's race is reported, and nothing in its fixed twin.
func TestOldTestifySuite(t *testing.T) {
	out, _ := run(t, filepath.Join("..", "..", "testdata", "oldsuite"), kissBin, "-stats", "./...")
	if !regexp.MustCompile(`(?m)^\S*tally.go:16:\d+: data race on c.n`).MatchString(out) {
		t.Errorf("kiss ./...: no race on c.n in\n%s", out)
	}
	for _, root := range []string{"TestCounterSuite", "TestLockedSuite"} {
		if !regexp.MustCompile(`tally\.` + root + `: bound 2, .*; cut: none; `).MatchString(out) {
			t.Errorf("kiss -stats: %s did not complete:\n%s", root, out)
		}
	}
	if strings.Contains(out, "not reported") || regexp.MustCompile(`(?m)^\S*(tally_test.go:(3[89]|[4-6]\d)|tally.go:(2\d|3\d|4\d)):\d+: [^\t]`).MatchString(out) {
		t.Errorf("kiss ./...: a finding held back or on the fixed twin:\n%s", out)
	}
}
