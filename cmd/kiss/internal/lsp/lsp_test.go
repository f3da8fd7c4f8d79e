package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/analyzer/kisstest"
)

// client is the editor side of an in-process server: it records what the
// server sends.
type client struct {
	t    *testing.T
	conn jsonrpc2.Conn
	code chan int // Serve's result

	mu       sync.Mutex
	diags    chan protocol.PublishDiagnosticsParams
	progress []string // "create TOKEN", "begin TITLE", "end MESSAGE"
	logs     []string
}

// start runs a server in-process over a pipe and connects a client to it.
func start(t *testing.T, root string, opts Options) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, cli := net.Pipe()
	c := &client{t: t, code: make(chan int, 1), diags: make(chan protocol.PublishDiagnosticsParams, 1000)}
	go func() { c.code <- Serve(ctx, srv, opts) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(cli))
	c.conn.Go(ctx, c.handle)
	t.Cleanup(func() { c.conn.Close() })
	return c
}

func (c *client) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch req.Method() {
	case protocol.MethodTextDocumentPublishDiagnostics:
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			c.t.Errorf("publishDiagnostics: %v", err)
		}
		c.diags <- p
	case protocol.MethodWorkDoneProgressCreate:
		var p protocol.WorkDoneProgressCreateParams
		json.Unmarshal(req.Params(), &p)
		c.progress = append(c.progress, "create "+p.Token.String())
	case protocol.MethodProgress:
		var p struct {
			Token protocol.ProgressToken
			Value struct{ Kind, Title, Message string }
		}
		json.Unmarshal(req.Params(), &p)
		c.progress = append(c.progress, p.Value.Kind+" "+p.Value.Title+p.Value.Message)
	case protocol.MethodWindowLogMessage:
		var p protocol.LogMessageParams
		json.Unmarshal(req.Params(), &p)
		c.logs = append(c.logs, p.Message)
	}
	return reply(ctx, nil, nil)
}

func (c *client) initialize(root string) {
	c.t.Helper()
	var res protocol.InitializeResult
	_, err := c.conn.Call(context.Background(), protocol.MethodInitialize, &protocol.InitializeParams{
		RootURI: uri.File(root),
		Capabilities: protocol.ClientCapabilities{
			Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true},
			TextDocument: &protocol.TextDocumentClientCapabilities{
				PublishDiagnostics: &protocol.PublishDiagnosticsClientCapabilities{RelatedInformation: true},
			},
		},
	}, &res)
	if err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "kiss" {
		c.t.Errorf("serverInfo %+v", res.ServerInfo)
	}
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) open(file string) {
	c.t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		c.t.Fatal(err)
	}
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri.File(file), LanguageID: "go", Version: 1, Text: string(data),
	}})
}

func (c *client) save(file string) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(file)}})
}

