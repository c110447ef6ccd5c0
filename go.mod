module github.com/ferzchess/ferz

go 1.26.8
