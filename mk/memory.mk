# Peak resident size of a search with many threads (the issue's "Hash +
# 32 MB"). A shorter check runs in make test (engine's
# TestThreadsStayWithinHashPlus32MB); this one measures the real binary
# over UCI.
#
#	make memory                                  # 1 and 256 threads, 16 MB, 8 s
#	make memory MEM_THREADS="1 64" MEM_SECONDS=4
MEM_THREADS ?= 1 256
MEM_HASH    ?= 16
MEM_SECONDS ?= 8

.PHONY: memory
memory: build
	@for t in $(MEM_THREADS); do mk/peak-memory.sh ./bin/ferz $$t $(MEM_HASH) $(MEM_SECONDS); done
