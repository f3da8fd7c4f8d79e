// Package lsp is `kiss lsp`: a language server that runs kiss on the package
// of each Go file the editor opens or saves and publishes the findings as
// diagnostics, with the schedule as related information.
//
// It speaks LSP 3.17 over a stream (stdio in the binary) with
// go.lsp.dev/jsonrpc2 and the types of go.lsp.dev/protocol. It handles
// initialize, initialized, shutdown and exit, and textDocument/didOpen,
// didSave and didClose; kiss checks saved files, so didChange is ignored.
//
// A check runs in its own goroutine: the server keeps answering while kiss
// explores. Saving a package again cancels its stale check (its load and the
// packages it has not started; a root already being explored runs to the end
// of its time budget) and its results are dropped. Results are cached per
// package directory, keyed by a hash of the names and contents of the
// directory's .go files, so reopening an unchanged file republishes without
// running kiss again.
package lsp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	kiss "github.com/gokiss/kiss/analyzer"
	"github.com/gokiss/kiss/cmd/kiss/internal/findings"
)

// Options configure a server.
type Options struct {
	// Config holds kiss's bounds. Its Out is replaced (stdout may be the
	// protocol stream) and its Err lines go to the client as
	// window/logMessage.
	Config kiss.Config
	// OnRun, when set, is called as a check of the package in dir starts:
	// tests count the runs that the cache saves.
	OnRun func(dir string)
	// Log receives the server's own log (protocol errors); nil discards it.
	Log io.Writer
}

// HelpURI is where a diagnostic's code links to.
const HelpURI = "https://github.com/gokiss/kiss#what-kiss-finds"

// Serve runs a server on rwc until the client sends exit or the stream
// ends. It returns the exit code LSP asks for: 0 after shutdown and exit,
// 1 otherwise.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{
		opts: opts,
		ctx:  ctx,
		pkgs: map[string]*pkgState{},
		exit: make(chan int, 1),
	}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s.client = protocol.ClientDispatcher(s.conn, zap.NewNop())
	s.cfg = opts.Config
	s.cfg.Out = io.Discard
	s.cfg.Err = &logWriter{s: s}
	s.conn.Go(ctx, s.handle)
	code := 1
	select {
	case code = <-s.exit:
		s.conn.Close()
	case <-s.conn.Done():
		if err := s.conn.Err(); err != nil && s.opts.Log != nil {
			fmt.Fprintf(s.opts.Log, "kiss lsp: %v\n", err)
		}
	case <-ctx.Done():
		s.conn.Close()
	}
	cancel() // stop the checks still running
	return code
}

type server struct {
	opts   Options
	cfg    kiss.Config
	ctx    context.Context // canceled when the server stops
	conn   jsonrpc2.Conn
	client protocol.Client
	exit   chan int

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	progress    bool // the client takes window/workDoneProgress/create
	related     bool // the client shows relatedInformation
	root        string
	tokens      int
	pkgs        map[string]*pkgState // by directory
}

// pkgState is what the server knows of one package directory.
type pkgState struct {
	open      map[protocol.DocumentURI]bool // files open in the editor
	gen       int                           // the current check; older ones are stale
	cancel    context.CancelFunc            // cancels the current check
	running   string                        // key of the check under way, "" when none
	cache     *result                       // the last completed check
	published map[protocol.DocumentURI]bool // files that have diagnostics in the editor
}

// result is a completed check: the key of the sources it saw and the
// diagnostics of every file of the package (empty for clean files).
type result struct {
	key   string
	diags map[protocol.DocumentURI][]protocol.Diagnostic
}

