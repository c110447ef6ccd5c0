# Evaluation tuning (issue 3): Ferz plays itself, a short search scores
# each position, then Texel's method fits the evaluation weights to the
# scores (and, with TUNE_LAMBDA above 0, to the results). Included by the
# Makefile.
#
#   make tune                          all three steps, into engine/evaltuned.go
#   make tune-gen TUNE_GAMES=500       only the games (positions file)
#   make tune-label                    only the search scores (scored file)
#   make tune-run TUNE_OUT=/tmp/evaltuned.go   only the tuning
#   make tune-net                      the evaluation network (docs/network.md)
#                                      on TUNE_SCORED, into engine/ferz.nnue
#   make net-data NET_SEED=1301        self-play positions with their search
#                                      scores, for NET_DURATION, into NET_DATA
#   make net-finetune NET_DATA=a.epd,b.epd   the embedded network trained
#                                      further on them, into NET_OUT
#
# The tuner starts from the weights compiled into ferz (evaltuned.go when
# it holds weights, else the defaults of engine/evalparams.go), so a
# second "make tune" refines the first. Check a new evaltuned.go with a
# match (SPRT) before committing it.

TUNE_GAMES       ?= 2000
TUNE_NODES       ?= 5000
# Start no new game after this time (e.g. 45m; 0: play all TUNE_GAMES).
TUNE_DURATION    ?= 0
TUNE_CONCURRENCY ?= 1
TUNE_SEED        ?= 1
TUNE_OPENINGS    ?= ../shared/data/openings/noob_3moves_30k.epd
# The positions file: large, keep it out of the repository.
TUNE_DATA        ?= /tmp/ferz-tune-positions.epd
# The positions with their search scores, and the depth of those searches.
TUNE_SCORED      ?= /tmp/ferz-tune-scored.epd
TUNE_DEPTH       ?= 8
# Weight of the game result in the target (0: the search score alone).
TUNE_LAMBDA      ?= 0
TUNE_EPOCHS      ?= 300
TUNE_L2          ?= 0.001
TUNE_LR          ?= 1
TUNE_OUT         ?= engine/evaltuned.go
# The network correcting the evaluation: train it again after tune-run.
NET_EPOCHS       ?= 6
NET_OUT          ?= engine/ferz.nnue
# One step of the network's self-improvement (docs/network.md): the
# present engine's games at 5,000 nodes a move, each position labelled
# with its move's search score, then the embedded network fine-tuned on
# them. About 27,000 positions a minute on 2 cores.
NET_DURATION     ?= 55m
NET_SEED         ?= 1
NET_DATA         ?= /tmp/ferz-net-data.epd
# The recipe of the last fine-tuning that gained in games (l3, +26 Elo;
# docs/network.md): 0.3 of the target from the game result, step 0.0002,
# 4 epochs over about 3 M positions. On one hour's positions alone a
# larger step overfits (the sixth fine-tuning); there 0.0001 and 3 epochs.
NET_FT_EPOCHS    ?= 4
NET_FT_LR        ?= 0.0002
NET_FT_LAMBDA    ?= 0.3

.PHONY: tune tune-gen tune-label tune-run tune-net net-data net-finetune

tune: tune-gen tune-label tune-run

tune-gen:
	$(GO) run ./cmd/ferz tune gen -games $(TUNE_GAMES) -nodes $(TUNE_NODES) -duration $(TUNE_DURATION) \
		-concurrency $(TUNE_CONCURRENCY) -seed $(TUNE_SEED) -openings $(TUNE_OPENINGS) -out $(TUNE_DATA)

tune-label:
	$(GO) run ./cmd/ferz tune label -in $(TUNE_DATA) -out $(TUNE_SCORED) -depth $(TUNE_DEPTH) -concurrency $(TUNE_CONCURRENCY)

tune-run:
	$(GO) run ./cmd/ferz tune run -data $(TUNE_SCORED) -epochs $(TUNE_EPOCHS) -lr $(TUNE_LR) -l2 $(TUNE_L2) \
		-lambda $(TUNE_LAMBDA) -out $(TUNE_OUT)

tune-net:
	$(GO) run ./cmd/ferz tune net -residual -data $(TUNE_SCORED) -epochs $(NET_EPOCHS) -out $(NET_OUT)

net-data: build
	./bin/ferz tune gen -games 1000000 -duration $(NET_DURATION) -nodes $(TUNE_NODES) -scores \
		-seed $(NET_SEED) -concurrency $$(nproc) -openings $(TUNE_OPENINGS) -out $(NET_DATA)

net-finetune: build
	./bin/ferz tune net -residual -init engine/ferz.nnue -lr $(NET_FT_LR) -epochs $(NET_FT_EPOCHS) \
		-lambda $(NET_FT_LAMBDA) -batch 4096 -holdout 0.05 -threads $$(nproc) -data $(NET_DATA) -out $(NET_OUT)

# Search parameters by SPSA (ferz tune spsa, README "Tuning the search"):
# two copies of ferz, their parameters moved up and down at random, play
# one game pair an iteration at SPSA_NODES a move. The state is written
# to SPSA_STATE after every pair and read back by the next run, so a
# tuning spreads over sessions: commit the state file when you stop. The
# engine is a copy of bin/ferz, so that a rebuild does not change it
# under a running tuning. Test its values with "make sprt" before
# putting them into engine/params.go.
#
#   make spsa SPSA_DURATION=2h        (stop early with Ctrl-C or kill -INT)
# The third tuning (docs/spsa/README.md), started from main's defaults
# when its state file does not exist yet; the first two, merged, are
# state.json and state2.json.
SPSA_STATE       ?= docs/spsa/state3.json
SPSA_NODES       ?= 20000
# 8,000 pairs (about six hours on 2 cores) and a learning rate 2.5 times
# the usual 0.002: a tuning that moves within a few sessions, at the
# price of noisier values, which the SPRT that must follow sorts out.
SPSA_ITERATIONS  ?= 8000
SPSA_R_END       ?= 0.005
SPSA_SEED        ?= 3
SPSA_PARAMS      ?=
SPSA_DURATION    ?= 0
SPSA_OPENINGS    ?= ../shared/data/openings/noob_3moves_30k.epd

.PHONY: spsa
spsa: build
	@mkdir -p $(dir $(SPSA_STATE))
	cp bin/ferz bin/ferz-spsa
	$(if $(filter-out 0,$(SPSA_DURATION)),timeout --preserve-status -s INT $(SPSA_DURATION)) ./bin/ferz tune spsa -state $(SPSA_STATE) \
		-engine "cmd=$(abspath bin/ferz-spsa) option.Hash=16" -nodes $(SPSA_NODES) \
		-iterations $(SPSA_ITERATIONS) -r-end $(SPSA_R_END) -seed $(SPSA_SEED) \
		$(if $(SPSA_PARAMS),-params $(SPSA_PARAMS)) \
		-openings $(SPSA_OPENINGS) -concurrency 2
