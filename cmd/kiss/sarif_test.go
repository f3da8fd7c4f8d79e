package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// sarifSchema compiles the vendored OASIS SARIF 2.1.0 schema (see
// testdata/README.md), with formats (uri, uri-reference, date-time) asserted.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// validateSARIF checks out against the schema and decodes it.
func validateSARIF(t *testing.T, out string) *sarifLog {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("kiss -sarif: not JSON: %v\n%s", err, out)
	}
	if err := sarifSchema(t).Validate(inst); err != nil {
		t.Fatalf("kiss -sarif: not valid SARIF 2.1.0: %v\n%s", err, out)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	return &log
}

// The parts of a SARIF log the tests look at.
type sarifLog struct {
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string
				Rules []struct {
					ID                                string
					ShortDescription, FullDescription struct{ Text string }
				}
			}
		}
		ColumnKind         string
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Invocations        []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct {
				Level   string
				Message struct{ Text string }
			}
		}
		Results []struct {
			RuleID    string
			RuleIndex int
			Level     string
			Message   struct{ Text string }
			Locations []sarifLocation
			CodeFlows []struct{ ThreadFlows []threadFlow }
		}
	}
}

type threadFlow struct {
	ID        string
	Locations []struct {
		ExecutionOrder int
		Kinds          []string
		Location       sarifLocation
		Properties     struct {
			Goroutine  int
			Op         string
			Preemption bool
			Blocks     bool
		}
	}
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string
			URIBaseID string `json:"uriBaseId"`
		}
		Region struct{ StartLine, StartColumn int }
	}
	Message struct{ Text string }
}

// pos is "uri:line:col".
func (l sarifLocation) pos() string {
	p := l.PhysicalLocation
	return fmt.Sprintf("%s:%d:%d", p.ArtifactLocation.URI, p.Region.StartLine, p.Region.StartColumn)
}

