package match

import "fmt"

// FaultKind classifies what went wrong with an engine.
type FaultKind int

// The kinds of engine faults. Each one loses the game for the engine at
// fault.
const (
	// FaultStart: the program could not be started.
	FaultStart FaultKind = iota + 1
	// FaultHandshake: no "uciok" or "readyok" in time.
	FaultHandshake
	// FaultCrash: the engine exited or closed its output.
	FaultCrash
	// FaultTime: the engine did not move in time.
	FaultTime
	// FaultIllegal: the engine played an illegal move.
	FaultIllegal
	// FaultGarbage: the engine's answer cannot be read as a move.
	FaultGarbage
)

// String names the kind of fault.
func (k FaultKind) String() string {
	switch k {
	case FaultStart:
		return "failed to start"
	case FaultHandshake:
		return "no handshake"
	case FaultCrash:
		return "crashed"
	case FaultTime:
		return "time forfeit"
	case FaultIllegal:
		return "illegal move"
	case FaultGarbage:
		return "garbage output"
	}
	return fmt.Sprintf("FaultKind(%d)", int(k))
}

// Termination returns the value of the PGN Termination tag for a game
// lost by this fault.
func (k FaultKind) Termination() string {
	switch k {
	case FaultTime:
		return "time forfeit"
	case FaultIllegal, FaultGarbage:
		return "rules infraction"
	}
	return "abandoned"
}

// Fault is an engine failure: which engine, what kind, and the details.
type Fault struct {
	Kind   FaultKind
	Engine string
	Detail string
}

// Error returns a message such as `engine "SF": crashed: exit status 2`.
func (f *Fault) Error() string {
	if f.Detail == "" {
		return fmt.Sprintf("engine %q: %v", f.Engine, f.Kind)
	}
	return fmt.Sprintf("engine %q: %v: %s", f.Engine, f.Kind, f.Detail)
}
