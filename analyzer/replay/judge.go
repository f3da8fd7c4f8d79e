package replay

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// event is one line the scheduler wrote.
type event struct {
	kind string
	args []string
}

func (e event) int(i int) int {
	if i >= len(e.args) {
		return -1
	}
	n, err := strconv.Atoi(e.args[i])
	if err != nil {
		return -1
	}
	return n
}

func (e event) str(i int) string {
	if i >= len(e.args) {
		return ""
	}
	return e.args[i]
}

// log is the parsed event file.
type log struct {
	events []event
	goids  map[int]string // schedule goroutine → runtime goroutine id
	stacks string         // the last stack dump, if any
}

func parseEvents(text string) *log {
	l := &log{goids: map[int]string{}}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" {
			continue
		}
		if line == "stacks" {
			j := i + 1
			for j < len(lines) && lines[j] != "endstacks" {
				j++
			}
			l.stacks = strings.Join(lines[i+1:j], "\n")
			i = j
			continue
		}
		f := strings.Split(line, "\t")
		e := event{kind: f[0], args: f[1:]}
		l.events = append(l.events, e)
		if e.kind == "reg" {
			l.goids[e.int(0)] = e.str(1)
		}
	}
	return l
}

func (l *log) find(kind string) (event, bool) {
	for _, e := range l.events {
		if e.kind == kind {
			return e, true
		}
	}
	return event{}, false
}

// goroutine is one goroutine of a stack dump.
type goroutine struct {
	id     string
	status string
	frames []frame
}

type frame struct {
	fn   string
	file string
	line int
}

var goroutineRE = regexp.MustCompile(`^goroutine (\d+) (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[([^\]]*)\]:$`)
var fileLineRE = regexp.MustCompile(`^\t(.+\.go):(\d+)(?: \+0x[0-9a-f]+)?`)

// parseStacks parses the goroutines of a traceback (runtime.Stack(all) or
// a crash), in order.
func parseStacks(text string) []*goroutine {
	var gs []*goroutine
	var cur *goroutine
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := goroutineRE.FindStringSubmatch(line); m != nil {
			cur = &goroutine{id: m[1], status: m[2]}
			gs = append(gs, cur)
			continue
		}
		if cur == nil || line == "" || strings.HasPrefix(line, "\t") {
			if line == "" {
				cur = nil
			}
			continue
		}
		fn := line
		if i+1 < len(lines) {
			if m := fileLineRE.FindStringSubmatch(lines[i+1]); m != nil {
				n, _ := strconv.Atoi(m[2])
				if !strings.HasPrefix(fn, "created by ") {
					cur.frames = append(cur.frames, frame{fn: fn, file: m[1], line: n})
				}
				i++
			}
		}
	}
	return gs
}

// lockStatus is the goroutine's status, where a goroutine waiting for a
// sync.Mutex under the scheduler (lockDurably's select, or the
// scheduler's own lock on its way there) is "sync.Mutex.Lock", whichever
// instant the dump caught: the verdict reads the same every run.
func (g *goroutine) lockStatus() string {
	for _, f := range g.frames {
		if strings.Contains(f.fn, "kissReplayState).lockDurably") || strings.Contains(f.fn, "kissReplayState).lockAfterHook") {
			status := "sync.Mutex.Lock"
			if i := strings.Index(g.status, ", synctest bubble"); i >= 0 {
				status += g.status[i:]
			}
			return status
		}
	}
	return g.status
}

// userFrame is the goroutine's innermost frame in the package under test
// (not in the injected scheduler): "file.go:LINE".
func (g *goroutine) userFrame(dir string) string {
	for _, f := range g.frames {
		if filepath.Dir(f.file) != dir || strings.HasPrefix(filepath.Base(f.file), "kiss_replay_") {
			continue
		}
		return fmt.Sprintf("%s:%d", filepath.Base(f.file), f.line)
	}
	return ""
}

