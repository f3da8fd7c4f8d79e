package stress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gokiss/kiss/analyzer/replay"
	"github.com/gokiss/kiss/analyzer/schedule"
)

// Options configure kiss stress.
type Options struct {
	Runs    int            // runs per root
	Depth   int            // PCT's bug depth d
	Seed    int64          // run i of a root uses seed Seed+i
	Steps   int            // PCT's k, steps per run; 0: the most a run of the root took so far
	Run     *regexp.Regexp // roots to run; nil: all
	Race    bool           // build with the race detector
	Timeout time.Duration  // of one run
	Verify  bool           // replay each finding before reporting it
	Jobs    int            // packages stressed at once
	// Progress, if set, is told after each run and each package: the runs
	// done, the findings so far (before replay), the packages done of all.
	Progress func(runs, findings, pkgsDone, pkgs int)
}

// Finding is one distinct violation.
type Finding struct {
	Check    string
	Message  string
	Pos      string // absolute file:line:col
	Package  string
	Dir      string // the package's directory
	Schedule *schedule.Schedule
	Seed     int64 // the run that found it
	Steps    int   // PCT's k of that run
	Run      int   // its number, from 1
	Count    int   // runs that found it
}

// Result is what kiss stress found.
type Result struct {
	Findings  []*Finding
	Errors    []string // one line each: a package that does not build, a root that cannot run
	Runs      int
	Roots     int
	Stalled   int      // runs ended by the watchdog or the step budget
	RealTime  []string // roots that ran on real time, outside a synctest bubble
	NotReplay []string // findings dropped because replay did not reproduce them, one line each
	Packages  int
	Elapsed   time.Duration
}

// Stress runs the roots of the packages matching patterns (from the
// current directory). Packages are stressed in parallel (Options.Jobs),
// each by one worker: its build, its roots' runs in order, the replays of
// its findings; the result lists them in the packages' order.
func Stress(ctx context.Context, patterns []string, opts Options) *Result {
	start := time.Now()
	res := &Result{}
	opts.Runs, opts.Depth, opts.Jobs = max(opts.Runs, 1), max(opts.Depth, 1), max(opts.Jobs, 1)
	if opts.Timeout == 0 {
		opts.Timeout = time.Minute
	}
	pkgs, err := list(patterns)
	if err != nil {
		res.Errors = append(res.Errors, err.Error())
		return res
	}
	work, err := os.MkdirTemp("", "kiss-stress")
	if err != nil {
		res.Errors = append(res.Errors, err.Error())
		return res
	}
	defer os.RemoveAll(work)
	defer replay.Cleanup()
	results := make([]*Result, len(pkgs))
	var mu sync.Mutex
	runs, found, done := 0, 0, 0
	progress := func(r *Result, n, pkgs int) {
		mu.Lock()
		defer mu.Unlock()
		runs += n
		found += len(r.Findings)
		done += pkgs
		if opts.Progress != nil {
			opts.Progress(runs, found, done, len(results))
		}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opts.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				dir := filepath.Join(work, strconv.Itoa(i))
				os.MkdirAll(dir, 0o755)
				results[i] = stressPackage(ctx, pkgs[i], dir, opts, progress)
				progress(&Result{}, 0, 1)
			}
		}()
	}
	for i := range pkgs {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, r := range results {
		res.Findings = append(res.Findings, r.Findings...)
		res.Errors = append(res.Errors, r.Errors...)
		res.NotReplay = append(res.NotReplay, r.NotReplay...)
		res.Runs += r.Runs
		res.Roots += r.Roots
		res.Stalled += r.Stalled
		res.RealTime = append(res.RealTime, r.RealTime...)
		res.Packages += r.Packages
	}
	if opts.Run != nil && res.Roots == 0 && len(res.Errors) == 0 {
		res.Errors = append(res.Errors, fmt.Sprintf("no test matches -run %q", opts.Run))
	}
	if ctx.Err() != nil {
		res.Errors = append(res.Errors, "interrupted")
	}
	res.Elapsed = time.Since(start)
	return res
}

