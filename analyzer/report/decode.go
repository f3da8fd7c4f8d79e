package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/sequentialize"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/race"
)

// goroutine is what decoding knows about one goroutine at the end of the
// path.
type goroutine struct {
	start   string
	lastOp  int // index into the steps, -1 if none
	blocked bool
	exited  bool
	sites   []string // its calls into another package's code, innermost last
	helpers []string // its calls of the package's test helpers, innermost last
	// spawnSite is, for a goroutine started inside another package's
	// code, its parent's call into that code then: where the package
	// under analysis made it.
	spawnSite string
}

// decoder rebuilds a schedule from the trace events of a violating path
// (sequentialize's trace vocabulary).
type decoder struct {
	sch *schedule.Schedule
	gs  []*goroutine // by number
	// nums holds, per slot, the number of the goroutine that holds it: the
	// trace names goroutines by their slot, which a goroutine started once
	// every slot is used takes over from one that exited (runtime.ir).
	nums       []int
	preempting map[int]bool // goroutines switched to by a preemption, before their next step
	slotWaiter int          // a goroutine whose go statement waits for a slot (rt.spawn), until the next step
	lastG      int          // the goroutine that ran last
	panicPos   string
	panicSite  string // the panicking goroutine's call into another package's code then
	panicMsg   string
	misuse     bool // the last panic was a misuse only the interleaving causes
	early      *early
}

// early is the first time a sleeper woke while goroutines could still run
// (-timing).
type early struct {
	g         int    // the sleeper
	d         int64  // how long it slept, in nanoseconds
	pos       string // the sleep, timer or deadline
	overtaken []int  // the goroutines that could still run
}

// Decode turns a violation of sc's program into a finding with its
// schedule.
func Decode(sc *sequentialize.Scenario, v *smt.Violation) *Finding {
	d := &decoder{
		sch: &schedule.Schedule{
			Kiss:        schedule.Version,
			Package:     sc.Package,
			Root:        sc.Root,
			Check:       checkOf(v.Kind),
			Preemptions: v.Cost,
			Goroutines:  []schedule.Goroutine{{ID: 0, Start: "root"}},
		},
		gs:         []*goroutine{{start: "root", lastOp: -1}},
		nums:       []int{0},
		preempting: map[int]bool{},
		slotWaiter: -1,
	}
	for _, ev := range v.Trace {
		d.event(ev)
	}
	d.finishSteps()
	f := d.explain(v)
	if d.early != nil {
		d.timing(f)
	}
	f.DependsOn = v.DependsOn
	f.Schedule.Message, f.Schedule.Pos = f.Message, f.pos
	if f.site != f.pos {
		f.Schedule.Site = f.site
	}
	f.locate(sc)
	return f
}

