package kiss

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/gokiss/kiss/summaries"
)

// A package with no roots to explore (the standard library's under every
// driver; a module's dependencies under kiss ./..., golangci-lint and
// kiss lsp) is built and lowered only for its importers, and the same
// inputs give the same code. go vet keeps such a package's facts in its
// build cache; the drivers that analyse every package in one process
// computed them again on each run, and the standard library's packages
// were most of the time of a module's first roots. So the store also
// keeps, under a hash of the inputs, which code they gave: the package's
// files, its dependencies' code, the word size and this build of kiss.

// reuseKey hashes what pass's lowered code is made from, or is "" when
// there is no store or a file cannot be read.
func reuseKey(pass *analysis.Pass, deps []*summaries.Lowered) string {
	self := kissIdentity()
	if self == "" || codeStore() == nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "kiss reuse 1\x00%s\x00%s\x00%s\x00%d %d\x00", self, pass.Pkg.Path(), pass.Pkg.GoVersion(),
		pass.TypesSizes.Sizeof(types.Typ[types.Uintptr]), pass.TypesSizes.Alignof(types.Typ[types.Int64]))
	files := make([]string, 0, len(pass.Files)+len(pass.OtherFiles))
	for _, f := range pass.Files {
		files = append(files, pass.Fset.File(f.Pos()).Name())
	}
	files = append(files, pass.OtherFiles...)
	for _, name := range files {
		if !filepath.IsAbs(name) {
			return ""
		}
		f, err := os.Open(name)
		if err != nil {
			return ""
		}
		fmt.Fprintf(h, "%s\x00", name)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return ""
		}
		h.Write([]byte{0})
	}
	hashes := make([]string, 0, len(deps))
	for _, d := range deps {
		hashes = append(hashes, d.Path+"\x00"+d.Hash)
	}
	slices.Sort(hashes)
	for _, d := range hashes {
		fmt.Fprintf(h, "%s\x00", d)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// kissIdentity names this build of kiss by its executable's path, size
// and time (a rebuilt kiss, or test binary, lowers anew), or is "".
var kissIdentity = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
})

// reused is what the store keeps under a reuse key.
type reused struct {
	Path, Hash string
	Why        string // buildSSAWithGenerics's note
}

func (s *store) reusePath(key string) string {
	return filepath.Join(s.dir, "reuse", key[:2], key)
}

// reuse returns the code stored for key with the note its build gave, or
// nil when there is none (or it was removed from the store since).
func (s *store) reuse(key, path string) (*summaries.Lowered, string) {
	p := s.reusePath(key)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, ""
	}
	var r reused
	if json.Unmarshal(data, &r) != nil || r.Path != path {
		return nil, ""
	}
	l, err := s.get(r.Path, r.Hash)
	if err != nil {
		return nil, ""
	}
	if fi, err := os.Stat(p); err == nil {
		s.touch(p, fi)
	}
	return l, r.Why
}

var reuseHits atomic.Int64 // (for tests)

// keep stores l's code and, under key, that the inputs gave it.
func (s *store) keep(key string, l *summaries.Lowered, why string) error {
	if err := s.put(l); err != nil {
		return err
	}
	data, err := json.Marshal(reused{l.Path, l.Hash, why})
	if err != nil {
		return err
	}
	return writeAside(s.reusePath(key), data)
}
