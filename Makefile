# kiss: make demo runs kiss on the bundled examples; make test runs every test.
# Both install what they need (libz3-dev) when it is missing.

GO      ?= go
BIN     := bin/kiss
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build demo test bench fuzz clean

all: build

# libz3-dev provides z3.h and libz3.so for smt/z3, the module's only cgo;
# neovim is the real editor client the language server is tested with.
deps:
	@missing=""; \
	[ -f /usr/include/z3.h ] || missing="$$missing libz3-dev"; \
	command -v nvim >/dev/null || missing="$$missing neovim"; \
	command -v git >/dev/null || missing="$$missing git"; \
	if [ -n "$$missing" ]; then \
		echo "kiss: installing$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@$(GO) mod download

build: deps
	$(GO) build -o $(BIN) ./cmd/kiss

demo: build
	@./scripts/demo.sh $(BIN)

# A first run builds golangci-lint with the kiss plugin (minutes, cached after).
test: deps
	$(GO) test -timeout 30m -count=1 ./...

bench: deps
	$(GO) test -run='^$$' -bench=. -benchmem ./...

fuzz: deps
	$(GO) test -run='^$$' -fuzz=FuzzParsePrint -fuzztime=60s ./ir/
	$(GO) test -run='^$$' -fuzz=FuzzDecode -fuzztime=60s ./analyzer/schedule/
	$(GO) test -run='^$$' -fuzz=FuzzPrepare -fuzztime=60s ./analyzer/replay/

clean:
	rm -rf bin
