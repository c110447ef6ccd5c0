# The browser board of "ferz play": the front end in web/frontend (npm,
# locked by package-lock.json), built with esbuild into web/static, which
# is committed and embedded in the ferz binary.
#
#   make web-build   rebuild web/static from the sources (after editing them)
#   make web-check   rebuild into a temporary directory and fail unless it
#                    is byte-identical to the committed web/static
#   make web-test    the browser test: Playwright drives Debian's Chromium
#                    (headless) against "ferz play" on a fresh data directory;
#                    screenshots in web/frontend/test-results/; with the
#                    Syzygy tables in WEB_TB (default ../shared/data/syzygy,
#                    the 3-4 piece ones) it also checks the tablebase panel
#                    (ferz play -tb), which is skipped when there are none

WEB_DIR  := web/frontend
NPM      ?= npm
NODE     ?= node
CHROMIUM ?= /usr/bin/chromium
WEB_TB   ?= $(CURDIR)/../shared/data/syzygy
WEB_SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: web-deps web-build web-check web-test install-chromium

web-deps:
	cd $(WEB_DIR) && $(NPM) ci --no-audit --no-fund --loglevel=error

web-build: web-deps
	cd $(WEB_DIR) && $(NODE) build.mjs ../static

web-check: web-deps
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	(cd $(WEB_DIR) && $(NODE) build.mjs "$$tmp" >/dev/null) && \
	if diff -r "$$tmp" web/static >/dev/null; then \
		echo "web-check: web/static matches its sources ($$(cat web/static/* | sha256sum | cut -c1-16))"; \
	else \
		echo "web-check: web/static does not match web/frontend's sources; run 'make web-build' and commit web/static:"; \
		diff -rq "$$tmp" web/static; exit 1; \
	fi

install-chromium:
	@test -x $(CHROMIUM) || command -v chromium >/dev/null || \
		($(WEB_SUDO) apt-get update && $(WEB_SUDO) apt-get install -y chromium)

# The server listens on a free port (-addr 127.0.0.1:0); its first line
# gives the address. It gets SIGTERM at the end, whatever the outcome.
# If the directory WEB_TB exists, the server gets -tb WEB_TB and the test
# FERZ_TB=1 (it checks the tablebase panel then, and skips it otherwise).
web-test: install-chromium web-deps
	@set -e; tmp=$$(mktemp -d); \
	$(GO) build -o "$$tmp/ferz" ./cmd/ferz; \
	tb='$(WEB_TB)'; \
	if [ -n "$$tb" ] && [ -d "$$tb" ]; then set -- -tb "$$tb"; ferz_tb=1; else set --; ferz_tb=; fi; \
	"$$tmp/ferz" play -no-browser -addr 127.0.0.1:0 -data "$$tmp/data" -movetime 200ms "$$@" >"$$tmp/server.log" 2>&1 & \
	pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf "$$tmp"' EXIT; \
	for i in $$(seq 100); do grep -q 'is ready at' "$$tmp/server.log" 2>/dev/null && break; sleep 0.2; done; \
	url=$$(sed -n 's/.*is ready at \(http[^ ]*\).*/\1/p' "$$tmp/server.log"); \
	if [ -z "$$url" ]; then echo "web-test: ferz play did not start:"; cat "$$tmp/server.log"; exit 1; fi; \
	echo "web-test: ferz play at $$url"; \
	if [ -n "$$ferz_tb" ]; then echo "web-test: tablebases in $$tb"; \
	else echo "web-test: no tablebases at '$$tb': the tablebase panel's test is skipped"; fi; \
	start=$$(date +%s); \
	set +e; \
	if (cd $(WEB_DIR) && FERZ_URL="$$url" FERZ_TB="$$ferz_tb" CHROMIUM=$(CHROMIUM) $(NODE) e2e/play.test.mjs); then \
		echo "web-test: passed in $$(( $$(date +%s) - start )) s; screenshots in $(WEB_DIR)/test-results/"; \
	else \
		echo "web-test: FAILED; the server's log:"; cat "$$tmp/server.log"; exit 1; \
	fi