// waitFor returns the next diagnostics published for file.
func (c *client) waitFor(file string) []protocol.Diagnostic {
	c.t.Helper()
	want := uri.File(file)
	timeout := time.After(3 * time.Minute)
	for {
		select {
		case p := <-c.diags:
			if p.URI == want {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s", file)
		}
	}
}

func (c *client) shutdown() {
	c.t.Helper()
	if _, err := c.conn.Call(context.Background(), protocol.MethodShutdown, nil, nil); err != nil {
		c.t.Fatalf("shutdown: %v", err)
	}
	c.notify(protocol.MethodExit, nil)
	select {
	case code := <-c.code:
		if code != 0 {
			c.t.Errorf("exit code %d after shutdown, want 0", code)
		}
	case <-time.After(time.Minute):
		c.t.Fatal("server did not exit")
	}
}

// copyDir copies the example module so a test can edit it.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	err := filepath.Walk(from, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

var testdata = filepath.Join("..", "..", "..", "..", "testdata")

// findDiag returns the diagnostic with the given code.
func findDiag(ds []protocol.Diagnostic, code string) *protocol.Diagnostic {
	for i, d := range ds {
		if d.Code == code {
			return &ds[i]
		}
	}
	return nil
}

func TestDiagnostics(t *testing.T) {
	root := copyDir(t, filepath.Join(testdata, "examples"))
	shop := filepath.Join(root, "shop", "shop.go")
	shopTest := filepath.Join(root, "shop", "shop_test.go")
	var runs atomic.Int32
	c := start(t, root, Options{Config: kiss.DefaultConfig, OnRun: func(string) { runs.Add(1) }})
	c.initialize(root)
	c.open(shop)

	ds := c.waitFor(shop)
	if len(ds) != 4 {
		t.Fatalf("%d diagnostics for shop.go, want 4: %+v", len(ds), ds)
	}
	d := findDiag(ds, "deadlock")
	if d == nil {
		t.Fatalf("no deadlock in %+v", ds)
	}
	if d.Source != "kiss" || d.Severity != protocol.DiagnosticSeverityError ||
		!strings.HasPrefix(d.Message, "deadlock: the test goroutine blocks forever locking a mutex") ||
		d.CodeDescription == nil || d.CodeDescription.Href != HelpURI {
		t.Errorf("deadlock diagnostic: %+v", d)
	}
	// shop.go:21:12 is the call's '(' (0-based line 20, character 11).
	if r := d.Range; r.Start.Line != 20 || r.Start.Character != 11 || r.End.Line != 20 || r.End.Character != 12 {
		t.Errorf("deadlock range %+v, want 20:11-20:12", r)
	}
	want := []struct {
		file      string
		line, col uint32
		msg       string
	}{
		{shopTest, 10, 7, "step 1: goroutine 0 wg.add"},
		{shopTest, 11, 1, "step 2: goroutine 0 go"},
		{shop, 18, 13, "step 3: goroutine 0 lock"},
		{shop, 18, 13, "step 4: goroutine 1 lock (preemption)"},
		{shop, 20, 11, "step 5: goroutine 1 lock (blocks)"},
		{shop, 20, 11, "step 6: goroutine 0 lock (blocks)"},
	}
	if len(d.RelatedInformation) != len(want) {
		t.Fatalf("deadlock related information: %+v", d.RelatedInformation)
	}
	for i, w := range want {
		ri := d.RelatedInformation[i]
		if ri.Location.URI != uri.File(w.file) || ri.Location.Range.Start.Line != w.line || ri.Location.Range.Start.Character != w.col || ri.Message != w.msg {
			t.Errorf("related %d: %+v, want %s:%d:%d %q", i, ri, filepath.Base(w.file), w.line, w.col, w.msg)
		}
	}
	for _, code := range []string{"race", "leak", "panic"} {
		if d := findDiag(ds, code); d == nil || len(d.RelatedInformation) < 2 {
			t.Errorf("no %s with its schedule in %+v", code, ds)
		}
	}
	// The test file of the package is published too, clean.
	if ds := c.waitFor(shopTest); len(ds) != 0 {
		t.Errorf("shop_test.go: %+v", ds)
	}
	waitProgress(t, c, "end 4 finding(s)")
	c.mu.Lock()
	if p := strings.Join(c.progress, "; "); !strings.HasPrefix(p, "create kiss-1; begin checking ./shop; end 4 finding(s)") {
		t.Errorf("progress: %s", p)
	}
	c.mu.Unlock()

	// Opening another file of the unchanged package answers from the cache.
	c.open(shopTest)
	if ds := c.waitFor(shop); len(ds) != 4 {
		t.Errorf("from the cache: %d diagnostics for shop.go, want 4", len(ds))
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("kiss ran %d times, want 1 (the second open hits the cache)", n)
	}

	// Saving changed sources runs kiss again. A save that a newer save
	// overtakes is canceled and never published: hold the first run until
	// the second save arrives.
	release, entered := make(chan struct{}), make(chan struct{})
	var held atomic.Bool
	c2opts := func(string) {
		runs.Add(1)
		if held.CompareAndSwap(false, true) {
			close(entered)
			<-release
		}
	}
	c.shutdown()

	c = start(t, root, Options{Config: kiss.DefaultConfig, OnRun: c2opts})
	c.initialize(root)
	c.open(shop) // run 2, held
	<-entered
	src, _ := os.ReadFile(shop)
	if err := os.WriteFile(shop, append([]byte("// moved down a line\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	c.save(shop) // run 3
	close(release)
	ds = c.waitFor(shop)
	if d := findDiag(ds, "deadlock"); d == nil || d.Range.Start.Line != 21 {
		t.Errorf("after the save: deadlock %+v, want it on 0-based line 21 (the stale run's line 20 must not be published)", d)
	}
	waitProgress(t, c, "end canceled")
	if n := runs.Load(); n != 3 {
		t.Errorf("%d runs, want 3", n)
	}
	c.shutdown()
}

func waitProgress(t *testing.T, c *client, want string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		p := strings.Join(c.progress, "; ")
		c.mu.Unlock()
		if strings.Contains(p, want) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t.Errorf("no progress %q in %v", want, c.progress)
}

func TestBrokenPackage(t *testing.T) {
	root := copyDir(t, filepath.Join(testdata, "broken"))
	file := filepath.Join(root, "broken.go")
	c := start(t, root, Options{Config: kiss.DefaultConfig})
	c.initialize(root)
	c.open(file)
	ds := c.waitFor(file)
	if len(ds) != 1 || ds[0].Severity != protocol.DiagnosticSeverityInformation ||
		!strings.Contains(ds[0].Message, "kiss did not check this package") || !strings.Contains(ds[0].Message, `cannot use "not an int"`) {
		t.Errorf("diagnostics for a package that does not type-check: %+v", ds)
	}
	c.mu.Lock()
	logs := strings.Join(c.logs, "\n")
	c.mu.Unlock()
	if !strings.Contains(logs, "not checked") {
		t.Errorf("window/logMessage: %q", logs)
	}
	c.shutdown()
}

func TestProtocolErrors(t *testing.T) {
	c := start(t, ".", Options{Config: kiss.DefaultConfig})
	var werr *jsonrpc2.Error
	_, err := c.conn.Call(context.Background(), protocol.MethodShutdown, nil, nil)
	if !errors.As(err, &werr) || werr.Code != jsonrpc2.ServerNotInitialized {
		t.Errorf("shutdown before initialize: %v, want ServerNotInitialized", err)
	}
	c.initialize(".")
	_, err = c.conn.Call(context.Background(), protocol.MethodTextDocumentHover, &protocol.HoverParams{}, nil)
	if !errors.As(err, &werr) || werr.Code != jsonrpc2.MethodNotFound {
		t.Errorf("hover: %v, want MethodNotFound", err)
	}
	// A file URI that is not Go, and a URI that is not a file, are ignored.
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: "untitled:Untitled-1"}})
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri.File("README.md")}})
	// exit without shutdown is exit code 1.
	c.notify(protocol.MethodExit, nil)
	select {
	case code := <-c.code:
		if code != 1 {
			t.Errorf("exit without shutdown: code %d, want 1", code)
		}
	case <-time.After(time.Minute):
		t.Fatal("server did not exit")
	}
}

