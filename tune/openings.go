package tune

import (
	"errors"
	"fmt"
	"io"

	"github.com/ferzchess/ferz/chess"
)

// LoadOpenings reads start positions for Generate from an EPD or FEN
// file, one a line (blank lines and lines starting with # are skipped),
// and returns them as FEN strings. A line that does not parse is an
// error that names the input (name) and the line; so is a file without
// positions.
func LoadOpenings(r io.Reader, name string) ([]string, error) {
	er := chess.NewEPDReader(r)
	var fens []string
	for {
		e, _, err := er.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			// The reader's errors name the line.
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		fens = append(fens, e.Position.FEN())
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return fens, nil
}