// stressPackage builds pkg's instrumented test into work and runs its
// roots; progress is told the runs as they are done.
func stressPackage(ctx context.Context, pkg, work string, opts Options, progress func(r *Result, runs, pkgs int)) *Result {
	res := &Result{}
	in, err := replay.PrepareStress(ctx, pkg, "", work, opts.Race)
	if err != nil {
		msg := replay.OneLine(err.Error())
		if be := (*replay.BuildError)(nil); errors.As(err, &be) {
			msg = be.Reason()
		}
		res.Errors = append(res.Errors, pkg+": "+msg)
		return res
	}
	res.Packages = 1
	seen := map[string]*Finding{}
	for _, root := range in.Roots {
		if opts.Run != nil && !opts.Run.MatchString(root) {
			continue
		}
		res.Roots++
		k := opts.Steps
		stalls, failsAlone, realTime := 0, false, false
		for i := 0; i < opts.Runs && ctx.Err() == nil; i++ {
			seed := opts.Seed + int64(i)
			steps := max(k, 1)
			o := runOnce(ctx, in, root, seed, opts.Depth, steps, opts.Timeout, realTime)
			if o.end == "realtime" && !realTime {
				// the test waits on channels made outside the synctest
				// bubble (a package-level pool's): this run and the next
				// ones go on real time
				realTime = true
				res.RealTime = append(res.RealTime, pkg+"."+root)
				i--
				continue
			}
			res.Runs++
			if opts.Steps == 0 {
				k = max(k, len(o.steps))
			}
			var fresh []*Finding
			for _, f := range o.findings(in.Package, in.Dir, root) {
				if f.Check == "assert" && len(f.Schedule.Goroutines) == 1 {
					// no other goroutine, no schedule: the test fails on
					// its own (a flag, the network, a file it needs)
					if !failsAlone {
						failsAlone = true
						res.Errors = append(res.Errors, fmt.Sprintf("%s %s: fails with no goroutine started, whatever the schedule: %s: %s",
							pkg, root, f.Pos, strings.TrimSuffix(strings.TrimPrefix(f.Message, "test failure: "), " (0 preemptions)")))
					}
					continue
				}
				key := f.key()
				if prev := seen[key]; prev != nil {
					prev.Count++
					continue
				}
				f.Seed, f.Steps, f.Run, f.Count = seed, steps, i+1, 1
				f.Schedule.RealTime = realTime
				seen[key] = f
				fresh = append(fresh, f)
				res.Findings = append(res.Findings, f)
			}
			progress(&Result{Findings: fresh}, 1, 0)
			if o.stalled {
				res.Stalled++
				// a run that timed out or used up its steps: the next
				// ones would take as long
				if stalls++; stalls == maxStalls || o.end != "stall" {
					res.Errors = append(res.Errors, fmt.Sprintf("%s %s: stopped after %d run(s) that stalled (%s)", pkg, root, stalls, o.stallReason()))
					break
				}
			}
		}
	}
	if !opts.Verify {
		return res
	}
	var kept []*Finding
	for _, f := range res.Findings {
		ok, detail := replay.ReplaySchedule(f.Schedule, replay.Options{Timeout: opts.Timeout})
		if ok {
			kept = append(kept, f)
			continue
		}
		res.NotReplay = append(res.NotReplay, fmt.Sprintf("%s: %s of %s found by seed %d does not replay (%s)", f.Pos, f.Check, f.Schedule.Root, f.Seed, replay.OneLine(detail)))
	}
	res.Findings = kept
	return res
}

// maxStalls is how many stalled runs end a root's runs: the next ones
// would stall as well, each after the watchdog's delay.
const maxStalls = 3

// key identifies a violation: its check, its position and, for a deadlock
// or a leak, where each goroutine is blocked.
func (f *Finding) key() string {
	k := f.Schedule.Root + "\x00" + f.Check + "\x00" + f.Pos
	for _, b := range f.Schedule.Blocked {
		k += "\x00" + b.Op + "@" + b.Pos
	}
	if r := f.Schedule.Race; r != nil {
		k += "\x00" + r.First.Pos + "\x00" + r.Second.Pos
	}
	return k
}

// list resolves the patterns to import paths with go list.
func list(patterns []string) ([]string, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cmd := exec.Command("go", append([]string{"list", "-e", "-f", "{{.ImportPath}}"}, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %s", replay.OneLine(stderr.String()))
	}
	return strings.Fields(string(out)), nil
}

// runOnce runs root once under seed and reads what happened.
func runOnce(ctx context.Context, in *replay.Instrumented, root string, seed int64, depth, steps int, timeout time.Duration, realTime bool) *outcome {
	ctx, cancel := context.WithTimeout(ctx, timeout+10*time.Second)
	defer cancel()
	env := []string{
		"KISS_STRESS_SEED=" + strconv.FormatInt(seed, 10),
		"KISS_STRESS_DEPTH=" + strconv.Itoa(depth),
		"KISS_STRESS_STEPS=" + strconv.Itoa(steps),
		// the race detector sleeps a second before exiting, for reports of
		// goroutines still running: every goroutine of the run is over
		"GORACE=" + strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"),
	}
	if realTime {
		env = append(env, "KISS_STRESS_REALTIME=1")
	}
	cmd := in.Command(ctx, root, timeout, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Run()
	return parse(out.String(), in.Dir, root)
}
