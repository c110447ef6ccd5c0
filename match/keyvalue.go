package match

import (
	"fmt"
	"strings"
)

// keyValue is one key=value item of a specification string.
type keyValue struct {
	Key, Value string
}

// splitKeyValues reads a specification such as
//
//	name=SF cmd=/usr/games/stockfish option.Hash=16 dir="/tmp/my dir"
//
// into its items, in order. Items are separated by blanks; a value (or a
// whole item) may be put in double quotes to hold blanks, and \" and \\
// stand for a quote and a backslash inside quotes. Every item must have
// an "=" with a non-empty key before it.
func splitKeyValues(spec string) ([]keyValue, error) {
	var items []keyValue
	var cur strings.Builder
	inQuote, quoted := false, false
	flush := func() error {
		if cur.Len() == 0 && !quoted {
			return nil
		}
		item := cur.String()
		cur.Reset()
		quoted = false
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			return fmt.Errorf("%q is not of the form key=value", item)
		}
		if k == "" {
			return fmt.Errorf("%q has no key before its \"=\"", item)
		}
		items = append(items, keyValue{k, v})
		return nil
	}
	for i := 0; i < len(spec); i++ {
		c := spec[i]
		switch {
		case inQuote && c == '\\' && i+1 < len(spec) && (spec[i+1] == '"' || spec[i+1] == '\\'):
			i++
			cur.WriteByte(spec[i])
		case c == '"':
			inQuote = !inQuote
			quoted = true
		case !inQuote && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			if err := flush(); err != nil {
				return nil, err
			}
		default:
			cur.WriteByte(c)
		}
	}
	if inQuote {
		return nil, fmt.Errorf("unclosed quote in %q", spec)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return items, nil
}