// A bug in another package's code, shown by this package's test, is
// published at the call in the opened package: in a module made of
// testdata/src/crosspkg, ledger.go's diagnostics are the findings its want
// comments expect (the deadlock in guard.go).
func TestDiagnosticsAcrossPackages(t *testing.T) {
	root := t.TempDir()
	if err := kisstest.Module(filepath.Join(testdata, "src", "crosspkg"), root, "crosspkg"); err != nil {
		t.Fatal(err)
	}
	ledger := filepath.Join(root, "ledger", "ledger.go")
	c := start(t, root, Options{Config: kiss.DefaultConfig})
	c.initialize(root)
	c.open(ledger)
	ds := c.waitFor(ledger)
	all := kisstest.New()
	if err := all.Dir(filepath.Join(root, "ledger")); err != nil {
		t.Fatal(err)
	}
	wants := all.Select("")
	for _, d := range ds {
		if err := wants.Check("ledger.go", int(d.Range.Start.Line)+1, "", d.Message); err != nil {
			t.Error(err)
		}
	}
	for _, err := range wants.Unmet() {
		if strings.HasPrefix(err.Error(), "ledger.go:") {
			t.Error(err)
		}
	}
	if len(ds) == 0 {
		t.Errorf("no diagnostics for ledger.go")
	}
	c.shutdown()
}