// event applies one trace event.
func (d *decoder) event(ev smt.Event) {
	switch ev.Name {
	case sequentialize.EventSpawn:
		if len(ev.Args) < 2 {
			return
		}
		parent, slot := d.num(ev.Args[0]), int(ev.Args[1].Int64())
		if slot < 0 {
			return
		}
		child := len(d.gs)
		for len(d.nums) <= slot {
			d.nums = append(d.nums, -1)
		}
		d.nums[slot] = child
		start := ev.Pos
		if len(ev.Args) > 2 && ev.Args[2].Str != "" { // spawned by a model (a deadline)
			start = ev.Args[2].Str
		}
		g := &goroutine{start: start, lastOp: -1}
		if p := d.goroutine(parent); p != nil {
			g.spawnSite = top(p.sites)
			if g.spawnSite == "" {
				g.spawnSite = p.spawnSite
			}
		}
		d.gs = append(d.gs, g)
		d.sch.Goroutines = append(d.sch.Goroutines, schedule.Goroutine{ID: child, Start: start, Parent: &parent})
	case sequentialize.EventSite, sequentialize.EventHelper:
		if len(ev.Args) == 2 {
			d.lastG = d.num(ev.Args[0])
			if g := d.goroutine(d.lastG); g != nil {
				stack := &g.sites
				if ev.Name == sequentialize.EventHelper {
					stack = &g.helpers
				}
				// a position is a call, "" its return
				if ev.Args[1].Str != "" {
					*stack = append(*stack, ev.Args[1].Str)
				} else if len(*stack) > 0 {
					*stack = (*stack)[:len(*stack)-1]
				}
			}
		}
	case sequentialize.EventOp:
		if len(ev.Args) < 4 {
			return
		}
		id := d.num(ev.Args[0])
		d.lastG = id
		g := d.goroutine(id)
		if g == nil {
			return
		}
		st := schedule.Step{G: id, Op: ev.Args[1].Str, Pos: ev.Args[3].Str, Preempt: d.preempting[id]}
		delete(d.preempting, id)
		if d.slotWaiter >= 0 && id != d.slotWaiter && !st.Preempt {
			st.Preempt = true
			d.sch.Preemptions++
		}
		d.slotWaiter = -1
		d.sch.Steps = append(d.sch.Steps, st)
		g.lastOp, g.blocked = len(d.sch.Steps)-1, false
	case sequentialize.EventBlock:
		if g := d.goroutine(d.num(ev.Args[0])); g != nil {
			g.blocked = true
			if g.lastOp >= 0 {
				d.sch.Steps[g.lastOp].Blocks = true
			}
		}
	case sequentialize.EventEarly:
		if d.early == nil && len(ev.Args) >= 3 {
			e := &early{g: d.num(ev.Args[0]), d: ev.Args[1].Int64(), pos: ev.Args[2].Str}
			// the runtime's mask of runnable goroutines says who could
			// run (one woken has no step since its block yet); past its
			// 64 slots, those whose last step did not block
			if len(ev.Args) > 3 && len(d.nums) <= 64 {
				for m, s := uint64(ev.Args[3].Int64()), 0; m != 0 && s < len(d.nums); m, s = m>>1, s+1 {
					if id := d.nums[s]; m&1 != 0 && id >= 0 && id != e.g {
						e.overtaken = append(e.overtaken, id)
					}
				}
				slices.Sort(e.overtaken)
			} else {
				for id, g := range d.gs {
					if id != e.g && !g.blocked && !g.exited {
						e.overtaken = append(e.overtaken, id)
					}
				}
			}
			d.early = e
			d.sch.Steps = append(d.sch.Steps, schedule.Step{G: e.g, Op: "timer.early", Pos: e.pos})
		}
	case sequentialize.EventCase:
		if len(ev.Args) == 2 {
			if g := d.goroutine(d.num(ev.Args[0])); g != nil && g.lastOp >= 0 && d.sch.Steps[g.lastOp].Op == "select" {
				c := int(ev.Args[1].Int64())
				d.sch.Steps[g.lastOp].Case = &c
			}
		}
	case sequentialize.EventValue:
		if len(ev.Args) == 4 {
			d.sch.Inputs = append(d.sch.Inputs, schedule.Input{G: d.num(ev.Args[0]), Name: ev.Args[1].Str, Value: literal(ev.Args[2]), Pos: ev.Args[3].Str})
		}
	case sequentialize.EventBegins:
		// The steps of the package's initialization (a package variable
		// whose initializer cancels a context: alitto's pond) happen
		// before the test, where replay does not schedule: they are no
		// steps of the schedule (nor their preemptions).
		for _, st := range d.sch.Steps {
			if st.Preempt {
				d.sch.Preemptions--
			}
		}
		d.sch.Steps = d.sch.Steps[:0]
		for _, g := range d.gs {
			g.lastOp = -1
		}
		clear(d.preempting)
		d.slotWaiter = -1
	case sequentialize.EventActive:
		// blocked between the ticks of a timer it waits on: not a
		// goroutine the test left blocked
		if g := d.goroutine(d.num(ev.Args[0])); g != nil {
			g.blocked = false
		}
	case sequentialize.EventExit:
		if g := d.goroutine(d.num(ev.Args[0])); g != nil {
			g.exited, g.blocked = true, false
		}
	case sequentialize.EventSlotWait:
		// the next step of another goroutine is the preemption's
		d.slotWaiter = d.num(ev.Args[0])
	case sequentialize.EventPreempt:
		if len(ev.Args) == 2 && d.num(ev.Args[1]) >= 0 {
			d.preempting[d.num(ev.Args[1])] = true
		}
	case sequentialize.EventPanic, sequentialize.EventMisuse:
		// trace "panic", msg, pos, extra...: the position is an argument,
		// since the models only know it at run time.
		d.panicPos, d.panicMsg, d.misuse = ev.Pos, "", ev.Name == sequentialize.EventMisuse
		// (the call is done by the time the unrecovered panic ends the
		// goroutine: its site is popped)
		if g := d.goroutine(d.lastG); g != nil {
			d.panicSite = top(g.sites)
		}
		if len(ev.Args) > 1 && ev.Args[1].Str != "" {
			d.panicPos = ev.Args[1].Str
		}
		if len(ev.Args) > 0 {
			d.panicMsg = ev.Args[0].Str
		}
		if len(ev.Args) == 4 && d.panicMsg == "" && strings.Contains(ev.Args[3].Str, "%s") {
			// an integer or bool panic value, as Go prints it
			d.panicMsg = strings.Replace(ev.Args[3].Str, "%s", strings.Trim(literal(ev.Args[2]), `"`), 1)
		}
	}
}

