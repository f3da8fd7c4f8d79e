package stress

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/analyzer/replay"
	"github.com/gokiss/kiss/analyzer/schedule"
)

// outcome is what one run did, read from its output.
type outcome struct {
	dir      string
	root     string
	gs       []schedule.Goroutine
	goids    map[int64]int
	steps    []schedule.Step
	inputs   []schedule.Input // random draws, in order
	end      string           // "ok", "fail", "deadlock", "leak", "budget", "stall"; "" if the process died
	blocked  []stuckG
	panicG   int
	panicVal string
	panicStk string
	fatal    string // a fatal error or an unrecovered panic of the process, with its stacks
	races    []raceReport
	output   string
	stalled  bool
	stacks   string // of a stalled or stuck run
	running  int    // the goroutine of the last step or start
}

// stallReason says why a run stalled: the step budget, or the first
// goroutine of the test's code blocked where the scheduler does not see
// it (in the runtime's words: "sync.Mutex.Lock in x.go:12").
func (o *outcome) stallReason() string {
	switch {
	case o.end == "budget":
		return "the step budget ran out"
	case o.end != "stall":
		return "the run timed out"
	}
	for _, block := range strings.Split(o.stacks, "\n\n") {
		goid, status := stackHead(block)
		// a goroutine of the run, or of its bubble
		if _, ok := o.goids[goid]; !ok && !strings.Contains(status, "synctest bubble") {
			continue
		}
		status, _, _ = strings.Cut(status, ",")
		if strings.HasPrefix(status, "synctest") || strings.Contains(status, "durable") {
			continue
		}
		pos := o.firstFrame(block)
		switch {
		case pos == "":
		case status == "running" || status == "runnable":
			return "a goroutine keeps running at " + pos + ", spinning for something a goroutine held back at a scheduling point holds (a spin lock of code without hooks)"
		default:
			return "a goroutine blocked where kiss stress does not see it: " + status + " at " + pos
		}
	}
	return "nothing happened for 2 seconds"
}

// stackHead is the id and the status of a goroutine's block of a stack
// dump ("goroutine 7 [chan receive, 2 minutes]:").
func stackHead(block string) (goid int64, status string) {
	head, _, _ := strings.Cut(block, "\n")
	rest, ok := strings.CutPrefix(head, "goroutine ")
	if !ok {
		return 0, ""
	}
	id, rest, _ := strings.Cut(rest, " [")
	goid, _ = strconv.ParseInt(id, 10, 64)
	status, _, _ = strings.Cut(rest, "]:")
	return goid, status
}

// stuckG is a goroutine blocked for good: where, and the function it
// called there if it is blocked inside a call no hook sees.
type stuckG struct {
	schedule.Blocked
	in string
}

// blockedAt is where b is blocked: at its last step, if its innermost
// frame of the package is on that step's line; else inside a call no hook
// sees (another package's channel, io.Pipe), named by that frame, the
// function it calls there and the runtime's wait reason.
func (o *outcome) blockedAt(b blockedG) stuckG {
	for _, block := range strings.Split(o.stacks, "\n\n") {
		goid, status := stackHead(block)
		if goid != b.Goid {
			continue
		}
		frame := o.firstFrame(block)
		if frame == "" || b.Pos != "" && sameLine(frame, b.Pos) {
			break
		}
		status, _, _ = strings.Cut(status, ",")
		status = strings.TrimSuffix(status, " (durable)")
		return stuckG{schedule.Blocked{G: b.G, Op: waitOp[strings.TrimSuffix(status, " (nil chan)")], Pos: frame}, o.calledAt(block)}
	}
	return stuckG{Blocked: b.Blocked}
}

// calledAt is the function a goroutine's innermost frame of the package
// calls, in its stack: the frame above it.
func (o *outcome) calledAt(block string) string {
	lines := strings.Split(block, "\n")
	for i := 2; i < len(lines); i += 2 {
		m := frameRE.FindStringSubmatch(lines[i])
		if m == nil || filepath.Dir(m[1]) != o.dir || !o.local(filepath.Base(m[1])) {
			continue
		}
		if i < 4 {
			return ""
		}
		fn := lines[i-3]
		if k := strings.LastIndex(fn, "("); k > 0 {
			fn = fn[:k]
		}
		return fn
	}
	return ""
}

