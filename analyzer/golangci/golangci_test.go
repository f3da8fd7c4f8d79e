package golangci

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gokiss/kiss/analyzer/kisstest"
)

// TestGolangciLint is the real thing: it builds golangci-lint with the kiss
// plugin exactly as a user does, `golangci-lint custom` with
// testdata/.custom-gcl.yml, and runs the result with testdata/.golangci.yml
// on the demo module, where kiss must report its four findings.
//
// `golangci-lint custom` clones golangci-lint from its git host. So that the
// test needs only the Go module proxy, the clone is redirected to a local git
// repository made from the module cache's copy of that version (the same
// files, tagged as the host tags them). The binary is cached under
// os.UserCacheDir(), keyed by the golangci-lint version and a hash of kiss's
// sources: the first run builds golangci-lint (minutes), later runs reuse it.
// A build that cannot be done here is a failure, never a skip.
func TestGolangciLint(t *testing.T) {
	bin := customGCL(t)

	t.Run("readme config", func(t *testing.T) {
		out, code := lint(t, bin, readFile(t, filepath.Join("testdata", ".golangci.yml")))
		if code != 1 {
			t.Errorf("custom-gcl exited %d, want 1 (issues found)", code)
		}
		checkFindings(t, out, "deadlock", "race", "leak", "panic")
		// The schedules come along as golangci-lint shows related information.
		if !strings.Contains(out, "kiss(related information): step ") {
			t.Errorf("no schedule step among the issues:\n%s", out)
		}
	})

	t.Run("settings", func(t *testing.T) {
		// contexts: 0 loses the deadlock and the panic, which need one
		// preemption each; checks: drops the race.
		out, code := lint(t, bin, configWith(t, "contexts: 0\n          checks: [deadlock, leak, panic]"))
		if code != 1 {
			t.Errorf("custom-gcl exited %d, want 1 (issues found)", code)
		}
		checkFindings(t, out, "leak")
	})

	// Bugs in one package's code shown by another package's tests: kiss
	// sees the callee's code through the facts golangci-lint carries. The
	// module is testdata/src/crosspkg; its issues are the findings its
	// want comments expect.
	t.Run("across packages", func(t *testing.T) {
		dir := t.TempDir()
		if err := kisstest.Module(filepath.Join("..", "..", "testdata", "src", "crosspkg"), dir, "crosspkg"); err != nil {
			t.Fatal(err)
		}
		out, code := lintDir(t, bin, dir, readFile(t, filepath.Join("testdata", ".golangci.yml")))
		if code != 1 {
			t.Errorf("custom-gcl exited %d, want 1 (issues found)", code)
		}
		wants := kisstest.New()
		if err := wants.Dir(dir); err != nil {
			t.Fatal(err)
		}
		for _, err := range wants.Output(out, dir, " (kiss)", "kiss(related information): ") {
			t.Errorf("%v in:\n%s", err, out)
		}
	})

	t.Run("bad settings", func(t *testing.T) {
		out, code := lint(t, bin, configWith(t, "contexts: -1\n          timeout: soon"))
		if code == 0 || code == 1 {
			t.Errorf("custom-gcl exited %d on bad settings, want an error", code)
		}
		for _, w := range []string{"kiss settings:", "contexts is -1, must be at least 0", `timeout "soon" is not a duration`} {
			if !strings.Contains(out, w) {
				t.Errorf("no %q in:\n%s", w, out)
			}
		}
	})
}

// The findings of the demo module (as in cmd/kiss's tests), by check.
var findings = map[string]struct{ pos, msg string }{
	"deadlock": {"shop/shop.go:21:12", "deadlock: the test goroutine blocks forever locking a mutex"},
	"race":     {"shop/shop.go:27:34", "data race on s.sold"},
	"leak":     {"shop/shop.go:37:6", "goroutine leak: goroutine 1 (started at shop.go:33:2) blocks forever sending on a channel"},
	"panic":    {"shop/shop.go:62:8", "panic: close of closed channel (1 preemption)"},
}

