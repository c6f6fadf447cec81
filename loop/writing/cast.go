package writing

import (
	"cmp"
	"context"
	"errors"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// ErrNoDraft is Cast.Episode's error for an offline author without a
// first draft, unless Cast.NoDraft says it in a command's words.
var ErrNoDraft = errors.New("writing: the offline author needs a first draft (Cast.Draft)")

// Cast says who plays an episode's roles, so that a command, a test and
// a worker choose them the same way: the roles "author", "arc-reviewer"
// and "reader-<persona id>" ("reader" is the readers' default) are each
// the built-in agent or a model, as Players chooses (loop.Role). The zero
// Cast is every role offline, with no first draft.
type Cast struct {
	// Players chooses each role's player; nil leaves every role offline.
	Players loop.Cast
	// Draft is the offline author's first draft (version 0); required
	// when the author is offline.
	Draft []byte
	// NoDraft is the error of an offline author without Draft; nil is
	// ErrNoDraft.
	NoDraft error
	// Rules are the offline arc reviewer's and readers' rules
	// (offline.Config.Enabled); nil is offline.SetStrict, as prose is held
	// to the style guide's rules (stock phrases, empty intensifiers, long
	// sentences), not only to the few rules on by default for
	// documentation.
	Rules []string
	// MaxTokens caps each model call's reply in tokens; 0 is the
	// provider's default.
	MaxTokens int
}

// Episode returns an Episode with its Author, Critic and Readers as c
// casts them, the offline arc reviewer and readers sharing one set of
// offline critics, and a description of the cast for people ("author:
// gpt-4.1, arc-reviewer: offline, readers: offline"). Its error is
// NoDraft, or the error of Players for the author, the arc reviewer or
// the readers' default; a reader whose own player cannot be made fails
// each of its calls with that error, which stops the run (to be resumed
// once the configuration is fixed).
func (c Cast) Episode() (*Episode, string, error) {
	rules := c.Rules
	if rules == nil {
		rules = []string{offline.SetStrict}
	}
	critics := offline.Editorial(offline.Config{Enabled: rules})
	// on returns the model that plays role, false for the built-in agent.
	on := func(role string) (Model, bool, error) {
		m, err := loop.Role(c.Players, role, (*Model)(nil), func(p agent.Provider, name string) *Model {
			return &Model{Provider: p, Name: name, MaxTokens: c.MaxTokens}
		})
		if m == nil {
			return Model{}, false, err
		}
		return *m, true, nil
	}
	var used []string // who plays each role, for the description
	says := func(role string, m Model, online bool) {
		if !online {
			m.Name = "offline"
		}
		used = append(used, role+": "+m.Name)
	}
	e := &Episode{}
	m, online, err := on("author")
	switch {
	case err != nil:
		return nil, "", err
	case online:
		e.Author = ModelAuthor{Model: m}
	case len(c.Draft) == 0:
		return nil, "", cmp.Or(c.NoDraft, ErrNoDraft)
	default:
		e.Author = OfflineAuthor{Draft: c.Draft}
	}
	says("author", m, online)
	if m, online, err = on("arc-reviewer"); err != nil {
		return nil, "", err
	}
	e.Critic = OfflineCritic{Critics: critics}
	if online {
		e.Critic = ModelCritic{Model: m}
	}
	says("arc-reviewer", m, online)
	e.Readers = func(p Persona) Reader {
		m, online, err := on("reader-" + p.ID)
		switch {
		case err != nil:
			return failingReader{err}
		case online:
			return ModelReader{Model: m}
		}
		return OfflineReader{Critics: critics}
	}
	if m, online, err = on("reader"); err != nil {
		return nil, "", err
	}
	says("readers", m, online)
	return e, strings.Join(used, ", "), nil
}

// failingReader is the reader of a persona whose player cannot be made
// (a missing key): every call fails with why.
type failingReader struct{ err error }

func (r failingReader) Read(context.Context, ReadTask) (Feedback, agent.Usage, error) {
	return Feedback{}, agent.Usage{}, r.err
}

func (r failingReader) Compare(context.Context, CompareTask) (Preference, agent.Usage, error) {
	return Preference{}, agent.Usage{}, r.err
}
