package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/cmd/kiss/internal/stress"
)

// runStress is `kiss stress [flags] [packages]`: the real tests, run many
// times under random schedules.
func runStress(args []string) int {
	fs := flag.NewFlagSet("kiss stress", flag.ExitOnError)
	runs := fs.Int("runs", 100, "runs of each test")
	depth := fs.Int("depth", 3, "PCT's bug depth: the number of ordering constraints a bug needs")
	seed := fs.Int64("seed", 0, "seed of the first run (run i uses seed+i); 0 draws one")
	steps := fs.Int("steps", 0, "PCT's expected steps per run; 0 measures them")
	dir := fs.String("schedules", "", "write each finding's schedule into this directory")
	asJSON := fs.Bool("json", false, "print the findings as JSON, as kiss -json does")
	runRE := fs.String("run", "", "run only the tests matching this regular expression")
	race := fs.Bool("race", true, "build the tests with the race detector")
	verify := fs.Bool("verify", true, "replay each finding's schedule before reporting it")
	timeout := fs.Duration("timeout", time.Minute, "timeout of one run")
	jobs := fs.Int("p", runtime.NumCPU(), "packages stressed at once")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `usage: kiss stress [flags] [packages]

Runs each test of the packages -runs times, each time under a random
schedule of kiss replay's scheduler: one goroutine at a time, a scheduling
point before every visible operation, fake time from testing/synctest, the
next goroutine chosen by PCT (random priorities with -depth - 1 random
priority drops). Each distinct failure (deadlock, leak, race, panic, test
failure) is reported once, in kiss's format, with the schedule that makes
it happen; with -schedules, written there so that kiss replay FILE
reproduces it. Each seed repeats its run.

Exit codes: 0 nothing found, 1 errors only, 3 findings.

`)
		fs.PrintDefaults()
	}
	fs.Parse(args)
	var re *regexp.Regexp
	if *runRE != "" {
		var err error
		if re, err = regexp.Compile(*runRE); err != nil {
			fmt.Fprintln(os.Stderr, "kiss stress: -run:", err)
			return 1
		}
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano() % 1e9
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := stress.Options{Runs: *runs, Depth: *depth, Seed: *seed, Steps: *steps, Run: re, Race: *race, Verify: *verify,
		Timeout: *timeout, Jobs: *jobs}
	start := time.Now()
	if isTerminal(os.Stderr) {
		opts.Progress = func(runs, found, pkgsDone, pkgs int) {
			eta := "?"
			if pkgsDone > 0 {
				eta = (time.Since(start) / time.Duration(pkgsDone) * time.Duration(pkgs-pkgsDone)).Round(time.Second).String()
			}
			fmt.Fprintf(os.Stderr, "\rkiss stress: %d runs, %d found, %d/%d packages, ETA %s   ", runs, found, pkgsDone, pkgs, eta)
		}
	}
	res := stress.Stress(ctx, fs.Args(), opts)
	if opts.Progress != nil {
		fmt.Fprintln(os.Stderr)
	}
	for _, e := range res.Errors {
		fmt.Fprintln(os.Stderr, "kiss stress:", e)
	}
	for _, n := range res.NotReplay {
		fmt.Fprintln(os.Stderr, "kiss stress: dropped:", n)
	}
	if *dir != "" {
		if err := writeStressSchedules(*dir, res.Findings); err != nil {
			fmt.Fprintln(os.Stderr, "kiss stress:", err)
			return 1
		}
	}
	if *asJSON {
		printStressJSON(res)
	} else {
		for _, f := range res.Findings {
			fmt.Print(stressText(f))
		}
	}
	if n := len(res.RealTime); n > 0 {
		fmt.Fprintf(os.Stderr, "kiss stress: %d tests ran on real time, outside a synctest bubble: they wait on channels made outside one (a package-level pool's, an init goroutine's): %s\n",
			n, strings.Join(res.RealTime, ", "))
	}
	fmt.Fprintf(os.Stderr, "kiss stress: %d runs of %d tests in %d packages (seeds from %d), %d findings, %d runs stalled, in %v\n",
		res.Runs, res.Roots, res.Packages, *seed, len(res.Findings), res.Stalled, res.Elapsed.Round(time.Millisecond))
	switch {
	case len(res.Findings) > 0:
		return 3
	case len(res.Errors) > 0:
		return 1
	}
	return 0
}

// rel is a schedule position of the finding's package as the user's
// terminal shows it: relative to the working directory.
func rel(f *stress.Finding, pos string) string {
	if pos == "" {
		return pos
	}
	p := filepath.Join(f.Dir, pos)
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// repeat is the command line that repeats the run that found f.
func repeat(f *stress.Finding) string {
	return fmt.Sprintf("found by run %d of %s, seen in %d runs; kiss stress -run '^%s$' -seed %d -steps %d -runs 1 repeats it",
		f.Run, f.Schedule.Root, f.Count, regexp.QuoteMeta(f.Schedule.Root), f.Seed, f.Steps)
}

func stressText(f *stress.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", rel(f, f.Pos), f.Message)
	for i, st := range f.Schedule.Steps {
		at := rel(f, st.Pos)
		if at == "" {
			at = rel(f, f.Pos)
		}
		fmt.Fprintf(&b, "%s: \t%s\n", at, st.Text(i+1, false))
	}
	fmt.Fprintf(&b, "%s: \t%s\n", rel(f, f.Pos), repeat(f))
	return b.String()
}

func printStressJSON(res *stress.Result) {
	type related struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	type diag struct {
		Posn     string    `json:"posn"`
		Message  string    `json:"message"`
		Category string    `json:"category"`
		Seed     int64     `json:"seed"`
		Related  []related `json:"related"`
	}
	out := map[string]map[string][]diag{}
	for _, f := range res.Findings {
		d := diag{Posn: filepath.Join(f.Dir, f.Pos), Message: f.Message, Category: f.Check, Seed: f.Seed}
		for i, st := range f.Schedule.Steps {
			p := f.Pos
			if st.Pos != "" {
				p = st.Pos
			}
			d.Related = append(d.Related, related{filepath.Join(f.Dir, p), st.Text(i+1, false)})
		}
		d.Related = append(d.Related, related{filepath.Join(f.Dir, f.Pos), repeat(f)})
		if out[f.Package] == nil {
			out[f.Package] = map[string][]diag{}
		}
		out[f.Package]["kiss"] = append(out[f.Package]["kiss"], d)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "\t")
	enc.Encode(out)
}

// writeStressSchedules writes each finding's schedule as kiss -schedules
// names its files: package.Root.check.N.json.
func writeStressSchedules(dir string, fs []*stress.Finding) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	n := map[string]int{}
	for _, f := range fs {
		base := strings.ReplaceAll(f.Package, "/", "_") + "." + f.Schedule.Root + "." + f.Check
		n[base]++
		file, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s.%d.json", base, n[base])))
		if err != nil {
			return err
		}
		err = schedule.Encode(file, f.Schedule)
		file.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// isTerminal reports whether f is a terminal (progress is for people).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
