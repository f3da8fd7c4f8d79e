package golangci

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/analyzer/schedule"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("kiss")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0].Name != "kiss" || as[0] == kiss.Analyzer {
		t.Fatalf("analyzers %v, want one copy of kiss.Analyzer", as)
	}
	if len(as[0].Requires) != len(kiss.Analyzer.Requires) || as[0].Doc != kiss.Analyzer.Doc {
		t.Errorf("the copy differs from kiss.Analyzer beyond Run")
	}
	if err := analysis.Validate(as); err != nil {
		t.Error(err)
	}
}

// settings are as golangci-lint passes them: YAML decoded by viper into
// maps with lower-cased keys, values as YAML typed them.
func TestSettings(t *testing.T) {
	def := kiss.DefaultConfig
	def.Memory = 0 // many packages in one process
	all := map[string]bool{"deadlock": true, "leak": true, "race": true, "panic": true, "assert": true, "timing": true}
	for _, tc := range []struct {
		name     string
		settings any
		want     kiss.Config
		checks   map[string]bool
	}{
		{"none", nil, def, all},
		{"empty", map[string]any{}, def, all},
		{"contexts", map[string]any{"contexts": 3}, with(func(c *kiss.Config) { c.Contexts = 3 }), all},
		{"zero contexts is not the default", map[string]any{"contexts": 0}, with(func(c *kiss.Config) { c.Contexts = 0 }), all},
		{"every setting", map[string]any{
			"contexts": 1, "unroll": 5, "recursion": 4, "goroutines": 8, "timeout": "1m30s", "package-timeout": "5m", "memory": 200, "timing": true,
			"checks": []any{"race", "deadlock"}, "verify": false, "replay-timeout": "30s",
		}, kiss.Config{Contexts: 1, Unroll: 5, Recursion: 4, Goroutines: 8, Timeout: 90 * time.Second, PackageTimeout: 5 * time.Minute, Memory: 200, Timing: true, ReplayTimeout: 30 * time.Second},
			map[string]bool{"race": true, "deadlock": true}},
		{"no package budget", map[string]any{"package-timeout": "0s"}, with(func(c *kiss.Config) { c.PackageTimeout = 0 }), all},
		{"the deprecated inline is accepted and ignored", map[string]any{"inline": 4}, def, all},
		{"empty checks means all", map[string]any{"checks": []any{}}, def, all},
		{"keys in any case", map[string]any{"Contexts": 1, "TIMEOUT": "2s"}, with(func(c *kiss.Config) {
			c.Contexts, c.Timeout = 1, 2*time.Second
		}), all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lp, err := New(tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			p := lp.(*Plugin)
			if got := settingsOf(*p.cfg); got != settingsOf(tc.want) {
				t.Errorf("config %+v, want %+v", got, settingsOf(tc.want))
			}
			if len(p.checks) != len(tc.checks) {
				t.Errorf("checks %v, want %v", p.checks, tc.checks)
			}
			for c := range tc.checks {
				if !p.checks[c] {
					t.Errorf("checks %v, want %v", p.checks, tc.checks)
				}
			}
		})
	}
}

// settingsOf is the part of a kiss.Config the settings set.
func settingsOf(c kiss.Config) [10]any {
	return [10]any{c.Contexts, c.Unroll, c.Recursion, c.Goroutines, c.Timeout, c.PackageTimeout, c.Memory, c.Timing, c.Verify, c.ReplayTimeout}
}

func with(f func(*kiss.Config)) kiss.Config {
	c := kiss.DefaultConfig
	c.Memory = 0
	f(&c)
	return c
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     []string // each in the error
	}{
		{"negative contexts", map[string]any{"contexts": -1}, []string{"contexts is -1, must be at least 0"}},
		{"negative unroll", map[string]any{"unroll": -2}, []string{"unroll is -2, must be at least 0"}},
		{"no recursion", map[string]any{"recursion": 0}, []string{"recursion is 0, must be at least 1"}},
		{"no goroutines", map[string]any{"goroutines": 0}, []string{"goroutines is 0, must be at least 1"}},
		{"bad duration", map[string]any{"timeout": "10"}, []string{`timeout "10" is not a duration`}},
		{"negative duration", map[string]any{"timeout": "-1s"}, []string{"timeout is -1s, must be positive"}},
		{"zero duration", map[string]any{"timeout": "0s"}, []string{"timeout is 0s, must be positive"}},
		{"negative package timeout", map[string]any{"package-timeout": "-1s"}, []string{"package-timeout is -1s, must be 0 (no bound) or positive"}},
		{"bad package timeout", map[string]any{"package-timeout": "20"}, []string{`package-timeout "20" is not a duration`}},
		{"bad replay timeout", map[string]any{"replay-timeout": "2"}, []string{`replay-timeout "2" is not a duration`}},
		{"unknown check", map[string]any{"checks": []any{"race", "livelock"}},
			[]string{`unknown check "livelock" (the checks are deadlock, leak, race, panic, assert, timing)`}},
		{"every error at once", map[string]any{"contexts": -1, "timeout": "soon", "checks": []any{"Race"}},
			[]string{"contexts is -1", `timeout "soon"`, `unknown check "Race"`}},
		{"unknown setting", map[string]any{"context": 2}, []string{`unknown field "context"`}},
		{"wrong type", map[string]any{"contexts": "two"}, []string{"contexts"}},
		{"timeout as a number", map[string]any{"timeout": 10}, []string{"timeout"}},
		{"checks as a string", map[string]any{"checks": "race"}, []string{"checks"}},
		{"not a map", []any{1, 2}, []string{"kiss settings"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.settings)
			if err == nil {
				t.Fatalf("no error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "kiss settings: ") {
				t.Errorf("error %q does not say it is about kiss's settings", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
		})
	}
}

// TestChecksFilter checks the wrapper around pass.Report that selects the
// checks; the analysis itself is tested by the real golangci-lint run.
func TestChecksFilter(t *testing.T) {
	lp, err := New(map[string]any{"checks": []any{"race", "leak"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	pass := &analysis.Pass{Report: func(d analysis.Diagnostic) { got = append(got, d.Category) }}
	filtered := lp.(*Plugin).filter(pass)
	for _, c := range schedule.Checks {
		filtered.Reportf(0, "%s", c.Name)
		filtered.Report(analysis.Diagnostic{Category: c.Name})
	}
	if strings.Join(got, " ") != "leak race" {
		t.Errorf("reported %v, want [leak race]", got)
	}
}

// TestREADME checks that the README shows the configuration files the real
// golangci-lint test uses, with `version: latest` for the local path.
func TestREADME(t *testing.T) {
	readme := readFile(t, filepath.Join("..", "..", "README.md"))
	custom := readFile(t, filepath.Join("testdata", ".custom-gcl.yml"))
	local := regexp.MustCompile(`(?m)^    # The kiss checkout.*\n    path: .*$`)
	if !local.MatchString(custom) {
		t.Fatalf("testdata/.custom-gcl.yml has no local path: %s", custom)
	}
	custom = local.ReplaceAllString(custom, "    version: latest")
	for name, want := range map[string]string{
		".custom-gcl.yml": custom,
		".golangci.yml":   readFile(t, filepath.Join("testdata", ".golangci.yml")),
	} {
		if !strings.Contains(readme, "```yaml\n"+want+"```\n") {
			t.Errorf("README.md does not show testdata/%s as a user writes it:\n%s", name, want)
		}
	}
}