func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.logf(protocol.MessageTypeError, "kiss: internal error handling %s: %v\n%s", req.Method(), r, debug.Stack())
			err = reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "kiss: internal error: %v", r))
		}
	}()
	_, isCall := req.(*jsonrpc2.Call)
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch m := req.Method(); {
	case m == protocol.MethodExit:
		code := 1
		if shutdown {
			code = 0
		}
		select {
		case s.exit <- code:
		default:
		}
		return nil
	case m == protocol.MethodInitialize:
		if initialized {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "initialize sent twice"))
		}
		var p protocol.InitializeParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err))
		}
		return reply(ctx, s.initialize(&p), nil)
	case !initialized:
		if isCall {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "kiss lsp: not initialized"))
		}
		return nil
	case shutdown:
		if isCall {
			return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "kiss lsp: shut down"))
		}
		return nil
	case m == protocol.MethodInitialized:
		return nil
	case m == protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		for _, st := range s.pkgs {
			if st.cancel != nil {
				st.cancel()
			}
		}
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case m == protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			s.logf(protocol.MessageTypeError, "kiss: %s: %v", m, err)
			return nil
		}
		s.opened(p.TextDocument.URI, true)
		s.check(p.TextDocument.URI)
		return nil
	case m == protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			s.logf(protocol.MessageTypeError, "kiss: %s: %v", m, err)
			return nil
		}
		s.check(p.TextDocument.URI)
		return nil
	case m == protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			s.logf(protocol.MessageTypeError, "kiss: %s: %v", m, err)
			return nil
		}
		s.opened(p.TextDocument.URI, false)
		return nil
	case isCall:
		return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "kiss lsp: method not supported: %s", m))
	default:
		return nil // notifications kiss does not need: didChange, $/cancelRequest, ...
	}
}

func (s *server) initialize(p *protocol.InitializeParams) *protocol.InitializeResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initialized = true
	if w := p.Capabilities.Window; w != nil {
		s.progress = w.WorkDoneProgress
	}
	if td := p.Capabilities.TextDocument; td != nil && td.PublishDiagnostics != nil {
		s.related = td.PublishDiagnostics.RelatedInformation
	}
	for _, f := range p.WorkspaceFolders {
		if dir, ok := filename(protocol.DocumentURI(f.URI)); ok {
			s.root = dir
			break
		}
	}
	if s.root == "" && p.RootURI != "" {
		s.root, _ = filename(p.RootURI)
	}
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindNone,
				Save:      &protocol.SaveOptions{},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "kiss"},
	}
}

// opened records that a file was opened or closed. When the last open file
// of a package closes, its running check is canceled: nobody waits for it.
func (s *server) opened(u protocol.DocumentURI, open bool) {
	file, ok := filename(u)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state(filepath.Dir(file))
	if open {
		st.open[u] = true
		return
	}
	delete(st.open, u)
	if len(st.open) == 0 && st.cancel != nil {
		st.cancel()
		st.cancel, st.running = nil, ""
		st.gen++
	}
}

func (s *server) state(dir string) *pkgState {
	st := s.pkgs[dir]
	if st == nil {
		st = &pkgState{open: map[protocol.DocumentURI]bool{}, published: map[protocol.DocumentURI]bool{}}
		s.pkgs[dir] = st
	}
	return st
}

// check starts kiss on the package of the file u, or republishes the cached
// result when the package's sources have not changed since.
func (s *server) check(u protocol.DocumentURI) {
	file, ok := filename(u)
	if !ok || !strings.HasSuffix(file, ".go") {
		return
	}
	dir := filepath.Dir(file)
	key, err := sourcesKey(dir)
	if err != nil {
		s.logf(protocol.MessageTypeError, "kiss: %v", err)
		return
	}
	s.mu.Lock()
	st := s.state(dir)
	switch {
	case st.cache != nil && st.cache.key == key:
		res := st.cache
		if st.cancel != nil { // a check of other sources is stale now
			st.cancel()
			st.cancel, st.running = nil, ""
			st.gen++
		}
		s.mu.Unlock()
		s.publish(dir, res)
		return
	case st.running == key:
		s.mu.Unlock()
		return // this very content is being checked
	}
	if st.cancel != nil {
		st.cancel() // a stale check of older sources
	}
	ctx, cancel := context.WithCancel(s.ctx)
	st.gen++
	st.cancel, st.running = cancel, key
	gen := st.gen
	s.mu.Unlock()
	go s.run(ctx, dir, key, gen)
}

