# The Elo ladder: a gauntlet of Ferz against Debian's reference engines,
# with the results appended to docs/strength.md as a Markdown section.
#
#	make elo                              # defaults below
#	make elo TC=10+0.1 GAMES=400          # games per opponent
#	make elo ELO_LEVELS="1350 1600" ELO_OTHERS=""   # Stockfish levels only
#
# Every engine plays on one thread with 16 MB of hash and its own book
# off, and those that have one keep a move overhead of 100 ms (Ethereal's
# default): on a busy machine Stockfish's 10 ms default loses games on
# time that say nothing about its strength. The openings come from noob_3moves (random order, fixed seed), each
# played with both colours.

TC             ?= 10+0.1
GAMES          ?= 100
ELO_LEVELS     ?= 1350 1600 1900 2200 2500 2850
ELO_OTHERS     ?= glaurung toga2 ethereal gnuchess
ELO_OPENINGS   ?= ../shared/data/openings/noob_3moves_30k.epd
ELO_SEED       ?= 1
ELO_REPORT     ?= docs/strength.md
ELO_FLAGS      ?= -resign "movecount=3 score=800" -draw "movenumber=40 movecount=8 score=10"
ELO_CONCURRENCY ?= $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$(( n / 2 > 0 ? n / 2 : 1 )))

# One -engine flag per opponent.
elo_stockfish = -engine 'name=Stockfish-$(1) cmd=/usr/games/stockfish option.Threads=1 option.Hash=16 "option.Move Overhead=100" option.UCI_LimitStrength=true option.UCI_Elo=$(1) rating=$(1)'
elo_engine_glaurung = -engine "name=Glaurung-2.2 cmd=/usr/games/glaurung option.Threads=1 option.Hash=16 option.OwnBook=false option.Ponder=false"
elo_engine_toga2    = -engine "name=Toga-II-3.0 cmd=/usr/games/toga2 option.Hash=16 option.OwnBook=false"
elo_engine_ethereal = -engine "name=Ethereal-12 cmd=/usr/games/ethereal-chess option.Threads=1 option.Hash=16"
elo_engine_gnuchess = -engine "name=GNU-Chess-6.2.7 cmd=/usr/games/gnuchess arg=--uci option.Hash=16 option.OwnBook=false"

ELO_COMMIT = $(shell git rev-parse --short HEAD 2>/dev/null)$(if $(MODIFIED),-modified)

.PHONY: elo install-elo-engines

elo: build install-elo-engines
	./bin/ferz match -gauntlet \
		-engine 'name=Ferz cmd=$(CURDIR)/bin/ferz option.Hash=16 "option.Move Overhead=100"' \
		$(foreach l,$(ELO_LEVELS),$(call elo_stockfish,$(l))) \
		$(foreach e,$(ELO_OTHERS),$(elo_engine_$(e))) \
		-tc $(TC) -games $(GAMES) -concurrency $(ELO_CONCURRENCY) \
		-openings $(ELO_OPENINGS) -order random -seed $(ELO_SEED) \
		$(ELO_FLAGS) -standings 20 \
		-pgn bin/elo-$(ELO_COMMIT).pgn \
		-report $(ELO_REPORT) -report-title "Ferz $(ELO_COMMIT), gauntlet at $(TC)"

