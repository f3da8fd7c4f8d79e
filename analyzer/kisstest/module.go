package kisstest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Module makes dst a module whose path is path, holding the package tree
// src: a directory of testdata/src (analysistest's GOPATH), named there by
// path too, so that its import paths, and so the messages kiss reports
// about it, are the same in both. Commands run on the module (go vet
// -vettool, kiss ./..., golangci-lint, the language server) meet the wants
// of the testdata the analyzer's tests meet.
func Module(src, dst, path string) error {
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+path+"\n\ngo 1.24\n"), 0o644)
}

// Dir adds the want comments of every .go file under dir, each named by
// its slash-separated path relative to dir.
func (s *Set) Dir(dir string) error {
	fset := token.NewFileSet()
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f, err := parser.ParseFile(fset, filepath.ToSlash(rel), src, parser.ParseComments)
		if err != nil {
			return err
		}
		return s.Go(fset, f)
	})
}

// findingLine is a diagnostic line of a command's text output:
// "dir/file.go:line:col: message".
var findingLine = regexp.MustCompile(`^(?:\./)?(\S+\.go):(\d+):\d+: (.*)$`)

// Output checks the diagnostic lines of a command's text output, run in
// the module dir whose files Dir read, against the findings wanted (the
// unnamed expectations: named ones, facts say, are left alone). A line is
// "file.go:line:col: message", the file relative to dir or under it; suffix
// is cut from each message first (golangci-lint's " (kiss)", say); lines
// whose message starts with a tab (a schedule's step, go vet's related
// information) or with one of skip are not findings. It returns an error
// for each finding that meets no want and for each want no finding met.
func (s *Set) Output(out, dir, suffix string, skip ...string) []error {
	w := s.Select("")
	var errs []error
lines:
	for _, line := range strings.Split(out, "\n") {
		m := findingLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		msg, ok := strings.CutSuffix(m[3], suffix)
		if !ok {
			continue
		}
		if strings.HasPrefix(msg, "\t") {
			continue
		}
		for _, p := range skip {
			if strings.HasPrefix(msg, p) {
				continue lines
			}
		}
		file := strings.TrimPrefix(filepath.ToSlash(m[1]), filepath.ToSlash(dir)+"/")
		n, _ := strconv.Atoi(m[2])
		if err := w.Check(file, n, "", msg); err != nil {
			errs = append(errs, err)
		}
	}
	return append(errs, w.Unmet()...)
}
