package clitest

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// Main builds the kiss command into a temporary directory, sets *bin to
// it, runs the tests and exits with their code.
func Main(m *testing.M, bin *string) {
	dir, err := os.MkdirTemp("", "kiss-bin")
	if err != nil {
		panic(err)
	}
	*bin = filepath.Join(dir, "kiss")
	// go vet keeps the facts of packages it vetted before in its cache;
	// the code they refer to must outlive this run too.
	os.Setenv("KISS_CACHE", filepath.Join(os.TempDir(), "kiss-test-cache"))
	out, err := exec.Command("go", "build", "-o", *bin, "github.com/gokiss/kiss/cmd/kiss").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Run runs a command in dir and returns its combined output and exit code.
func Run(t testing.TB, dir string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), code
}

// Testdata is the repository's testdata directory.
var Testdata = filepath.Join(root(), "testdata")

// root is the repository's root: the directory of go.mod above the test's.
func root() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			panic("clitest: no go.mod above " + dir)
		}
		dir = up
	}
}

// TestdataModule copies testdata/src/name into a module of that name.
func TestdataModule(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(Testdata, "src", name)
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+name+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Verdict is the part of kiss replay -json the tests read.
type Verdict struct {
	File       string `json:"file"`
	Root       string `json:"root"`
	Check      string `json:"check"`
	Verdict    string `json:"verdict"`
	DivergedAt int    `json:"diverged_at"`
	Detail     string `json:"detail"`
	Steps      int    `json:"steps"`
	Trace      []struct {
		Step int    `json:"step"`
		G    int    `json:"g"`
		Op   string `json:"op"`
		Pos  string `json:"pos"`
		OK   bool   `json:"ok"`
	} `json:"trace"`
}

// ReplayAll replays files from dir with bin's replay -json, in two
// processes (the machines that run these tests have two cores).
func ReplayAll(t testing.TB, bin, dir string, files []string) []Verdict {
	t.Helper()
	const procs = 2
	// the schedules of one package go to one process, which builds the
	// package's instrumented test once
	var pkgs []string
	byPkg := map[string][]string{}
	for _, f := range files {
		pkg, _, _ := strings.Cut(filepath.Base(f), ".")
		if byPkg[pkg] == nil {
			pkgs = append(pkgs, pkg)
		}
		byPkg[pkg] = append(byPkg[pkg], f)
	}
	var mu sync.Mutex
	var all []Verdict
	var wg sync.WaitGroup
	for p := 0; p < procs; p++ {
		var part []string
		for i := p; i < len(pkgs); i += procs {
			part = append(part, byPkg[pkgs[i]]...)
		}
		if len(part) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, append([]string{"replay", "-json"}, part...)...)
			cmd.Dir = dir
			out, _ := cmd.Output()
			var vs []Verdict
			if len(part) == 1 {
				var v Verdict
				if err := json.Unmarshal(out, &v); err != nil {
					t.Errorf("kiss replay -json %s: %v\n%s", part[0], err, out)
					return
				}
				vs = []Verdict{v}
			} else if err := json.Unmarshal(out, &vs); err != nil {
				t.Errorf("kiss replay -json: %v\n%s", err, out)
				return
			}
			mu.Lock()
			all = append(all, vs...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Slice(all, func(i, j int) bool { return all[i].File < all[j].File })
	return all
}

// LastLine is the last line of s.
func LastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// ReadSchedule decodes a schedule file.
func ReadSchedule(t testing.TB, file string) *schedule.Schedule {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return s
}

// WriteFile writes data to path, making its directory.
func WriteFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