// hasFrameAt reports whether one of the goroutine's frames is at at, a
// line of another package's file as kiss names it ("strconv/itoa.go:90",
// the package's path before the file's name): the file's directory and
// name, and the line, match. (A panic inside code the test calls is at
// such a line in kiss's schedule; the run's frame of the package under
// test is the call.)
func (g *goroutine) hasFrameAt(at string) bool {
	i := strings.LastIndex(at, ":")
	if i < 0 {
		return false
	}
	file, ln := at[:i], at[i+1:]
	suffix := filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file)
	for _, f := range g.frames {
		if strconv.Itoa(f.line) == ln && strings.HasSuffix(filepath.ToSlash(f.file), "/"+suffix) {
			return true
		}
	}
	return false
}

// line drops the column: "file.go:L:C" → "file.go:L".
func line(pos string) string {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return pos
	}
	return pos[:i]
}

// crashRE is the line of go test's output that a crash starts with.
var crashRE = regexp.MustCompile(`(?m)^(fatal error: .*|panic: .*)$`)

// judge sets the verdict of r from the scheduler's events and go test's
// output. The steps the run performed come first, since every verdict
// shows them; then whether the run left the schedule before the
// violation, which no check can judge; then the verdict of the check.
func judge(r *Result, sch *schedule.Schedule, l *log, output string, prep *prepared) {
	done := r.record(sch, l)
	o := observe(l, output, prep.dir)
	o.modPath, o.modDir = prep.modPath, prep.modDir
	if r.leftSchedule(sch, o, done) {
		return
	}
	switch sch.Failure() {
	case "panic":
		r.judgePanic(sch, o)
	case "assert":
		r.judgeAssert(sch, o)
	case "deadlock", "leak":
		r.judgeBlocked(sch, o)
	case "race":
		r.judgeRace(sch, o)
	}
}

// record appends to r's trace the schedule's steps the scheduler saw
// performed, in order, and returns how many of the steps were done.
func (r *Result) record(sch *schedule.Schedule, l *log) int {
	done := 0
	for _, e := range l.events {
		if e.kind != "step" {
			continue
		}
		k := e.int(0)
		if k < 0 || k >= len(sch.Steps) {
			continue // the scheduler counts only the schedule's steps
		}
		r.Trace = append(r.Trace, Step{N: k + 1, Step: sch.Steps[k], OK: true})
		done = k + 1
	}
	return done
}

// outcome is what a run left behind for judging: the scheduler's events,
// go test's output and the goroutines' last stacks, with the panic they
// show, if any.
type outcome struct {
	log    *log
	output string
	dir    string // the package's directory
	// the main module's path and directory: a position in another package
	// of it ("example.com/m/guard/guard.go") is a file of the directory
	modPath, modDir string
	byGoid          map[string]*goroutine // the goroutines of the last stack dump
	first           *goroutine            // the dump's first goroutine: the one that crashed
	// a panic: recorded by the scheduler, or the crash of a fatal error
	panicked          bool
	panicMsg, panicAt string
}

// observe collects the outcome of a run: all the goroutines of the
// scheduler's dump (a panic's or the watchdog's) or else of go test's
// crash output, and the panic.
func observe(l *log, output, dir string) *outcome {
	o := &outcome{log: l, output: output, dir: dir, byGoid: map[string]*goroutine{}}
	stacks, crash := l.stacks, ""
	if stacks == "" {
		if i := strings.Index(output, "\ngoroutine "); i >= 0 {
			stacks, crash = output[i+1:], output[:i]
		}
	}
	gs := parseStacks(stacks)
	for _, g := range gs {
		o.byGoid[g.id] = g
	}
	if len(gs) > 0 {
		o.first = gs[0]
	}
	o.findPanic(crash)
	return o
}

// findPanic sets the panic of the run: the one the scheduler recorded
// (the test's own goroutines recover it to record it), or else the
// "panic:" or "fatal error:" line go test printed before the crash's
// stacks. Where is the crashing goroutine's innermost frame of the package.
func (o *outcome) findPanic(crash string) {
	if e, ok := o.log.find("panic"); ok {
		o.panicked, o.panicMsg = true, e.str(1)
	} else if m := crashRE.FindString(crash); m != "" {
		o.panicked = true
		o.panicMsg = strings.TrimPrefix(m, "panic: ")
		if i := strings.Index(o.panicMsg, " [recovered"); i >= 0 {
			o.panicMsg = o.panicMsg[:i]
		}
		if strings.HasPrefix(o.panicMsg, "deadlock: ") && strings.Contains(o.panicMsg, "bubble") {
			// synctest saw every goroutine durably blocked: the stacks are
			// the final state, not a panic of the test
			o.panicked = false
		}
	} else {
		return
	}
	if o.first != nil {
		o.panicAt = o.first.userFrame(o.dir)
	}
}

