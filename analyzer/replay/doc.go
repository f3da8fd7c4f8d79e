// Package replay runs the user's real test so that its goroutines follow a
// schedule kiss reported, and says whether the same violation happens: in
// goes a schedule, out comes a verdict (reproduced, not reproduced,
// diverged at a step, or an error) with the steps the run took. The
// analyzer replays each finding before it reports it (Config.Verify);
// `kiss replay` replays schedule files, and `kiss stress` runs the tests
// under this package's scheduler with random choices.
//
// It is the scheduler of CHESS, which takes over the scheduling of the
// program's threads with one semaphore per thread (Musuvathi & Qadeer,
// CHESS: Systematic Stress Testing of Concurrent Software), with a
// scheduling point before each visible operation
// (Musuvathi & Qadeer, Iterative Context Bounding for Systematic Testing of
// Multithreaded Programs).
//
// # Instrumentation
//
// The package under test is never touched on disk. replay loads it with
// go/packages (tests included, types checked), rewrites a copy of each of
// its files and hands the copies to `go test -overlay`. Every edit that
// inserts text is followed by a /*line file:L:C*/ directive naming the
// original position of the next byte, so lines and columns of the user's
// code are unchanged: panics, t.Errorf lines and goroutine stacks show the
// original positions, and the hooks pass the schedule's own position
// strings ("file.go:L:C", the column of the operation as go/ssa gives it).
//
// The hooks are the KissReplay… functions of the scheduler, a package of
// its own (kissreplaysched) that the overlay adds to the main module, in a
// directory that exists only there (kiss_replay_scheduler at the module's
// root): every instrumented file imports it on its package line, so the
// package under test, its external test package and the module's other
// packages share one scheduler. The hooks sit where the model has a
// visible operation:
//
//   - go statements: the parent's step, then the child's number in spawn
//     order (KissReplayGo); the child registers under it and parks until its
//     first turn (KissReplayStart), or, with no step of its own left in the
//     schedule, runs on to its next hook at once (a subtest that only sets
//     a variable: its caller's next step waits for it in t.Run); callee and
//     arguments are evaluated by the
//     parent, as in Go. A deferred KissReplayExit passes the turn on when the
//     goroutine ends and records an unrecovered panic with its stack.
//   - channel send/receive/close, select (before the statement; each case's
//     channel is wrapped so that only the case the schedule chose can be
//     taken; a select of one case and no default is its send or receive,
//     as go/ssa and the model have it), range over a channel (rewritten
//     into a receive per iteration).
//   - sync, sync/atomic, context.CancelFunc and CancelCauseFunc,
//     time.Sleep, runtime.Gosched, Timer.Stop/Reset; deferred calls are
//     steps where they run, at the defer statement's position, as in the
//     model.
//   - timers and deadlines (time.After, NewTimer, AfterFunc, Tick,
//     NewTicker, context.WithTimeout/WithDeadline) take a goroutine number,
//     as the model's timer goroutines do.
//   - t.Run(name, f): as in Go's testing package and in the model, the
//     subtest is a new goroutine. When f is evaluated (KissReplaySub), the
//     caller takes its "go" step at the Run call and numbers the subtest;
//     the real tRunner goroutine registers under that number when it
//     enters f and parks until its first turn. The caller then really
//     calls t.Run, which blocks in package testing (<-t.signal), where no
//     hook can go: its "t.run" step is performed for it by the scheduler
//     when the turn reaches it (pass), and a "t.run" that blocks counts as
//     done once the caller is really blocked (settle, from stack dumps).
//     Other goroutines' steps may come between the "go" and the "t.run",
//     as in Go. When the subtest ends, t.Run returns and KissReplayRan
//     (around the call) takes the caller back to its hooks; a "t.run" not
//     yet performed then is a step of the caller there.
//   - A WaitGroup's Add or Done runs after its hook and may release
//     goroutines in Wait: before the next step, the scheduler waits until
//     the goroutine that made it and those its Wait released are off the
//     CPU (settle), so that a Wait does not check the counter after the
//     next step changed it (Go panics "WaitGroup is reused" there, where
//     the model's goroutine is still waiting).
//
// A call whose receiver is an operand is wrapped at the receiver
// (KissReplayAt(op, pos, &mu).TryLock()), so hooks work in any expression.
// The hooks are generic: a file of a module older than go1.21 gets a
// //go:build go1.21 line in its copy (ANDed with its own constraint),
// which compiles it at go1.21 exactly and changes nothing else.
//
// The values kiss chose for calls any run may see return anything (the
// random draws of math/rand) are in the schedule's inputs, by goroutine
// and position; such a call is wrapped (KissReplayValue) so that it
// returns them in order.
//
// A root that is not a test (an example, a constructor or a test's
// helper without parameters that starts goroutines) runs as the body of
// the generated test.
//
// # The scheduler
//
// Exactly one registered goroutine runs at a time: the holder of the turn.
// Each goroutine has its own semaphore (a channel of capacity 1). At a hook
// the goroutine waits for the turn; if the next step is another
// goroutine's, it hands the turn to it and waits; otherwise it checks the
// step's op and position (a mismatch ends the run: diverged), consumes it,
// and runs on to its next hook. A step marked "blocks" hands the turn on
// before the operation, since the goroutine blocks inside the runtime; a
// goroutine woken later runs only up to its next hook, where it waits for
// its turn. Goroutines the schedule does not know (the test framework, the
// runtime) are not controlled.
//
// Where real Go and the model differ in who gets a lock after a wake-up,
// replay follows the model: sync.Mutex.Lock acquires with TryLock at the
// goroutine's turn (a woken goroutine competes again, as in the model), and
// sync.RWMutex is the model's (a waiting writer keeps new readers out; the
// real RWMutex hands the lock to a waiting writer instead); an unlock of an
// unlocked mutex still reaches the real one for its fatal error. Once the
// steps are used up, a goroutine waits for a sync.Mutex on a channel that
// each hooked Unlock closes (and tries again each fake millisecond): in a
// synctest bubble a goroutine blocked in Mutex.Lock is not durably
// blocked, so the fake clock would stop, where the model's goes on.
//
// When the steps are used up the schedule is over: every goroutine runs
// freely to the end state the check is about.
//
// # Time
//
// The root test runs inside testing/synctest.Test: timers, sleeps and
// deadlines follow the bubble's fake clock, which moves only when every
// goroutine of the bubble is durably blocked, so no real time passes. The
// model's timer firings are steps ("timer.fire" by the timer's goroutine,
// "send" by a ticker's); at such a step a goroutine standing for the timer
// sleeps until the timer's next deadline on the fake clock, so the real
// timer fires then and there, and hands the turn on. An AfterFunc's
// function is that goroutine. A "sleep" step hands the turn on, as a
// blocking step does (the sleeper is blocked until the others are); a
// test that returns with steps left waits in the bubble, durably, so that
// time goes on for them as in the model. Replay sets
// GODEBUG=asynctimerchan=0, which synctest
// needs, whatever the module's go version.
//
// # Verdicts
//
// The scheduler writes events (registrations, steps, divergences, the
// test's end, parked race accesses) to a file; a watchdog outside the
// bubble dumps every goroutine's stack and ends the process when nothing
// happened for 300ms, and a synctest "deadlock" panic dumps them too. The
// parent process judges:
//
//   - diverged at step k: a goroutine reached another operation than step k
//     says, a lock was free (or held) against the schedule, or the run
//     stopped before step k with its goroutine blocked elsewhere;
//   - deadlock: all steps done, the test did not return, and every
//     goroutine the schedule lists as blocked is blocked (stack status)
//     with its innermost frame of the package on the line of its step;
//   - leak: the same for the goroutines started by the test, after it
//     returned;
//   - panic: the panic (or fatal error) message, as Go prints the value,
//     starts with the schedule's panic value, at the schedule's line (a
//     value kiss did not compute, a fmt.Sprintf string: at the line,
//     whatever the message). A "Fail in goroutine after TestX has
//     completed" panic of package testing needs the test to complete
//     first: for a panic schedule, the others' steps after the test's
//     function returned wait until the root's goroutine has exited;
//   - assert: the test failed with a t.Error/t.Fatal line at the
//     schedule's line;
//   - race: the schedule names the two accesses; the statements holding
//     them get hooks (KissReplayAccess; between a call and the access in
//     r.Get(k).n++ or t.Shard(k)[i]++, KissReplayAccessOf). At its hook
//     a goroutine's steps inside calls since its last hook are done. A
//     first run follows the steps;
//     a goroutine that reaches its access with no step of its own left
//     (after the last step, all of them) parks there for good. If one of
//     the two made its access instead (the first, or on real time the
//     second when it got there first), a second run parks it at that
//     access (its last arrival there, counted by its own steps) and
//     postpones its later steps. Reproduced when both goroutines are parked at their
//     accesses at once: each could go next, nothing orders them.
//
// Anything else is "not reproduced", with the reason. Exit codes: 0
// reproduced, 1 not reproduced, 2 diverged, 3 error.
//
// # Determinism
//
// The steps are followed one goroutine at a time, select choices come
// from the schedule, time is the fake clock: the same file gives the same
// verdict and the same step trace (TestReplayDeterministic runs one ten
// times). The output names goroutines by schedule number, never by runtime
// id.
//
// # Stress
//
// The same hooks serve kiss stress (package stress), which runs every test
// of a package many times under random schedules: with KISS_STRESS_SEED
// set, each hook calls the randomized scheduler of the generated
// kiss_replay_stress.go instead of following a schedule. A goroutine at a
// hook registers its next operation and parks; a scheduler goroutine in
// the test's bubble waits until no goroutine of the run is running and
// every goroutine of the bubble is durably blocked (synctest.Wait, unless
// one is blocked in a sync.Mutex of another package, which the bubble does
// not count), then picks the parked goroutine of highest PCT priority,
// records its step and lets it go. A goroutine that was let go and is not
// at a hook at the next pick is blocked in the runtime: its step gets
// "blocks". Mutexes and RWMutexes are the scheduler's, as in replay (a
// failed TryLock blocks the goroutine until an unlock; let go again, it
// re-acquires and takes its next step at once, as replay re-acquires at
// the goroutine's next turn). A model timer sleeps until its deadline and
// takes its timer.fire step at once, before the goroutines the real timer
// wakes; each select case's body says which case was taken. When no
// goroutine can run and the fake clock has nothing left (a timer a year
// ahead fires), the run is a deadlock, or a leak if the test has returned;
// a goroutine waiting for I/O is not stuck. Outside a bubble (a package
// with subtests), where no fake clock says that nothing will ever run, the
// scheduler waits a second of real time for a goroutine it does not
// control to wake one of the run (forever while one of the run sleeps or
// a model timer is pending). A goroutine of the bubble blocked on a
// channel made outside it (a package-level pool's, an init goroutine's)
// is not durably blocked: the fake clock cannot go on, and what wakes it
// does not wait for the clock; the run ends ("realtime") and kiss stress
// runs the root on real time, outside the bubble, from then on (its
// schedules say "realtime", and replay honours it). A goroutine that stays
// running through 32 looks at the stacks spins (for a spin lock of code
// without hooks that a goroutine parked at a hook holds): the others go
// on. The stack dump, a stop of the world, is skipped while the bubble
// stays calm: the last dump saw it durably blocked, no goroutine started
// since, and the goroutines let go are back at a hook or asleep.
//
// A subtest is a goroutine of the run: the caller's "go" step where its
// function is evaluated, then its "t.run" step, blocking in t.Run. When
// the root's function returns in a bubble, the scheduler does what
// package testing does then (cancels t.Context, runs t's cleanups, marks
// t done, so that a goroutine's later t.Error panics as in Go), but the
// root's goroutine stays in the bubble until the run is over: the
// bubble's clock stops once its main goroutine has exited, and the
// goroutines still running may sleep. Outside a bubble the root is a
// subtest, which package testing ends itself, and the generated test
// waits for the run to be over. The stacks at a deadlock or a leak say
// where a goroutine is blocked inside a call no hook sees (another
// package's channel, io.Pipe). Every random draw (math/rand) is hooked and
// its value recorded, and math/rand's global generator is seeded with the
// run's seed. The roots are the package's tests and the examples go test
// runs (those with an output comment).
//
// The steps are written on stderr as they are taken, as JSON lines, so
// that the race detector's reports fall between them; they are the
// schedule of the finding, in replay's own vocabulary, so replay follows
// them.
//
// # Limits
//
// The files of the package's directory are instrumented (the package and
// its external test package), and those of every other package of the main
// module where the schedule has a position (a lock taken in a helper
// package of the module, a race in generic code of it run by the package
// under test: "example.com/m/internal/ring/ring.go:16:35"); their hooks
// name positions by import path, as kiss does. An access inside
// the standard library (one strings.Builder shared, written by
// fmt.Fprintf) is hooked at the call of the package that makes it (the
// schedule's "via"): the goroutine parks before that call. kiss names a position in another
// package's code, seen through analysis facts, with its import path
// ("example.com/m/p/p.go:11:11"); for a root in p_test, such positions in
// p map to p's files. A step that no hook names (inside the standard
// library: io.Pipe's lock and select at io/pipe.go:77:2, or named at the
// call in the package that reached it) is taken inside the call: its
// goroutine consumes it when it next reaches a hook or ends, and when such
// steps end blocked, the next holder of the turn waits until the goroutine
// is really blocked; a goroutine blocked there at the end is matched by
// its stack (a frame at the step's file and line). A method value of a
// visible operation (release := mu.Unlock), and the func sync.OnceFunc,
// OnceValue or OnceValues returns, is hooked where it is made, where kiss
// names its step, and takes the step each time it is called; a goroutine
// blocked inside such a call is blocked at that step. A race access is hooked at its statement
// (the top of a range body for a range statement's variables), so an
// access inside a loop header, an else-if condition or a select case's
// communication is hooked before the whole statement. A real ticker drops
// a tick its reader is not ready for, where the model's ticker waits.
// A benchmark runs once with b.N = 1 (-test.benchtime=1x), through
// testing.Benchmark, whose goroutine is the root's while it runs
// (KissReplayBench); b.Run is a subtest, and b.RunParallel runs its body
// on two goroutines, as in the model (KissReplayRunParallel: package
// testing starts GOMAXPROCS of them, set to 2 for the call). main and
// functions with parameters are not replayed. A
// package whose tests call t.Run runs without the bubble (synctest forbids
// subtests), so its timers take real time; the root is then a subtest of
// the generated test, of the root's name, whose end package testing
// handles. A process the test starts (the test binary itself, as tests of
// a crash do) runs its test plainly: the scheduler's variables are taken
// out of the environment.
//
// t.Parallel is the model's "t.parallel" step (KissReplayParallel); the
// root's own does nothing else (it runs alone), a subtest's then really
// waits in package testing until its caller's test function has returned,
// and t.Run returns to the caller. When a test function with such
// subtests returns, its goroutine takes the "t.subtests" step
// (KissReplayTestEnd, at the root's declaration or the subtest's t.Run),
// and tRunner releases them. kiss stress adds a "t.released" step where a
// released subtest goes on, so that the subtests released at once run in
// its order, not in the one package testing's lock would give them (which
// would also order their accesses for the race detector).
package replay
