package main

import (
	"encoding/json"
	"os"
	"strings"

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
		case "stress":
			os.Exit(runStress(os.Args[2:]))
		}
		if wantsSARIF(os.Args[1:]) {
			os.Exit(runSARIF(os.Args[1:]))
		}
		if wantsVerify(os.Args[1:]) {
			os.Exit(runVerify(os.Args[1:]))
		}
	}
	// singlechecker also speaks go vet's unit-checker protocol when go vet
	// runs kiss as its -vettool; a dependency is analysed for its facts only.
	if vetxOnly(os.Args[1:]) {
		kiss.SetFactsOnly(true)
	}
	singlechecker.Main(kiss.Analyzer)
}

// vetxOnly reports whether go vet runs kiss on a unit only for its facts
// (a dependency of the packages being vetted): the unit-checker protocol's
// one argument is the unit's JSON configuration file.
func vetxOnly(args []string) bool {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return false // unitchecker reports it
	}
	var cfg struct{ VetxOnly bool }
	return json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly
}
