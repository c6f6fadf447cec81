package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// RootBaseID is the uriBaseId SARIF artifact locations are relative to
// when a Report has a Root; originalUriBaseIds maps it to Root.
const RootBaseID = "ROOT"

// FingerprintKey is the partialFingerprints key that carries
// finding.Fingerprint; the "/v1" is bumped if the fingerprint ever
// changes meaning.
const FingerprintKey = "kaigiFinding/v1"

// LineHashKey is the partialFingerprints key of the hash of a result's
// first line with its context (LineHashes), the fingerprint GitHub code
// scanning matches alerts by across runs.
const LineHashKey = "primaryLocationLineHash"

// WriteSARIF writes the SARIF 2.1.0 log of rep to w as indented JSON with
// a final newline: one run, whose tool driver has a rule per rule id (in
// order of first use, after rep.Rules in their order), and a result per
// Result in order.
//
// Every rule has a shortDescription, a fullDescription and help (generic
// ones for a rule rep.Rules does not describe), as GitHub code scanning
// requires. Columns are UTF-16 code units (the run declares columnKind
// utf16CodeUnits), counted from the line's first character; a BOM is not
// a character. A result that points at a span of its Text has a region
// with start and end line and column, the span's text as snippet, and
// charOffset/charLength; one that points at lines only has startLine and
// endLine; one that names no line has no region (it is about the file),
// or lines 1 to the last when its Text is given. Its fix, when it offers
// one, is a SARIF fix with one artifactChange whose replacement deletes
// that region and inserts the fix; a suppressed result (rejected,
// ignored, ...) offers none. A result's level comes from its severity
// (high: error, medium: warning, low: note), its message is the
// reviewer's name and the finding's issue (see Result), its
// relatedLocations the finding's related places (finding.Finding.Related:
// at their quote when Text holds it within their lines, else at their
// lines; their issue as message; ids from 1). Its partialFingerprints
// hold finding.Fingerprint of its finding under FingerprintKey and, when
// the result has a region and its Text, the hash of the region's first
// line under LineHashKey (see LineHashes). What each status becomes is in
// the package documentation. No property is written with an "unset"
// value such as -1.
//
// WriteSARIF returns an error wrapping ErrInvalid for a Report that fails
// Check, one naming Root when Root is neither absolute nor a file URI, and
// w's error.
func WriteSARIF(w io.Writer, rep Report) error {
	log, err := buildSARIF(rep)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return fmt.Errorf("export: writing SARIF: %w", err)
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("export: writing SARIF: %w", err)
	}
	return nil
}

// buildSARIF builds the SARIF log of rep; see WriteSARIF.
func buildSARIF(rep Report) (*sarifLog, error) {
	if err := rep.Check(); err != nil {
		return nil, err
	}
	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: rep.Tool.Name, Version: rep.Tool.Version, InformationURI: rep.Tool.InformationURI, Rules: []sarifRule{}}},
		ColumnKind: "utf16CodeUnits",
		Results:    make([]*sarifResult, 0, len(rep.Results)),
	}
	if rep.Root != "" {
		u, err := rootURI(rep.Root)
		if err != nil {
			return nil, err
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{RootBaseID: {URI: u}}
	}
	rules := make(map[string]int, len(rep.Rules))
	addRule := func(ru Rule) {
		rules[ru.ID] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(ru))
	}
	for _, ru := range rep.Rules {
		addRule(ru)
	}
	locs := locateAll(rep.Results)
	hashes := lineHashCache{}
	for i, r := range rep.Results {
		id := r.rule()
		if _, ok := rules[id]; !ok {
			addRule(Rule{ID: id})
		}
		res := sarifResultOf(rep, r, locs[i])
		res.RuleIndex = rules[id]
		if reg := res.Locations[0].PhysicalLocation.Region; reg != nil && r.Text != nil {
			if h := hashes.line(r.File, r.Text, reg.StartLine); h != "" {
				res.PartialFingerprints[LineHashKey] = h
			}
		}
		run.Results = append(run.Results, res)
	}
	return &sarifLog{Schema: SARIFSchemaURL, Version: "2.1.0", Runs: []sarifRun{run}}, nil
}

// sarifRuleOf is the reporting descriptor of ru, with a generic
// description and help when ru has none, and without a name that only
// repeats the id. The full description is the description followed by
// the help's first paragraph (GitHub shows it on the alert's page).
func sarifRuleOf(ru Rule) sarifRule {
	d := sarifRule{ID: ru.ID}
	if ru.Name != "" && !strings.EqualFold(ru.Name, ru.ID) { // SARIF wants a name unlike the id, or none
		d.Name = ru.Name
	}
	desc := strings.TrimSpace(ru.Description)
	if desc == "" {
		desc = fmt.Sprintf("Findings of the %q lens, raised by a reviewer of the run.", ru.ID)
	}
	help := strings.TrimSpace(ru.Help)
	if help == "" {
		help = "Read the finding's message; a result with a fix proposes the replacement text, which a person may apply or reject."
	}
	d.ShortDescription = sarifMultiText{Text: desc}
	d.FullDescription = sarifMultiText{Text: desc + " " + firstParagraph(help)}
	d.Help = sarifMultiText{Text: help, Markdown: help}
	return d
}