// run checks the package in dir and publishes its diagnostics unless a
// newer check replaced it meanwhile.
func (s *server) run(ctx context.Context, dir, key string, gen int) {
	defer func() {
		if r := recover(); r != nil {
			s.logf(protocol.MessageTypeError, "kiss: internal error checking %s: %v\n%s", dir, r, debug.Stack())
		}
	}()
	if s.opts.OnRun != nil {
		s.opts.OnRun(dir)
	}
	end := s.beginProgress("checking " + s.name(dir))
	res, err := findings.Run(ctx, findings.Options{Dir: dir, Tests: true, Config: s.cfg}, ".")
	s.mu.Lock()
	st := s.pkgs[dir]
	current := st.gen == gen && ctx.Err() == nil
	if current {
		st.cancel, st.running = nil, ""
	}
	s.mu.Unlock()
	if !current {
		end("canceled")
		return
	}
	var r *result
	if err != nil {
		s.logf(protocol.MessageTypeError, "kiss: %s: %v", dir, err)
		r = &result{key: key, diags: map[protocol.DocumentURI][]protocol.Diagnostic{}}
		s.addFiles(r, dir)
	} else {
		r = s.convert(key, dir, res)
	}
	s.mu.Lock()
	if st.gen == gen {
		st.cache = r
	}
	s.mu.Unlock()
	s.publish(dir, r)
	n := 0
	if res != nil {
		n = len(res.Findings)
	}
	end(fmt.Sprintf("%d finding(s)", n))
}

// convert turns a result into diagnostics for every file of the package.
func (s *server) convert(key, dir string, res *findings.Result) *result {
	r := &result{key: key, diags: map[protocol.DocumentURI][]protocol.Diagnostic{}}
	for _, f := range res.Files {
		if filepath.Dir(f) == dir {
			r.diags[uri.File(f)] = []protocol.Diagnostic{}
		}
	}
	s.addFiles(r, dir)
	src := &findings.Sources{}
	s.mu.Lock()
	related := s.related
	s.mu.Unlock()
	for _, f := range res.Findings {
		d := protocol.Diagnostic{
			Range:           lspRange(src.Span(f.Pos)),
			Severity:        protocol.DiagnosticSeverityError,
			Code:            f.Check,
			CodeDescription: &protocol.CodeDescription{Href: HelpURI},
			Source:          "kiss",
			Message:         f.Message,
		}
		for _, st := range f.Steps {
			if related {
				d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
					Location: protocol.Location{URI: uri.File(st.Pos.Filename), Range: lspRange(src.Span(st.Pos))},
					Message:  st.Text,
				})
			} else {
				d.Message += fmt.Sprintf("\n%s:%d:%d: %s", filepath.Base(st.Pos.Filename), st.Pos.Line, st.Pos.Column, st.Text)
			}
		}
		u := uri.File(f.Pos.Filename)
		r.diags[u] = append(r.diags[u], d)
	}
	if len(res.Errors) > 0 {
		// kiss did not check (part of) the package: say so once, where the
		// first error is; the compiler's messages are the editor's job.
		var lines []string
		for _, e := range res.Errors {
			lines = append(lines, e.String())
		}
		s.logf(protocol.MessageTypeError, "kiss: %s not checked:\n%s", dir, strings.Join(lines, "\n"))
		for _, e := range res.Errors {
			if !e.Pos.IsValid() {
				continue
			}
			u := uri.File(e.Pos.Filename)
			r.diags[u] = append(r.diags[u], protocol.Diagnostic{
				Range:    lspRange(src.Span(e.Pos)),
				Severity: protocol.DiagnosticSeverityInformation,
				Source:   "kiss",
				Message:  "kiss did not check this package: " + e.Message,
			})
			break
		}
	}
	return r
}

// addFiles gives every .go file of dir an entry, so a file whose findings
// went away is cleared.
func (s *server) addFiles(r *result, dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range names {
		if _, ok := r.diags[uri.File(f)]; !ok {
			r.diags[uri.File(f)] = []protocol.Diagnostic{}
		}
	}
}

