package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"time"

	"github.com/gokiss/kiss/analyzer/replay"
	"github.com/gokiss/kiss/analyzer/schedule"
)

// runReplay is `kiss replay [flags] FILE|DIR...`: run the root test of each
// schedule file under its schedule and say whether the violation happens.
func runReplay(args []string) int {
	fs := flag.NewFlagSet("kiss replay", flag.ExitOnError)
	asJSON := fs.Bool("json", false, "print the verdicts as JSON")
	timeout := fs.Duration("timeout", 2*time.Minute, "timeout of each go test run")
	keep := fs.Bool("keep", false, "keep the instrumented files and the event log")
	runRE := fs.String("run", "", "replay only the schedules whose root matches this regular expression")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `usage: kiss replay [flags] FILE|DIR...

Runs the real test of each schedule file (written by kiss -schedules DIR) so
that its goroutines follow the schedule, and says whether the same violation
happens: reproduced, diverged at step k, or not reproduced. A DIR replays
every *.json file in it (with -run, those whose root matches). Run it in the
module of the package under test. With -json, one file prints an object and
several print an array.

Exit codes: 0 reproduced, 1 not reproduced, 2 diverged, 3 error (usage,
unreadable schedule, build failure). With several files, the largest.

`)
		fs.PrintDefaults()
	}
	fs.Parse(args)
	if fs.NArg() == 0 {
		fs.Usage()
		return replay.ExitError
	}
	var re *regexp.Regexp
	if *runRE != "" {
		var err error
		if re, err = regexp.Compile(*runRE); err != nil {
			fmt.Fprintln(os.Stderr, "kiss replay: -run:", err)
			return replay.ExitError
		}
	}
	var files []string
	for _, a := range fs.Args() {
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			m, _ := filepath.Glob(filepath.Join(a, "*.json"))
			sort.Strings(m)
			for _, f := range m {
				if re == nil || rootMatches(f, re) {
					files = append(files, f)
				}
			}
			continue
		}
		files = append(files, a)
	}
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "kiss replay: no schedule file")
		return replay.ExitError
	}
	defer replay.Cleanup()
	code := 0
	var results []*replay.Result
	for _, f := range files {
		r := replay.Replay(f, replay.Options{Timeout: *timeout, Keep: *keep, Log: func(s string) { fmt.Fprintln(os.Stderr, s) }})
		results = append(results, r)
		if !*asJSON {
			fmt.Print(replay.Format(r))
		}
		code = max(code, replay.ExitCode(r.Verdict))
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		var v any = results
		if len(results) == 1 {
			v = results[0]
		}
		if err := enc.Encode(v); err != nil {
			fmt.Fprintln(os.Stderr, "kiss replay:", err)
			return replay.ExitError
		}
	}
	return code
}

// rootMatches reports whether the schedule in file has a root that re
// matches, reading the root from the schedule itself rather than from the
// file's name. A file that is not a valid schedule matches, so that its
// replay reports what is wrong with it instead of passing over it.
func rootMatches(file string, re *regexp.Regexp) bool {
	f, err := os.Open(file)
	if err != nil {
		return true
	}
	defer f.Close()
	sch, err := schedule.Decode(f)
	return err != nil || re.MatchString(sch.Root)
}