func TestSARIF(t *testing.T) {
	out, code := runStdout(t, examples, kissBin, "-sarif", "./...")
	if code != 0 {
		t.Fatalf("kiss -sarif exited %d, want 0\n%s", code, out)
	}
	log := validateSARIF(t, out)
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0 and one run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "kiss" {
		t.Errorf("driver %q, want kiss", run.Tool.Driver.Name)
	}
	var ruleIDs []string
	for _, r := range run.Tool.Driver.Rules {
		ruleIDs = append(ruleIDs, r.ID)
		if r.ShortDescription.Text == "" || len(r.FullDescription.Text) <= len(r.ShortDescription.Text) {
			t.Errorf("rule %s: short %q, full %q", r.ID, r.ShortDescription.Text, r.FullDescription.Text)
		}
	}
	if got, want := strings.Join(ruleIDs, ", "), schedule.CheckNames(); got != want {
		t.Errorf("rules %s, want one per check: %s", got, want)
	}
	abs, _ := filepath.Abs(examples)
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; base != "file://"+filepath.ToSlash(abs)+"/" {
		t.Errorf("%%SRCROOT%% is %q, want the working directory %s", base, abs)
	}
	if len(run.Invocations) != 1 || !run.Invocations[0].ExecutionSuccessful {
		t.Errorf("invocations: %+v", run.Invocations)
	}

	// Each finding's schedule file, to compare the code flows with.
	dir := t.TempDir()
	run2, _ := runStdout(t, examples, kissBin, "-schedules", dir, "./...")
	schedules := map[string]*schedule.Schedule{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := schedule.Decode(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		schedules[s.Check] = s
	}
	if len(schedules) != len(wantFindings) {
		t.Fatalf("%d schedules (%v), want %d:\n%s", len(schedules), files, len(wantFindings), run2)
	}

	if len(run.Results) != len(wantFindings) {
		t.Fatalf("%d results, want %d", len(run.Results), len(wantFindings))
	}
	for _, w := range wantFindings {
		var found bool
		for _, r := range run.Results {
			if r.RuleID != w.check {
				continue
			}
			found = true
			if r.Level != "error" || !strings.HasPrefix(r.Message.Text, w.msg) {
				t.Errorf("%s: level %q, message %q", w.check, r.Level, r.Message.Text)
			}
			if rules := run.Tool.Driver.Rules; r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != w.check {
				t.Errorf("%s: ruleIndex %d names another rule", w.check, r.RuleIndex)
			}
			if len(r.Locations) != 1 || r.Locations[0].pos() != w.pos || r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID != "%SRCROOT%" {
				t.Errorf("%s: locations %+v, want %s under %%SRCROOT%%", w.check, r.Locations, w.pos)
			}
			if len(r.CodeFlows) != 1 {
				t.Errorf("%s: %d code flows, want 1", w.check, len(r.CodeFlows))
				continue
			}
			checkCodeFlow(t, w.check, r.CodeFlows[0].ThreadFlows, schedules[w.check])
		}
		if !found {
			t.Errorf("no %s result", w.check)
		}
	}
}

// checkCodeFlow checks that the thread flows, one per goroutine, replay the
// schedule: step N of the schedule is the location with executionOrder N,
// in its goroutine's thread flow, at the step's position, preemptions marked.
func checkCodeFlow(t *testing.T, check string, flows []threadFlow, s *schedule.Schedule) {
	t.Helper()
	type step struct {
		g       int
		op, pos string
		preempt bool
	}
	var got []step
	byOrder := map[int]step{}
	ids := map[string]bool{}
	for _, tf := range flows {
		if ids[tf.ID] {
			t.Errorf("%s: two thread flows for %s", check, tf.ID)
		}
		ids[tf.ID] = true
		last := 0
		for _, l := range tf.Locations {
			p := l.Properties
			if tf.ID != fmt.Sprintf("goroutine %d", p.Goroutine) {
				t.Errorf("%s: step %d of goroutine %d in thread flow %q", check, l.ExecutionOrder, p.Goroutine, tf.ID)
			}
			if l.ExecutionOrder <= last {
				t.Errorf("%s: thread flow %s out of order", check, tf.ID)
			}
			last = l.ExecutionOrder
			if want := fmt.Sprintf("step %d: goroutine %d %s", l.ExecutionOrder, p.Goroutine, p.Op); !strings.HasPrefix(l.Location.Message.Text, want) {
				t.Errorf("%s: step message %q, want %q", check, l.Location.Message.Text, want)
			}
			if p.Preemption != contains(l.Kinds, "preemption") {
				t.Errorf("%s: step %d: preemption property %v, kinds %v", check, l.ExecutionOrder, p.Preemption, l.Kinds)
			}
			// The schedule names files by base name.
			pos := strings.TrimPrefix(l.Location.pos(), "shop/")
			st := step{p.Goroutine, p.Op, pos, p.Preemption}
			byOrder[l.ExecutionOrder] = st
			got = append(got, st)
		}
	}
	if len(got) != len(s.Steps) {
		t.Errorf("%s: %d steps in the code flow, %d in the schedule", check, len(got), len(s.Steps))
	}
	orders := make([]int, 0, len(byOrder))
	for o := range byOrder {
		orders = append(orders, o)
	}
	sort.Ints(orders)
	for i, st := range s.Steps {
		want := step{st.G, st.Op, st.Pos, st.Preempt}
		if g, ok := byOrder[i+1]; !ok || g != want {
			t.Errorf("%s: step %d is %+v in the code flow, %+v in the schedule (orders %v)", check, i+1, g, want, orders)
		}
	}
}

// runStdout runs a command in dir and returns its standard output (standard
// error goes to the test log) and exit code.
func runStdout(t *testing.T, dir string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if errOut.Len() > 0 {
		t.Logf("%s %v: stderr:\n%s", name, args, errOut.String())
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), code
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestSARIFBrokenPackage(t *testing.T) {
	out, code := runStdout(t, filepath.Join("..", "..", "testdata", "broken"), kissBin, "-sarif", "./...")
	if code != 1 {
		t.Errorf("kiss -sarif on a package that does not type-check exited %d, want 1", code)
	}
	log := validateSARIF(t, out)
	inv := log.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) == 0 ||
		!strings.Contains(inv[0].ToolExecutionNotifications[0].Message.Text, `cannot use "not an int"`) {
		t.Errorf("invocations: %+v", inv)
	}
}

// The schema check has teeth: a log with a level SARIF does not define, or a
// thread flow location with a negative executionOrder, is rejected.
func TestSARIFSchemaRejects(t *testing.T) {
	sch := sarifSchema(t)
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"kiss"}},"results":[{"ruleId":"deadlock","level":"fatal","message":{"text":"x"}}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"kiss"}},"results":[{"message":{"text":"x"},"codeFlows":[{"threadFlows":[{"locations":[{"executionOrder":-2}]}]}]}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"kiss"}},"results":[{"message":{"text":"x"},"locations":[{"physicalLocation":{"region":{"startLine":0}}}]}]}]}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
	good := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"kiss"}},"results":[]}]}`
	inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(good))
	if err := sch.Validate(inst); err != nil {
		t.Errorf("schema rejects a minimal log: %v", err)
	}
}
