package ir

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParsePrint checks that Parse never panics and that printing is a
// fixed point: for any input that parses, its printed form parses and prints
// identically. Verify must not panic on a parsed program either.
func FuzzParsePrint(f *testing.F) {
	for _, src := range canonical {
		f.Add([]byte(src))
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "ir", "*.ir"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	for _, body := range []string{
		"  %a = add %a, %i32",
		"  %pr = make %a, %p\n  %mg = mapget %p, %a",
		"  store %p, 0x7f:i8\n  store %p, -inf:f32\n  store %p, zero:[2]$pair",
	} {
		f.Add([]byte(inMain(body)))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("fuzz.ir", src)
		if err != nil {
			if p != nil {
				t.Fatalf("Parse returned a program and an error %v", err)
			}
			return
		}
		_ = Verify(p)
		out1 := p.String()
		p2, err := Parse("printed.ir", []byte(out1))
		if err != nil {
			t.Fatalf("printed form does not parse: %v\ninput:\n%s\nprinted:\n%s", err, src, out1)
		}
		if out2 := p2.String(); out2 != out1 {
			t.Fatalf("printing is not stable:\n%s", diff(out1, out2))
		}
	})
}

// BenchmarkParse parses the IR of testdata/ir as linking parses a
// package's chunks: text held as a string, one program per parse.
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "ir", "*.ir"))
	var srcs []string
	size := 0
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			srcs = append(srcs, string(src))
			size += len(src)
		}
	}
	if len(srcs) == 0 {
		b.Fatal("no IR in testdata/ir")
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i, src := range srcs {
			if _, err := ParseText(files[i], src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