// firstParagraph is text up to its first blank line, on one line.
func firstParagraph(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	return strings.Join(strings.Fields(text), " ")
}

// sarifResultOf builds the SARIF result of r, but for its rule index and
// line hash.
func sarifResultOf(rep Report, r Result, loc location) *sarifResult {
	f := r.Finding
	res := &sarifResult{
		RuleID:              r.rule(),
		Kind:                "fail",
		Level:               level(f.Severity),
		Message:             sarifMessage{Text: message(r)},
		PartialFingerprints: map[string]string{FingerprintKey: finding.Fingerprint(f)},
	}
	phys := sarifPhysicalLocation{ArtifactLocation: artifact(rep, r.File)}
	switch {
	case loc.cols || !loc.lines.IsZero():
		phys.Region = region(loc, true)
	case len(r.Text) > 0: // about the whole file, whose lines are known
		phys.Region = &sarifRegion{StartLine: 1, EndLine: lineCount(r.Text)}
	} // else about the whole file, with no region
	res.Locations = []sarifLocation{{PhysicalLocation: phys}}
	res.RelatedLocations = related(rep, r)
	st := r.status()
	switch st {
	case finding.Applied:
		res.Kind, res.Level = "informational", "none"
	case finding.Rejected, finding.Ignored, finding.Duplicate, finding.Superseded:
		just := r.Reason
		if just == "" {
			just = string(st)
		}
		res.Suppressions = []sarifSuppression{{Kind: "external", Status: "accepted", Justification: just}}
	}
	if loc.fixed && !suppressed(st) {
		desc := "Replace the quoted text with the reviewer's fix."
		if st == finding.Applied {
			desc = "The fix that was applied."
		}
		res.Fixes = []sarifFix{{Description: sarifMessage{Text: desc}, ArtifactChanges: []sarifArtifactChange{{
			ArtifactLocation: artifact(rep, r.File),
			Replacements:     []sarifReplacement{{DeletedRegion: *region(loc, false), InsertedContent: sarifArtifactContent{Text: loc.fix}}},
		}}}}
	}
	props := map[string]any{"status": string(st), "severity": string(f.Severity), "confidence": f.Confidence}
	for k, v := range map[string]string{"reviewer": r.Reviewer, "findingId": f.ID, "category": f.Category, "key": r.Key, "reason": r.Reason} {
		if v != "" {
			props[k] = v
		}
	}
	if r.Round > 0 {
		props["round"] = r.Round
	}
	res.Properties = props
	return res
}

// message is the text of r's SARIF message: the finding's issue, with the
// reviewer's name.
func message(r Result) string {
	issue := strings.TrimSpace(r.Finding.Issue)
	if issue == "" {
		issue = "(no issue given)"
	}
	if r.Reviewer != "" {
		return r.Reviewer + ": " + issue
	}
	return issue
}

// level maps a severity onto a SARIF level.
func level(s finding.Severity) string {
	switch s {
	case finding.High:
		return "error"
	case finding.Medium:
		return "warning"
	}
	return "note"
}

// artifact is the artifact location of file.
func artifact(rep Report, file string) sarifArtifactLocation {
	a := sarifArtifactLocation{URI: escapePath(file)}
	if rep.Root != "" {
		a.URIBaseID = RootBaseID
	}
	return a
}

// region is the SARIF region of loc; snippet says whether to include the
// span's text (a deleted region carries none).
func region(loc location, snippet bool) *sarifRegion {
	if !loc.cols {
		return &sarifRegion{StartLine: loc.lines.Start, EndLine: loc.lines.End}
	}
	off, n := loc.utf16Off, loc.utf16Len
	reg := &sarifRegion{StartLine: loc.start.line, StartColumn: loc.start.utf16Col,
		EndLine: loc.end.line, EndColumn: loc.end.utf16Col, CharOffset: &off, CharLength: &n}
	if snippet {
		reg.Snippet = &sarifArtifactContent{Text: loc.snippet}
	}
	return reg
}

// escapePath percent-encodes a slash path as a relative URI reference:
// every byte but unreserved characters and '/' is encoded, so that ':'
// in the first segment, '%', '#', '?', spaces and non-ASCII names are
// safe.
func escapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// rootURI returns root as an absolute file URI ending in '/'.
func rootURI(root string) (string, error) {
	if strings.HasPrefix(root, "file:") {
		u, err := url.Parse(root)
		if err != nil || u.Scheme != "file" {
			return "", fmt.Errorf("export: root %q is not a file URI: %v", root, err)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		return u.String(), nil
	}
	if !filepath.IsAbs(root) {
		return "", fmt.Errorf("export: root %q is not an absolute path or a file URI", root)
	}
	p := filepath.ToSlash(root)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return "file://" + escapePath(p), nil
}

// lineCount counts text's lines, a last line without a newline included.
func lineCount(text []byte) int {
	n := bytes.Count(text, []byte("\n"))
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return max(n, 1)
}
