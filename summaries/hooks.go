package summaries

// hooks are models of the functions through which the standard library's
// own code, which kiss runs from source, reaches the runtime or the
// process: the runtime's state they touch is not the program's.
var hooks = []Model{
	inGo("sync.OnceFunc", 0, "a func that calls f the first time, through Once.Do (callers block until it has returned)").calls(Later, 0),
	inGo("sync.OnceValue", 0, "a func that calls f the first time, through Once.Do, and returns its result").calls(Later, 0),
	inGo("sync.OnceValues", 0, "a func that calls f the first time, through Once.Do, and returns its results").calls(Later, 0),
	inGo("os.Exit", 0, "ends the program at once, whatever its goroutines do (deferred calls do not run)"),
	inGo("sync.runtime_registerPoolCleanup", 0, "nothing: the runtime calls the cleanup at a garbage collection, which no schedule has"),
	inGo("runtime.SetFinalizer", 0, "nothing: finalizers run at a garbage collection, which no schedule has"),
	inGo("runtime.KeepAlive", 0, "nothing: it only keeps its argument reachable"),
	inGo("internal/godebug.setUpdate", 0, "nothing: GODEBUG is unset, the settings keep their defaults"),
	inGo("internal/godebug.registerMetric", 0, "nothing: the runtime's metrics are not the program's"),
	inGo("internal/godebug.setNewIncNonDefault", 0, "nothing: the runtime's metrics are not the program's"),
	inGo("os.runtime_args", 0, "os.Args: a fresh slice of one to four strings kiss does not know"),
	inGo("syscall.runtime_envs", 0, "the environment: a fresh slice of up to four strings kiss does not know"),
}
