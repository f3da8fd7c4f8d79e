package main_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvim returns Debian's Neovim, which `make deps` (and so `make test`)
// installs; without it the test fails, it does not skip.
func nvim(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatal("nvim is not installed: `make deps` installs it (apt-get install neovim)")
	}
	return p
}

// TestNeovim runs a real editor: headless Neovim (Debian's 0.7.2) with the
// README's configuration (testdata/nvim/kiss.lua) opens shop.go, and the
// kiss language server's diagnostics must reach it with their schedules.
func TestNeovim(t *testing.T) {
	bin := nvim(t)
	dir := t.TempDir()
	shop, _ := filepath.Abs(filepath.Join(examples, "shop", "shop.go"))
	config, _ := filepath.Abs(filepath.Join("testdata", "nvim", "kiss.lua"))
	check, _ := filepath.Abs(filepath.Join("testdata", "nvim", "check.lua"))
	out := filepath.Join(dir, "out.json")
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--clean", "-c", "luafile "+check)
	cmd.Dir = filepath.Dir(shop)
	cmd.Env = append(os.Environ(),
		// Neovim's log, swap and state stay in the test's directory; Go's
		// build cache stays where it is.
		"XDG_CACHE_HOME="+filepath.Join(dir, "cache"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"),
		"XDG_DATA_HOME="+filepath.Join(dir, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"GOCACHE="+strings.TrimSpace(string(gocache)),
		"KISS_CONFIG="+config,
		"KISS_BIN="+kissBin,
		"KISS_FILE="+shop,
		"KISS_OUT="+out,
	)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "cache", "nvim", "lsp.log"))
		t.Fatalf("nvim wrote no result: %v\nlsp.log:\n%s", err, log)
	}
	var res struct {
		Arrived, Attached, Stopped bool
		Filetype                   string
		Diagnostics                []struct {
			Lnum, Col, Severity int
			Source, Code        string
			Message             string
			Related             []struct {
				Location struct {
					URI   string
					Range struct{ Start struct{ Line, Character int } }
				}
				Message string
			}
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !res.Attached || !res.Arrived || res.Filetype != "go" {
		log, _ := os.ReadFile(filepath.Join(dir, "cache", "nvim", "lsp.log"))
		t.Fatalf("kiss client attached %v, diagnostics arrived %v, filetype %q\nlsp.log:\n%s", res.Attached, res.Arrived, res.Filetype, log)
	}
	if !res.Stopped {
		t.Errorf("kiss lsp did not stop on shutdown/exit")
	}
	codes := map[string]bool{}
	for _, d := range res.Diagnostics {
		codes[d.Code] = true
		if d.Source != "kiss" || d.Severity != 1 || len(d.Related) < 2 {
			t.Errorf("diagnostic %+v", d)
		}
		if d.Code != "deadlock" {
			continue
		}
		if d.Lnum != 20 || d.Col != 11 || !strings.HasPrefix(d.Message, wantFindings[0].msg) {
			t.Errorf("deadlock at %d:%d: %s", d.Lnum, d.Col, d.Message)
		}
		var steps []string
		for _, r := range d.Related {
			steps = append(steps, r.Message)
		}
		r := d.Related[min(3, len(d.Related)-1)]
		if r.Message != "step 4: goroutine 1 lock (preemption)" || !strings.HasSuffix(r.Location.URI, "/shop/shop.go") ||
			r.Location.Range.Start.Line != 18 || r.Location.Range.Start.Character != 13 {
			t.Errorf("deadlock's step 4: %+v; steps: %q", r, steps)
		}
	}
	for _, w := range wantFindings {
		if !codes[w.check] {
			t.Errorf("no %s diagnostic in Neovim: %s", w.check, data)
		}
	}
}

// TestREADMESnippets keeps the README's editor configuration the one
// TestNeovim runs.
func TestREADMESnippets(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lua, err := os.ReadFile(filepath.Join("testdata", "nvim", "kiss.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```lua\n"+string(lua)+"```\n") {
		t.Errorf("README.md does not show testdata/nvim/kiss.lua as it is")
	}
	for _, s := range []string{"kiss -sarif ./... > kiss.sarif", "github/codeql-action/upload-sarif", "args = [\"lsp\"]"} {
		if !strings.Contains(string(readme), s) {
			t.Errorf("README.md lacks %q", s)
		}
	}
}
