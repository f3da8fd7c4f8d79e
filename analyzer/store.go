package kiss

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gokiss/kiss/summaries"
)

// The store keeps every package's lowered code once, on disk, under its
// hash: go vet runs kiss in one process per package and hands each only
// its direct imports' facts, so a fact names its dependencies' code and
// the importer reads it from here, instead of every fact carrying the code
// of its whole dependency closure (quadratic in the depth of the import
// graph). It lives in $KISS_CACHE, or kiss/ in the user's cache directory,
// beside go's build cache; entries unused for three months are removed
// (go trims its cache of facts sooner).
type store struct {
	dir string
	mu  sync.Mutex
	mem map[string]*fetch // fetched in this process, by hash
}

// fetch is one read of the store: roots that start together (a package's
// tests, analysistest's packages) need the same dependencies, and each
// unpacking a large package's code at once took the machine's time and
// memory from the roots already exploring.
type fetch struct {
	done chan struct{}
	l    *summaries.Lowered
	err  error
}

// storeState is the process's store, made on first use.
type storeState struct {
	once    sync.Once
	st      *store
	problem string // why there is none
}

var stores = &storeState{}

// codeStore returns the store, or nil if there is none (storeProblem says
// why).
func codeStore() *store {
	s := stores
	s.once.Do(func() {
		dir := os.Getenv("KISS_CACHE")
		if dir == "" {
			base, err := os.UserCacheDir()
			if err != nil {
				s.problem = err.Error()
				return
			}
			dir = filepath.Join(base, "kiss")
		}
		dir = filepath.Join(dir, "lowered")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			s.problem = err.Error()
			return
		}
		s.st = &store{dir: dir, mem: map[string]*fetch{}}
	})
	return s.st
}

// storeProblem says why there is no store.
func storeProblem() string { return stores.problem }

func (s *store) path(hash string) string {
	return filepath.Join(s.dir, hash[:2], hash+".kiss")
}

// put writes l's code unless the store has it (then it only marks it used).
func (s *store) put(l *summaries.Lowered) error {
	if l.Hash == "" || len(l.Hash) < 2 {
		return fmt.Errorf("%s: lowered code without a hash", l.Path)
	}
	p := s.path(l.Hash)
	if fi, err := os.Stat(p); err == nil {
		s.touch(p, fi)
		return nil
	}
	if l.Stub() {
		return fmt.Errorf("%s: only a reference to its code is at hand", l.Path)
	}
	data, err := pack(l)
	if err != nil {
		return err
	}
	if err := writeAside(p, data); err != nil {
		return err
	}
	if rand.IntN(200) == 0 {
		go s.trim()
	}
	return nil
}

// writeAside writes data to p through a temporary file renamed: go vet
// runs packages in parallel, and a reader sees the whole file or none.
func writeAside(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// get reads the code of package path stored under hash.
func (s *store) get(path, hash string) (*summaries.Lowered, error) {
	if len(hash) < 2 {
		return nil, fmt.Errorf("bad reference to the code of %s", path)
	}
	s.mu.Lock()
	f := s.mem[hash]
	if f == nil {
		f = &fetch{done: make(chan struct{})}
		s.mem[hash] = f
		s.mu.Unlock()
		func() {
			defer close(f.done) // (a panic must not leave the others waiting)
			f.err = fmt.Errorf("%s: reading kiss's store of %s failed", s.path(hash), path)
			f.l, f.err = s.read(hash)
		}()
		if f.err != nil {
			s.mu.Lock()
			delete(s.mem, hash) // (written meanwhile, it is read next time)
			s.mu.Unlock()
		}
	} else {
		s.mu.Unlock()
		<-f.done
	}
	if f.err != nil {
		return nil, f.err
	}
	if f.l.Path != path {
		return nil, fmt.Errorf("%s holds %s, not %s", s.path(hash), f.l.Path, path)
	}
	return f.l, nil
}

// read unpacks the entry stored under hash.
func (s *store) read(hash string) (*summaries.Lowered, error) {
	p := s.path(hash)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("not in kiss's store %s (removed since it was written? go clean -cache makes go vet write it again): %v", s.dir, err)
	}
	l, err := unpack(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	if l.Hash != hash {
		return nil, fmt.Errorf("%s holds the code hashed %s", p, l.Hash)
	}
	if fi, err := os.Stat(p); err == nil {
		s.touch(p, fi)
	}
	return l, nil
}

// touch marks an entry used, at most once a day.
func (s *store) touch(p string, fi os.FileInfo) {
	if now := time.Now(); now.Sub(fi.ModTime()) > 24*time.Hour {
		os.Chtimes(p, now, now)
	}
}

// trim removes the entries unused for three months.
func (s *store) trim() {
	cutoff := time.Now().Add(-90 * 24 * time.Hour)
	filepath.Walk(s.dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && fi.ModTime().Before(cutoff) {
			os.Remove(p)
		}
		return nil
	})
}
