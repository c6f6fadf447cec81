package multishot

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop"
)

// memoryVersion is the format version of the rejection memory file.
const memoryVersion = 1

// Remembered is one rejected finding in the rejection memory.
type Remembered struct {
	// Fingerprint is Fingerprint of the finding.
	Fingerprint string `json:"fingerprint"`
	// Reason is the rejection's reason, verbatim.
	Reason string `json:"reason"`
	// Path and Title are the finding's, for a person reading the file.
	Path  string `json:"path"`
	Title string `json:"title"`
	// At is when it was rejected.
	At time.Time `json:"at"`
}

type memoryFile struct {
	Version int          `json:"version"`
	Entries []Remembered `json:"entries"`
}

// Fingerprint identifies a finding across sessions for the rejection
// memory: finding.Fingerprint of the finding with its file as category,
// its title as issue and its quote and fix (when it has an edit), so the
// same problem raised on the same file in other words of content, on
// other lines or at another level is recognised.
func Fingerprint(f ShotFinding) string {
	ff := finding.Finding{Category: "multishot:" + f.Location.Path, Issue: f.Title, Fix: f.Fix}
	if f.Quote != "" {
		ff.Quotes = []string{f.Quote}
	}
	return finding.Fingerprint(ff)
}

func (m memoryFile) lookup(f ShotFinding) (Remembered, bool) {
	fp := Fingerprint(f)
	for _, e := range m.Entries {
		if e.Fingerprint == fp {
			return e, true
		}
	}
	return Remembered{}, false
}

// readMemory reads the rejection memory at path; a missing file (or an
// empty path) is an empty memory.
func readMemory(path string) (memoryFile, error) {
	m := memoryFile{Version: memoryVersion, Entries: []Remembered{}}
	if path == "" {
		return m, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("multishot: rejection memory: %w", err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("multishot: rejection memory %s: %w", path, err)
	}
	if m.Version != memoryVersion {
		return m, fmt.Errorf("multishot: rejection memory %s: version %d, want %d", path, m.Version, memoryVersion)
	}
	return m, nil
}

// saveMemory adds the findings this session's gate ignored to the memory
// file (read again, so that a concurrent session's entries are kept).
func (s *session) saveMemory() error {
	m, err := readMemory(s.l.Memory)
	if err != nil {
		return err
	}
	n := len(m.Entries)
	for _, f := range s.findings {
		if f.State.Current() != finding.Ignored || f.State.By == "memory" {
			continue
		}
		fp := Fingerprint(f.ShotFinding)
		if slices.ContainsFunc(m.Entries, func(e Remembered) bool { return e.Fingerprint == fp }) {
			continue
		}
		m.Entries = append(m.Entries, Remembered{Fingerprint: fp, Reason: f.State.Reason, Path: f.Location.Path, Title: f.Title, At: f.State.At})
	}
	if len(m.Entries) == n {
		return nil
	}
	data, err := jsonIndent(m)
	if err != nil {
		return err
	}
	return loop.WriteRendering(s.l.Memory, data)
}

// rejection returns the reason a finding like f was rejected, in an
// earlier session (the memory) or earlier in this one, and false when it
// was not.
func (s *session) rejection(f ShotFinding) (string, bool) {
	if m, ok := s.memory.lookup(f); ok {
		return m.Reason, true
	}
	fp := Fingerprint(f)
	for _, g := range s.findings {
		if g.State.Current() == finding.Ignored && g.State.By != "memory" && Fingerprint(g.ShotFinding) == fp {
			return g.State.Reason, true
		}
	}
	return "", false
}

// rejectedOn lists what the memory and the session rejected on files.
func (s *session) rejectedOn(files []string) []Dropped {
	var out []Dropped
	for _, e := range s.memory.Entries {
		if slices.Contains(files, e.Path) {
			out = append(out, Dropped{Path: e.Path, Title: e.Title, Reason: e.Reason})
		}
	}
	for _, f := range s.findings {
		if f.State.Current() == finding.Ignored && f.State.By != "memory" && slices.Contains(files, f.Location.Path) {
			out = append(out, Dropped{Path: f.Location.Path, Title: f.Title, Reason: f.State.Reason})
		}
	}
	return out
}

func jsonIndent(v any) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