// where is schedule goroutine g in the last stack dump: its innermost
// frame of the package ("file.go:L"), its status, and whether it is there
// at all (it has not exited).
func (o *outcome) where(g int) (frame, status string, alive bool) {
	if st := o.stack(g); st != nil {
		status = st.lockStatus()
		if status == "sync.Mutex.Lock" {
			// polling for the lock, caught running: its bubble is the
			// schedule's other goroutines' (a verdict must not depend on
			// the moment of the dump)
			for _, goid := range o.log.goids {
				if other := o.byGoid[goid]; other != nil {
					if i := strings.Index(other.status, ", synctest bubble"); i >= 0 {
						status += other.status[i:]
						break
					}
				}
			}
		}
		return st.userFrame(o.dir), status, true
	}
	return "", "", false
}

// stack is schedule goroutine g's last stack, nil if it has exited.
func (o *outcome) stack(g int) *goroutine {
	if goid, ok := o.log.goids[g]; ok {
		return o.byGoid[goid]
	}
	return nil
}

// onStack reports whether goroutine g's last stack has a frame at at
// ("file.go:L"): a step inside a call is matched by the stack, not by the
// innermost frame of the package.
func (o *outcome) onStack(g int, at string) bool {
	st := o.stack(g)
	if st == nil {
		return false
	}
	file, ln := line(at), at[strings.LastIndex(at, ":")+1:]
	for _, f := range st.frames {
		// "io/pipe.go" names a file of the standard library by its
		// package: the frame's path ends with it
		if strconv.Itoa(f.line) == ln && (f.file == file || strings.HasSuffix(f.file, "/"+file) || f.file == o.inModule(file) || inModCache(f.file) == file) {
			return true
		}
	}
	return false
}

// inDeferred reports whether goroutine g is blocked in a deferred call
// whose defer statement is at pos, a file of the module: Go's stack
// shows the caller at the return that ran it (or the closing brace), not
// at the defer statement, which is where kiss names the step (a test's
// defer wg.Wait()).
func (o *outcome) inDeferred(g int, pos string) bool {
	st := o.stack(g)
	at := line(pos) // "x_test.go:82": a file of the package; or one of the module's by its path
	file := line(at)
	ln, err := strconv.Atoi(strings.TrimPrefix(at[len(file):], ":"))
	if !strings.Contains(file, "/") {
		file = filepath.Join(o.dir, file)
	} else {
		file = o.inModule(file)
	}
	if st == nil || file == "" || err != nil {
		return false
	}
	ends := deferEnds(file, ln)
	for _, f := range st.frames {
		if f.file == file && slices.Contains(ends, f.line) {
			return true
		}
	}
	return false
}

// deferEnds lists the lines where the function holding the defer
// statement at line ln of file runs its deferred calls: its returns and
// its closing brace (nil if no defer statement is on that line).
func deferEnds(file string, ln int) []int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var holder *ast.BlockStmt // the body of the function the statement is in
	ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
		if d, ok := n.(*ast.DeferStmt); ok && fset.Position(d.Pos()).Line == ln {
			for i := len(stack) - 1; i >= 0 && holder == nil; i-- {
				switch fn := stack[i].(type) {
				case *ast.FuncLit:
					holder = fn.Body
				case *ast.FuncDecl:
					holder = fn.Body
				}
			}
		}
		return holder == nil
	})
	if holder == nil {
		return nil
	}
	ends := []int{fset.Position(holder.Rbrace).Line}
	ast.Inspect(holder, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			ends = append(ends, fset.Position(n.Pos()).Line)
		}
		return true
	})
	return ends
}

