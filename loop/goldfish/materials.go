package goldfish

import (
	"cmp"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

//go:embed bundled
var bundled embed.FS

// Bundled returns the bundled personas and standards: personas/<name>.md
// (design_critic, structural, style, implementation_readiness,
// codebase_details, comprehension, zoom_out) and standards/<name>.md
// (feature-spec-standard, implementation-readiness-standard,
// zoom-out-standard, heilmeier-standard, re-implementation-standard). The
// library needs no folder of its own on disk: these are the defaults short
// names resolve to.
func Bundled() fs.FS {
	sub, err := fs.Sub(bundled, "bundled")
	if err != nil { // "bundled" is a valid name: fs.Sub cannot fail
		return bundled
	}
	return sub
}

// Limits of the context materials ContextMaterials reads.
const (
	// MaxContextFiles is the most files the context materials may hold.
	MaxContextFiles = 200
	// DefaultMaxContextBytes bounds the context materials' total size when
	// Materials.MaxContextBytes is 0: every reviewer call receives all of
	// them.
	DefaultMaxContextBytes = 1 << 20
)

// ErrBadMaterial reports a persona, standard or context material that
// cannot be used: not found, not text, too large, or a URL.
var ErrBadMaterial = errors.New("goldfish: bad material")

// Material is one piece of material sent to a reviewer, on record: what it
// is, its name and the SHA-256 of the bytes sent. The journal keeps the
// materials of every call, so a run shows what each goldfish saw and
// nothing else.
type Material struct {
	// Kind is "persona", "standard", "context" or "section".
	Kind string `json:"kind"`
	// Name is the short name or path the material was given by, a context
	// file's path relative to Materials.Dir (slash-separated), or the
	// section's line range.
	Name string `json:"name"`
	// SHA256 is the hex SHA-256 of the material's bytes.
	SHA256 string `json:"sha256"`
	// Bytes is the material's size.
	Bytes int `json:"bytes"`
}

func material(kind, name string, data []byte) Material {
	h := sha256.Sum256(data)
	return Material{Kind: kind, Name: name, SHA256: hex.EncodeToString(h[:]), Bytes: len(data)}
}

// Materials resolves the names of reviewers and standards, and reads
// context materials. The zero value resolves short names to Bundled() and
// paths against the working directory.
//
// A name containing "/" is a path (absolute, or relative to Dir); any
// other name is a short name: personas/<name>.md or standards/<name>.md in
// FS.
type Materials struct {
	// FS holds the personas and standards short names resolve to, in
	// folders "personas" and "standards"; nil means Bundled().
	FS fs.FS
	// Dir is the folder relative paths are read from and context files are
	// named relative to; empty means the working directory.
	Dir string
	// MaxContextBytes bounds the total size of the context materials;
	// 0 means DefaultMaxContextBytes.
	MaxContextBytes int
}

func (m Materials) fsys() fs.FS {
	if m.FS == nil {
		return Bundled()
	}
	return m.FS
}

func (m Materials) path(name string) string {
	if filepath.IsAbs(name) {
		return filepath.Clean(name)
	}
	return filepath.Join(cmp.Or(m.Dir, "."), filepath.FromSlash(name))
}

// isPath reports whether a reviewer or standard name is a path.
func isPath(name string) bool { return strings.Contains(name, "/") }

// Persona loads the persona of reviewer name (see Materials) and returns it
// with its record: the SHA-256 of its file.
func (m Materials) Persona(name string) (agent.Persona, Material, error) {
	var data []byte
	var err error
	if isPath(name) {
		data, err = os.ReadFile(m.path(name))
	} else {
		if name == "" || !fs.ValidPath(name) {
			return agent.Persona{}, Material{}, fmt.Errorf("%w: reviewer name %q", ErrBadMaterial, name)
		}
		data, err = fs.ReadFile(m.fsys(), "personas/"+name+".md")
	}
	if err != nil {
		return agent.Persona{}, Material{}, fmt.Errorf("%w: reviewer %q: %w%s", ErrBadMaterial, name, err, known(m.fsys(), "personas", name))
	}
	p, err := agent.ParsePersona(name, data)
	if err != nil {
		return agent.Persona{}, Material{}, fmt.Errorf("goldfish: reviewer %q: %w", name, err)
	}
	return p, material("persona", name, data), nil
}

// Standard loads standard name (see Materials): its text without front
// matter, as reviewers receive it, and its record.
func (m Materials) Standard(name string) (agent.Standard, Material, error) {
	var s agent.Standard
	var err error
	if isPath(name) {
		d := diskFile(m.path(name))
		s, err = agent.LoadStandard(d, "", d.name())
		s.Name = name
	} else {
		s, err = agent.LoadStandard(m.fsys(), "standards", name)
	}
	if err != nil {
		return agent.Standard{}, Material{}, fmt.Errorf("%w: standard %q: %w%s", ErrBadMaterial, name, err, known(m.fsys(), "standards", name))
	}
	return s, material("standard", name, []byte(s.Text)), nil
}

// known lists the short names a folder of fsys offers, for an error about
// a short name that is not there.
func known(fsys fs.FS, dir, name string) string {
	if isPath(name) {
		return ""
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".md"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	return fmt.Sprintf(" (known: %s; or give a path containing \"/\")", strings.Join(names, ", "))
}

// diskFile is an fs.FS holding one file on disk under the name
// "disk/<base>", so that a standard given by path goes through
// agent.LoadStandard, which reads a name containing "/" as a path.
type diskFile string

func (d diskFile) name() string { return "disk/" + filepath.Base(string(d)) }

func (d diskFile) Open(name string) (fs.File, error) {
	if name != d.name() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return os.Open(string(d))
}

// Seat is one goldfish reviewer: its persona, the standards it audits
// against, and the records of both.
type Seat struct {
	// Name is the reviewer's name as given (a short name or a path).
	Name string
	// Persona is the reviewer's persona.
	Persona agent.Persona
	// Standards are the standards it receives; empty for a probe.
	Standards []agent.Standard
	// Materials record the persona and standards, in that order.
	Materials []Material
}

// Cast resolves reviewers into seats. standards maps a reviewer name to a
// standard name (or several, comma-separated); a reviewer the map does
// not name gets the standards its persona file names (the bundled personas
// name theirs: design_critic, structural and style audit against
// feature-spec-standard, implementation_readiness against
// implementation-readiness-standard, codebase_details against
// re-implementation-standard, zoom_out against zoom-out-standard and
// heilmeier-standard, comprehension against none). A map
// key that is no reviewer is an error, and so is a reviewer named twice.
func (m Materials) Cast(reviewers []string, standards map[string]string) ([]Seat, error) {
	if len(reviewers) == 0 {
		return nil, errors.New("goldfish: no reviewers")
	}
	for k := range standards {
		if !slices.Contains(reviewers, k) {
			return nil, fmt.Errorf("goldfish: a standard is given for %q, which is not a reviewer (reviewers: %s)", k, strings.Join(reviewers, ", "))
		}
	}
	seats := make([]Seat, 0, len(reviewers))
	names := map[string]bool{}
	for _, r := range reviewers {
		p, rec, err := m.Persona(r)
		if err != nil {
			return nil, err
		}
		if names[p.Name] {
			return nil, fmt.Errorf("goldfish: reviewer %q is named twice", p.Name)
		}
		names[p.Name] = true
		s := Seat{Name: r, Persona: p, Materials: []Material{rec}}
		want := p.Standards
		if v, ok := standards[r]; ok {
			want = nil
			for _, n := range strings.Split(v, ",") {
				if n = strings.TrimSpace(n); n != "" {
					want = append(want, n)
				}
			}
		}
		for _, n := range want {
			st, rec, err := m.Standard(n)
			if err != nil {
				return nil, fmt.Errorf("goldfish: reviewer %q: %w", r, err)
			}
			s.Standards = append(s.Standards, st)
			s.Materials = append(s.Materials, rec)
		}
		s.Persona.Standards = want
		seats = append(seats, s)
	}
	return seats, nil
}

// ContextMaterials reads the context materials every reviewer receives:
// files, and folders (their text files, recursively, in name order;
// hidden entries, such as .git and .goldfish, are left out). Each becomes a
// reference named by its path relative to Dir, slash-separated, with its
// record. A file given by name that is not text (loop.ReadDocument) is an
// error; one found in a folder is left out. A URL is refused: fetch it
// into a file first, so that what the reviewers read is on record. More
// than MaxContextFiles files, or more than MaxContextBytes in all, is an
// error naming the limit.
func (m Materials) ContextMaterials(paths []string) ([]agent.Reference, []Material, error) {
	limit := cmp.Or(m.MaxContextBytes, DefaultMaxContextBytes)
	var refs []agent.Reference
	var recs []Material
	seen := map[string]bool{}
	total := 0
	add := func(file string, explicit bool) error {
		abs, _ := filepath.Abs(file)
		if seen[abs] {
			return nil
		}
		seen[abs] = true
		if info, err := os.Stat(file); err == nil && info.Size() > int64(limit-total) {
			return fmt.Errorf("%w: the context materials exceed %d bytes (at %s)", ErrBadMaterial, limit, file)
		}
		data, err := loop.ReadDocument(file)
		if err != nil {
			if explicit {
				return fmt.Errorf("%w: context %s: %w", ErrBadMaterial, file, err)
			}
			return nil
		}
		total += len(data)
		if len(refs) == MaxContextFiles || total > limit {
			return fmt.Errorf("%w: the context materials exceed %d files or %d bytes (at %s)", ErrBadMaterial, MaxContextFiles, limit, file)
		}
		name := file
		if rel, err := filepath.Rel(cmp.Or(m.Dir, "."), file); err == nil && filepath.IsLocal(rel) {
			name = rel
		}
		name = filepath.ToSlash(name)
		refs = append(refs, agent.Reference{Name: "context: " + name, Text: string(data)})
		recs = append(recs, material("context", name, data))
		return nil
	}
	for _, p := range paths {
		if strings.Contains(p, "://") {
			return nil, nil, fmt.Errorf("%w: context %q is a URL: save it as a file and give its path, so that what the reviewers read is on record", ErrBadMaterial, p)
		}
		file := m.path(p)
		info, err := os.Stat(file)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: context %w", ErrBadMaterial, err)
		}
		if !info.IsDir() {
			if err := add(file, true); err != nil {
				return nil, nil, err
			}
			continue
		}
		err = filepath.WalkDir(file, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if q != file && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			return add(q, false)
		})
		if err != nil {
			return nil, nil, err
		}
	}
	return refs, recs, nil
}
