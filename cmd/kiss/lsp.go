package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gokiss/kiss/cmd/kiss/internal/findings"
	"github.com/gokiss/kiss/cmd/kiss/internal/lsp"
)

// runLSP is `kiss lsp [flags]`: the language server on stdin/stdout.
func runLSP(args []string) int {
	fs := flag.NewFlagSet("kiss lsp", flag.ExitOnError)
	findings.AddFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kiss lsp [flags]\n\nA language server on stdin/stdout: kiss checks the package of each Go file\nopened or saved and publishes its findings as diagnostics.\n\n")
		fs.PrintDefaults()
	}
	fs.Parse(args)
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	cfg, err := findings.ConfigFromFlags()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss lsp:", err)
		return 2
	}
	// stdout is the protocol stream: nothing else may write to it.
	stdout := os.Stdout
	os.Stdout = os.Stderr
	return lsp.Serve(context.Background(), stdio{os.Stdin, stdout}, lsp.Options{Config: cfg, Log: os.Stderr})
}

// stdio is the server's stream: requests on stdin, responses on stdout.
type stdio struct {
	io.Reader
	w io.WriteCloser
}

func (s stdio) Write(p []byte) (int, error) { return s.w.Write(p) }
func (s stdio) Close() error                { return s.w.Close() }