// waitOp is the operation of a runtime wait reason.
var waitOp = map[string]string{
	"chan send": "send", "chan receive": "recv", "select": "select", "select (no cases)": "select",
	"sync.Mutex.Lock": "lock", "sync.RWMutex.Lock": "lock", "sync.RWMutex.RLock": "rlock",
	"sync.WaitGroup.Wait": "wg.wait", "sync.Cond.Wait": "cond.wait",
}

// sameLine reports whether two positions "file:L:C" are on one line.
func sameLine(a, b string) bool {
	return a[:strings.LastIndex(a, ":")] == b[:strings.LastIndex(b, ":")]
}

// raceReport is one report of the race detector, and how many steps had
// been taken when it was written.
type raceReport struct {
	text    string
	steps   int
	inputs  int
	running int // the goroutine that ran last: its step or its start came last
}

type event struct {
	K       string     `json:"k"`
	ID      int        `json:"id"`
	Parent  int        `json:"parent"`
	Start   string     `json:"start"`
	Goid    int64      `json:"goid"`
	G       int        `json:"g"`
	Op      string     `json:"op"`
	Pos     string     `json:"pos"`
	Preempt bool       `json:"preempt"`
	I       int        `json:"i"`
	Case    int        `json:"case"`
	Outcome string     `json:"outcome"`
	Blocked []blockedG `json:"blocked"`
	Value   string     `json:"value"`
	Stack   string     `json:"stack"`
	Stacks  string     `json:"stacks"`
	Failed  bool       `json:"failed"`
	Name    string     `json:"name"`
}

// blockedG is a goroutine blocked for good, as the scheduler saw it: its
// last step, and its runtime id.
type blockedG struct {
	schedule.Blocked
	Goid int64 `json:"goid"`
}

// parse reads a run's output: the scheduler's events, the race
// detector's reports, and a crash.
func parse(out, dir, root string) *outcome {
	o := &outcome{dir: dir, root: root, goids: map[int64]int{}, panicG: -1, output: out}
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if rest, ok := strings.CutPrefix(line, "kiss-stress\t"); ok {
			var e event
			if json.Unmarshal([]byte(rest), &e) != nil {
				continue
			}
			o.event(&e)
			continue
		}
		if line == "WARNING: DATA RACE" {
			j := i + 1
			for j < len(lines) && lines[j] != "==================" {
				j++
			}
			o.races = append(o.races, raceReport{strings.Join(lines[i+1:j], "\n"), len(o.steps), len(o.inputs), o.running})
			i = j
			continue
		}
		if o.end == "" && o.fatal == "" && (strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ")) &&
			!strings.HasPrefix(line, "panic: test timed out") {
			o.fatal = replay.AsRoot(strings.Join(lines[i:], "\n"), root)
		}
	}
	if o.end == "" && o.fatal == "" && o.panicVal == "" {
		o.stalled = true // killed, or timed out
	}
	return o
}

func (o *outcome) event(e *event) {
	switch e.K {
	case "g":
		g := schedule.Goroutine{ID: e.ID, Start: e.Start}
		if e.ID > 0 {
			p := e.Parent
			g.Parent = &p
		}
		o.gs = append(o.gs, g)
	case "reg":
		o.goids[e.Goid] = e.ID
		o.running = e.ID
	case "step":
		o.steps = append(o.steps, schedule.Step{G: e.G, Op: e.Op, Pos: e.Pos, Preempt: e.Preempt})
		o.running = e.G
	case "blocks":
		if e.I < len(o.steps) {
			o.steps[e.I].Blocks = true
		}
	case "case":
		if e.I < len(o.steps) {
			c := e.Case
			o.steps[e.I].Case = &c
		}
	case "end":
		o.end, o.stacks = e.Outcome, e.Stacks
		for _, b := range e.Blocked {
			o.blocked = append(o.blocked, o.blockedAt(b))
		}
		if e.Outcome == "stall" || e.Outcome == "budget" {
			o.stalled = true
		}
	case "panic":
		o.panicG, o.panicVal, o.panicStk = e.G, replay.AsRoot(e.Value, o.root), e.Stack
	case "value":
		o.inputs = append(o.inputs, schedule.Input{Name: e.Name, Value: e.Value, G: e.G, Pos: e.Pos})
	}
}

