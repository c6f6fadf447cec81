package multishot

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// session is the state a driver execution rebuilds from its journal.
type session struct {
	l        *Loop
	j        *journal.Journal
	pre      *Change // read by Run before the session started; nil on resume
	set      settings
	change   *Change
	policies []Policy
	nonce    string
	now      time.Time

	slices   []*SliceState
	findings []*Finding
	byID     map[string]*Finding
	marks    []Mark
	judged   []Judgement
	waves    []WaveReport
	runs     []shotRun // every shot attempt, in wave order
	usage    agent.Usage
	wave     int
	fixed    map[string]bool // files the run wrote
	memory   memoryFile
	notes    []string

	root *apply.Dir
	co   checkout
}

func (s *session) close() {
	if s.root != nil {
		s.root.Close()
	}
	s.closeCheckout()
}

func (s *session) emit(e Event) {
	if s.l.Observer != nil {
		s.l.Observer(e)
	}
}

// episode executes one Run or Continue of the session.
func (s *session) episode(ctx context.Context, e int, start episodeStart) error {
	live := !s.j.Done(finishKey(e))
	if e == 1 {
		if err := s.begin(ctx, start); err != nil {
			return err
		}
	} else {
		for _, sl := range s.slices {
			if sl.Status == Failed || sl.Status == JudgeFailed || sl.Status == Reported {
				sl.Status, sl.Error = Active, ""
			}
		}
	}
	now, err := journal.Now(ctx, s.j, fmt.Sprintf("e%d/now", e))
	if err != nil {
		return err
	}
	s.now = now
	if err := s.apply(start.Directives); err != nil {
		return err
	}
	if start.Classify {
		if err := s.classify(ctx, fmt.Sprintf("e%d/classify", e), e); err != nil {
			return err
		}
	}
	mem, err := journal.Step(ctx, s.j, fmt.Sprintf("e%d/memory", e), func(context.Context) (memoryFile, error) {
		return readMemory(s.l.Memory)
	})
	if err != nil {
		return err
	}
	s.memory = mem
	waves := s.set.MaxWaves
	if s.set.Mode == Report {
		waves = 1
	}
	for range waves {
		if !slices.ContainsFunc(s.slices, (*SliceState).runnable) {
			break
		}
		if err := s.runWave(ctx); err != nil {
			return err
		}
	}
	if live && s.l.Memory != "" {
		if err := s.saveMemory(); err != nil {
			return err
		}
	}
	_, err = journal.Step(ctx, s.j, finishKey(e), func(context.Context) (bool, error) { return true, nil })
	return err
}

// begin reads the change, its policies and the task, and classifies.
func (s *session) begin(ctx context.Context, start episodeStart) error {
	if start.Settings == nil {
		return fmt.Errorf("%w: the session's start holds no settings", journal.ErrCorrupt)
	}
	s.set = *start.Settings
	s.byID, s.fixed = map[string]*Finding{}, map[string]bool{}
	if err := loop.WriteRendering(filepath.Join(s.l.Dir, "task.md"), []byte(s.set.Task)); err != nil {
		return err
	}
	c, err := journal.Step(ctx, s.j, "change", func(ctx context.Context) (*Change, error) {
		if s.pre != nil {
			return s.pre, nil
		}
		return ReadChange(ctx, s.set.Target)
	})
	if err != nil {
		return err
	}
	if root := loop.Relocated(ctx, c.Root); root != c.Root { // a copy of the run (a durable engine's call)
		moved := *c
		moved.Root = root
		c = &moved
	}
	s.change = c
	for _, f := range c.Files {
		if f.Skipped != "" {
			s.notes = append(s.notes, fmt.Sprintf("%s skipped: %s", f.Path, f.Skipped))
		}
	}
	if s.policies, err = journal.Step(ctx, s.j, "policies", func(ctx context.Context) ([]Policy, error) { return ReadPolicies(ctx, c) }); err != nil {
		return err
	}
	if s.nonce, err = journal.NewID(ctx, s.j, "nonce", ""); err != nil {
		return err
	}
	if len(c.Reviewed()) == 0 {
		s.notes = append(s.notes, "the change has no file to review")
		return nil
	}
	return s.classify(ctx, "classify", 1)
}

// checkSlices validates a classifier's proposal: at least one slice, at
// most MaxSlices, names unique, files of the change.
func checkSlices(sl []Slice, files []string) error {
	if len(sl) == 0 {
		return fmt.Errorf("%w: no slice proposed", ErrBadSlice)
	}
	if len(sl) > MaxSlices {
		return fmt.Errorf("%w: %d slices, at most %d", ErrBadSlice, len(sl), MaxSlices)
	}
	seen := map[string]bool{}
	for _, x := range sl {
		if err := x.Validate(files); err != nil {
			return err
		}
		if seen[x.Name] {
			return fmt.Errorf("%w: %s proposed twice", ErrBadSlice, x.Name)
		}
		seen[x.Name] = true
	}
	return nil
}

func (s *session) newSlice(sl Slice, def int) *SliceState {
	return &SliceState{Slice: sl, Def: def, Status: Active, Window: 1, Shots: cmp.Or(sl.Shots, s.set.Shots)}
}

// newID returns the session-unique id of the index-th finding of the shot
// journaled under key: "f_" and 8 characters of [A-Za-z0-9_-] derived from
// the session's nonce, so a replay gives the same ids.
func (s *session) newID(key string, index int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for try := 0; ; try++ {
		h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d\x00%d", s.nonce, key, index, try))
		id := make([]byte, 0, 10)
		id = append(id, 'f', '_')
		for _, b := range h[:8] {
			id = append(id, alphabet[b&63])
		}
		if _, taken := s.byID[string(id)]; !taken {
			return string(id)
		}
	}
}

// slice returns the slice named name, or nil.
func (s *session) slice(name string) *SliceState {
	for _, sl := range s.slices {
		if sl.Name == name {
			return sl
		}
	}
	return nil
}

// openDir opens the repository for fixes, once.
func (s *session) openDir() (*apply.Dir, error) {
	if s.root == nil {
		d, err := apply.OpenDir(s.change.Root)
		if err != nil {
			return nil, err
		}
		s.root = d
	}
	return s.root, nil
}

// note adds text to the session's notes, once.
func (s *session) note(text string) {
	if !slices.Contains(s.notes, text) {
		s.notes = append(s.notes, text)
	}
}