// num is the number of the goroutine in the slot v names (-1: none).
func (d *decoder) num(v smt.Concrete) int {
	if s := v.Int64(); s >= 0 && s < int64(len(d.nums)) {
		return d.nums[s]
	}
	return -1
}

func (d *decoder) goroutine(id int) *goroutine {
	if id < 0 || id >= len(d.gs) {
		return nil
	}
	return d.gs[id]
}

// finishSteps records the preemptions whose goroutine never reached a step
// (it ran to its end or blocked inside) and names goroutines whose spawn
// site is unknown.
func (d *decoder) finishSteps() {
	for g := range d.preempting {
		if g < len(d.gs) {
			d.sch.Steps = append(d.sch.Steps, schedule.Step{G: g, Op: "resume", Preempt: true})
		}
	}
	for i, g := range d.sch.Goroutines {
		if i > 0 && g.Start == "" {
			d.sch.Goroutines[i].Start = "?:0:0"
		}
	}
}

// explain says what the violation is, where, and whether it is a fact of
// the schedule alone.
func (d *decoder) explain(v *smt.Violation) *Finding {
	f := &Finding{Check: d.sch.Check, Schedule: d.sch}
	preempts := plural(d.sch.Preemptions, "preemption")
	switch f.Check {
	case "deadlock", "leak":
		f.ScheduleFact = true
		stuck, first := d.stuck(f.Check == "leak")
		if first >= 0 && d.gs[first].lastOp >= 0 {
			f.pos = d.sch.Steps[d.gs[first].lastOp].Pos
			f.site = top(d.gs[first].sites)
			if f.site == "" {
				// a goroutine another package's code started (a pool's
				// worker): where the package called that code
				f.site = d.gs[first].spawnSite
			}
		}
		if f.Check == "deadlock" {
			f.Message = fmt.Sprintf("deadlock: %s (%s)", joinOr(stuck, "all goroutines are blocked"), preempts)
		} else {
			f.Message = fmt.Sprintf("goroutine leak: %s after the test returned (%s)", joinOr(stuck, "a goroutine blocks forever"), preempts)
		}
	case "panic":
		fatal := v.Kind == sequentialize.KindMisuse
		msg := v.Message
		f.pos = v.Pos
		if !fatal {
			if d.panicMsg != "" {
				msg = d.panicMsg
			}
			if d.panicPos != "" {
				f.pos, f.site = d.panicPos, d.panicSite
			}
		}
		if f.pos == "" {
			f.pos = d.lastStepPos()
		}
		f.Message = fmt.Sprintf("panic: %s (%s)", msg, preempts)
		d.sch.Panic = msg // what replay compares with the real panic
		if !fatal && d.panicMsg == "" {
			// a value kiss does not compute (fmt.Sprintf's string): replay
			// judges by the position alone
			d.sch.Panic = ""
		}
		f.ScheduleFact = fatal || d.misuse
	case "race":
		f.ScheduleFact = true
		f.pos = v.Pos
		f.Message = fmt.Sprintf("%s (%s)", v.Message, preempts)
		if r, ok := v.Detail.(*race.Race); ok {
			d.sch.Race = d.race(r)
		}
	default:
		f.pos = v.Pos
		f.Message = fmt.Sprintf("test failure: %s (%s)", v.Message, preempts)
		if g := d.goroutine(d.lastG); g != nil {
			d.sch.Helper = top(g.helpers) // go test reports the failure there
		}
	}
	if f.site == "" && f.Check != "deadlock" && f.Check != "leak" {
		if g := d.goroutine(d.lastG); g != nil {
			f.site = top(g.sites) // the goroutine that ran when it happened
		}
	}
	if f.pos == "" && f.Check == "assert" {
		// A failure without a position of its own: a model's t.Errorf
		// reached through an interface (testify's Fail). testify's
		// functions call t.Helper, so go test names the line that called
		// into them, which replay looks for.
		f.pos = f.site
	}
	return f
}

