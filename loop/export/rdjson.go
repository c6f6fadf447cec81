package export

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kaigi-dev/kaigi/finding"
)

// The reviewdog Diagnostic Format (rdf), as reviewdog's
// proto/rdf/reviewdog.proto defines it and its JSON form spells it. Only
// the fields this package writes are declared.
type (
	rdResult struct {
		Source      rdSource       `json:"source"`
		Diagnostics []rdDiagnostic `json:"diagnostics"`
	}
	rdDiagnostic struct {
		Message     string         `json:"message"`
		Location    rdLocation     `json:"location"`
		Severity    string         `json:"severity"`
		Source      rdSource       `json:"source"`
		Code        *rdCode        `json:"code,omitempty"`
		Suggestions []rdSuggestion `json:"suggestions,omitempty"`
		// RelatedLocations is the finding's related places.
		RelatedLocations []rdRelatedLocation `json:"related_locations,omitempty"`
	}
	rdLocation struct {
		Path  string   `json:"path"`
		Range *rdRange `json:"range,omitempty"`
	}
	rdRange struct {
		Start rdPosition  `json:"start"`
		End   *rdPosition `json:"end,omitempty"`
	}
	rdPosition struct {
		Line   int `json:"line"`
		Column int `json:"column,omitempty"`
	}
	rdSource struct {
		Name string `json:"name"`
		URL  string `json:"url,omitempty"`
	}
	rdCode struct {
		Value string `json:"value"`
	}
	rdSuggestion struct {
		Range rdRange `json:"range"`
		Text  string  `json:"text"`
	}
)

// WriteRDJSONL writes rep as reviewdog's rdjsonl: one Diagnostic JSON
// object a line, for `reviewdog -f=rdjsonl`. See WriteRDJSON for what a
// diagnostic holds.
func WriteRDJSONL(w io.Writer, rep Report) error {
	diags, err := rdDiagnostics(rep)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, d := range diags {
		if err := enc.Encode(d); err != nil {
			return fmt.Errorf("export: writing rdjsonl: %w", err)
		}
	}
	return nil
}

// WriteRDJSON writes rep as reviewdog's rdjson: one DiagnosticResult
// object, for `reviewdog -f=rdjson`.
//
// A diagnostic is written for every result that is not suppressed (see
// the package documentation): its message is the reviewer's name and the
// finding's issue (an applied one is marked so), its severity ERROR, WARNING or INFO from the
// finding's severity (INFO for an applied finding), its source the tool's
// name, its code the rule id, and its location the file with the range
// the result points at, and its related locations the finding's related
// places (finding.Finding.Related, located as SARIF locates them, with
// their issue as message). Lines and columns are 1-based and columns count
// UTF-8 bytes from the line's first byte (a BOM counts), as reviewdog
// expects; the end is exclusive; a result that points at lines only has
// no columns, which reviewdog reads as whole lines. A finding with a fix
// that is still open has one suggestion: its range (the same as the
// diagnostic's, as reviewdog's pull-request review requires) and the
// replacement text.
func WriteRDJSON(w io.Writer, rep Report) error {
	diags, err := rdDiagnostics(rep)
	if err != nil {
		return err
	}
	if diags == nil {
		diags = []rdDiagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rdResult{Source: rdSource{Name: rep.Tool.Name, URL: rep.Tool.InformationURI}, Diagnostics: diags}); err != nil {
		return fmt.Errorf("export: writing rdjson: %w", err)
	}
	return nil
}

// rdDiagnostics returns the diagnostics of rep's unsuppressed results.
func rdDiagnostics(rep Report) ([]rdDiagnostic, error) {
	if err := rep.Check(); err != nil {
		return nil, err
	}
	var diags []rdDiagnostic
	locs := locateAll(rep.Results)
	for i, r := range rep.Results {
		st := r.status()
		if suppressed(st) {
			continue
		}
		loc := locs[i]
		d := rdDiagnostic{
			Message:          message(r),
			Location:         rdLocation{Path: r.File, Range: rdRangeOf(loc)},
			Severity:         rdSeverity(r.Finding.Severity),
			Source:           rdSource{Name: rep.Tool.Name, URL: rep.Tool.InformationURI},
			Code:             &rdCode{Value: r.rule()},
			RelatedLocations: rdRelated(r),
		}
		if st == finding.Applied {
			d.Message = "applied: " + d.Message
			d.Severity = "INFO"
		} else if loc.fixed {
			d.Suggestions = []rdSuggestion{{Range: *rdRangeOf(loc), Text: loc.fix}}
		}
		diags = append(diags, d)
	}
	return diags, nil
}

// rdRangeOf is the reviewdog range of loc, or nil when it names no line.
func rdRangeOf(loc location) *rdRange {
	switch {
	case loc.cols:
		return &rdRange{
			Start: rdPosition{Line: loc.start.line, Column: loc.start.byteCol},
			End:   &rdPosition{Line: loc.end.line, Column: loc.end.byteCol},
		}
	case loc.lines.IsZero():
		return nil
	}
	return &rdRange{Start: rdPosition{Line: loc.lines.Start}, End: &rdPosition{Line: loc.lines.End}}
}

// rdSeverity maps a severity onto reviewdog's.
func rdSeverity(s finding.Severity) string {
	switch s {
	case finding.High:
		return "ERROR"
	case finding.Medium:
		return "WARNING"
	}
	return "INFO"
}

// suppressed reports whether a finding with status st was set aside, so
// that only SARIF (as a suppressed result) reports it.
func suppressed(st finding.Status) bool {
	switch st {
	case finding.Rejected, finding.Ignored, finding.Duplicate, finding.Superseded:
		return true
	}
	return false
}
