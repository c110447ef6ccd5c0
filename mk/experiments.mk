# The patches in test (docs/experiments): each is applied to a scratch
# worktree of HEAD and the engine package vetted (which type-checks its
# tests too), so that a
# patch that main has drifted away from is found before a session builds
# it for a match (prior and evalswing stopped compiling unnoticed when
# the history's layout changed).
#
#	make experiments-check
#	make experiments-check EXPERIMENTS_BENCH=1   also each patch's bench
#	                       signature beside main's (about 20 s a patch)
#	make experiments-check EXPERIMENTS_TEST=1    also each patch's engine
#	                       tests (go test -short ./engine, about 40 s a
#	                       patch): a patch can vet and still break a
#	                       search test (docs/experiments/README.md)
EXPERIMENTS_BENCH ?=
EXPERIMENTS_TEST ?=
.PHONY: experiments-check
experiments-check:
	@dir=$$(mktemp -d) && trap 'git worktree remove --force '"$$dir"' >/dev/null 2>&1' EXIT && \
	git worktree add -q --detach "$$dir" HEAD && fail=0 && \
	for p in docs/experiments/*.patch; do \
		git -C "$$dir" reset -q --hard && git -C "$$dir" clean -fdq && \
		if ! git -C "$$dir" apply "$(CURDIR)/$$p" 2>/dev/null; then echo "$$p: does not apply"; fail=1; \
		elif ! (cd "$$dir" && $(GO) vet ./engine >/dev/null 2>&1 ); then echo "$$p: applies, but the engine does not vet"; fail=1; \
		elif [ -n "$(EXPERIMENTS_TEST)" ] && ! (cd "$$dir" && $(GO) test -short ./engine >"$$dir/test.log" 2>&1); then \
			echo "$$p: applies and vets, but the engine's tests fail:"; grep -E '^(--- FAIL|panic)' "$$dir/test.log" | head -5 | sed 's/^/    /'; fail=1; \
		elif [ -n "$(EXPERIMENTS_BENCH)" ]; then \
			if (cd "$$dir" && $(GO) build -o ferz-experiment ./cmd/ferz); then \
				echo "$$p: ok, bench $$("$$dir/ferz-experiment" bench 2>&1 | tail -1)"; \
			else echo "$$p: does not build"; fail=1; fi; \
		else echo "$$p: ok"; fi; \
	done; \
	if [ -n "$(EXPERIMENTS_BENCH)" ]; then git -C "$$dir" reset -q --hard && git -C "$$dir" clean -fdq && \
		(cd "$$dir" && $(GO) build -o ferz-experiment ./cmd/ferz) && \
		echo "main (HEAD): bench $$("$$dir/ferz-experiment" bench 2>&1 | tail -1)"; fi; \
	exit $$fail