// inModCache is the file a path of the module cache holds, by its import
// path ("/root/go/pkg/mod/github.com/!victoria!metrics/fastcache@v1.13.2/
// file.go" is "github.com/VictoriaMetrics/fastcache/file.go"): a step
// inside a dependency's code (a mock clock's Sleep) is named so. "" for
// a path outside the module cache.
func inModCache(path string) string {
	_, rest, ok := strings.Cut(filepath.ToSlash(path), "/pkg/mod/")
	if !ok {
		return ""
	}
	elems := strings.Split(rest, "/")
	for i, e := range elems {
		if at := strings.Index(e, "@"); at >= 0 {
			elems[i] = e[:at]
		}
		if strings.Contains(elems[i], "!") {
			var b strings.Builder
			for j := 0; j < len(elems[i]); j++ {
				if c := elems[i][j]; c == '!' && j+1 < len(elems[i]) {
					j++
					b.WriteByte(elems[i][j] - 'a' + 'A')
				} else {
					b.WriteByte(c)
				}
			}
			elems[i] = b.String()
		}
	}
	return strings.Join(elems, "/")
}

// inModule is the file of the module's directory that file
// ("example.com/m/guard/guard.go") names, "" if it names none.
func (o *outcome) inModule(file string) string {
	if rest, ok := strings.CutPrefix(file, o.modPath+"/"); ok && o.modPath != "" {
		return filepath.Join(o.modDir, filepath.FromSlash(rest))
	}
	return ""
}

// inFuncHook reports whether goroutine g is inside the call of a func
// value replay hooked (a method value, sync.OnceValue's func): its step is
// named where the func was made, which need not be on the stack.
func (o *outcome) inFuncHook(g int) bool {
	st := o.stack(g)
	if st == nil {
		return false
	}
	for _, f := range st.frames {
		if strings.Contains(f.fn, ".KissReplayFn") {
			return true
		}
	}
	return false
}

// at says where goroutine g is, for a verdict's detail.
func (o *outcome) at(g int) string {
	frame, status, alive := o.where(g)
	if !alive {
		return fmt.Sprintf("goroutine %d has exited", g)
	}
	if frame == "" {
		return fmt.Sprintf("goroutine %d is %s outside the package", g, status)
	}
	return fmt.Sprintf("goroutine %d is at %s (%s)", g, frame, status)
}

// rootEnd is the test's end: whether it returned, and whether it failed.
func (o *outcome) rootEnd() (returned, failed bool) {
	e, ok := o.log.find("rootend")
	return ok, ok && e.str(0) == "true"
}

// leftSchedule judges a run that did not follow the schedule to the
// violation: the scheduler saw a goroutine leave the schedule, the test
// panicked where the check is not a panic, or the run stopped before the
// last step. It reports whether it set the verdict.
func (r *Result) leftSchedule(sch *schedule.Schedule, o *outcome, done int) bool {
	if r.divergedInRun(sch, o.log) {
		return true
	}
	if o.panicked && sch.Failure() != "panic" {
		r.Verdict = notReproduced
		r.Detail = fmt.Sprintf("the test panicked instead: %s at %s", o.panicMsg, o.panicAt)
		return true
	}
	if _, ended := o.log.find("end"); ended || done >= len(sch.Steps) || o.panicked {
		return false
	}
	// the run stopped before the schedule's end
	if _, raced := o.log.find("race"); raced && sch.Failure() == "race" {
		r.Verdict, r.Detail = reproduced, raceDetail(sch)
		return true
	}
	actual := o.at(sch.Steps[done].G)
	if returned, _ := o.rootEnd(); returned {
		actual = "the test returned; " + actual
	}
	r.diverge(sch, done, actual, "")
	return true
}