// findings are the violations of the run, with their schedules.
func (o *outcome) findings(pkg, dir, root string) []*Finding {
	var fs []*Finding
	mk := func(check string, steps []schedule.Step, inputs []schedule.Input) (*Finding, *schedule.Schedule) {
		sch := &schedule.Schedule{Kiss: schedule.Version, Package: pkg, Root: root, Check: check, Goroutines: o.gs,
			Steps: append([]schedule.Step(nil), steps...), Inputs: append([]schedule.Input(nil), inputs...)}
		if len(sch.Goroutines) == 0 {
			sch.Goroutines = []schedule.Goroutine{{Start: "root"}}
		}
		for _, st := range sch.Steps {
			if st.Preempt {
				sch.Preemptions++
			}
		}
		return &Finding{Check: check, Package: pkg, Dir: dir, Schedule: sch}, sch
	}
	preempts := func(sch *schedule.Schedule) string {
		if sch.Preemptions == 1 {
			return "1 preemption"
		}
		return strconv.Itoa(sch.Preemptions) + " preemptions"
	}
	switch {
	case o.panicVal != "":
		f, sch := mk("panic", o.steps, o.inputs)
		f.Pos = o.frameAfterPanic(o.panicStk)
		sch.Panic = o.panicVal
		f.Message = fmt.Sprintf("panic: %s (%s)", o.panicVal, preempts(sch))
		fs = append(fs, f)
	case o.fatal != "":
		first, _, _ := strings.Cut(o.fatal, "\n")
		f, sch := mk("panic", o.steps, o.inputs)
		f.Pos = o.frameAfterPanic(o.fatal)
		if strings.HasPrefix(first, "fatal error: ") {
			sch.Panic = first
		} else {
			sch.Panic = strings.TrimSuffix(strings.TrimPrefix(first, "panic: "), " [recovered]")
		}
		f.Message = fmt.Sprintf("panic: %s (%s)", strings.TrimPrefix(first, "panic: "), preempts(sch))
		if strings.Contains(first, "synctest") || strings.HasPrefix(first, "panic: deadlock: ") {
			break // the bubble's own deadlock report: the scheduler's verdict says more
		}
		fs = append(fs, f)
	case o.end == "deadlock" || o.end == "leak":
		f, sch := mk(o.end, o.steps, o.inputs)
		var desc []string
		for _, b := range o.blocked {
			if o.end == "leak" && b.G == 0 {
				continue
			}
			sch.Blocked = append(sch.Blocked, b.Blocked)
			who := "the test goroutine"
			if b.G > 0 && b.G < len(o.gs) {
				who = fmt.Sprintf("goroutine %d (started at %s)", b.G, o.gs[b.G].Start)
			}
			if b.Op == "" {
				desc = append(desc, who+" is blocked")
				continue
			}
			if f.Pos == "" && b.Pos != "" {
				f.Pos = b.Pos
			}
			in := ""
			if b.in != "" {
				in = " inside " + b.in
			}
			desc = append(desc, fmt.Sprintf("%s blocks forever %s%s at %s", who, schedule.Waiting(b.Op), in, b.Pos))
		}
		if len(sch.Blocked) == 0 {
			break
		}
		if o.end == "deadlock" {
			f.Message = fmt.Sprintf("deadlock: %s (%s)", strings.Join(desc, "; "), preempts(sch))
		} else {
			f.Message = fmt.Sprintf("goroutine leak: %s after the test returned (%s)", strings.Join(desc, "; "), preempts(sch))
		}
		fs = append(fs, f)
	case o.end == "fail" && len(o.races) == 0:
		// (with races, the race detector failed the test, and a t.Log
		// line reads as a failure's: the races are the findings)
		f, sch := mk("assert", o.steps, o.inputs)
		msg := "the test failed"
		if m := failRE.FindStringSubmatch(o.output); m != nil && o.local(m[1]) {
			line, _ := strconv.Atoi(m[2])
			f.Pos = o.position(m[1], line)
			msg = m[3]
		}
		f.Message = fmt.Sprintf("test failure: %s (%s)", msg, preempts(sch))
		fs = append(fs, f)
	}
	for _, r := range o.races {
		if f := o.race(r, mk, preempts); f != nil {
			fs = append(fs, f)
		}
	}
	for _, f := range fs {
		if f.Pos == "" {
			f.Pos = lastPos(f.Schedule.Steps)
		}
		f.Schedule.Pos = f.Pos
		f.Schedule.Message = f.Message
	}
	return fs
}

