// Package schedule is the replayable form of a violation: which goroutines
// existed (numbered by spawn order, named by spawn site), the visible
// operations they performed in order, and which switches were preemptions.
// It is the JSON file `kiss -schedules DIR` writes and `kiss replay` reads
// (README, "The schedule file").
//
// It also holds what every consumer of findings shares: the one table of
// kiss's checks (Checks) and the one way a step is shown (Step.Text).
package schedule

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Version is the format version written in the "kiss" field.
const Version = 1

// Schedule is one violation's interleaving.
type Schedule struct {
	Kiss    int    `json:"kiss"`
	Package string `json:"package"`
	Root    string `json:"root"`
	Check   string `json:"check"`
	// Base is, for a timing schedule, the check of the failure the
	// schedule leads to (the test failure a too-short sleep causes).
	Base        string `json:"base,omitempty"`
	Preemptions int    `json:"preemptions"`
	Message     string `json:"message"`
	Pos         string `json:"pos,omitempty"` // where the violation happens
	// Site is, for a violation in another package's code, where the
	// package's own code called into it: a helper there that calls
	// t.Helper has go test report its failure at this line.
	Site string `json:"site,omitempty"`
	// Helper is, for a test failure inside a test helper of the package
	// (a function that calls t.Helper), where code that is no helper
	// called it: go test reports the failure at this line.
	Helper     string      `json:"helper,omitempty"`
	Goroutines []Goroutine `json:"goroutines"`
	Steps      []Step      `json:"steps"`
	Inputs     []Input     `json:"inputs,omitempty"` // values of the scenario's inputs, when it has any
	// Panic is, for a panic, the panic value as Go prints it after
	// "panic: " ("send on closed channel"), or the whole line of a fatal
	// error ("fatal error: sync: unlock of unlocked mutex"). Files written
	// before it existed lack it.
	Panic string `json:"panic,omitempty"`
	// Race names the two conflicting accesses of a race: First happened
	// during the steps, Second completes the race after the last step.
	Race *Race `json:"race,omitempty"`
	// Blocked are, for a deadlock or a leak, the goroutines blocked forever
	// at the end, at their last step.
	Blocked []Blocked `json:"blocked,omitempty"`
	// RealTime says that the test runs on real time, outside a synctest
	// bubble: it waits on channels made outside one (a package-level
	// pool's, an init goroutine's), where the bubble's fake clock cannot
	// go on (kiss stress found it so).
	RealTime bool `json:"realtime,omitempty"`
}

// Failure is the check whose failure the schedule shows: its check, or
// for a timing schedule its base.
func (s *Schedule) Failure() string {
	if s.Check == "timing" && s.Base != "" {
		return s.Base
	}
	return s.Check
}

// Blocked is a goroutine blocked forever at the end of a schedule.
type Blocked struct {
	G   int    `json:"g"`
	Op  string `json:"op"`
	Pos string `json:"pos"`
}

// Race is the pair of accesses a race report is about.
type Race struct {
	First  Access `json:"first"`
	Second Access `json:"second"`
}

// Access is one memory access of a race.
type Access struct {
	G      int    `json:"g"`
	Access string `json:"access"` // "read", "write", "atomic read", "atomic write"
	Pos    string `json:"pos"`
	// Via is, for an access in another package's code, the call of the
	// package under test that made it: replay parks the goroutine there
	// when it cannot hook the access itself (in the standard library).
	Via string `json:"via,omitempty"`
}

// Goroutine is one goroutine of the scenario: the root is 0, the others are
// numbered in spawn order, so the same numbering holds in a real run.
type Goroutine struct {
	ID     int    `json:"id"`
	Start  string `json:"start"`            // "root", or the go statement's position
	Parent *int   `json:"parent,omitempty"` // the goroutine that ran the go statement
}

// Step is one visible operation.
type Step struct {
	G       int    `json:"g"`
	Op      string `json:"op"`
	Pos     string `json:"pos"`
	Preempt bool   `json:"preempt,omitempty"` // the switch to G before this step was a preemption
	Blocks  bool   `json:"blocks,omitempty"`  // G blocked at this step
	// Case is the case a select chose at once: its index among the
	// select's communication clauses in source order, -1 for default.
	Case *int `json:"case,omitempty"`
}

// Input is the value a symbolic input took, as a Go literal: the result
// of a call that any run may see return any value (a random draw: Name is
// the function, G the goroutine that called it at Pos), in the order the
// calls happened.
type Input struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	G     int    `json:"g,omitempty"`
	Pos   string `json:"pos,omitempty"`
}

