package export

import (
	"bytes"

	"github.com/kaigi-dev/kaigi/apply/document"
	"github.com/kaigi-dev/kaigi/finding"
)

// relatedPlace is where one of a finding's related places
// (finding.Finding.Related) points.
type relatedPlace struct {
	file    string
	loc     location
	message string
}

// relatedPlaces locates r's related places: each in its file (r.File when
// the place names none or the finding's own), at its quote within its
// lines when r.Text holds it there, else at its lines (clamped to Text's
// lines). A place with no valid line range, or in a file that is not a
// clean relative path, is left out.
func relatedPlaces(r Result) []relatedPlace {
	rel := r.Finding.Related
	if len(rel) == 0 {
		return nil
	}
	var x *textIndex
	out := make([]relatedPlace, 0, len(rel))
	for _, l := range rel {
		if !l.LineRange.Valid() {
			continue
		}
		p := relatedPlace{file: r.File, message: l.Issue, loc: location{lines: l.LineRange}}
		if l.File != "" && l.File != r.Finding.File {
			if checkFile(l.File) != nil {
				continue
			}
			p.file = l.File
			out = append(out, p)
			continue
		}
		if r.Text != nil {
			if x == nil {
				x = &textIndex{text: r.Text, lines: document.NewLines(r.Text)}
			}
			n := max(x.lines.Count(), 1)
			lr := finding.LineRange{Start: min(l.LineRange.Start, n), End: min(l.LineRange.End, n)}
			p.loc.lines = lr
			if l.Quote != "" {
				sp := x.lines.Span(lr.Start, lr.End)
				if i := bytes.Index(r.Text[sp.Start:sp.End], []byte(l.Quote)); i >= 0 {
					p.loc = x.spanLocation(document.Span{Start: sp.Start + i, End: sp.Start + i + len(l.Quote)}, "", false)
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// related is r's related places as SARIF relatedLocations, numbered from
// 1, each with its issue as message when it has one.
func related(rep Report, r Result) []sarifLocation {
	var out []sarifLocation
	for k, p := range relatedPlaces(r) {
		id := k + 1
		l := sarifLocation{ID: &id, PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifact(rep, p.file), Region: region(p.loc, true)}}
		if p.message != "" {
			l.Message = &sarifMessage{Text: p.message}
		}
		out = append(out, l)
	}
	return out
}

// rdRelatedLocation is reviewdog's RelatedLocation.
type rdRelatedLocation struct {
	Message  string     `json:"message,omitempty"`
	Location rdLocation `json:"location"`
}

// rdRelated is r's related places as reviewdog related locations.
func rdRelated(r Result) []rdRelatedLocation {
	var out []rdRelatedLocation
	for _, p := range relatedPlaces(r) {
		out = append(out, rdRelatedLocation{Message: p.message, Location: rdLocation{Path: p.file, Range: rdRangeOf(p.loc)}})
	}
	return out
}
