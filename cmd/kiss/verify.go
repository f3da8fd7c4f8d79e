package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/cmd/kiss/internal/findings"
	"github.com/gokiss/kiss/cmd/kiss/internal/replay"
)

// wantsVerify reports whether the command line asks kiss to replay its
// findings before it reports them (-verify, before the package patterns).
func wantsVerify(args []string) bool { return hasBoolFlag(args, "verify") }

// runVerify is `kiss -verify [flags] PATTERNS`: kiss's findings, each
// replayed in the real test (as kiss replay does) before it is printed; a
// finding whose schedule does not reproduce is dropped with a line on
// stderr saying why. kiss's schedule is its proof: this prints only what
// the real test shows.
func runVerify(args []string) int {
	var timeout *time.Duration
	opts, pkgs, code := findingsMode("verify", "replay each finding in the real test before reporting it", args, func(fs *flag.FlagSet) {
		timeout = fs.Duration("replay-timeout", 2*time.Minute, "timeout of each replay's go test run")
	})
	if code != 0 {
		return code
	}
	cfg := opts.Config
	res, err := findings.Run(context.Background(), opts, pkgs...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 1
	}
	defer replay.Cleanup()
	kept := 0
	for _, f := range res.Findings {
		if f.Schedule == nil {
			continue
		}
		ok, detail := replay.ReplaySchedule(f.Schedule, replay.Options{Timeout: *timeout})
		if !ok {
			fmt.Fprintf(os.Stderr, "kiss: dropped: %s: %s of %s does not replay (%s)\n", f.Pos, f.Check, f.Schedule.Root, replay.OneLine(detail))
			if cfg.Schedules != "" {
				removeSchedule(cfg.Schedules, f.Schedule)
			}
			continue
		}
		kept++
		fmt.Printf("%s: %s\n", f.Pos, f.Message)
		for _, st := range f.Steps {
			fmt.Printf("%s: \t%s\n", st.Pos, st.Text)
		}
	}
	for _, e := range res.Errors {
		fmt.Fprintln(os.Stderr, e)
	}
	switch {
	case kept > 0:
		return 3
	case len(res.Errors) > 0:
		return 1
	}
	return 0
}

// removeSchedule removes the file the analyzer wrote into dir for s (the
// same root, check, position and message), as kiss does not report it.
func removeSchedule(dir string, s *schedule.Schedule) {
	files, _ := filepath.Glob(filepath.Join(dir, "*."+s.Check+".*json"))
	for _, file := range files {
		if !strings.Contains(filepath.Base(file), "."+s.Root+".") {
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		w, err := schedule.Decode(f)
		f.Close()
		if err == nil && w.Root == s.Root && w.Check == s.Check && w.Pos == s.Pos && w.Message == s.Message {
			os.Remove(file)
		}
	}
}