// failRE is a t.Error/t.Fatal line of go test -v: "    x_test.go:19: msg".
var failRE = regexp.MustCompile(`(?m)^\s+([\w.\-]+\.go):(\d+): (.*)$`)

// frameRE is a frame's position in a stack, "\t/dir/x.go:12 +0x1d", or
// in a race report, indented with spaces.
var frameRE = regexp.MustCompile(`(?m)^\s+(/.*\.go):(\d+)(?: \+0x[0-9a-f]+)?$`)

// local reports whether file (a base name) is one of the package's own,
// not the scheduler's.
func (o *outcome) local(file string) bool {
	if strings.HasPrefix(file, "kiss_replay_") {
		return false
	}
	_, err := os.Stat(filepath.Join(o.dir, file))
	return err == nil
}

// frameAfterPanic is the innermost frame of the package below the panic
// in stack: where the panic happened.
func (o *outcome) frameAfterPanic(stack string) string {
	if i := strings.LastIndex(stack, "\npanic("); i >= 0 {
		stack = stack[i:]
	}
	return o.firstFrame(stack)
}

// firstFrame is the position of the first frame of stack in the package's
// own files.
func (o *outcome) firstFrame(stack string) string {
	for _, m := range frameRE.FindAllStringSubmatch(stack, -1) {
		if filepath.Dir(m[1]) == o.dir && o.local(filepath.Base(m[1])) {
			line, _ := strconv.Atoi(m[2])
			return o.position(filepath.Base(m[1]), line)
		}
	}
	return ""
}

// position names a line of the package as a schedule position: the
// column of its first non-blank character (stacks and test logs give
// lines only; replay judges panics and failures by the line).
func (o *outcome) position(file string, line int) string {
	col := 1
	if data, err := os.ReadFile(filepath.Join(o.dir, file)); err == nil {
		lines := strings.Split(string(data), "\n")
		if line-1 < len(lines) {
			l := lines[line-1]
			col = len(l) - len(strings.TrimLeft(l, " \t")) + 1
		}
	}
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// accessPos is the position of an access the race detector reports on a
// line of the package (it gives lines, not columns): the first statement
// that starts on the line, whose hook in replay comes before every access
// of the line; for a write on the line of a range statement, its
// variable, which kiss names and replay hooks at the top of the body (the
// iteration's write is the only write there). Without such a statement,
// pos.
func (o *outcome) accessPos(pos, kind string) string {
	file, rest, _ := strings.Cut(pos, ":")
	lineText, _, _ := strings.Cut(rest, ":")
	line, _ := strconv.Atoi(lineText)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(o.dir, file), nil, parser.SkipObjectResolution)
	if err != nil {
		return pos
	}
	at := func(p token.Pos) string {
		return fmt.Sprintf("%s:%d:%d", file, line, fset.Position(p).Column)
	}
	found := pos
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || found != pos {
			return false
		}
		if from, to := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line; line < from || line > to {
			return false
		}
		st, ok := n.(ast.Stmt)
		if _, block := n.(*ast.BlockStmt); !ok || block || fset.Position(st.Pos()).Line != line {
			return true
		}
		found = at(st.Pos())
		if r, ok := st.(*ast.RangeStmt); ok && strings.HasSuffix(kind, "write") {
			for _, v := range []ast.Expr{r.Key, r.Value} {
				if id, ok := v.(*ast.Ident); ok && id.Name != "_" && fset.Position(id.Pos()).Line == line {
					found = at(id.Pos())
					break
				}
			}
		}
		return false
	})
	return found
}

var accessRE = regexp.MustCompile(`^(Previous )?(?i:(atomic )?(read|write)) at 0x[0-9a-f]+ by goroutine (\d+):`)