// checkFindings checks that golangci-lint's text output has exactly the
// findings of the given checks as kiss issues.
func checkFindings(t *testing.T, out string, checks ...string) {
	t.Helper()
	for _, c := range checks {
		f := findings[c]
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(f.pos) + `: ` + regexp.QuoteMeta(f.msg) + `.* \(kiss\)$`)
		if !re.MatchString(out) {
			t.Errorf("no %s issue at %s in:\n%s", c, f.pos, out)
		}
	}
	issue := regexp.MustCompile(`(?m)^\S+:\d+:\d+: (.*) \(kiss\)$`)
	n := 0
	for _, m := range issue.FindAllStringSubmatch(out, -1) {
		if !strings.HasPrefix(m[1], "kiss(related information): ") {
			n++
		}
	}
	if n != len(checks) {
		t.Errorf("%d kiss issues, want %d (%s):\n%s", n, len(checks), strings.Join(checks, ", "), out)
	}
}

// configWith is testdata/.golangci.yml with other plugin settings.
func configWith(t *testing.T, settings string) string {
	t.Helper()
	cfg := readFile(t, filepath.Join("testdata", ".golangci.yml"))
	const old = "contexts: 2"
	if !strings.Contains(cfg, old) {
		t.Fatalf("testdata/.golangci.yml does not set %s", old)
	}
	return strings.Replace(cfg, old, settings, 1)
}

// lint runs the custom golangci-lint on a copy of the demo module with the
// given .golangci.yml, as a user runs it, and returns its combined output
// and exit code.
func lint(t *testing.T, bin, config string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "examples"))); err != nil {
		t.Fatal(err)
	}
	return lintDir(t, bin, dir, config)
}

// lintDir is lint on the module in dir.
func lintDir(t *testing.T, bin, dir, config string) (string, int) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "./...")
	cmd.Dir = dir
	// golangci-lint's own result cache does not know that kiss changed
	// when the binary did; a fresh one per run.
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s run: %v", bin, err)
	}
	t.Logf("custom-gcl run ./... (exit %d):\n%s", code, out.String())
	return out.String(), code
}

// customGCL returns the golangci-lint binary with kiss in it, building it
// with `golangci-lint custom` unless the cache has it.
func customGCL(t *testing.T) string {
	t.Helper()
	customCfg := readFile(t, filepath.Join("testdata", ".custom-gcl.yml"))
	m := regexp.MustCompile(`(?m)^version:\s*(v\S+)\s*$`).FindStringSubmatch(customCfg)
	if m == nil {
		t.Fatal("testdata/.custom-gcl.yml has no version")
	}
	version := m[1]

	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	hash, err := sourceHash(root, customCfg)
	if err != nil {
		t.Fatalf("hashing kiss's sources: %v", err)
	}
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no cache directory for the golangci-lint build: %v", err)
	}
	cache := filepath.Join(userCache, "kiss", "golangci-lint")
	key := "custom-gcl-" + version + "-" + hash
	bin := filepath.Join(cache, key, "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		t.Logf("using the cached %s", bin)
		return bin
	}

	start := time.Now()
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := buildContext(t)
	gcl := golangciLint(t, ctx, cache, version)
	repo := localRepo(t, version)

	// Build into a fresh directory, then move it into place, so that a
	// concurrent or interrupted run never sees half a binary.
	tmp, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, gcl, "custom", "-v", "--destination", tmp)
	cmd.Dir = "testdata" // where .custom-gcl.yml is; its path: is relative to it
	cmd.Env = append(withoutGitConfig(os.Environ()), gitRedirect(repo)...)
	// Its clone and build directory, removed even if it is killed.
	cmd.Env = append(cmd.Env, "TMPDIR="+t.TempDir())
	killGroup(cmd)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("golangci-lint custom did not finish within go test's -timeout (%s since the build started); a first build takes several minutes: run go test with -timeout 30m\n%s", time.Since(start).Round(time.Second), out)
	}
	if err != nil {
		t.Fatalf("golangci-lint custom failed (%v); this environment needs git, cgo with a C compiler and libz3-dev, and the Go module proxy:\n%s", err, out)
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(tmp, "custom-gcl"), bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("built %s in %s", bin, time.Since(start).Round(time.Second))
	pruneCache(t, cache, key)
	return bin
}

// buildContext ends the build a little before go test's -timeout would,
// so that a build too slow for it fails with a reason rather than a
// goroutine dump.
func buildContext(t *testing.T) context.Context {
	deadline, ok := t.Deadline()
	if !ok {
		return t.Context()
	}
	ctx, cancel := context.WithDeadline(t.Context(), deadline.Add(-20*time.Second))
	t.Cleanup(cancel)
	return ctx
}