# The reference engines from Debian's packages, installed when missing.
install-elo-engines:
	@missing=""; \
	for p in stockfish:/usr/games/stockfish glaurung:/usr/games/glaurung toga2:/usr/games/toga2 \
		ethereal-chess:/usr/games/ethereal-chess gnuchess:/usr/games/gnuchess; do \
		test -x $${p#*:} || missing="$$missing $${p%%:*}"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; \
	fi

# Calibration of the playing levels: Ferz with UCI_LimitStrength at each
# UCI_Elo of CAL_LEVELS against Stockfish limited to the same UCI_Elo,
# CAL_GAMES games each, appended to docs/strength.md. The issue's target
# is a score of 35-65% at every level.
#
#	make calibrate                          # 1500 2000 2500, 100 games each
#	make calibrate CAL_LEVELS=2000 CAL_GAMES=40
CAL_LEVELS ?= 1500 2000 2500
CAL_GAMES  ?= 100
CAL_TC     ?= 5+0.05
CAL_SEED   ?= 41

.PHONY: calibrate
calibrate: build install-elo-engines
	@set -e; for l in $(CAL_LEVELS); do \
		./bin/ferz match \
			-engine "name=Ferz-$$l cmd=$(CURDIR)/bin/ferz option.Hash=16 \"option.Move Overhead=100\" option.UCI_LimitStrength=true option.UCI_Elo=$$l" \
			-engine "name=Stockfish-$$l cmd=/usr/games/stockfish option.Threads=1 option.Hash=16 \"option.Move Overhead=100\" option.UCI_LimitStrength=true option.UCI_Elo=$$l rating=$$l" \
			-tc $(CAL_TC) -games $(CAL_GAMES) -concurrency $(ELO_CONCURRENCY) \
			-openings $(ELO_OPENINGS) -order random -seed $(CAL_SEED) \
			$(ELO_FLAGS) -pgn bin/calibrate-$$l-$(ELO_COMMIT).pgn \
			-report $(ELO_REPORT) -report-title "Ferz $(ELO_COMMIT), level $$l against Stockfish $$l at $(CAL_TC)"; \
	done

# Tactics: the Win At Chess suite at the issue's 1 s a position, one
# position at a time on one thread (run it on an idle machine: the count
# depends on the node rate). WAC_LIMIT="-nodes 1000000" gives a count that
# does not depend on the machine, for comparing two builds.
#
#	make wac
#	make wac WAC_LIMIT="-nodes 1000000" WAC_CONCURRENCY=2
WAC_SUITE       ?= ../shared/data/suites/wac.epd
WAC_LIMIT       ?= -movetime 1s
WAC_CONCURRENCY ?= 1

.PHONY: wac
wac: build
	./bin/ferz epd -suite $(WAC_SUITE) $(WAC_LIMIT) -concurrency $(WAC_CONCURRENCY)

# A change tested against the version before it, as docs/search-tests.md
# records them: SPRT on game pairs at 5+0.05, noob_3moves openings in
# random order, both colours, 16 MB hash, one thread, two games at once
# (SPRT_CONCURRENCY=1 leaves a core to another match).
# NEW and BASE are ferz binaries; SPRT_PRIOR continues an earlier run with
# its pairs (a,b,c,d,e). The games go to bin/sprt-NAME.pgn.
#
#	make sprt NEW=/tmp/ferz-new BASE=/tmp/ferz-old SPRT_SEED=1202
#	make sprt NEW=... BASE=... SPRT_SEED=1203 SPRT_PRIOR=5,61,144,74,9
#
# SPRT_LIMIT replaces the clock, e.g. SPRT_LIMIT="-nodes 40000": fixed
# nodes a move play several times the games an hour (about 33 a minute
# at 40,000 against 9 at 5+0.05): a fair test of a change that leaves the
# node rate alone, such as a network of the same width. Not for speed or
# time management; a pruning rule that saves nodes is confirmed with a
# clock before it is merged (docs/experiments/README.md).
#
# SPRT_NEW_OPTS gives the new engine UCI options, so that a change of a
# search parameter (engine/params.go, "ferz tune spsa -list") is tested
# without a build: NEW=BASE=bin/ferz SPRT_NEW_OPTS="option.LMRHistoryDiv=8192".
SPRT_NEW_OPTS ?=
# SPRT_BASE_OPTS does the same for the base engine, e.g. both with
# SPRT_NEW_OPTS="option.Threads=2" SPRT_BASE_OPTS="option.Threads=2".
SPRT_BASE_OPTS ?=
SPRT_NAME   ?= test
SPRT_TC     ?= 5+0.05
SPRT_LIMIT  ?= -tc $(SPRT_TC)
SPRT_SEED   ?= 1
SPRT_BOUNDS ?= elo0=0 elo1=10 alpha=0.05 beta=0.05
SPRT_PRIOR  ?=
SPRT_GAMES  ?= 20000
SPRT_CONCURRENCY ?= 2
SPRT_FLAGS  ?= -resign "movecount=4 score=800" -draw "movenumber=40 movecount=8 score=10"

.PHONY: sprt
sprt: build
	@test -n "$(NEW)" -a -n "$(BASE)" || { echo "make sprt needs NEW=binary BASE=binary"; exit 2; }
	./bin/ferz match \
		-engine "name=new cmd=$(abspath $(NEW)) option.Hash=16 $(SPRT_NEW_OPTS)" \
		-engine "name=base cmd=$(abspath $(BASE)) option.Hash=16 $(SPRT_BASE_OPTS)" \
		$(SPRT_LIMIT) -games $(SPRT_GAMES) -concurrency $(SPRT_CONCURRENCY) \
		-openings $(ELO_OPENINGS) -order random -seed $(SPRT_SEED) \
		$(SPRT_FLAGS) -standings 50 \
		-sprt "$(SPRT_BOUNDS)$(if $(SPRT_PRIOR), prior=$(SPRT_PRIOR))" \
		-pgn bin/sprt-$(SPRT_NAME).pgn
