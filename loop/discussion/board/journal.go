package board

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/loop/journal"
)

// The journal keys of a board: its Meta, and each post by id.
const (
	MetaKey    = "board"
	PostPrefix = "board/post/"
)

// Journaled is a Board whose posts are journal steps.
type Journaled struct {
	*Board
	j *journal.Journal
}

// Open returns the board journaled in j: meta is journaled as the step
// MetaKey on the first execution, and a resumed one gets the journaled
// Meta, whatever meta says now. The board starts empty; a replaying driver
// posts again and gets the journaled posts back (see Journaled.Post).
func Open(ctx context.Context, j *journal.Journal, meta Meta) (*Journaled, error) {
	m, err := journal.Step(ctx, j, MetaKey, func(context.Context) (Meta, error) { return meta, nil })
	if err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	return &Journaled{Board: New(m), j: j}, nil
}

// Post checks p (Board.Check), journals it as the step PostPrefix+p.ID with
// the time it is posted (p.At is set then; a given At is replaced), and puts
// it on the board. On replay the journaled post is returned, with its
// time; one that differs from p in anything but At means the driver does
// not replay what it did, and is an error wrapping
// journal.ErrNondeterministic. So a post is on the board once, however
// often the driver is resumed.
func (b *Journaled) Post(ctx context.Context, p Post) (Post, error) {
	if err := b.Check(p); err != nil {
		return Post{}, err
	}
	got, err := journal.Step(ctx, b.j, PostPrefix+p.ID, func(context.Context) (Post, error) {
		q := p
		q.At = time.Now().UTC()
		return q, nil
	})
	if err != nil {
		return Post{}, fmt.Errorf("board: post %s: %w", p.ID, err)
	}
	if !same(got, p) {
		return Post{}, fmt.Errorf("board: post %s: %w: journaled as %s %s by %s", p.ID, journal.ErrNondeterministic, got.Kind, got.ID, got.Author)
	}
	return got, b.Add(got)
}

// same reports whether a and b are one post, whatever their times.
func same(a, b Post) bool {
	if a.ID != b.ID || a.Author != b.Author || a.Round != b.Round || a.Kind != b.Kind || a.Body != b.Body || !slices.Equal(a.Refs, b.Refs) {
		return false
	}
	return (a.Finding == nil) == (b.Finding == nil)
}

// Read rebuilds the board journaled in records (a journal's Records), in
// the order its posts were journaled. A journal without a board is an error
// wrapping journal.ErrNotJournaled; a post that does not decode or does not
// fit the board (a damaged journal) is an error wrapping journal.ErrCorrupt.
func Read(records []journal.Record) (*Board, error) {
	var b *Board
	for _, rec := range records {
		if rec.Kind != journal.KindStep {
			continue
		}
		switch {
		case rec.Key == MetaKey:
			var m Meta
			if err := rec.Decode(&m); err != nil {
				return nil, err
			}
			b = New(m)
		case strings.HasPrefix(rec.Key, PostPrefix):
			if b == nil {
				return nil, fmt.Errorf("%w: post %s before the board's meta", journal.ErrCorrupt, rec.Key)
			}
			var p Post
			if err := rec.Decode(&p); err != nil {
				return nil, err
			}
			if err := b.Add(p); err != nil {
				return nil, errors.Join(fmt.Errorf("%w: record %d", journal.ErrCorrupt, rec.Seq), err)
			}
		}
	}
	if b == nil {
		return nil, fmt.Errorf("board: %w: no board in the journal", journal.ErrNotJournaled)
	}
	return b, nil
}
