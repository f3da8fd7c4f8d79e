package main

import (
	"context"
	"flag"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/cmd/kiss/internal/findings"
)

// wantsSARIF reports whether the command line asks for SARIF output
// (-sarif or --sarif, before the package patterns).
func wantsSARIF(args []string) bool { return hasBoolFlag(args, "sarif") }

// hasBoolFlag reports whether args set the boolean flag name (-name,
// --name, -name=true) before the package patterns.
func hasBoolFlag(args []string, name string) bool {
	for _, a := range args {
		switch a {
		case "-" + name, "--" + name, "-" + name + "=true", "--" + name + "=true":
			return true
		case "--":
			return false
		}
	}
	return false
}

// findingsMode parses the command line of a mode that reports kiss's
// findings itself (kiss -sarif): the mode's flag (doc says what it does),
// -test, the analyzer's flags
// and the packages. It returns the options of findings.Run, with the
// analyzer's own output on stderr (stdout is the mode's), and the
// packages, or an exit status for a bad command line.
func findingsMode(mode, doc string, args []string) (findings.Options, []string, int) {
	fs := flag.NewFlagSet("kiss -"+mode, flag.ExitOnError)
	fs.Bool(mode, true, doc)
	tests := fs.Bool("test", true, "check the packages' test files too")
	findings.AddFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kiss -%s [flags] packages...\n", mode)
		fs.PrintDefaults()
	}
	fs.Parse(args)
	if fs.NArg() == 0 {
		fs.Usage()
		return findings.Options{}, nil, 2
	}
	cfg, err := findings.ConfigFromFlags()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return findings.Options{}, nil, 2
	}
	cfg.Out = os.Stderr // -dump-ir must not mix with the mode's output
	return findings.Options{Tests: *tests, Config: cfg}, fs.Args(), 0
}

// runSARIF is `kiss -sarif [flags] PATTERNS`: check the packages and write
// one SARIF 2.1.0 log to stdout.
func runSARIF(args []string) int {
	opts, pkgs, code := findingsMode("sarif", "write a SARIF 2.1.0 log to stdout", args)
	if code != 0 {
		return code
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 1
	}
	res, err := findings.Run(context.Background(), opts, pkgs...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 1
	}
	if err := writeSARIF(os.Stdout, wd, res); err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 1
	}
	for _, e := range res.Errors {
		fmt.Fprintln(os.Stderr, e)
	}
	if len(res.Errors) > 0 {
		return 1
	}
	return 0
}

const (
	infoURI = "https://github.com/gokiss/kiss"
	srcRoot = "%SRCROOT%"
)

