package summaries

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed models/*.ir
var sources embed.FS

// File is one model source: a file of models/*.ir.
type File struct {
	Name string
	Src  []byte
}

// Files returns the model sources in a fixed order.
func Files() []File {
	names, _ := fs.Glob(sources, "models/*.ir")
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		src, _ := sources.ReadFile(n)
		out = append(out, File{Name: n, Src: src})
	}
	return out
}