// stuck describes the goroutines blocked at the end (for a leak, those
// other than the root), and returns the first of them (-1 if none).
func (d *decoder) stuck(leak bool) (desc []string, first int) {
	first = -1
	for id, g := range d.gs {
		if !g.blocked || g.exited || (leak && id == 0) {
			continue
		}
		if first < 0 {
			first = id
		}
		desc = append(desc, d.describeBlocked(id, g))
		if g.lastOp >= 0 {
			st := d.sch.Steps[g.lastOp]
			d.sch.Blocked = append(d.sch.Blocked, schedule.Blocked{G: id, Op: st.Op, Pos: st.Pos})
		}
	}
	return desc, first
}

// race is the schedule's pair of accesses of a race: the first earlier
// access and the one that completes it.
func (d *decoder) race(r *race.Race) *schedule.Race {
	if len(r.Prior) == 0 || r.Prior[0].G >= len(d.sch.Goroutines) || r.Access.G >= len(d.sch.Goroutines) {
		return nil
	}
	access := func(a race.Access) schedule.Access {
		return schedule.Access{G: a.G, Access: a.Kind(), Pos: a.Pos, Via: a.Via}
	}
	return &schedule.Race{First: access(r.Prior[0]), Second: access(r.Access)}
}

func (d *decoder) describeBlocked(id int, g *goroutine) string {
	who := "the test goroutine"
	if id > 0 {
		who = fmt.Sprintf("goroutine %d (started at %s)", id, g.start)
	}
	if g.lastOp < 0 {
		return who + " is blocked"
	}
	st := d.sch.Steps[g.lastOp]
	return fmt.Sprintf("%s blocks forever %s at %s", who, schedule.Waiting(st.Op), st.Pos)
}

func (d *decoder) lastStepPos() string {
	for i := len(d.sch.Steps) - 1; i >= 0; i-- {
		if d.sch.Steps[i].Pos != "" {
			return d.sch.Steps[i].Pos
		}
	}
	return ""
}

// checkOf is the check of an assertion's or an observer's kind.
func checkOf(kind string) string {
	switch kind {
	case sequentialize.KindDeadlock, sequentialize.KindLeak, sequentialize.KindPanic, race.Name:
		return kind
	case sequentialize.KindMisuse:
		return "panic"
	}
	return "assert"
}

func top(stack []string) string {
	if len(stack) == 0 {
		return ""
	}
	return stack[len(stack)-1]
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func joinOr(parts []string, empty string) string {
	if len(parts) == 0 {
		return empty
	}
	return strings.Join(parts, "; ")
}

// timing makes f, reached only because a sleeper woke while goroutines
// could still run, a finding of the check "timing" that names the
// duration the code relies on.
func (d *decoder) timing(f *Finding) {
	e := d.early
	what := "sleep"
	if g := d.goroutine(e.g); g != nil && g.start == e.pos {
		what = "timer"
	}
	who := "the goroutine that ran last"
	if len(e.overtaken) > 0 {
		ids := make([]string, len(e.overtaken))
		for i, g := range e.overtaken {
			ids[i] = fmt.Sprint(g)
		}
		who = "goroutine " + joinAnd(ids)
		if len(ids) > 1 {
			who = "goroutines " + joinAnd(ids)
		}
	}
	f.Base, d.sch.Base = f.Check, f.Check
	f.Check, d.sch.Check = "timing", "timing"
	f.Message = fmt.Sprintf("timing: passes only if %s runs within the %v %s at %s; otherwise %s",
		who, time.Duration(e.d), what, e.pos, f.Message)
}

// joinAnd lists xs as English does: "1", "1 and 2", "1, 2 and 3".
func joinAnd(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// literal writes a scalar value as a Go literal: what replay passes or
// returns for it.
func literal(c smt.Concrete) string {
	if c.Type == nil {
		return ""
	}
	switch c.Type.Kind {
	case ir.KindBool:
		return strconv.FormatBool(c.Bits != 0)
	case ir.KindInt:
		if c.Type.Signed {
			return strconv.FormatInt(c.Int64(), 10)
		}
		return strconv.FormatUint(c.Bits, 10)
	case ir.KindFloat:
		return strconv.FormatFloat(math.Float64frombits(c.Bits), 'g', -1, 64)
	case ir.KindString:
		return strconv.Quote(c.Str)
	}
	return ""
}