// writeSARIF writes res as a SARIF 2.1.0 log with one run. File locations
// are relative to wd (uriBaseId %SRCROOT%); a file outside wd gets an
// absolute file URI.
func writeSARIF(w io.Writer, wd string, res *findings.Result) error {
	report, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	driver := sarif.NewDriver("kiss").WithInformationURI(infoURI)
	if v := version(); v != "" {
		driver.WithVersion(v)
	}
	ruleIndex := map[string]int{}
	for i, c := range schedule.Checks {
		ruleIndex[c.Name] = i
		driver.AddRule(sarif.NewRule(c.Name).
			WithName(c.Rule).
			WithShortDescription(sarif.NewMultiformatMessageString(c.Title)).
			WithFullDescription(sarif.NewMultiformatMessageString(c.Rationale + " " + c.Steps)).
			WithHelpURI(infoURI + "#what-kiss-finds").
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel("error")).
			WithProperties(sarif.Properties{
				"tags":             []string{"concurrency", "correctness"},
				"precision":        "very-high",
				"problem.severity": "error",
			}))
	}
	run := sarif.NewRun(*sarif.NewTool(driver))
	run.ColumnKind = "utf16CodeUnits"
	run.OriginalUriBaseIDs = map[string]*sarif.ArtifactLocation{
		srcRoot: sarif.NewArtifactLocation().WithUri(dirURI(wd)),
	}
	src := &findings.Sources{}

	for _, f := range res.Findings {
		r := sarif.NewRuleResult(f.Check).
			WithLevel("error").
			WithMessage(sarif.NewTextMessage(f.Message)).
			WithLocations([]*sarif.Location{location(src, wd, f.Pos)})
		if i, ok := ruleIndex[f.Check]; ok {
			r.WithRuleIndex(i)
		}
		if len(f.Steps) > 0 {
			r.AddCodeFlow(codeFlow(src, wd, f))
		}
		run.AddResult(r)
	}

	inv := sarif.NewInvocation().WithExecutionSuccess(len(res.Errors) == 0)
	inv.WorkingDirectory = sarif.NewArtifactLocation().WithUri(dirURI(wd))
	for _, e := range res.Errors {
		n := sarif.NewNotification().WithLevel("error").WithTextMessage(e.Message)
		if e.Pos.IsValid() {
			n.AddLocation(location(src, wd, e.Pos))
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run.AddInvocations(inv)

	report.AddRun(run)
	if err := report.PrettyWrite(w); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// codeFlow is the schedule of f: one thread flow per goroutine, in the order
// the goroutines first act; each location carries its step number as
// executionOrder (global across the thread flows), so a viewer can replay
// the interleaving.
func codeFlow(src *findings.Sources, wd string, f findings.Finding) *sarif.CodeFlow {
	flows := map[int]*sarif.ThreadFlow{}
	var order []int
	preemptions := 0
	for _, st := range f.Steps {
		tf, ok := flows[st.G]
		if !ok {
			tf = sarif.NewThreadFlow().
				WithID(fmt.Sprintf("goroutine %d", st.G)).
				WithTextMessage(goroutineName(st.G))
			tf.Locations = []*sarif.ThreadFlowLocation{}
			flows[st.G] = tf
			order = append(order, st.G)
		}
		var kinds []string
		importance := "important"
		if st.Preempt {
			kinds = append(kinds, "preemption")
			importance = "essential"
			preemptions++
		}
		if st.Blocks {
			kinds = append(kinds, "blocks")
			importance = "essential"
		}
		l := location(src, wd, st.Pos).WithMessage(sarif.NewTextMessage(st.Text))
		tfl := sarif.NewThreadFlowLocation().
			WithExecutionOrder(st.N).
			WithLocation(l).
			WithImportance(importance)
		if len(kinds) > 0 {
			tfl.WithKinds(kinds)
		}
		tfl.Properties = sarif.Properties{
			"goroutine":  st.G,
			"op":         st.Op,
			"preemption": st.Preempt,
			"blocks":     st.Blocks,
		}
		tf.AddLocation(tfl)
	}
	cf := sarif.NewCodeFlow().WithTextMessage(fmt.Sprintf("the schedule: %d steps, %d preemption(s)", len(f.Steps), preemptions))
	for _, g := range order {
		cf.AddThreadFlow(flows[g])
	}
	return cf
}

func goroutineName(g int) string {
	if g == 0 {
		return "goroutine 0 (the root)"
	}
	return fmt.Sprintf("goroutine %d", g)
}

// location is a physical location: the file relative to wd under
// %SRCROOT%, or an absolute file URI when the file is outside wd.
func location(src *findings.Sources, wd string, p token.Position) *sarif.Location {
	al := sarif.NewArtifactLocation()
	if rel, err := filepath.Rel(wd, p.Filename); err == nil && filepath.IsAbs(p.Filename) && !strings.HasPrefix(rel, "..") {
		al.WithUri(pathURI(filepath.ToSlash(rel))).WithUriBaseId(srcRoot)
	} else {
		al.WithUri(fileURI(p.Filename))
	}
	sp := src.Span(p)
	region := sarif.NewRegion().WithStartLine(sp.Line).WithStartColumn(sp.Col)
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().WithArtifactLocation(al).WithRegion(region))
}

// pathURI escapes a slash-separated relative path as a URI reference.
func pathURI(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}

func fileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// dirURI is the file URI of a directory, with the trailing slash SARIF
// requires of a base URI.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// version is the module version kiss was built from, when it is known.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return ""
	}
	return bi.Main.Version
}

// longVersion is version, or "devel" with the commit kiss was built from.
func longVersion() string {
	if v := version(); v != "" {
		return v
	}
	v := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && len(s.Value) >= 12:
				v += " " + s.Value[:12]
			case s.Key == "vcs.modified" && s.Value == "true":
				v += "+modified"
			}
		}
	}
	return v
}
