# Ferz build, test and measurement targets. "make help" lists them.

GO       ?= go
FUZZTIME ?= 5m
# Per-package time limit of the ordinary test run.
TEST_TIMEOUT ?= 5m

PERFT_FILES := ../shared/data/perft/standard.epd ../shared/data/perft/random_sf.epd

# The race detector runs on every package but chess: chess is
# single-threaded, and its tests take about 70 s under -race on a 2-core
# machine against 8 s without.
RACE_PKGS = $(shell $(GO) list ./... | grep -v -x 'github.com/ferzchess/ferz/chess')

COMMIT   := $(shell git rev-parse HEAD 2>/dev/null)
MODIFIED := $(shell test -n "$$(git status --porcelain --untracked-files=no 2>/dev/null)" && echo true)
LDFLAGS  := -X main.commit=$(COMMIT) -X main.modified=$(MODIFIED)

# Root needs no sudo; anyone else does.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install-deps install-tmux help test fmt-check vet lint unit race build perft-full perft-compare fuzz bench pgo install-stockfish

help:
	@echo "make test           gofmt check, go vet, go test, go test -race, web-check, web-test (what CI runs)"
	@echo "make lint           staticcheck (honnef.co/go/tools) over every package, beyond go vet"
	@echo "make build          build bin/ferz (static) with the commit stamped"
	@echo "make perft-full     every perft suite count, no node limit (long)"
	@echo "make perft-compare  perft speed against Debian's stockfish"
	@echo "make fuzz           each Fuzz test of $(FUZZ_PKGS) for FUZZTIME (default 5m)"
	@echo "make bench          the benchmarks of ./chess and ./engine"
	@echo "make pgo            regenerate cmd/ferz/default.pgo, the profile Go optimizes ferz with (keep it only if go test ./engine -run Frames passes)"
	@echo "make book           rebuild the embedded opening book book/default.bin"
	@echo "make web-build      rebuild the embedded browser page web/static from web/frontend"
	@echo "make web-check      check that web/static matches its sources (part of make test)"
	@echo "make web-test       the browser test with Playwright and Chromium (part of make test)"
	@echo "make elo            a gauntlet against Debian's reference engines (long)"
	@echo "make calibrate      the playing levels against Stockfish at the same UCI_Elo (long)"
	@echo "make tune           self-play positions and Texel tuning (long)"
	@echo "make memory         peak resident size of a 256-thread search against Hash + 32 MB"
	@echo "make experiments-check  each patch of docs/experiments applied to HEAD and vetted"

test: install-deps fmt-check vet unit race web-check web-test

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt: these files are not formatted (run gofmt -w):"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# staticcheck finds what go vet does not (dead code, simplifications);
# not part of make test, as building it takes minutes on a fresh machine.
STATICCHECK_VERSION ?= v0.8.2
lint:
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

unit:
	$(GO) test -timeout $(TEST_TIMEOUT) ./...

race:
	$(GO) test -race -short -timeout $(TEST_TIMEOUT) $(RACE_PKGS)

# A static binary (no cgo): it runs on any Linux, and without the C
# library mapped it is about 1.5 MB smaller in memory.
build:
	CGO_ENABLED=0 $(GO) build -ldflags "$(LDFLAGS)" -o bin/ferz ./cmd/ferz

perft-full: build
	$(GO) test ./chess -run PerftSuite -perft.full -timeout 120m
	for f in $(PERFT_FILES); do ./bin/ferz perft -suite $$f -maxnodes 0 -threads 2 || exit 1; done

perft-compare: install-stockfish
	$(GO) run ./internal/perfcompare

FUZZ_PKGS ?= ./chess ./book ./cli ./syzygy ./uci ./web ./tune ./match

fuzz:
	@for pkg in $(FUZZ_PKGS); do \
		for f in $$($(GO) test -list 'Fuzz.*' $$pkg | grep '^Fuzz'); do \
			echo "fuzzing $$pkg $$f for $(FUZZTIME)"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) || exit 1; \
		done; \
	done

bench:
	$(GO) test -run XXX -bench . -benchmem ./chess ./engine

# go build optimizes ferz with cmd/ferz/default.pgo (profile-guided
# optimization: inlining and devirtualization where the profile says the
# time goes). Regenerate it after search or evaluation changes; the
# profile comes from a build without it, so it describes the code alone.
pgo:
	CGO_ENABLED=0 $(GO) build -pgo=off -o bin/ferz-nopgo ./cmd/ferz
	./bin/ferz-nopgo bench -depth 13 -cpuprofile cmd/ferz/default.pgo
	rm -f bin/ferz-nopgo

# Each part of the program may bring its own targets in mk/NAME.mk
# (the web front end, the match runner, ...).
-include mk/*.mk

# Install helpers: Debian packages, installed only when missing.

# install-deps installs, in one apt-get run, what the tests need and the
# machine lacks: stockfish (match and perft comparisons), Debian's
# Polyglot book (book tests) and tmux (the terminal board's test).
install-deps:
	@missing=""; \
	{ test -x /usr/games/stockfish || command -v stockfish >/dev/null; } || missing="$$missing stockfish"; \
	test -f /usr/share/games/gnuchess/book.bin || missing="$$missing gnuchess-book"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; fi

install-tmux:
	@command -v tmux >/dev/null || ($(SUDO) apt-get update && $(SUDO) apt-get install -y tmux)

install-stockfish:
	@command -v stockfish >/dev/null || test -x /usr/games/stockfish || \
		($(SUDO) apt-get update && $(SUDO) apt-get install -y stockfish)
