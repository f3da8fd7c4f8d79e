package main_test

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// schedules runs kiss -schedules on ./... in dir and returns the files,
// unreplayed: the tests replay them (with -verify, kiss would replay each
// once more before writing it).
func schedules(t *testing.T, dir string) []string {
	t.Helper()
	out := t.TempDir()
	run(t, dir, kissBin, "-verify=false", "-schedules", out, "./...")
	files, _ := filepath.Glob(filepath.Join(out, "*.json"))
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("kiss -schedules wrote no schedule in %s", dir)
	}
	return files
}

// TestReplayExamples: every schedule of the demo module replays as
// reproduced.
func TestReplayExamples(t *testing.T) {
	files := schedules(t, examples)
	if len(files) != len(wantFindings) {
		t.Fatalf("%d schedules, want %d", len(files), len(wantFindings))
	}
	for _, v := range replayAll(t, examples, files) {
		if v.Verdict != "reproduced" {
			t.Errorf("%s: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
		}
		if len(v.Trace) != v.Steps {
			t.Errorf("%s: %d steps replayed of %d", filepath.Base(v.File), len(v.Trace), v.Steps)
		}
	}
}

// kernelModule copies the bug kernels of testdata/src/kernels into a
// module "kernels" (the import paths of analysistest's GOPATH layout).
func kernelModule(t *testing.T) string {
	return testdataModule(t, "kernels")
}

// fixedTwin writes into dir the schedule of file with its root renamed
// TestXxx → TestXxxFixed (the kernel's fixed twin), and returns its path.
func fixedTwin(t *testing.T, file, dir string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.Decode(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	s.Root += "Fixed"
	out, err := os.Create(filepath.Join(dir, filepath.Base(file)))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := schedule.Encode(out, s); err != nil {
		t.Fatal(err)
	}
	return out.Name()
}

// replayShapes are the kernels of the shapes replay once got wrong (a
// select with one case, timers, deadlines, sleeps, helper roots, steps
// inside std, method values, language versions, random values, loop
// variables, package testing's panics, a goroutine started inside std,
// an access in a func literal of a statement's header), by package name.
var replayShapes = map[string]string{
	"singlecaserecv":    "select with one receive case",
	"singlecasesend":    "select with one send case",
	"pollertimer":       "time.Timer and a method value deferred",
	"debounceafterfunc": "time.AfterFunc",
	"fetchdeadline":     "context deadline",
	"timeoutsender":     "time.After in a select",
	"sleeplock":         "time.Sleep then a lock",
	"fixturehelper":     "helper root",
	"newcache":          "constructor root",
	"pipefirst":         "steps inside io.Pipe",
	"oncerecursive":     "sync.Once inside std",
	"releasefunc":       "method value called later",
	"loopvar":           "go1.21 file: one loop variable",
	"loopvarsprintf":    "loop variable read inside fmt.Sprintf",
	"randshard":         "rand.Intn's value",
	"failafterreturn":   "testing's Fail after completion panic",
	"examplefirst":      "Example root",
	"parallelsubtests":  "parallel subtests",
	"benchcache":        "benchmark: b.Run and b.RunParallel",
	"sessiontoken":      "a goroutine the standard library starts and the schedule never runs (crypto/rand's timer)",
	"bubblecounter":     "testing/synctest.Test's deadlock panic",
	"bubblenowait":      "a test in a testing/synctest bubble without synctest.Wait",
	"signalworker":      "os/signal's first Notify, which Go's runtime refuses inside a bubble",
	"jobinline":         "an access in a func literal in an if statement's header",
}

// TestReplayKernels: every schedule kiss reports on its bug corpus replays
// as reproduced (those of replayShapes ten times out of ten), and the same
// schedule run on the kernel's fixed twin (root TestXxx → TestXxxFixed)
// does not.
func TestReplayKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("replays every kernel twice")
	}
	start := time.Now()
	dir := kernelModule(t)
	files := schedules(t, dir)
	t.Logf("kiss -schedules: %d schedules in %v", len(files), time.Since(start).Round(time.Second))

	// every kernel has a schedule
	kernels, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, k := range kernels {
		name := filepath.Base(k)
		found := false
		for _, f := range files {
			found = found || strings.HasPrefix(filepath.Base(f), name+".")
		}
		if !found {
			t.Errorf("kernel %s: no schedule", name)
		}
	}

	// the fixed twins: the same schedules with the root TestXxxFixed
	fixedDir := t.TempDir()
	var fixed []string
	for _, f := range files {
		fixed = append(fixed, fixedTwin(t, f, fixedDir))
	}

	// the kernels of the shapes replay once got wrong replay ten times
	var again []string
	for _, f := range files {
		if replayShapes[strings.SplitN(filepath.Base(f), ".", 2)[0]] != "" {
			for range 9 {
				again = append(again, f)
			}
		}
	}

	mark := time.Now()
	vs := replayAll(t, dir, append(append(append([]string{}, files...), fixed...), again...))
	if len(vs) != 2*len(files)+len(again) {
		t.Fatalf("%d verdicts for %d schedules, their twins and %d replays again", len(vs), len(files), len(again))
	}
	reproduced := map[string]int{}
	for _, v := range vs {
		if v.Verdict == "reproduced" {
			reproduced[strings.SplitN(filepath.Base(v.File), ".", 2)[0]]++
		}
	}
	for k, shape := range replayShapes {
		if reproduced[k] < 10 {
			t.Errorf("kernel %s (%s): %d of its replays reproduced, want 10 of 10 of each schedule", k, shape, reproduced[k])
		}
	}
	for _, v := range vs {
		if strings.HasPrefix(v.File, fixedDir) {
			if !strings.HasSuffix(v.Root, "Fixed") {
				t.Errorf("%s: root %s", filepath.Base(v.File), v.Root)
			}
			if v.Verdict == "reproduced" || v.Verdict == "error" {
				t.Errorf("%s on the fixed twin: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
			}
			continue
		}
		if v.Verdict != "reproduced" {
			t.Errorf("%s: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
		}
	}
	t.Logf("replays of %d schedules and of their fixed twins: %v", len(files), time.Since(mark).Round(time.Second))
}

// TestReplayDeterministic: ten replays of one file give the same verdict
// and the same step trace (the deadlock, whose end the watchdog detects,
// the race, which runs past the schedule's end, and the leak, which
// waits for the goroutines to settle after the test).
func TestReplayDeterministic(t *testing.T) {
	files := schedules(t, examples)
	for _, check := range []string{"deadlock", "race", "leak"} {
		var file string
		for _, f := range files {
			if strings.Contains(filepath.Base(f), "."+check+".") {
				file = f
			}
		}
		if file == "" {
			t.Fatalf("no %s schedule", check)
		}
		var first string
		for i := 0; i < 10; i++ {
			out, code := run(t, examples, kissBin, "replay", "-json", file)
			if code != 0 {
				t.Fatalf("replay %d of %s: exit %d\n%s", i, check, code, out)
			}
			if i == 0 {
				first = out
			} else if out != first {
				t.Fatalf("replay %d of %s differs:\n%s\nfirst:\n%s", i, check, out, first)
			}
		}
	}
}

// TestReplayVerdicts: the exit codes and the human output of each verdict.
func TestReplayVerdicts(t *testing.T) {
	files := schedules(t, examples)
	byCheck := map[string]*schedule.Schedule{}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		s, err := schedule.Decode(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		byCheck[s.Check] = s
	}
	write := func(s *schedule.Schedule) string {
		f, err := os.Create(filepath.Join(t.TempDir(), "s.json"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := schedule.Encode(f, s); err != nil {
			t.Fatal(err)
		}
		return f.Name()
	}

	// reproduced: exit 0, the trace and the verdict
	out, code := run(t, examples, kissBin, "replay", write(byCheck["deadlock"]))
	if code != 0 || !strings.Contains(out, "step 6: goroutine 0 lock at shop.go:21:12 (blocks) ✓") || !strings.Contains(out, "\nreproduced: ") {
		t.Errorf("deadlock: exit %d\n%s", code, out)
	}

	// not reproduced: the same run, but kiss said another panic
	p := *byCheck["panic"]
	if p.Panic == "" {
		t.Fatalf("the panic's schedule has no panic value: %+v", p)
	}
	p.Panic = "send on closed channel"
	out, code = run(t, examples, kissBin, "replay", write(&p))
	if code != 1 || !strings.Contains(out, "not reproduced: ") {
		t.Errorf("panic with another message: exit %d, want 1\n%s", code, out)
	}

	// a file written before schedules had a panic value: the position only
	p.Panic = ""
	out, code = run(t, examples, kissBin, "replay", write(&p))
	if code != 0 || !strings.Contains(out, "only the position was judged") {
		t.Errorf("panic without its value: exit %d, want 0\n%s", code, out)
	}

	// diverged: a step at another position
	d := *byCheck["deadlock"]
	d.Steps = append([]schedule.Step{}, d.Steps...)
	d.Steps[2].Pos = "shop.go:22:12"
	out, code = run(t, examples, kissBin, "replay", write(&d))
	if code != 2 || !strings.Contains(out, "diverged at step 3: expected goroutine 0 lock at shop.go:22:12; instead goroutine 0 reached lock at shop.go:19:14") {
		t.Errorf("moved step: exit %d, want 2\n%s", code, out)
	}

	// error: no such file, and a root that is not in the package
	if out, code = run(t, examples, kissBin, "replay", "nonexistent.json"); code != 3 {
		t.Errorf("missing file: exit %d, want 3\n%s", code, out)
	}
	e := *byCheck["leak"]
	e.Root = "TestNoSuchRoot"
	if out, code = run(t, examples, kissBin, "replay", write(&e)); code != 3 || !strings.Contains(out, "TestNoSuchRoot") {
		t.Errorf("unknown root: exit %d, want 3\n%s", code, out)
	}
}

// TestReplayMoreShapes: roots in an external test package (p_test), a
// timer's function (time.AfterFunc) that is a goroutine of the schedule,
// a ticker whose ticks are steps, sleeps on the fake clock, and a root
// whose violation is inside a subtest (t.Run). TestHandoff has two: a
// deadlock, and a leak (when the timeout wins, the goroutine sends after the
// test returned) that needs p.Counter.Inc's code, which kiss sees through
// the facts of package p.
func TestReplayMoreShapes(t *testing.T) {
	dir := filepath.Join("testdata", "replay")
	files := schedules(t, dir)
	if len(files) != 5 {
		t.Fatalf("%d schedules, want 5: %v", len(files), files)
	}
	for _, v := range replayAll(t, dir, files) {
		if v.Verdict != "reproduced" {
			t.Errorf("%s: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
		}
		if len(v.Trace) != v.Steps {
			t.Errorf("%s: %d steps replayed of %d", filepath.Base(v.File), len(v.Trace), v.Steps)
		}
	}
}

// TestReplayOldModule: a module whose go.mod says go 1.13, a file with
// an old-style build line: the hooks are generic, so the copies are
// compiled at go1.21 (a //go:build line), and the deadlock replays ten
// times out of ten; its fixed twin's root under the same schedule does not.
func TestReplayOldModule(t *testing.T) {
	dir := filepath.Join("testdata", "replay113")
	files := schedules(t, dir)
	if len(files) != 1 {
		t.Fatalf("%d schedules, want 1: %v", len(files), files)
	}
	// ten times out of ten, as the shape kernels of the corpus
	vs := replayAll(t, dir, slices.Repeat(files, 10))
	if len(vs) != 10 {
		t.Fatalf("%d verdicts for 10 replays", len(vs))
	}
	for _, v := range vs {
		if v.Verdict != "reproduced" {
			t.Errorf("%s: %s: %s", filepath.Base(v.File), v.Verdict, v.Detail)
		}
	}
	for _, v := range replayAll(t, dir, []string{fixedTwin(t, files[0], t.TempDir())}) {
		if v.Verdict == "reproduced" || v.Verdict == "error" {
			t.Errorf("the fixed twin: %s: %s", v.Verdict, v.Detail)
		}
	}
}
