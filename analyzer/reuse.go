package kiss

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/build"
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

// A package of the standard library with no tests is built and lowered
// only for its importers, and the same inputs give the same code. go vet
// keeps such a package's facts in its build cache; the drivers that
// analyse every package in one process (kiss ./..., golangci-lint, kiss
// lsp) computed them again on each run, most of the time of a module's
// first roots. So the store also keeps, under a hash of the inputs, which
// code they gave. The standard library only: its packages import none
// but its own, all of one GOROOT of one version, so the inputs are that
// GOROOT and version, the build's configuration (its files, their
// contents, the word size), how the dependencies' code is at hand (whole,
// or by reference under go vet) and this build of kiss. A module's package
// could change under a dependency's constant or generic body, which its
// dependencies' lowered code does not show.

// reuseKey hashes what pass's lowered code is made from, or is "" when it
// cannot be told (no store, no GOROOT version, a file that cannot be read).
func reuseKey(pass *analysis.Pass, deps []*summaries.Lowered) string {
	self, goroot := kissIdentity(), gorootVersion()
	if self == "" || goroot == "" || codeStore() == nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "kiss reuse 2\x00%s\x00%s\x00%s\x00%s/%s\x00%s\x00%d %d\x00", self, goroot, pass.Pkg.Path(),
		build.Default.GOOS, build.Default.GOARCH, pass.Pkg.GoVersion(),
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
		hashes = append(hashes, fmt.Sprintf("%s\x00%s\x00%t", d.Path, d.Hash, d.Stub()))
	}
	slices.Sort(hashes)
	for _, d := range hashes {
		fmt.Fprintf(h, "%s\x00", d)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// gorootVersion names the standard library's source: GOROOT and its
// VERSION file ("" without one: a toolchain built from source, whose
// library may change under the same path).
var gorootVersion = sync.OnceValue(func() string {
	data, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "VERSION"))
	if err != nil {
		return ""
	}
	return build.Default.GOROOT + "\x00" + string(data)
})

// kissIdentity names this build of kiss: the Go build ID the linker wrote
// into the executable, else a hash of the executable ("" when it cannot
// be read). A rebuilt kiss, or test binary, lowers anew.
var kissIdentity = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if sec := f.Section(".note.go.buildid"); sec != nil {
			if data, err := sec.Data(); err == nil && len(data) > 16 {
				return "buildid " + string(data)
			}
		}
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return "sha256 " + hex.EncodeToString(h.Sum(nil))
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

// fromStore exports as pass's fact the code the store keeps under key,
// and reports whether it keeps some.
func fromStore(pass *analysis.Pass, key string, deps []*summaries.Lowered, cfg *Config) bool {
	own, why := codeStore().reuse(key, pass.Pkg.Path())
	if own == nil {
		return false
	}
	if why != "" && cfg.Stats {
		note(cfg, "%s: %s", pass.Pkg.Path(), why)
	}
	copied := *own // (the store's copy is shared in the process)
	publish(pass, &copied, deps, cfg)
	n, _ := reuseCount.LoadOrStore(pass.Pkg.Path(), new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	return true
}

// reuseCount counts, by package path, the packages whose code came from the
// store (for tests).
var reuseCount sync.Map // string -> *atomic.Int64

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
