package summaries

// hooks are models of the functions through which the standard library's
// own code, which kiss runs from source, reaches the runtime or the
// process: the runtime's state they touch is not the program's.
var hooks = []Model{
	inGo("os.Exit", 0, "ends the program at once, whatever its goroutines do (deferred calls do not run)"),
	inGo("sync.runtime_registerPoolCleanup", 0, "nothing: the runtime calls the cleanup at a garbage collection, which no schedule has"),
}