// divergedInRun judges a divergence the scheduler saw as it happened: a
// goroutine reached another operation than its step (diverge), or stayed
// blocked on a lock the schedule gave it (stuck). It reports whether
// there was one.
func (r *Result) divergedInRun(sch *schedule.Schedule, l *log) bool {
	if e, ok := l.find("diverge"); ok {
		actual := fmt.Sprintf("goroutine %s reached %s", e.str(1), e.str(2))
		if p := e.str(3); p != "" {
			actual += " at " + p
		}
		r.diverge(sch, e.int(0), actual, " ("+e.str(4)+")")
		return true
	}
	if e, ok := l.find("stuck"); ok {
		actual := fmt.Sprintf("goroutine %s is still blocked in %s at %s", e.str(1), e.str(2), e.str(3))
		r.diverge(sch, e.int(0), actual, "")
		return true
	}
	return false
}

// diverge sets the verdict "diverged at step k+1": what step k says, what
// the run did instead (and why, in the detail); step k closes the trace,
// marked not done.
func (r *Result) diverge(sch *schedule.Schedule, k int, actual, why string) {
	r.Verdict = diverged
	r.DivergedAt = k + 1
	r.Expected = expected(sch, k)
	r.Actual = actual
	r.Detail = fmt.Sprintf("step %d: expected %s, but %s%s", k+1, r.Expected, actual, why)
	if k >= 0 && k < len(sch.Steps) {
		r.Trace = append(r.Trace, Step{N: k + 1, Step: sch.Steps[k]})
	}
}

// expected is what the schedule says at step k (from 0), as a divergence
// names it.
func expected(sch *schedule.Schedule, k int) string {
	if k >= 0 && k < len(sch.Steps) {
		return sch.Steps[k].Text(0, true)
	}
	return "the end of the schedule"
}

// judgePanic: the test panicked at the schedule's line, with a message
// that starts with the schedule's panic value (the model's message of a
// runtime error may leave out what Go adds: "index out of range" without
// "[5] with length 3"). A schedule without a panic value (written before
// the field existed) is judged by the position only.
func (r *Result) judgePanic(sch *schedule.Schedule, o *outcome) {
	if !o.panicked {
		r.Verdict, r.Detail = notReproduced, "the test did not panic"
		return
	}
	o.panicMsg = AsRoot(o.panicMsg, sch.Root)
	at := line(sch.Pos)
	elsewhere := strings.Contains(at, "/") && o.first != nil && o.first.hasFrameAt(at)
	if at != o.panicAt && !elsewhere || !strings.HasPrefix(o.panicMsg, sch.Panic) {
		r.Verdict = notReproduced
		if sch.Panic == "" {
			r.Detail = fmt.Sprintf("the test panicked with %q at %s, not at %s", o.panicMsg, o.panicAt, sch.Pos)
		} else {
			r.Detail = fmt.Sprintf("the test panicked with %q at %s, not %q at %s", o.panicMsg, o.panicAt, sch.Panic, sch.Pos)
		}
		return
	}
	r.Verdict = reproduced
	r.Detail = fmt.Sprintf("panic: %s at %s", o.panicMsg, o.panicAt)
	if sch.Panic == "" {
		r.Detail += " (kiss did not compute the panic value: only the position was judged)"
	}
}

// judgeAssert: the test failed, with a t.Error/t.Fatal line at the
// schedule's line in go test's output.
func (r *Result) judgeAssert(sch *schedule.Schedule, o *outcome) {
	if _, failed := o.rootEnd(); !failed {
		r.Verdict, r.Detail = notReproduced, "the test passed"
		return
	}
	// At the failure's line, or, for a failure in a helper that calls
	// t.Helper, at the call of it: another package's (Site) or the
	// package's own (Helper).
	for _, at := range []string{sch.Pos, sch.Site, sch.Helper} {
		if at == "" {
			continue
		}
		re := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(line(at)) + `: (.*)$`)
		if m := re.FindStringSubmatch(o.output); m != nil {
			r.Verdict = reproduced
			r.Detail = fmt.Sprintf("test failure at %s: %s", line(at), m[1])
			return
		}
	}
	r.Verdict, r.Detail = notReproduced, "the test failed, but not at "+sch.Pos
}

