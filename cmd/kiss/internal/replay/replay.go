package replay

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
)

//go:embed scheduler.go.txt
var schedulerSource string

// Verdicts.
const (
	reproduced    = "reproduced"
	notReproduced = "not reproduced"
	diverged      = "diverged"
	failed        = "error" // the replay could not run (build error, bad file)
)

// ExitError is the exit code of kiss replay when a replay could not run;
// ExitCode gives the others.
const ExitError = 3

// ExitCode is kiss replay's exit code for a verdict: 0 reproduced, 1 not
// reproduced, 2 diverged, 3 error.
func ExitCode(verdict string) int {
	switch verdict {
	case reproduced:
		return 0
	case notReproduced:
		return 1
	case diverged:
		return 2
	}
	return ExitError
}

// Options configure a replay.
type Options struct {
	Timeout time.Duration // of the go test run; 0 is 2 minutes
	Keep    bool          // keep the overlay and the event log (for debugging)
	Log     func(string)  // where Keep reports the work directory
}

// Step is one step of the replay's trace: the schedule's step N (from 1),
// and whether the run performed it (OK) or left the schedule there.
type Step struct {
	N int `json:"step"`
	schedule.Step
	OK bool `json:"ok"`
}

// Result is the outcome of replaying one schedule file.
type Result struct {
	File    string `json:"file"`
	Package string `json:"package"`
	Root    string `json:"root"`
	Check   string `json:"check"`
	Message string `json:"message"`
	Verdict string `json:"verdict"`
	// DivergedAt is the 1-based step where the run left the schedule.
	DivergedAt int    `json:"diverged_at,omitempty"`
	Expected   string `json:"expected,omitempty"` // what the schedule says at that step
	Actual     string `json:"actual,omitempty"`   // what the run did instead
	Detail     string `json:"detail"`             // one line: why this verdict
	Steps      int    `json:"steps"`              // steps in the schedule
	Trace      []Step `json:"trace"`              // the steps the run performed
}

// Replay runs the root test of the schedule in file under the schedule.
func Replay(file string, opts Options) *Result {
	r := &Result{File: file}
	sch, err := readSchedule(file)
	if err != nil {
		return r.fail(err)
	}
	return replaySchedule(sch, file, opts)
}

func readSchedule(file string) (*schedule.Schedule, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return schedule.Decode(f)
}

func (r *Result) fail(err error) *Result {
	r.Verdict = failed
	r.Detail = err.Error()
	return r
}