// Limits of what Decode reads, so that a hostile file cannot make kiss use
// unbounded memory or time. kiss's schedules have some thousands of steps
// and tens of goroutines, a few hundred KB of JSON: the limits are far
// above that.
const (
	MaxSize       = 64 << 20 // bytes of the file
	MaxSteps      = 1 << 18
	MaxGoroutines = 1 << 16
)

var (
	posRE = regexp.MustCompile(`^.+:[0-9]+:[0-9]+$`)
	// opRE is the form of every op kiss writes ("lock", "t.run",
	// "atomic.compareandswap"). An op of that form kiss does not know is
	// left to replay, which reports a divergence at its step, as for a
	// schedule of another version of the code.
	opRE = regexp.MustCompile(`^[a-z][a-z0-9_.]*$`)
)

// Encode writes s as indented JSON.
func Encode(w io.Writer, s *Schedule) error {
	if err := s.Validate(); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// Decode reads one schedule and rejects anything malformed with an error
// that says what is wrong.
func Decode(r io.Reader) (*Schedule, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("schedule: %v", err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("schedule: larger than %d MiB", MaxSize>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Schedule
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("schedule: %v", err)
	}
	// (dec.More is false before a stray '}' or ']')
	if len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, errors.New("schedule: trailing data after the schedule object")
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Validate checks the invariants a replayer relies on.
func (s *Schedule) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("schedule: "+format, args...)
	}
	if s.Kiss != Version {
		if s.Kiss == 0 {
			return bad(`missing "kiss" version field (want %d)`, Version)
		}
		return bad("unsupported version %d (this kiss reads version %d)", s.Kiss, Version)
	}
	if s.Package != "" && !importPath(s.Package) {
		return bad("package %q is not an import path", s.Package)
	}
	if s.Root == "" {
		return bad(`missing "root"`)
	}
	if !oneLine(s.Root) {
		return bad("root %q has control characters", s.Root)
	}
	if !oneLine(s.Pos) {
		return bad("pos %q has control characters", s.Pos)
	}
	if _, known := Lookup(s.Check); !known {
		return bad("unknown check %q (want one of %s)", s.Check, CheckNames())
	}
	if s.Base != "" {
		if s.Check != "timing" {
			return bad("a %s schedule has a base check", s.Check)
		}
		if _, known := Lookup(s.Base); !known || s.Base == "timing" {
			return bad("unknown base check %q", s.Base)
		}
	}
	if s.Preemptions < 0 {
		return bad("negative preemptions %d", s.Preemptions)
	}
	if len(s.Goroutines) == 0 {
		return bad("no goroutines (the root is goroutine 0)")
	}
	if len(s.Goroutines) > MaxGoroutines {
		return bad("%d goroutines, more than %d", len(s.Goroutines), MaxGoroutines)
	}
	if len(s.Steps) > MaxSteps {
		return bad("%d steps, more than %d", len(s.Steps), MaxSteps)
	}
	for i, g := range s.Goroutines {
		if g.ID != i {
			return bad("goroutine %d has id %d: ids must be 0, 1, ... in spawn order", i, g.ID)
		}
		if i == 0 && g.Start != "root" {
			return bad(`goroutine 0 must start at "root", not %q`, g.Start)
		}
		if i > 0 && !isPos(g.Start) {
			return bad("goroutine %d: start %q is not a file:line:col position", i, g.Start)
		}
		if g.Parent != nil && (*g.Parent < 0 || *g.Parent >= i) {
			return bad("goroutine %d: parent %d was not spawned before it", i, *g.Parent)
		}
	}
	preempts := 0
	for i, st := range s.Steps {
		if st.G < 0 || st.G >= len(s.Goroutines) {
			return bad("step %d: goroutine %d does not exist", i, st.G)
		}
		if st.Op == "" {
			return bad("step %d: missing op", i)
		}
		if !opRE.MatchString(st.Op) {
			return bad("step %d: op %q is not an op name (lowercase letters, digits, '.' and '_')", i, st.Op)
		}
		if st.Pos != "" && !isPos(st.Pos) {
			return bad("step %d: pos %q is not a file:line:col position", i, st.Pos)
		}
		if st.Case != nil && *st.Case < -1 {
			return bad("step %d: case %d is neither a clause index nor -1 (default)", i, *st.Case)
		}
		if st.Preempt {
			preempts++
		}
	}
	for i, in := range s.Inputs {
		if in.G < 0 || in.G >= len(s.Goroutines) {
			return bad("input %d: goroutine %d does not exist", i, in.G)
		}
		if in.Pos != "" && !posRE.MatchString(in.Pos) {
			return bad("input %d: pos %q is not a file:line:col position", i, in.Pos)
		}
	}
	if s.Panic != "" && s.Failure() != "panic" {
		return bad("a %s schedule has a panic field", s.Check)
	}
	if r := s.Race; r != nil {
		if s.Failure() != "race" {
			return bad("a %s schedule has a race field", s.Check)
		}
		for _, a := range []Access{r.First, r.Second} {
			if a.G < 0 || a.G >= len(s.Goroutines) {
				return bad("race: goroutine %d does not exist", a.G)
			}
			if !isPos(a.Pos) {
				return bad("race: pos %q is not a file:line:col position", a.Pos)
			}
			if !oneLine(a.Access) {
				return bad("race: access %q has control characters", a.Access)
			}
		}
	}
	for _, b := range s.Blocked {
		if b.G < 0 || b.G >= len(s.Goroutines) {
			return bad("blocked: goroutine %d does not exist", b.G)
		}
		if b.Op != "" && !opRE.MatchString(b.Op) {
			return bad("blocked: op %q is not an op name", b.Op)
		}
		if b.Pos != "" && !isPos(b.Pos) {
			return bad("blocked: pos %q is not a file:line:col position", b.Pos)
		}
	}
	if preempts != s.Preemptions {
		return bad("preemptions is %d but %d steps are marked preempt", s.Preemptions, preempts)
	}
	return nil
}

// isPos reports whether s is a position "file:line:col" on one line.
func isPos(s string) bool { return posRE.MatchString(s) && oneLine(s) }

// oneLine reports whether s has no control characters: the strings replay
// shows in its one-line messages (a root, a position) must not break them.
func oneLine(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
	}) < 0
}