// judgeBlocked: for a deadlock, the test did not return and nothing ran
// past the last step; for a leak, the test returned. Then every goroutine
// the schedule lists as blocked at the end (but the test, for a leak) is
// blocked, with its innermost frame of the package on its step's line.
func (r *Result) judgeBlocked(sch *schedule.Schedule, o *outcome) {
	returned, _ := o.rootEnd()
	if sch.Failure() == "deadlock" && returned {
		r.Verdict, r.Detail = notReproduced, "the test returned"
		return
	}
	if sch.Failure() == "leak" && !returned {
		r.Verdict, r.Detail = notReproduced, "the test did not return"
		return
	}
	if e, ok := o.log.find("extra"); ok && sch.Failure() == "deadlock" {
		r.Verdict = notReproduced
		r.Detail = fmt.Sprintf("after the last step, goroutine %s went on to %s at %s", e.str(0), e.str(1), e.str(2))
		return
	}
	if o.first == nil {
		r.Verdict, r.Detail = notReproduced, "the run ended with no goroutine blocked"
		return
	}
	var parts []string
	for _, b := range blockedAtEnd(sch) {
		g, pos := b.G, b.Pos
		if sch.Failure() == "leak" && g == 0 {
			continue
		}
		frame, status, alive := o.where(g)
		if !alive || strings.Contains(status, "running") || strings.Contains(status, "runnable") || (pos != "" && frame != line(pos) && !o.onStack(g, line(pos)) && !o.inFuncHook(g) && !o.inDeferred(g, pos)) {
			r.Verdict = notReproduced
			r.Detail = fmt.Sprintf("goroutine %d should be blocked at %s, but %s", g, pos, strings.TrimPrefix(o.at(g), fmt.Sprintf("goroutine %d ", g)))
			return
		}
		parts = append(parts, fmt.Sprintf("goroutine %d blocked at %s (%s)", g, frame, status))
	}
	if len(parts) == 0 {
		r.Verdict, r.Detail = notReproduced, "no goroutine is blocked"
		return
	}
	r.Verdict = reproduced
	r.Detail = strings.Join(parts, "; ")
}

// judgeRace: both goroutines were parked at their accesses at once (the
// scheduler's "race"); otherwise the detail lists the accesses reached.
func (r *Result) judgeRace(sch *schedule.Schedule, o *outcome) {
	if _, ok := o.log.find("race"); ok {
		r.Verdict = reproduced
		r.Detail = raceDetail(sch)
		return
	}
	r.Verdict = notReproduced
	seen := []string{}
	for _, e := range o.log.events {
		if e.kind == "access" || e.kind == "parked" {
			seen = append(seen, fmt.Sprintf("goroutine %s %s %s", e.str(0), e.kind, e.str(1)))
		}
	}
	r.Detail = notBothReached
	if len(seen) > 0 {
		r.Detail += " (" + strings.Join(seen, ", ") + ")"
	}
}

// notBothReached starts the detail of a race whose goroutines were not
// both parked at their accesses at once.
const notBothReached = "the two accesses were not both reached"

func raceDetail(sch *schedule.Schedule) string {
	if sch.Race == nil {
		return "race"
	}
	return fmt.Sprintf("goroutine %d's %s at %s and goroutine %d's %s at %s: both goroutines parked there at once, nothing orders them",
		sch.Race.First.G, sch.Race.First.Access, sch.Race.First.Pos, sch.Race.Second.G, sch.Race.Second.Access, sch.Race.Second.Pos)
}

// blockedAtEnd are the goroutines blocked forever at the end: the
// schedule's list, or (older files) those whose last step blocks.
func blockedAtEnd(sch *schedule.Schedule) []schedule.Blocked {
	if len(sch.Blocked) > 0 {
		return sch.Blocked
	}
	// one pass: goroutines times steps is too much for a hostile file
	last := make([]int, len(sch.Goroutines))
	for g := range last {
		last[g] = -1
	}
	for i, st := range sch.Steps {
		if st.G >= 0 && st.G < len(last) {
			last[st.G] = i
		}
	}
	var bs []schedule.Blocked
	for g, i := range last {
		if i >= 0 && sch.Steps[i].Blocks {
			bs = append(bs, schedule.Blocked{G: g, Op: sch.Steps[i].Op, Pos: sch.Steps[i].Pos})
		}
	}
	return bs
}