// golangciLint returns the plain golangci-lint of the version, installing
// it into the cache when it is not there.
func golangciLint(t *testing.T, ctx context.Context, cache, version string) string {
	t.Helper()
	dir := filepath.Join(cache, "golangci-lint-"+version)
	bin := filepath.Join(dir, "golangci-lint")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	start := time.Now()
	tmp, err := os.MkdirTemp(cache, "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, "go", "install", "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@"+version)
	cmd.Env = append(os.Environ(), "GOBIN="+tmp)
	killGroup(cmd)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("installing golangci-lint %s did not finish within go test's -timeout (%s); a first build takes several minutes: run go test with -timeout 30m\n%s", version, time.Since(start).Round(time.Second), out)
	}
	if err != nil {
		t.Fatalf("installing golangci-lint %s: %v\n%s", version, err, out)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(tmp, "golangci-lint"), bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("installed golangci-lint %s in %s", version, time.Since(start).Round(time.Second))
	return bin
}

// localRepo makes a git repository of golangci-lint at the version from
// the module cache's copy, tagged with the version as upstream is, and
// returns its directory.
func localRepo(t *testing.T, version string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+version)
	cmd.Dir = t.TempDir() // outside any module
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download golangci-lint %s: %v\n%s", version, err, out)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		t.Fatalf("go mod download golangci-lint %s: %v %s\n%s", version, err, mod.Error, out)
	}
	repo := filepath.Join(t.TempDir(), "golangci-lint.git")
	if err := os.CopyFS(repo, os.DirFS(mod.Dir)); err != nil {
		t.Fatalf("copying %s: %v", mod.Dir, err)
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A"},
		{"-c", "user.name=kiss", "-c", "user.email=kiss@localhost", "commit", "-q", "--no-verify", "-m", "golangci-lint " + version},
		{"tag", version},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		// Neither the user's nor the system's git configuration applies.
		cmd.Env = append(withoutGitConfig(os.Environ()), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), repo, err, out)
		}
	}
	return repo
}

// golangciURL is what `golangci-lint custom` clones (see its
// pkg/commands/internal/builder.go).
const golangciURL = "https://github.com/golangci/golangci-lint.git"

// gitRedirect points git's clone of golangciURL at the local repository.
// `golangci-lint custom` runs git with only a few GIT_ variables of its
// environment (no GIT_CONFIG_GLOBAL), among them GIT_CONFIG_COUNT and
// GIT_CONFIG_KEY_n/VALUE_n: configuration given that way reaches git and
// leaves the user's configuration files alone. A file:// URL keeps the
// clone's --depth 1 meaningful, as it is for the real host.
func gitRedirect(repo string) []string {
	return []string{
		"GIT_CONFIG_COUNT=1",
		"GIT_CONFIG_KEY_0=url.file://" + filepath.ToSlash(repo) + ".insteadOf",
		"GIT_CONFIG_VALUE_0=" + golangciURL,
	}
}

func withoutGitConfig(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "GIT_CONFIG") {
			out = append(out, e)
		}
	}
	return out
}

// sourceHash hashes what goes into the plugin: the files of the kiss
// packages it is built from (as go list -deps names them), go.mod, go.sum,
// and the .custom-gcl.yml.
func sourceHash(root, customCfg string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=Dir,Module,GoFiles,CgoFiles,EmbedFiles,CFiles,HFiles,SFiles", ".")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -deps: %v\n%s", err, stderrOf(err))
	}
	files := []string{filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			Dir                                                   string
			Module                                                *struct{ Path string }
			GoFiles, CgoFiles, EmbedFiles, CFiles, HFiles, SFiles []string
		}
		if err := dec.Decode(&p); err != nil {
			return "", err
		}
		if p.Module == nil || p.Module.Path != "github.com/gokiss/kiss" {
			continue
		}
		for _, fs := range [][]string{p.GoFiles, p.CgoFiles, p.EmbedFiles, p.CFiles, p.HFiles, p.SFiles} {
			for _, f := range fs {
				files = append(files, filepath.Join(p.Dir, f))
			}
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, ".custom-gcl.yml\x00%s\x00", customCfg)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func stderrOf(err error) []byte {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.Stderr
	}
	return nil
}

// pruneCache removes the custom binaries of other kiss sources, each tens of
// megabytes; the plain golangci-lint stays.
func pruneCache(t *testing.T, cache, keep string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "custom-gcl-") && e.Name() != keep {
			if err := os.RemoveAll(filepath.Join(cache, e.Name())); err != nil {
				t.Logf("pruning the cache: %v", err)
			}
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
