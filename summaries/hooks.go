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
	inGo("runtime.SetFinalizer", 0, "nothing but noting that a finalizer exists: finalizers run at a garbage collection, which no schedule has but runtime.GC's"),
	inGo("runtime.AddCleanup", 0, "a Cleanup that does nothing, noting that a cleanup exists: cleanups run after a garbage collection, which no schedule has but runtime.GC's"),
	inGo("(runtime.Cleanup).Stop", 0, "nothing: no cleanup is pending"),
	inGo("runtime.KeepAlive", 0, "nothing: it only keeps its argument reachable"),
	inGo("runtime.GC", 0, "after it, whether an object was freed is an unknown input (weak.runtime_makeStrongFromWeak); once a finalizer or cleanup has been registered, a path stops there, as at a call kiss does not know: which ones run is unknown"),
	inGo("weak.runtime_registerWeakPointer", 0, "p itself as the handle: weak pointers made from equal pointers are equal, and no schedule frees an object"),
	inGo("weak.runtime_makeStrongFromWeak", 0, "the pointer the handle was made from; after a runtime.GC, it or nil, an unknown input (findings that need one are held back)"),
	inGo("internal/godebug.setUpdate", 0, "keeps the update function, which syscall.runtimeSetenv and runtimeUnsetenv of GODEBUG call (the runtime's godebugNotify)"),
	inGo("syscall.runtimeSetenv", 0, "for GODEBUG, calls the function internal/godebug registered with (\"\", value), as the runtime does; else nothing the program sees"),
	inGo("syscall.runtimeUnsetenv", 0, "for GODEBUG, calls the function internal/godebug registered with (\"\", \"\"); else nothing the program sees"),
	inGo("internal/godebug.registerMetric", 0, "nothing: the runtime's metrics are not the program's"),
	inGo("internal/godebug.setNewIncNonDefault", 0, "nothing: the runtime's metrics are not the program's"),
	inGo("crypto/internal/boring/sig.StandardCrypto", 0, "nothing: an empty assembly marker for the linker"),
	inGo("crypto/internal/boring/bcache.registerCache", 0, "nothing: the runtime clears the cache at a garbage collection, which no schedule has"),
	inGo("time.runtimeNow", 0, "the wall clock and the monotonic clock: values kiss does not know, in ranges (years 2023 to 2092, a monotonic reading past 2^40) where time.Now's and Time's arithmetic take the branches every real clock takes"),
	inGo("time.runtimeNano", 0, "the monotonic clock: a value kiss does not know past 2^40, below 2^40+2^50"),
	inGo("time.runtimeIsBubbled", 0, "true in a testing/synctest bubble; outside one an input labelled as the clock (a finding that needs time.Since to be exact to the nanosecond is held back)"),
	inGo("hash/maphash.runtime_rand", 0, "one fixed seed: kiss checks the program under it, as it ranges over a map in one order (a finding that needs particular hashes may not replay)"),
	inGo("hash/maphash.runtime_memhash", 0, "an FNV-1a hash of the s bytes at p mixed with the seed; reads them"),
	inGo("hash/maphash.comparableHash", 0, "FNV-1a over the bytes of a string, the bits of an integer, bool or pointer, and field by field or element by element of a struct or array of those, mixed with the seed; of another type (floats, interfaces) a path stops, as at a call kiss does not know"),
	// The runtime's functions that packages reach with //go:linkname
	// from a declaration without a body.
	inGo("runtime.cheaprand", 0, "the next value of a generator of kiss's own (splitmix64): concrete, different from call to call"),
	inGo("runtime.cheaprand64", 0, "the next value of a generator of kiss's own (splitmix64), non-negative"),
	inGo("runtime.fastrand", 0, "runtime.cheaprand (its name before Go 1.22)"),
	inGo("runtime.fastrand64", 0, "the next value of runtime.cheaprand's generator, as a uint64"),
	inGo("runtime.fastrandn", 0, "a value of runtime.cheaprand's generator below n, as the runtime scales it"),
	inGo("runtime.memhash", 0, "hash/maphash.runtime_memhash's hash"),
	inGo("runtime.memclrNoHeapPointers", 0, "writes zero to the n bytes at p"),
	inGo("runtime.nanotime", 0, "the monotonic clock, as time.runtimeNano"),
	inGo("os.runtime_args", 0, "os.Args: a fresh slice of one to four strings kiss does not know"),
	inGo("syscall.runtime_envs", 0, "the environment: a fresh slice of up to three strings kiss does not know"),
	inGo("(*runtime.PanicNilError).Error", 0, "\"panic called with nil argument\": panic(nil)'s value since Go 1.21"),
	inGo("(*runtime.PanicNilError).RuntimeError", 0, "nothing: it marks a runtime error"),
	inGo("internal/abi.NoEscape", 0, "p: it only hides p from escape analysis (strings.Builder's copy check)"),
	inGo("internal/abi.EscapeNonString", 0, "nothing: it only makes v escape (maphash.Comparable's, unique.Make's)"),
	inGo("internal/abi.Escape", 0, "x: it only makes x escape"),
	inGo("internal/reflectlite.TypeOf", 0, "nil for nil, else kiss's *reflectlite.rtype of the dynamic type (Kind and Elem as reflect.TypeOf's, the rest unknown): errors' init asks it for error's type"),
}

