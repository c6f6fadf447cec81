package tools

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Format names the output format of a tool.
type Format string

// The formats Parse reads.
const (
	SARIF    Format = "sarif"    // SARIF 2.1.0
	RDJSON   Format = "rdjson"   // reviewdog Diagnostic Format, one DiagnosticResult
	RDJSONL  Format = "rdjsonl"  // reviewdog Diagnostic Format, one Diagnostic per line
	Textlint Format = "textlint" // textlint --format json
	Vale     Format = "vale"     // vale --output JSON
	Lines    Format = "lines"    // file:line:col: message
)

// ErrFormat wraps output that is not in the format it was said to be.
var ErrFormat = errors.New("tools: output not in the expected format")

// Severity is a diagnostic's severity, as the tools say it, folded to
// three levels.
type Severity string

// The severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Diagnostic is one finding of a tool.
type Diagnostic struct {
	// Path is the file, slash-separated and relative to the root given
	// to Parse when the tool named it inside the root; as the tool wrote
	// it otherwise.
	Path string `json:"path"`
	// Line and EndLine are 1-based; EndLine is Line when the tool gave
	// no end. Column is 1-based, 0 when unknown.
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	Column  int `json:"column,omitempty"`
	// Severity is the tool's, folded; warning when it gives none.
	Severity Severity `json:"severity"`
	// Rule is the tool's rule id ("SA4006", "no-todo", "Vale.Spelling");
	// empty when the format has none.
	Rule string `json:"rule,omitempty"`
	// Message is the tool's message.
	Message string `json:"message"`
	// Source names the tool, when the output does.
	Source string `json:"source,omitempty"`
	// Match is the text the diagnostic points at, when the output gives
	// it (Vale's Match).
	Match string `json:"match,omitempty"`
}

// Parse reads out, a tool's output in format f; root is the folder the
// tool ran in, for making file names relative. Diagnostics without a file
// or a line are left out (SARIF results about the whole run, say).
func Parse(f Format, out []byte, root string) ([]Diagnostic, error) {
	ds, _, err := parse(f, out, root)
	return ds, err
}

// parse is Parse that also returns the diagnostics it left out for want
// of a file or a line.
func parse(f Format, out []byte, root string) (placed, unplaced []Diagnostic, err error) {
	var ds []Diagnostic
	switch f {
	case SARIF:
		ds, err = parseSARIF(out)
	case RDJSON:
		ds, err = parseRDJSON(out)
	case RDJSONL:
		ds, err = parseRDJSONL(out)
	case Textlint:
		ds, err = parseTextlint(out)
	case Vale:
		ds, err = parseVale(out)
	case Lines:
		ds = parseLines(out)
	default:
		return nil, nil, fmt.Errorf("tools: unknown format %q", f)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%w (%s): %w", ErrFormat, f, err)
	}
	for _, d := range ds {
		if d.Path == "" || d.Line < 1 {
			unplaced = append(unplaced, d)
			continue
		}
		d.Path = relPath(root, d.Path)
		if d.EndLine < d.Line {
			d.EndLine = d.Line
		}
		if d.Severity == "" {
			d.Severity = Warning
		}
		placed = append(placed, d)
	}
	return placed, unplaced, nil
}

// relPath makes p (a path or a file:// URI) relative to root where it lies
// inside it.
func relPath(root, p string) string {
	if u, err := url.Parse(p); err == nil && u.Scheme == "file" {
		p = u.Path
	}
	p = filepath.FromSlash(p)
	if root != "" {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, abs)
		}
		if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
	}
	return filepath.ToSlash(filepath.Clean(p))
}

// level folds the tools' severities.
func level(s string) Severity {
	switch strings.ToLower(s) {
	case "error", "err", "fatal", "e", "2":
		return Error
	case "note", "info", "information", "suggestion", "hint", "none", "i", "0":
		return Info
	}
	return Warning
}

