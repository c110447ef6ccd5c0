package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// EngineConfig says how to start one UCI engine and how to set it up.
type EngineConfig struct {
	// Name is the engine's name in the PGN and the standings; it defaults
	// to the base name of Command.
	Name string `json:"name,omitempty"`
	// Command is the program to run: a path, or a name looked up in PATH.
	Command string `json:"cmd"`
	// Args are the program's arguments.
	Args []string `json:"args,omitempty"`
	// Dir is the working directory, or "" for the runner's own.
	Dir string `json:"dir,omitempty"`
	// Options are sent with setoption after the handshake, in order.
	Options []Option `json:"-"`
	// Rating is the engine's rating if it is known (for example the
	// UCI_Elo it is limited to), or 0; reports use it to estimate the
	// ratings of the engines it plays.
	Rating float64 `json:"rating,omitempty"`
}

// Option is one UCI option setting: "setoption name Name value Value".
// A button option has an empty Value.
type Option struct {
	Name, Value string
}

// ParseEngineSpec reads an engine from a specification of key=value items
// separated by blanks (values with blanks in double quotes):
//
//	name=NAME       the engine's name (default: the command's base name)
//	cmd=PROGRAM     the program to run (required); a relative path with
//	                a slash is taken from the runner's directory, a bare
//	                name is looked up in PATH
//	arg=ARG         one argument; repeat for more, in order
//	args="A B C"    several arguments split at blanks
//	dir=DIR         the working directory
//	option.NAME=V   a UCI option set with setoption (option.Hash=16)
//	rating=R        a known rating (e.g. the UCI_Elo it plays at)
//
// For example: name=SF cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1350.
func ParseEngineSpec(spec string) (EngineConfig, error) {
	c, err := parseEngineItems(spec)
	if err != nil {
		return c, err
	}
	if c.Command == "" {
		return c, fmt.Errorf("engine %q: no cmd=PROGRAM", spec)
	}
	if c.Name == "" {
		c.Name = filepath.Base(c.Command)
	}
	return c, nil
}

// ParseEachSpec reads settings given to every engine (the -each flag):
// the items of ParseEngineSpec except name and cmd.
func ParseEachSpec(spec string) (EngineConfig, error) {
	c, err := parseEngineItems(spec)
	if err != nil {
		return c, err
	}
	if c.Name != "" || c.Command != "" {
		return c, fmt.Errorf("settings for every engine %q: name and cmd belong to one engine", spec)
	}
	return c, nil
}

func parseEngineItems(spec string) (EngineConfig, error) {
	var c EngineConfig
	items, err := splitKeyValues(spec)
	if err != nil {
		return c, fmt.Errorf("engine %q: %v", spec, err)
	}
	for _, it := range items {
		switch key := it.Key; {
		case key == "name":
			c.Name = it.Value
		case key == "cmd":
			c.Command = it.Value
		case key == "arg":
			c.Args = append(c.Args, it.Value)
		case key == "args":
			c.Args = append(c.Args, strings.Fields(it.Value)...)
		case key == "dir":
			c.Dir = it.Value
		case key == "rating":
			r, err := strconv.ParseFloat(it.Value, 64)
			if err != nil {
				return c, fmt.Errorf("engine %q: rating %q is not a number", spec, it.Value)
			}
			c.Rating = r
		case strings.HasPrefix(key, "option."):
			name := strings.TrimPrefix(key, "option.")
			if name == "" {
				return c, fmt.Errorf("engine %q: option. without an option name", spec)
			}
			c.setOption(name, it.Value)
		default:
			return c, fmt.Errorf("engine %q: unknown key %q (want name, cmd, arg, args, dir, rating or option.NAME)", spec, key)
		}
	}
	return c, nil
}

// setOption sets an option, replacing an earlier value of the same name
// (UCI option names are case-insensitive).
func (c *EngineConfig) setOption(name, value string) {
	for i := range c.Options {
		if strings.EqualFold(c.Options[i].Name, name) {
			c.Options[i].Value = value
			return
		}
	}
	c.Options = append(c.Options, Option{name, value})
}

// WithDefaults returns c with the settings of each added where c has none
// of its own: the working directory, the arguments and the options that c
// does not set itself (each's options come first).
func (c EngineConfig) WithDefaults(each EngineConfig) EngineConfig {
	out := c
	if out.Dir == "" {
		out.Dir = each.Dir
	}
	if len(out.Args) == 0 {
		out.Args = slices.Clone(each.Args)
	}
	out.Options = nil
	for _, o := range each.Options {
		out.setOption(o.Name, o.Value)
	}
	for _, o := range c.Options {
		out.setOption(o.Name, o.Value)
	}
	return out
}

// jsonEngine is an EngineConfig as JSON writes it: options as an object.
type jsonEngine struct {
	EngineConfig
	Options map[string]any `json:"options,omitempty"`
}

// ReadEngineConfigs reads engines from JSON: either a list of engines or
// an object with an "engines" list. Each engine is an object such as
//
//	{"name": "SF", "cmd": "/usr/games/stockfish", "args": [], "dir": "/tmp",
//	 "options": {"Hash": 16, "UCI_LimitStrength": true}, "rating": 1350}
//
// Options are set in the order of their names.
func ReadEngineConfigs(r io.Reader) ([]EngineConfig, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var list []jsonEngine
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '[' {
		err = strictUnmarshal(data, &list)
	} else {
		var obj struct {
			Engines []jsonEngine `json:"engines"`
		}
		err = strictUnmarshal(data, &obj)
		list = obj.Engines
	}
	if err != nil {
		return nil, fmt.Errorf("engine list: %v", err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("engine list: no engines (want a list, or {\"engines\": [...]})")
	}
	out := make([]EngineConfig, len(list))
	for i, je := range list {
		c := je.EngineConfig
		if c.Command == "" {
			return nil, fmt.Errorf("engine list: engine %d has no \"cmd\"", i+1)
		}
		if c.Name == "" {
			c.Name = filepath.Base(c.Command)
		}
		names := make([]string, 0, len(je.Options))
		for name := range je.Options {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			var v string
			switch x := je.Options[name].(type) {
			case string:
				v = x
			case bool:
				v = strconv.FormatBool(x)
			case float64:
				v = strconv.FormatFloat(x, 'f', -1, 64)
			case nil:
				v = ""
			default:
				return nil, fmt.Errorf("engine list: engine %q: option %q must be a string, number or boolean", c.Name, name)
			}
			c.setOption(name, v)
		}
		out[i] = c
	}
	return out, nil
}

func strictUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	return d.Decode(v)
}
