package export

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Format names an output format of Write.
type Format string

// The formats Write writes.
const (
	// FormatSARIF is SARIF 2.1.0 (WriteSARIF).
	FormatSARIF Format = "sarif"
	// FormatRDJSON is reviewdog's rdjson (WriteRDJSON).
	FormatRDJSON Format = "rdjson"
	// FormatRDJSONL is reviewdog's rdjsonl (WriteRDJSONL).
	FormatRDJSONL Format = "rdjsonl"
	// FormatGitHub is GitHub Actions workflow commands (WriteGitHub).
	FormatGitHub Format = "github"
)

// Formats lists the formats Write writes, in the order a usage message
// shows them.
func Formats() []Format {
	return []Format{FormatSARIF, FormatRDJSON, FormatRDJSONL, FormatGitHub}
}

// ErrUnknownFormat is wrapped by the error ParseFormat and Write return
// for a format they do not know. Check with errors.Is.
var ErrUnknownFormat = errors.New("export: unknown format")

// ParseFormat returns the format named s (case and surrounding white
// space ignored), or an error that quotes s, lists the formats and wraps
// ErrUnknownFormat.
func ParseFormat(s string) (Format, error) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	for _, known := range Formats() {
		if f == known {
			return f, nil
		}
	}
	return "", fmt.Errorf("%w %q (want one of %s)", ErrUnknownFormat, s, formatList())
}

// formatList words the formats for a message.
func formatList() string {
	names := make([]string, 0, len(Formats()))
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// Write writes rep to w in format f.
func Write(w io.Writer, f Format, rep Report) error {
	switch f {
	case FormatSARIF:
		return WriteSARIF(w, rep)
	case FormatRDJSON:
		return WriteRDJSON(w, rep)
	case FormatRDJSONL:
		return WriteRDJSONL(w, rep)
	case FormatGitHub:
		return WriteGitHub(w, rep)
	}
	return fmt.Errorf("%w %q (want one of %s)", ErrUnknownFormat, f, formatList())
}