// replaySchedule is Replay of a decoded schedule (name is its file, for
// the report).
func replaySchedule(sch *schedule.Schedule, name string, opts Options) (res *Result) {
	r := &Result{File: name, Package: sch.Package, Root: sch.Root, Check: sch.Check, Message: sch.Message, Steps: len(sch.Steps)}
	orig := sch
	sch = localPositions(sch)
	defer func() { res.renderAs(orig) }()
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Minute
	}
	work, err := os.MkdirTemp("", "kiss-replay")
	if err != nil {
		return r.fail(err)
	}
	if opts.Keep {
		if opts.Log != nil {
			opts.Log("kiss replay: work directory " + work)
		}
	} else {
		defer os.RemoveAll(work)
	}
	prep, err := instrument(sch, "", work)
	if err != nil {
		return r.fail(err)
	}
	dir := prep.dir
	l, output, err := run(sch, nil, prep, work, 1, opts.Timeout)
	if err != nil {
		return r.fail(err)
	}
	judge(r, sch, l, output, dir)
	if r.Verdict != reproduced || sch.Check != "race" || sch.Race == nil {
		return r
	}
	// The race's accesses were reached in the schedule's order. Run again,
	// parking the first goroutine at the access it made (the last time it
	// made it): the second goroutine must reach its access all the same.
	first := sch.Race.First.G
	own := -1
	for _, e := range l.events {
		if e.kind == "parked" && e.int(0) == first {
			return r // both were parked in the first run
		}
		if e.kind == "access" && e.int(0) == first {
			own = e.int(3)
		}
	}
	if own < 0 {
		r.Verdict = notReproduced
		r.Detail = fmt.Sprintf("goroutine %d never made its %s at %s", first, sch.Race.First.Access, sch.Race.First.Pos)
		return r
	}
	r2 := &Result{File: r.File, Package: r.Package, Root: r.Root, Check: r.Check, Message: r.Message, Steps: r.Steps}
	l2, output, err := run(sch, &park{first, own}, prep, work, 2, opts.Timeout)
	if err != nil {
		return r2.fail(err)
	}
	judge(r2, sch, l2, output, dir)
	if r2.Verdict == reproduced {
		r2.Trace = r.Trace // the steps in the schedule's order
		r2.Detail = raceDetail(sch) + fmt.Sprintf(" (goroutine %d parked at its access after %d of its steps, the later ones postponed)", first, own)
		return r2
	}
	r2.Trace = r.Trace
	r2.Verdict = notReproduced
	r2.Detail = fmt.Sprintf("both accesses happen in the schedule's order, but with goroutine %d parked at its %s at %s, goroutine %d does not reach its %s at %s: %s",
		first, sch.Race.First.Access, sch.Race.First.Pos, sch.Race.Second.G, sch.Race.Second.Access, sch.Race.Second.Pos, r2.Detail)
	return r2
}

// renderAs names the steps of r's trace and of its divergence as the
// schedule file orig does: the run was judged against localPositions of
// it, which writes another package's positions as this package's.
func (r *Result) renderAs(orig *schedule.Schedule) {
	for i := range r.Trace {
		if k := r.Trace[i].N - 1; k >= 0 && k < len(orig.Steps) {
			r.Trace[i].Step = orig.Steps[k]
		}
	}
	if k := r.DivergedAt - 1; k >= 0 && k < len(orig.Steps) {
		r.Expected = expected(orig, k)
	}
}

// localPositions is sch with the positions in the code of the directory's
// own package written as positions of this package: kiss names a position
// in another package's code (seen through analysis facts) with its import
// path, "example.com/m/p/p.go:11:11", and for an external test package
// p_test, package p's files are in the same directory. Positions of other
// directories keep their path (and are an error later).
func localPositions(sch *schedule.Schedule) *schedule.Schedule {
	prefix := strings.TrimSuffix(sch.Package, "_test") + "/"
	local := func(pos string) string {
		if rest, ok := strings.CutPrefix(pos, prefix); ok && !strings.Contains(rest, "/") {
			return rest
		}
		return pos
	}
	c := *sch
	c.Pos = local(sch.Pos)
	c.Goroutines = append([]schedule.Goroutine(nil), sch.Goroutines...)
	for i := range c.Goroutines {
		c.Goroutines[i].Start = local(c.Goroutines[i].Start)
	}
	c.Steps = append([]schedule.Step(nil), sch.Steps...)
	for i := range c.Steps {
		c.Steps[i].Pos = local(c.Steps[i].Pos)
	}
	c.Blocked = append([]schedule.Blocked(nil), sch.Blocked...)
	for i := range c.Blocked {
		c.Blocked[i].Pos = local(c.Blocked[i].Pos)
	}
	if sch.Race != nil {
		race := *sch.Race
		race.First.Pos = local(race.First.Pos)
		race.Second.Pos = local(race.Second.Pos)
		c.Race = &race
	}
	return &c
}

// park names the access where the first goroutine of a race parks: its
// arrival there after own of its steps.
type park struct {
	G   int `json:"g"`
	Own int `json:"own"`
}

// binaries are the test binaries built by this process, by key (see
// instrument): the schedules of one package share one.
var binaries struct {
	sync.Mutex
	dir string
	m   map[string]string
}

