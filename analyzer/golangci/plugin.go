// Package golangci is kiss's golangci-lint v2 module plugin.
//
// Importing it registers a plugin named "kiss" with
// github.com/golangci/plugin-module-register; `golangci-lint custom` builds
// a golangci-lint binary that contains it (see the README, section
// "golangci-lint"). Its settings are those of the kiss flags:
//
//	linters:
//	  enable: [kiss]
//	  settings:
//	    custom:
//	      kiss:
//	        type: module
//	        settings:
//	          contexts: 2       # preemption bound (-contexts)
//	          unroll: 3         # iterations of a loop with a symbolic condition (-unroll)
//	          recursion: 2      # nesting of the same call on a goroutine's stack (-recursion)
//	          goroutines: 64    # goroutines alive at once in a schedule (-goroutines)
//	          timeout: 10s      # time budget per root (-timeout)
//	          memory: 0         # MiB a root may grow the process's live memory by (-memory; 0: no bound)
//	          timing: false     # also report failures that need a goroutine slower than a timer (-timing)
//	          checks: [deadlock, leak, race, panic, assert, timing]   # which checks to report; all when empty
//
// A setting left out keeps kiss's default (kiss.DefaultConfig). The setting
// inline (the call depth before recursion replaced it) is accepted and
// ignored, with a note on stderr.
package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/analyzer/report"
	"github.com/gokiss/kiss/analyzer/schedule"
)

func init() {
	register.Plugin("kiss", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Contexts  int `json:"contexts"`
	Unroll    int `json:"unroll"`
	Recursion int `json:"recursion"`
	// Inline is deprecated and ignored: kept so that the configurations
	// that set it still load.
	Inline     *int   `json:"inline,omitempty"`
	Goroutines int    `json:"goroutines"`
	Timeout    string `json:"timeout"`
	// PackageTimeout is kiss.Config.PackageTimeout ("0s": no bound).
	PackageTimeout string   `json:"package-timeout"`
	Memory         int      `json:"memory"`
	Checks         []string `json:"checks"`
	Timing         bool     `json:"timing"`
	// Verify replays each finding before it is reported (kiss.Config.Verify).
	Verify        bool   `json:"verify"`
	ReplayTimeout string `json:"replay-timeout"`
}

// DefaultSettings are kiss's defaults, kiss.DefaultConfig.
func DefaultSettings() Settings {
	d := kiss.DefaultConfig
	return Settings{
		Contexts:       d.Contexts,
		Unroll:         d.Unroll,
		Recursion:      d.Recursion,
		Goroutines:     d.Goroutines,
		Timeout:        d.Timeout.String(),
		PackageTimeout: d.PackageTimeout.String(),
		Memory:         0, // golangci-lint checks many packages in one process (kiss.SetManyPackages)
		Verify:         d.Verify,

		ReplayTimeout: d.ReplayTimeout.String(),
	}
}

// UnmarshalJSON starts from DefaultSettings, so a setting that is left out
// keeps its default while an explicit 0 (contexts: 0) stays 0. Unknown
// settings are an error, as register.DecodeSettings makes them.
func (s *Settings) UnmarshalJSON(data []byte) error {
	type plain Settings // without this method
	p := plain(DefaultSettings())
	if !bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return err
		}
	}
	*s = Settings(p)
	return nil
}

// Config validates the settings and turns them into kiss's configuration,
// with the set of checks to report (all of them when Checks is empty).
func (s Settings) Config() (*kiss.Config, map[string]bool, error) {
	var errs []string
	for _, f := range []struct {
		name string
		v    int
		min  int
	}{{"contexts", s.Contexts, 0}, {"unroll", s.Unroll, 0}, {"recursion", s.Recursion, 1}, {"goroutines", s.Goroutines, 1}, {"memory", s.Memory, 0}} {
		if f.v < f.min {
			errs = append(errs, fmt.Sprintf("%s is %d, must be at least %d", f.name, f.v, f.min))
		}
	}
	cfg := kiss.DefaultConfig
	cfg.Contexts, cfg.Unroll, cfg.Recursion, cfg.Goroutines, cfg.Timing = s.Contexts, s.Unroll, s.Recursion, s.Goroutines, s.Timing
	cfg.Verify, cfg.Memory = s.Verify, s.Memory
	for _, f := range []struct {
		name, v string
		to      *time.Duration
	}{{"timeout", s.Timeout, &cfg.Timeout}, {"replay-timeout", s.ReplayTimeout, &cfg.ReplayTimeout}} {
		if f.v == "" {
			continue
		}
		d, err := time.ParseDuration(f.v)
		switch {
		case err != nil:
			errs = append(errs, fmt.Sprintf("%s %q is not a duration such as 10s or 2m", f.name, f.v))
		case d <= 0:
			errs = append(errs, fmt.Sprintf("%s is %s, must be positive", f.name, f.v))
		default:
			*f.to = d
		}
	}
	if s.PackageTimeout != "" {
		d, err := time.ParseDuration(s.PackageTimeout)
		switch {
		case err != nil:
			errs = append(errs, fmt.Sprintf("package-timeout %q is not a duration such as 20s or 0s", s.PackageTimeout))
		case d < 0:
			errs = append(errs, fmt.Sprintf("package-timeout is %s, must be 0 (no bound) or positive", s.PackageTimeout))
		default:
			cfg.PackageTimeout = d
		}
	}
	checks := map[string]bool{}
	for _, c := range s.Checks {
		if _, ok := schedule.Lookup(c); !ok {
			errs = append(errs, fmt.Sprintf("unknown check %q (the checks are %s)", c, schedule.CheckNames()))
		}
		checks[c] = true
	}
	if len(s.Checks) == 0 {
		for _, c := range schedule.Checks {
			checks[c.Name] = true
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.New("kiss settings: " + strings.Join(errs, "; "))
	}
	return &cfg, checks, nil
}

// Plugin is the kiss linter for golangci-lint.
type Plugin struct {
	cfg    *kiss.Config
	checks map[string]bool
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes and validates the settings golangci-lint passes.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("kiss settings: %w", err)
	}
	cfg, checks, err := s.Config()
	if err != nil {
		return nil, err
	}
	if s.Inline != nil {
		fmt.Fprintln(os.Stderr, "kiss settings: inline is deprecated and ignored: call chains of any depth run; recursion bounds recursion")
	}
	return &Plugin{cfg: cfg, checks: checks}, nil
}

// BuildAnalyzers returns a copy of kiss.Analyzer that checks with the
// plugin's configuration and reports only the selected checks.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	a := *kiss.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) {
		res, err := kiss.Check(p.filter(pass), p.cfg)
		if res != nil {
			res.Findings = slices.DeleteFunc(res.Findings, func(f *report.Finding) bool { return !p.checks[f.Check] })
		}
		return res, err
	}
	return []*analysis.Analyzer{&a}, nil
}

// filter returns a copy of pass that reports only the selected checks; a
// kiss diagnostic's category is the name of its check.
func (p *Plugin) filter(pass *analysis.Pass) *analysis.Pass {
	filtered := *pass
	filtered.Report = func(d analysis.Diagnostic) {
		if p.checks[d.Category] {
			pass.Report(d)
		}
	}
	return &filtered
}

// GetLoadMode asks for type information: kiss builds SSA from it.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
