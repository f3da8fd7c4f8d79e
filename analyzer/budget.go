package kiss

import (
	"sync"
	"time"
)

// A package's roots share a budget of time, -package-timeout, besides each
// root's -timeout: go vet runs kiss on every package, and a package of 68
// tests whose state spaces no budget exhausts (ants's, a goroutine pool's)
// held go vet ./... for five minutes, 20 times plain go vet, where each
// root's last seconds found nothing its first had not. At its default, 10s
// (what one root gets), go vet with kiss takes under 3 times plain go vet
// on x/sync, conc and ants. The budget counts
// the roots' times added up (a root's time runs while it holds a slot), so
// it is the same whether the roots run side by side or one by one.
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

// checkRoots runs check on the roots explored (indices into results) with
// their time budgets, and keeps each root's result in results; then it
// passes on, in the roots' order, the notes and statistics of the runs it
// kept.
func checkRoots(cfg *Config, explored []int, results []rootResult, check func(i int, budget time.Duration) rootResult) {
	share := cfg.Timeout
	budgeted := cfg.PackageTimeout > 0 && !cfg.DumpIR && len(explored) > 0
	if budgeted {
		share = min(cfg.Timeout, max(cfg.PackageTimeout/time.Duration(len(explored)), minShare))
	}
	run := func(roots []int, budget time.Duration) {
		if cfg.DumpIR { // (-dump-ir's programs are printed one after another)
			for _, i := range roots {
				results[i] = check(i, budget)
			}
			return
		}
		var wg sync.WaitGroup
		for _, i := range roots {
			wg.Go(func() { results[i] = check(i, budget) })
		}
		wg.Wait()
	}
	run(explored, share)
	if budgeted && share < cfg.Timeout {
		left := cfg.PackageTimeout
		var again []int
		for _, i := range explored {
			left -= results[i].took
			if results[i].cut {
				again = append(again, i)
			}
		}
		if len(again) > 0 && left > 0 {
			if more := min(cfg.Timeout, left/time.Duration(len(again))); more >= share*3/2 {
				run(again, more)
			}
		}
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
