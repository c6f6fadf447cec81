package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Persona is a reviewer's role: who it is, the lens it reads through, and
// the standards it audits against. It is data; NewLLMReviewer turns it into
// a Reviewer.
type Persona struct {
	// Name is the reviewer's name in reports. Example: "fact-checker".
	Name string

	// Category is the category of the persona's findings. Empty means
	// Name. Example: "fact".
	Category string

	// Lens says in one or two sentences what the persona looks for.
	// Example: "Claims a reader could not verify".
	Lens string

	// Instructions are the persona's detailed instructions, usually the
	// body of its Markdown file.
	Instructions string

	// Standards names the standards the persona audits against, each a
	// short name ("style") or a path ("docs/style.md"), as LoadStandard
	// accepts them. The standards' text reaches the model as shared
	// Target.References; see StandardReferences.
	Standards []string

	// SeverityScale names the persona's own severity scale, which the
	// model maps onto low/medium/high. Example: "Blocker/Major/Nit".
	SeverityScale string
}

// FindingCategory returns p.Category, or p.Name when Category is empty.
func (p Persona) FindingCategory() string {
	if p.Category != "" {
		return p.Category
	}
	return p.Name
}

// Standard is a text a reviewer audits against: a style guide, a checklist,
// a spec.
type Standard struct {
	// Name is the short name or path the standard was asked for by.
	// Example: "style".
	Name string
	// Text is the standard's Markdown text, front matter removed.
	Text string
}

// Reference returns s as shared reference material.
func (s Standard) Reference() Reference { return Reference{Name: s.Name, Text: s.Text} }

// ErrBadName reports a persona or standard name that is neither a short
// name nor a valid fs.FS path.
var ErrBadName = errors.New("agent: bad persona or standard name")

// FileError is an error in a persona or standard file: which file, which
// line (0 when the error is not about one line), and what was wrong.
type FileError struct {
	File string
	Line int
	Err  error
}

// Error formats e as "file:line: message", or "file: message" when Line
// is 0.
func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

// Unwrap returns e.Err.
func (e *FileError) Unwrap() error { return e.Err }

// resolve turns a short name into "<dir>/<name>.md" and keeps a name
// containing "/" as a path.
func resolve(dir, name string) (string, error) {
	p := name
	if !strings.Contains(name, "/") {
		p = path.Join(dir, name+".md")
	}
	if name == "" || !fs.ValidPath(p) {
		return "", fmt.Errorf("%w: %q", ErrBadName, name)
	}
	return p, nil
}

// LoadPersona reads a persona from fsys. A short name resolves to
// "<dir>/<name>.md"; a name containing "/" is a path in fsys. See
// ParsePersona for the file's format.
func LoadPersona(fsys fs.FS, dir, name string) (Persona, error) {
	file, err := resolve(dir, name)
	if err != nil {
		return Persona{}, err
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return Persona{}, fmt.Errorf("agent: persona %q: %w", name, err)
	}
	return ParsePersona(file, data)
}

// ParsePersona parses a persona file. file names it in errors and gives the
// default name (its base name without ".md").
//
// The file is Markdown with a small front matter; the body is the
// persona's Instructions:
//
//	---
//	name: fact-checker
//	category: fact
//	lens: Claims a reader could not verify
//	standards: sources, style      # or a "- item" list
//	severity-scale: Blocker/Major/Nit
//	---
//	Check at most five uncertain claims ...
//
// Every key is optional; an unknown key is an error naming its line. A BOM
// and CRLF line ends are accepted.
func ParsePersona(file string, data []byte) (Persona, error) {
	fields, body, _, err := splitFrontMatter(string(data))
	if err != nil {
		return Persona{}, fileError(file, err)
	}
	p := Persona{
		Name:         strings.TrimSuffix(path.Base(file), ".md"),
		Instructions: strings.TrimSpace(body),
	}
	for _, f := range fields {
		if f.key == "standards" {
			p.Standards = splitList(f.values)
			continue
		}
		if len(f.values) > 1 {
			return Persona{}, &FileError{file, f.line, fmt.Errorf("key %q takes one value, got a list", f.key)}
		}
		v := strings.Join(f.values, "")
		switch f.key {
		case "name":
			p.Name = v
		case "category":
			p.Category = v
		case "lens":
			p.Lens = v
		case "severity-scale":
			p.SeverityScale = v
		default:
			return Persona{}, &FileError{file, f.line, fmt.Errorf("unknown key %q (known: name, category, lens, standards, severity-scale)", f.key)}
		}
	}
	if p.Name == "" {
		return Persona{}, &FileError{File: file, Err: errors.New("persona has no name")}
	}
	return p, nil
}

// LoadStandard reads a standard from fsys, resolving name like
// LoadPersona. Its Text is the file's body with any front matter removed,
// a BOM dropped and CRLF read as LF.
func LoadStandard(fsys fs.FS, dir, name string) (Standard, error) {
	file, err := resolve(dir, name)
	if err != nil {
		return Standard{}, err
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return Standard{}, fmt.Errorf("agent: standard %q: %w", name, err)
	}
	_, body, _, err := splitFrontMatter(string(data))
	if err != nil {
		return Standard{}, fileError(file, err)
	}
	return Standard{Name: name, Text: strings.TrimSpace(body)}, nil
}

// StandardReferences loads every standard the personas name, once each,
// sorted by name, as shared reference material for Target.References.
// Every reviewer of a council then receives the same bytes.
func StandardReferences(fsys fs.FS, dir string, personas ...Persona) ([]Reference, error) {
	var names []string
	for _, p := range personas {
		names = append(names, p.Standards...)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	refs := make([]Reference, 0, len(names))
	for _, n := range names {
		s, err := LoadStandard(fsys, dir, n)
		if err != nil {
			return nil, err
		}
		refs = append(refs, s.Reference())
	}
	return refs, nil
}

// fileError wraps a front matter error with the file name and line.
func fileError(file string, err error) error {
	var fe *frontMatterError
	if errors.As(err, &fe) {
		return &FileError{File: file, Line: fe.line, Err: errors.New(fe.msg)}
	}
	return &FileError{File: file, Err: err}
}