// race is the finding of a race report whose two goroutines the run
// controlled.
func (o *outcome) race(r raceReport, mk func(string, []schedule.Step, []schedule.Input) (*Finding, *schedule.Schedule), preempts func(*schedule.Schedule) string) *Finding {
	var acc [2]*schedule.Access
	sections := strings.Split(r.text, "\n\n")
	for _, s := range sections {
		m := accessRE.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		// the detector numbers goroutines its own way: the access that
		// completes the race is the running goroutine's; the earlier one
		// is the root's, or the one goroutine started where the report
		// says it was created
		g := r.running
		if m[1] != "" {
			g = o.creator(sections, m[4], r.running, s)
		}
		pos := o.firstFrame(s)
		if g < 0 || pos == "" {
			return nil
		}
		kind := strings.ToLower(m[3])
		if m[2] != "" {
			kind = "atomic " + kind
		}
		pos = o.accessPos(pos, kind)
		a := &schedule.Access{G: g, Access: kind, Pos: pos}
		if m[1] != "" {
			acc[0] = a
		} else {
			acc[1] = a
		}
	}
	if acc[0] == nil || acc[1] == nil {
		return nil
	}
	f, sch := mk("race", o.steps[:r.steps], o.inputs[:r.inputs])
	sch.Race = &schedule.Race{First: *acc[0], Second: *acc[1]}
	f.Pos = acc[1].Pos
	f.Message = fmt.Sprintf("data race: %s at %s by goroutine %d and %s at %s by goroutine %d (%s)",
		acc[0].Access, acc[0].Pos, acc[0].G, acc[1].Access, acc[1].Pos, acc[1].G, preempts(sch))
	return f
}

// creator is the goroutine of the run that the race report's goroutine
// id is, found by where the report says it was created: the root if
// synctest created it, an AfterFunc's function (access is its section of
// the report) if the timer did, else the one goroutine other than not
// started there; -1 if that does not say.
func (o *outcome) creator(sections []string, id string, not int, access string) int {
	for _, s := range sections {
		if !strings.HasPrefix(s, "Goroutine "+id+" ") {
			continue
		}
		if strings.Contains(s, "testing/synctest.") {
			return 0
		}
		if strings.Contains(s, "time.goFunc()") {
			return o.afterFunc(access, not)
		}
		at := o.firstFrame(s)
		file, line, _ := strings.Cut(at, ":")
		line, _, _ = strings.Cut(line, ":")
		found := -1
		for _, g := range o.gs {
			if g.ID != not && strings.HasPrefix(g.Start, file+":"+line+":") {
				if found >= 0 {
					return -1
				}
				found = g.ID
			}
		}
		return found
	}
	return -1
}

// afterFunc is the AfterFunc goroutine (one that took a timer.fire step
// and ran user code) whose access section of a race report is: the only
// one, or the one started on the line of the function literal the
// access's outermost frame of the package is in.
func (o *outcome) afterFunc(access string, not int) int {
	var cands []int
	for _, st := range o.steps {
		if st.Op == "timer.fire" && st.G != not && !slices.Contains(cands, st.G) {
			for _, id := range o.goids {
				if id == st.G {
					cands = append(cands, st.G)
					break
				}
			}
		}
	}
	if len(cands) <= 1 {
		if len(cands) == 0 {
			return -1
		}
		return cands[0]
	}
	frames := frameRE.FindAllStringSubmatch(access, -1)
	for i := len(frames) - 1; i >= 0; i-- {
		m := frames[i]
		if filepath.Dir(m[1]) != o.dir || !o.local(filepath.Base(m[1])) {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		lit := o.funcLitLine(filepath.Base(m[1]), line)
		found := -1
		for _, g := range cands {
			if strings.HasPrefix(o.gs[g].Start, fmt.Sprintf("%s:%d:", filepath.Base(m[1]), lit)) {
				if found >= 0 {
					return -1
				}
				found = g
			}
		}
		return found
	}
	return -1
}

// funcLitLine is the line where the innermost function literal holding
// line of file starts, 0 if none does.
func (o *outcome) funcLitLine(file string, line int) int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(o.dir, file), nil, parser.SkipObjectResolution)
	if err != nil {
		return 0
	}
	start := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		from, to := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
		if line < from || line > to {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			start = from
		}
		return true
	})
	return start
}

func lastPos(steps []schedule.Step) string {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].Pos != "" {
			return steps[i].Pos
		}
	}
	return ""
}