// publish sends the diagnostics of every file of the package, and clears
// files published before that the result no longer names.
func (s *server) publish(dir string, r *result) {
	s.mu.Lock()
	st := s.pkgs[dir]
	uris := map[protocol.DocumentURI]bool{}
	for u := range st.published {
		uris[u] = true
	}
	st.published = map[protocol.DocumentURI]bool{}
	for u, ds := range r.diags {
		uris[u] = true
		if len(ds) > 0 {
			st.published[u] = true
		}
	}
	s.mu.Unlock()
	sorted := make([]string, 0, len(uris))
	for u := range uris {
		sorted = append(sorted, string(u))
	}
	sort.Strings(sorted)
	for _, u := range sorted {
		ds := r.diags[protocol.DocumentURI(u)]
		if ds == nil {
			ds = []protocol.Diagnostic{}
		}
		if err := s.client.PublishDiagnostics(s.ctx, &protocol.PublishDiagnosticsParams{URI: protocol.DocumentURI(u), Diagnostics: ds}); err != nil {
			s.debugf("publishDiagnostics: %v", err)
			return
		}
	}
}

// beginProgress reports work-done progress when the client supports it and
// returns the function that ends it.
func (s *server) beginProgress(title string) func(msg string) {
	s.mu.Lock()
	ok := s.progress
	s.tokens++
	n := s.tokens
	s.mu.Unlock()
	if !ok {
		return func(string) {}
	}
	token := protocol.NewProgressToken(fmt.Sprintf("kiss-%d", n))
	if err := s.client.WorkDoneProgressCreate(s.ctx, &protocol.WorkDoneProgressCreateParams{Token: *token}); err != nil {
		s.debugf("workDoneProgress/create: %v", err)
		return func(string) {}
	}
	s.client.Progress(s.ctx, &protocol.ProgressParams{Token: *token, Value: &protocol.WorkDoneProgressBegin{
		Kind:  protocol.WorkDoneProgressKindBegin,
		Title: title,
	}})
	return func(msg string) {
		s.client.Progress(s.ctx, &protocol.ProgressParams{Token: *token, Value: &protocol.WorkDoneProgressEnd{
			Kind:    protocol.WorkDoneProgressKindEnd,
			Message: msg,
		}})
	}
}

// name is how progress names the package in dir: relative to the
// workspace when it is inside it.
func (s *server) name(dir string) string {
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	if root != "" {
		if rel, err := filepath.Rel(root, dir); err == nil && !strings.HasPrefix(rel, "..") {
			return "./" + filepath.ToSlash(rel)
		}
	}
	return dir
}

func (s *server) logf(t protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if err := s.client.LogMessage(s.ctx, &protocol.LogMessageParams{Type: t, Message: msg}); err != nil {
		s.debugf("%s", msg)
	}
}

func (s *server) debugf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "kiss lsp: "+format+"\n", args...)
	}
}

// logWriter sends kiss's notes (Config.Err) to the client line by line.
type logWriter struct {
	s   *server
	mu  sync.Mutex
	buf []byte
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf = append(w.buf, p...)
	var lines []string
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		lines = append(lines, string(w.buf[:i]))
		w.buf = w.buf[i+1:]
	}
	w.mu.Unlock()
	for _, l := range lines {
		w.s.logf(protocol.MessageTypeLog, "%s", l)
	}
	return len(p), nil
}

// sourcesKey hashes the names and contents of the .go files in dir: the
// sources a check of the package there sees.
func sourcesKey(dir string) (string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(n), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func lspRange(sp findings.Span) protocol.Range {
	line := uint32(max(sp.Line-1, 0))
	return protocol.Range{
		Start: protocol.Position{Line: line, Character: uint32(max(sp.Col-1, 0))},
		End:   protocol.Position{Line: line, Character: uint32(max(sp.EndCol-1, 0))},
	}
}

// filename is the path of a file URI.
func filename(u protocol.DocumentURI) (string, bool) {
	pu, err := url.Parse(string(u))
	if err != nil || pu.Scheme != "file" || pu.Path == "" {
		return "", false
	}
	return filepath.Clean(filepath.FromSlash(pu.Path)), true
}
