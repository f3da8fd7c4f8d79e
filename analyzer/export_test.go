package kiss

// SetTestHookRoot makes every root's check start with f.
func SetTestHookRoot(f func(root string)) { testHookRoot = f }
