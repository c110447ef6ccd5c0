// Command ferz is the Ferz chess program: one binary whose subcommands
// run the program's jobs: the UCI engine (the default), the browser and
// terminal boards, and the tools (perft, bench, match, epd, book, tune).
//
// Usage:
//
//	ferz <command> [flags]
//	ferz help [command]
//
// Each command explains its flags with -h.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
)

// command is one subcommand of the ferz binary. Its run function reads
// its flags from args, writes its output to stdout and its diagnostics to
// stderr, and returns an error (an *exitError to choose the exit code).
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order the usage shows them
// (by name). Each command's file adds itself with register in its init
// function, so that adding a command touches no other file.
var commands []command

// register adds c to the commands, keeping them sorted by name.
func register(c command) {
	i := sort.Search(len(commands), func(i int) bool { return commands[i].name >= c.name })
	commands = slices.Insert(commands, i, c)
}

// defaultCommand names the command that runs when ferz is started without
// arguments; empty means print the usage.
var defaultCommand = ""

func init() {
	register(command{"help", "show the commands, or the flags of one command", runHelp})
}

// exitError is an error that carries the process exit status.
type exitError struct {
	code int
	err  error
}

// Error returns the wrapped error's message.
func (e *exitError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf returns an error for bad input to a command: exit status 2.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, args...)}
}

// errHelpShown reports that a command printed its help on request; the
// process exits with status 0.
var errHelpShown = errors.New("help shown")

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the ferz command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if defaultCommand != "" {
			return exitCode(lookup(defaultCommand).run(nil, stdout, stderr), stderr)
		}
		usage(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "ferz: unknown command %q; run 'ferz help' for the list of commands\n", name)
		return 2
	}
	return exitCode(c.run(args[1:], stdout, stderr), stderr)
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// exitCode prints err (if it needs printing) and turns it into an exit
// status: 0 for success or help, the exitError's code, or 1.
func exitCode(err error, stderr io.Writer) int {
	var ee *exitError
	switch {
	case err == nil, errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &ee):
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintf(stderr, "ferz: %v\n", ee.err)
		}
		return ee.code
	default:
		fmt.Fprintf(stderr, "ferz: %v\n", err)
		return 1
	}
}

// usage writes the list of commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "Ferz is a chess program.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "\tferz <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The commands are:")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'ferz <command> -h' or 'ferz help <command>' for a command's flags.")
}

// runHelp implements "ferz help [command]".
func runHelp(args []string, stdout, stderr io.Writer) error {
	switch len(args) {
	case 0:
		usage(stdout)
		return nil
	case 1:
		c := lookup(args[0])
		if c == nil {
			return usageErrorf("help: unknown command %q; run 'ferz help' for the list of commands", args[0])
		}
		if c.name == "help" {
			fmt.Fprintln(stdout, "usage: ferz help [command]")
			fmt.Fprintln(stdout, "\nHelp lists the commands, or shows the flags of one command.")
			return nil
		}
		return c.run([]string{"-h"}, stdout, stderr)
	default:
		return usageErrorf("help: want at most one command name, have %q", strings.Join(args, " "))
	}
}

// newFlagSet returns a FlagSet for a subcommand whose usage starts with
// synopsis and description and then lists the flags.
func newFlagSet(name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet("ferz "+name, flag.ContinueOnError)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("ferz "+name+" "+synopsis), strings.TrimSpace(description))
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args with fs. Help (-h) goes to stdout and gives
// errHelpShown; a bad flag or a stray argument gives a usage error that
// names it.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return errHelpShown
	case err != nil:
		return usageErrorf("%s: %v (run '%s -h' for its flags)", strings.TrimPrefix(fs.Name(), "ferz "), err, fs.Name())
	}
	fs.SetOutput(stderr)
	if fs.NArg() > 0 {
		return usageErrorf("%s: unexpected argument %q (flags come as -name value)", strings.TrimPrefix(fs.Name(), "ferz "), fs.Arg(0))
	}
	return nil
}