type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name string `json:"name"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID  string `json:"ruleId"`
			Level   string `json:"level"`
			Message struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
						EndLine     int `json:"endLine"`
						Snippet     *struct {
							Text string `json:"text"`
						} `json:"snippet"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func parseSARIF(out []byte) ([]Diagnostic, error) {
	var log sarifLog
	if err := json.Unmarshal(out, &log); err != nil {
		return nil, err
	}
	if log.Version != "2.1.0" {
		return nil, fmt.Errorf("SARIF version %q, want 2.1.0", log.Version)
	}
	var ds []Diagnostic
	for _, run := range log.Runs {
		for _, r := range run.Results {
			if len(r.Locations) == 0 { // about the run, not a place: kept, unplaced
				ds = append(ds, Diagnostic{Severity: level(r.Level), Rule: r.RuleID, Message: r.Message.Text, Source: run.Tool.Driver.Name})
				continue
			}
			for _, loc := range r.Locations[:1] {
				pl := loc.PhysicalLocation
				d := Diagnostic{Path: pl.ArtifactLocation.URI, Line: pl.Region.StartLine, EndLine: pl.Region.EndLine,
					Column: pl.Region.StartColumn, Severity: level(r.Level), Rule: r.RuleID, Message: r.Message.Text, Source: run.Tool.Driver.Name}
				if r.Level == "" {
					d.Severity = Warning // SARIF's default level
				}
				if pl.Region.Snippet != nil {
					d.Match = pl.Region.Snippet.Text
				}
				ds = append(ds, d)
			}
		}
	}
	return ds, nil
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type rdDiagnostic struct {
	Message  string `json:"message"`
	Location struct {
		Path  string `json:"path"`
		Range struct {
			Start rdPosition `json:"start"`
			End   rdPosition `json:"end"`
		} `json:"range"`
	} `json:"location"`
	Severity string `json:"severity"`
	Source   *struct {
		Name string `json:"name"`
	} `json:"source"`
	Code *struct {
		Value string `json:"value"`
	} `json:"code"`
	OriginalOutput string `json:"original_output"`
}

func (r rdDiagnostic) diagnostic(source string) Diagnostic {
	d := Diagnostic{Path: r.Location.Path, Line: r.Location.Range.Start.Line, EndLine: r.Location.Range.End.Line,
		Column: r.Location.Range.Start.Column, Severity: level(r.Severity), Message: r.Message, Source: source}
	if r.Severity == "" || strings.EqualFold(r.Severity, "UNKNOWN_SEVERITY") {
		d.Severity = Warning
	}
	if r.Source != nil && r.Source.Name != "" {
		d.Source = r.Source.Name
	}
	if r.Code != nil {
		d.Rule = r.Code.Value
	}
	return d
}

func parseRDJSON(out []byte) ([]Diagnostic, error) {
	var res struct {
		Source *struct {
			Name string `json:"name"`
		} `json:"source"`
		Diagnostics []rdDiagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, err
	}
	src := ""
	if res.Source != nil {
		src = res.Source.Name
	}
	var ds []Diagnostic
	for _, r := range res.Diagnostics {
		ds = append(ds, r.diagnostic(src))
	}
	return ds, nil
}

func parseRDJSONL(out []byte) ([]Diagnostic, error) {
	var ds []Diagnostic
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var r rdDiagnostic
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		ds = append(ds, r.diagnostic(""))
	}
	return ds, sc.Err()
}

func parseTextlint(out []byte) ([]Diagnostic, error) {
	var files []struct {
		FilePath string `json:"filePath"`
		Messages []struct {
			RuleID   string `json:"ruleId"`
			Message  string `json:"message"`
			Line     int    `json:"line"`
			Column   int    `json:"column"`
			Severity int    `json:"severity"`
			Loc      *struct {
				End struct {
					Line int `json:"line"`
				} `json:"end"`
			} `json:"loc"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(out, &files); err != nil {
		return nil, err
	}
	var ds []Diagnostic
	for _, f := range files {
		for _, m := range f.Messages {
			d := Diagnostic{Path: f.FilePath, Line: m.Line, Column: m.Column, Rule: m.RuleID, Message: m.Message, Source: "textlint"}
			switch m.Severity {
			case 2:
				d.Severity = Error
			case 1:
				d.Severity = Warning
			default:
				d.Severity = Info
			}
			if m.Loc != nil {
				d.EndLine = m.Loc.End.Line
			}
			ds = append(ds, d)
		}
	}
	return ds, nil
}

func parseVale(out []byte) ([]Diagnostic, error) {
	var files map[string][]struct {
		Check    string `json:"Check"`
		Message  string `json:"Message"`
		Severity string `json:"Severity"`
		Line     int    `json:"Line"`
		Span     []int  `json:"Span"`
		Match    string `json:"Match"`
	}
	if err := json.Unmarshal(out, &files); err != nil {
		return nil, err
	}
	var ds []Diagnostic
	for _, name := range slices.Sorted(maps.Keys(files)) {
		for _, a := range files[name] {
			d := Diagnostic{Path: name, Line: a.Line, Rule: a.Check, Message: a.Message, Severity: level(a.Severity), Source: "vale", Match: a.Match}
			if len(a.Span) > 0 {
				d.Column = a.Span[0]
			}
			ds = append(ds, d)
		}
	}
	return ds, nil
}

// lineRE matches "file:line:col: message" and "file:line: message".
var lineRE = regexp.MustCompile(`^(.+?):(\d+)(?::(\d+))?: (.+)$`)

func parseLines(out []byte) []Diagnostic {
	var ds []Diagnostic
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		// go vet writes "vet: " before a type error's position.
		m := lineRE.FindStringSubmatch(strings.TrimPrefix(strings.TrimRight(sc.Text(), "\r"), "vet: "))
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		msg := strings.TrimPrefix(m[4], "vet: ")
		sev := Warning
		switch {
		case strings.HasPrefix(msg, "error: "):
			sev, msg = Error, strings.TrimPrefix(msg, "error: ")
		case strings.HasPrefix(msg, "warning: "):
			msg = strings.TrimPrefix(msg, "warning: ")
		}
		ds = append(ds, Diagnostic{Path: m[1], Line: line, Column: col, Severity: sev, Message: msg})
	}
	return ds
}
