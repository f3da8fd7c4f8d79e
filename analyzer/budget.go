package kiss

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// A package's roots share a budget of time, -package-timeout, besides each
// root's -timeout: go vet runs kiss on every package, and a package of 68
// tests whose state spaces no budget exhausts (ants's, a goroutine pool's)
// held go vet ./... for five minutes, 20 times plain go vet, where each
// root's last seconds found nothing its first had not. At its default, 10s
// (what one root gets), go vet with kiss takes under 3 times plain go vet
// on x/sync, conc and ants. The budget counts the roots' times added up (a
// root's time runs while it holds a slot), so it is the same whether the
// roots run side by side or one by one.
//
// Each root first gets an equal share, at most -timeout: a package of a
// few roots (a bug kernel and its fixed twin) keeps -timeout for each.
// Roots that finish early leave time; the roots whose share ran out then
// run again, from the start, each with an equal share of what is left, when
// that is at least half again as much (x/sync's errgroup tests: seven
// roots with 1.43s each, then the two cut with 3.45s each). A root's
// statistics say when its time was a share (shareNote).

// minShare is the least time a root gets, however many share the budget.
const minShare = 250 * time.Millisecond

// Once the package's roots have used the whole budget, the roots that have
// not started (they start in source order) are not checked: a root's time
// is also the building of its sequential program, longer than its share
// where the program is large, and without this a package of hundreds of
// such roots (net/http's external tests: 560) would build every one. One
// note names how many and which; -package-timeout or -run lets them in. A
// build already started is not cut short: a root whose build outlasts what
// is left (net/rpc's take 8 to 17 s) overruns the package's budget.

// ledger adds up the time a package's roots took, against its budget. The
// roots still running count with their time so far: counting only the
// roots that had ended let a root start while the others running used up
// the rest, and each such root overran the budget by its whole time
// (net/http's tests, 3 to 7 s each, took 20 s of a 10 s budget).
type ledger struct {
	limit time.Duration
	epoch time.Time // when the ledger was opened

	mu      sync.Mutex
	spent   time.Duration // the roots that ended
	running int           // the roots running
	started time.Duration // their start times since epoch, added up
}

func newLedger(limit time.Duration) *ledger { return &ledger{limit: limit, epoch: time.Now()} }

// start reports whether a root may start at now, and if it may, counts it
// as running from now on. A nil ledger always lets it.
func (l *ledger) start(now time.Time) bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	at := now.Sub(l.epoch)
	if l.spent+time.Duration(l.running)*at-l.started >= l.limit {
		return false
	}
	l.running++
	l.started += at
	return true
}

// end counts a root that started at start and ran for took as ended.
func (l *ledger) end(start time.Time, took time.Duration) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.running--
	l.started -= start.Sub(l.epoch)
	l.spent += took
}

// left is the budget the ended roots left.
func (l *ledger) left() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.limit - l.spent
}

// checkRoots runs check on the roots explored (indices into results, in
// the order they take their turns) with
// their time budgets, and keeps each root's result in results; then it
// names in one note the roots not checked for want of budget (pkg is the
// package's path, name a root's name), and passes on, in the roots' order,
// the notes and statistics of the runs it kept.
func checkRoots(cfg *Config, pkg string, explored []int, results []rootResult, name func(i int) string, check func(i int, budget time.Duration, l *ledger) rootResult) {
	share := cfg.Timeout
	budgeted := cfg.PackageTimeout > 0 && !cfg.DumpIR && len(explored) > 0
	var first *ledger
	if budgeted {
		share = min(cfg.Timeout, max(cfg.PackageTimeout/time.Duration(len(explored)), minShare))
		first = newLedger(cfg.PackageTimeout)
	}
	run := func(roots []int, budget time.Duration, l *ledger) {
		if cfg.DumpIR { // (-dump-ir's programs are printed one after another)
			for _, i := range roots {
				release := takeSlot()
				results[i] = check(i, budget, l)
				release()
			}
			return
		}
		// The roots take their slots in order, so that the roots a used-up
		// budget skips are the last ones, the same in every run (with
		// each waiting for a slot on its own, which ran first was up to
		// the Go scheduler).
		var wg sync.WaitGroup
		prev := make(chan struct{})
		close(prev)
		for _, i := range roots {
			wait, next := prev, make(chan struct{})
			wg.Go(func() {
				<-wait
				release := takeSlot()
				close(next)
				defer release()
				results[i] = check(i, budget, l)
			})
			prev = next
		}
		wg.Wait()
	}
	run(explored, share, first)
	if budgeted && share < cfg.Timeout {
		left := first.left()
		var again []int
		for _, i := range explored {
			if results[i].cut {
				again = append(again, i)
			}
		}
		if len(again) > 0 && left > 0 {
			if more := min(cfg.Timeout, left/time.Duration(len(again))); more >= share*3/2 {
				run(again, more, nil)
			}
		}
	}
	explored = slices.Sorted(slices.Values(explored)) // (the roots' order)
	var skipped []string
	for _, i := range explored {
		if results[i].skipped {
			skipped = append(skipped, name(i))
		}
	}
	if len(skipped) > 0 {
		some := strings.Join(skipped[:min(len(skipped), 5)], ", ")
		if len(skipped) > 5 {
			some += ", ..."
		}
		note(cfg, "%s: %d of %d roots not checked: the package's roots used up -package-timeout=%v (raise it, or pick roots with -run): %s",
			pkg, len(skipped), len(explored), cfg.PackageTimeout, some)
	}
	for _, i := range explored {
		res := results[i]
		if res.log != nil {
			cfg.stderr().Write(res.log.Bytes())
		}
		if res.onRoot != nil {
			res.onRoot()
		}
	}
}
