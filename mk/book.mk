# Opening books (issue 6): the default book built into Ferz, and Debian's
# gnuchess book that the book tests read. Included by the Makefile.

BOOK_PGN       ?= ../shared/data/openings/bjbraams_chessdb_198350_lines.pgn
BOOK_PLIES     ?= 16
BOOK_MIN_GAMES ?= 3
DEBIAN_BOOK    := /usr/share/games/gnuchess/book.bin

# Root needs no sudo; anyone else does (the Makefile sets SUDO too).
SUDO ?= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: book install-book

# book/default.bin, embedded in the ferz binary: the first BOOK_PLIES plies
# of the 198,350 master lines, moves played in at least BOOK_MIN_GAMES of
# them. The output is the same byte for byte on every run; commit it.
# (An empty file first, if it is missing, so that ferz compiles.)
book:
	@test -f book/default.bin || : > book/default.bin
	$(GO) run ./cmd/ferz book build -pgn $(BOOK_PGN) -plies $(BOOK_PLIES) -min-games $(BOOK_MIN_GAMES) -out book/default.bin

# Debian's opening book (Polyglot format), installed only when missing.
install-book:
	@test -f $(DEBIAN_BOOK) || ($(SUDO) apt-get update && $(SUDO) apt-get install -y gnuchess-book)
