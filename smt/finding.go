package smt

// freshFinding reports whether an observer's finding is new to the run
// (see Finding) and records its keys.
func (e *executor) freshFinding(fd *Finding, pos string) bool {
	if len(fd.Keys) == 0 {
		return !e.seenViolation(fd.Kind, fd.Message, pos)
	}
	key := func(k string) string { return "finding\x00" + fd.Kind + "\x00" + k }
	fresh := false
	for _, k := range fd.Keys {
		if !e.seenV[key(k)] {
			fresh = true
		}
	}
	if fresh {
		for _, k := range fd.Keys {
			e.seenV[key(k)] = true
		}
	}
	return fresh
}
