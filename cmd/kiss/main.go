package main

import (
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	kiss "github.com/gokiss/kiss/analyzer"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "ir":
			os.Exit(runIR(os.Args[2:]))
		case "lsp":
			os.Exit(runLSP(os.Args[2:]))
		case "replay":
			os.Exit(runReplay(os.Args[2:]))
		}
		if wantsSARIF(os.Args[1:]) {
			os.Exit(runSARIF(os.Args[1:]))
		}
	}
	// singlechecker also speaks go vet's unit-checker protocol when go vet
	// runs kiss as its -vettool.
	singlechecker.Main(kiss.Analyzer)
}
