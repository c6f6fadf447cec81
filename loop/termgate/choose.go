package termgate

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// Mode names who answers a run's questions and approves its findings.
type Mode string

// The modes Choose takes.
const (
	// Default is a terminal when there is one (Config.Interactive), the
	// files otherwise, so a command never waits on an input nobody
	// types into.
	Default Mode = ""
	// Terminal asks the person at the terminal; "ask" is taken for it
	// too.
	Terminal Mode = "terminal"
	// File writes the questions and pending findings to files in the
	// run folder and reads the answers from files there (loop.FileAsker,
	// rounds.FileGate): the run stops, to be resumed once they are written.
	File Mode = "file"
	// Auto answers by policy alone, asking nobody: loop.AutoAsker (each
	// question's default) and rounds.AutoGate (what the policy did not
	// apply is left open).
	Auto Mode = "auto"
)

// The errors of Choose, wrapped.
var (
	// ErrNotTerminal reports Terminal chosen when Config.Interactive is
	// false. A caller that prefers the files then calls Choose again with
	// File.
	ErrNotTerminal = errors.New("no terminal to ask on")
	// ErrUnknownMode reports a mode that is none of Choose's.
	ErrUnknownMode = errors.New("unknown gate mode")
)

// Asking is both a question asker and a findings gate: what Choose
// returns, and what a caller's own terminal gate (Config.Terminal) must
// be.
type Asking interface {
	loop.Asker
	rounds.Approver
}

// Config is what Choose needs besides the mode.
type Config struct {
	// Dir is the run folder: the File mode's questions.json, answers.json
	// and decisions file are in it. Required for File (and for Default
	// when not Interactive).
	Dir string
	// Decisions names the File mode's decisions file inside Dir; empty
	// means "decisions.json".
	Decisions string // optional
	// Interactive says that In and Out are a terminal a person uses, as
	// the caller found out (golang.org/x/term's IsTerminal on both file
	// descriptors, for one). Choose does not look.
	Interactive bool
	// In and Out are the terminal of the Terminal mode's line Gate;
	// required for it unless Terminal is set.
	In  io.Reader
	Out io.Writer
	// Terminal, when set, asks in the Terminal mode instead of a line
	// Gate on In and Out: the caller's own terminal form.
	Terminal Asking // optional
}

// Choose returns who answers in mode m ("auto", "file", "terminal" or
// "ask", or "" for Default; see the Mode constants) with what it needs
// from c. Terminal without c.Interactive is an error wrapping
// ErrNotTerminal; an unknown mode is one wrapping ErrUnknownMode; File
// without c.Dir, and a line Gate without c.In or c.Out, are errors too.
// The result answers questions (Ask) and decides findings (Approve);
// resolved names the mode chosen, never Default.
func Choose(m Mode, c Config) (gate Asking, resolved Mode, err error) {
	switch m = m.Resolve(c.Interactive); m {
	case Auto:
		return rounds.AutoGate{}, Auto, nil
	case File:
		if c.Dir == "" {
			return nil, "", errors.New("termgate: the file gate needs the run folder (Config.Dir)")
		}
		name := c.Decisions
		if name == "" {
			name = "decisions.json"
		}
		return files{
			FileAsker: loop.FileAsker{Dir: c.Dir},
			FileGate:  rounds.FileGate{Path: filepath.Join(c.Dir, name)},
		}, File, nil
	case Terminal:
		if !c.Interactive {
			return nil, "", fmt.Errorf("termgate: %w: the terminal gate needs input and output on a terminal (use the file gate)", ErrNotTerminal)
		}
		if c.Terminal != nil {
			return c.Terminal, Terminal, nil
		}
		if c.In == nil || c.Out == nil {
			return nil, "", errors.New("termgate: the terminal gate needs Config.In and Config.Out")
		}
		return &Gate{In: c.In, Out: c.Out}, Terminal, nil
	}
	return nil, "", fmt.Errorf("termgate: %w %q (want auto, file or terminal)", ErrUnknownMode, string(m))
}

// Resolve returns the mode Choose takes m for: Default is Terminal when
// interactive (input and output on a terminal a person uses) and File
// otherwise, "ask" is Terminal, and any other mode is itself (an unknown
// one too: Choose refuses it).
func (m Mode) Resolve(interactive bool) Mode {
	switch {
	case m == Default && interactive, m == "ask":
		return Terminal
	case m == Default:
		return File
	}
	return m
}

// files is the File mode's Asking.
type files struct {
	loop.FileAsker
	rounds.FileGate
}