// importPath reports whether pkg is one import path, as the go command
// takes it, and not a pattern or a flag: replay hands it to go list.
// Beside the go command's own rules (no empty, "." or ".." element, no
// space or punctuation that is not a path's), it refuses "@" (a version
// query, which downloads modules), a leading "-" and the names that
// expand to many packages ("all", "std", ...).
func importPath(pkg string) bool {
	switch pkg {
	case "all", "std", "cmd", "tool", "work":
		return false
	}
	if strings.HasPrefix(pkg, "-") || strings.Contains(pkg, "...") {
		return false
	}
	for _, elem := range strings.Split(pkg, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
	}
	for _, r := range pkg {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == unicode.ReplacementChar ||
			strings.ContainsRune("!\"#$%&'()*,:;<=>?@[\\]^`{|}", r) {
			return false
		}
	}
	return true
}

// String renders the steps one per line, as kiss shows them.
func (s *Schedule) String() string {
	var b bytes.Buffer
	for i, st := range s.Steps {
		b.WriteString(st.Text(i+1, true))
		b.WriteByte('\n')
	}
	return b.String()
}

// Text renders step n (counted from 1), the one way kiss shows a step:
// "step 4: goroutine 1 lock (preemption)", with " at file.go:40:9" after
// the operation when at is set and the step has a position. An n of 0
// leaves the number out, for a sentence that names the step already
// ("diverged at step 4: expected goroutine 1 lock ...").
func (st Step) Text(n int, at bool) string {
	line := "goroutine " + strconv.Itoa(st.G) + " " + st.Op
	if n > 0 {
		line = "step " + strconv.Itoa(n) + ": " + line
	}
	if at && st.Pos != "" {
		line += " at " + st.Pos
	}
	if st.Preempt {
		line += " (preemption)"
	}
	if st.Blocks {
		line += " (blocks)"
	}
	return line
}

// Waiting says what a goroutine blocked at op waits for: "locking a mutex".
func Waiting(op string) string {
	switch op {
	case "send":
		return "sending on a channel"
	case "recv":
		return "receiving from a channel"
	case "select":
		return "in select"
	case "lock":
		return "locking a mutex"
	case "rlock":
		return "read-locking an RWMutex"
	case "wg.wait":
		return "in WaitGroup.Wait"
	case "cond.wait":
		return "in Cond.Wait"
	case "once":
		return "in Once.Do"
	case "range":
		return "ranging over a channel"
	case "t.run":
		return "in t.Run, waiting for the subtest"
	case "t.parallel":
		return "in t.Parallel, waiting for the parent test to return"
	case "t.subtests":
		return "waiting for its parallel subtests"
	}
	return "at " + op
}