// bytealg are internal/bytealg's functions (assembly on amd64, and the
// package is not lowered): each computes Go's exact result, and reads the
// bytes of its []byte operands Go's portable code reads (up to the match,
// or the difference) at the call. MaxLen is set as amd64 with AVX2 does.
var bytealg = []Model{
	inGo("internal/bytealg.IndexByte", 0, "the index of the first c in b, or -1; reads b up to it"),
	inGo("internal/bytealg.IndexByteString", 0, "the index of the first c in s, or -1"),
	inGo("internal/bytealg.LastIndexByte", 0, "the index of the last c in s, or -1; reads s down to it"),
	inGo("internal/bytealg.LastIndexByteString", 0, "the index of the last c in s, or -1"),
	inGo("internal/bytealg.Count", 0, "the number of c in b; reads b"),
	inGo("internal/bytealg.CountString", 0, "the number of c in s"),
	inGo("internal/bytealg.Equal", 0, "whether a and b hold the same bytes; reads them up to the first difference"),
	inGo("internal/bytealg.Compare", 0, "-1, 0 or 1 as a is less, equal or greater than b; reads them up to the first difference"),
	inGo("internal/bytealg.CompareString", 0, "-1, 0 or 1 as a is less, equal or greater than b"),
	inGo("internal/bytealg.Index", 0, "the index of the first b in a, or -1 (any length of b); reads b, and a up to the match"),
	inGo("internal/bytealg.IndexString", 0, "the index of the first b in a, or -1 (any length of b)"),
	inGo("internal/bytealg.IndexRabinKarp", 0, "the index of the first sep in s, or -1; reads a []byte's sep, and s up to the match"),
	inGo("internal/bytealg.LastIndexRabinKarp", 0, "the index of the last sep in s, or -1; reads a []byte's sep, and s down to the match"),
	inGo("internal/bytealg.HashStr", 0, "sep's Rabin-Karp hash and PrimeRK to the power len(sep), as Go computes them; reads a []byte's sep"),
	inGo("internal/bytealg.HashStrRev", 0, "sep's reversed Rabin-Karp hash and PrimeRK to the power len(sep), as Go computes them; reads a []byte's sep"),
	inGo("internal/bytealg.Cutover", 0, "amd64's (n + 16) / 8"),
	inGo("internal/bytealg.MakeNoZero", 0, "a new []byte of length and capacity n (a negative n panics as make does)"),
	inGo("maps.clone", 0, "maps.Clone's copy, which the runtime provides: a new map of m's type with m's entries, read from m"),
	inGo("crypto/internal/constanttime.boolToUint8", 0, "1 for true, 0 for false: a compiler intrinsic, whose Go body only panics"),
	// assembly whose Go twin is excluded by build tags on amd64
	inGo("crypto/internal/fips140/subtle.xorBytes", 0, "xor_generic.go's loop: dst[i] = x[i] ^ y[i] for i < n over unsafe.Slice of each pointer; reads x and y, writes dst"),
}