// Cleanup removes the test binaries built so far.
func Cleanup() {
	binaries.Lock()
	defer binaries.Unlock()
	if binaries.dir != "" {
		os.RemoveAll(binaries.dir)
	}
	binaries.dir, binaries.m = "", nil
}

// testBinary builds (or finds) the instrumented package's test binary.
func testBinary(ctx context.Context, overlay, dir, key string) (string, error) {
	binaries.Lock()
	defer binaries.Unlock()
	if bin, ok := binaries.m[key]; ok {
		return bin, nil
	}
	if binaries.dir == "" {
		d, err := os.MkdirTemp("", "kiss-replay-bin")
		if err != nil {
			return "", err
		}
		binaries.dir, binaries.m = d, map[string]string{}
	}
	bin := filepath.Join(binaries.dir, key[:16]+".test")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", bin, "-overlay="+overlay, "-vet=off", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go test of the instrumented package failed:\n%s", strings.TrimSpace(string(out)))
	}
	binaries.m[key] = bin
	return bin, nil
}

// run runs the instrumented test once and returns the scheduler's events
// and the test's output.
func run(sch *schedule.Schedule, p *park, prep *prepared, work string, n int, timeout time.Duration) (*log, string, error) {
	overlay, dir, key := prep.overlay, prep.dir, prep.key
	in := filepath.Join(work, fmt.Sprintf("schedule%d.json", n))
	out := filepath.Join(work, fmt.Sprintf("events%d.log", n))
	if err := writeInput(sch, p, prep.inside, in); err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout+30*time.Second)
	defer cancel()
	bin, err := testBinary(ctx, overlay, dir, key)
	if err != nil {
		return nil, "", err
	}
	cmd := exec.CommandContext(ctx, bin, "-test.run=^TestKissReplayRoot$", "-test.count=1", "-test.v", "-test.timeout="+timeout.String())
	cmd.Dir = dir
	// synctest needs Go 1.23's synchronous timer channels, whatever the
	// module's go version says
	godebug := "asynctimerchan=0"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), "KISS_REPLAY_IN="+in, "KISS_REPLAY_OUT="+out, "KISS_REPLAY_ROOT="+sch.Root,
		"GOTRACEBACK=all", "GODEBUG="+godebug)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	cmd.Run()
	events, _ := os.ReadFile(out)
	return parseEvents(string(events)), output.String(), nil
}

// writeInput is the scheduler's view of the schedule.
func writeInput(sch *schedule.Schedule, p *park, inside map[int]bool, path string) error {
	type step struct {
		G      int    `json:"g"`
		Op     string `json:"op"`
		Pos    string `json:"pos"`
		Blocks bool   `json:"blocks"`
		Case   *int   `json:"case"`
		Inside bool   `json:"inside"`
	}
	type access struct {
		G   int    `json:"g"`
		Pos string `json:"pos"`
	}
	type value struct {
		G     int    `json:"g"`
		Pos   string `json:"pos"`
		Value string `json:"value"`
	}
	var in struct {
		Check  string   `json:"check"`
		Starts []string `json:"starts"`
		Steps  []step   `json:"steps"`
		Race   []access `json:"race"`
		Park   *park    `json:"park,omitempty"`
		Values []value  `json:"values"`
	}
	for _, v := range sch.Inputs {
		if v.Pos != "" {
			in.Values = append(in.Values, value{v.G, v.Pos, v.Value})
		}
	}
	in.Park = p
	in.Check = sch.Check
	for _, g := range sch.Goroutines {
		in.Starts = append(in.Starts, g.Start)
	}
	for i, st := range sch.Steps {
		in.Steps = append(in.Steps, step{st.G, st.Op, st.Pos, st.Blocks, st.Case, inside[i]})
	}
	if sch.Race != nil {
		in.Race = []access{{sch.Race.First.G, sch.Race.First.Pos}, {sch.Race.Second.G, sch.Race.Second.Pos}}
	}
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}
