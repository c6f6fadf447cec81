package export

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/kaigi-dev/kaigi/finding"
)

// RootBaseID is the uriBaseId SARIF artifact locations are relative to
// when a Report has a Root; originalUriBaseIds maps it to Root.
const RootBaseID = "ROOT"

// FingerprintKey is the partialFingerprints key that carries
// finding.Fingerprint; the "/v1" is bumped if the fingerprint ever
// changes meaning.
const FingerprintKey = "kaigiFinding/v1"

// SARIF builds the SARIF 2.1.0 log of rep, with the go-sarif library: one
// run, whose tool driver has a rule per rule id (in order of first use,
// after rep.Rules in their order), and a result per Result in order.
//
// Columns are UTF-16 code units (the run declares columnKind
// utf16CodeUnits), counted from the line's first character; a BOM is not
// a character. A result that points at a span of its Text has a region
// with start and end line and column, the span's text as snippet, and
// charOffset/charLength; one that points at lines only has startLine and
// endLine; one that names no line has no region (it is about the file). Its fix, when it offers one, is a SARIF fix with one
// artifactChange whose replacement deletes that region and inserts the
// fix; a suppressed result (rejected, ignored, ...) offers none. A
// result's level comes from its severity (high: error, medium: warning,
// low: note), its message is the reviewer's name and the finding's issue
// (see Result), its relatedLocations the finding's related places
// (finding.Finding.Related: at their quote when Text holds it within their
// lines, else at their lines; their issue as message), and
// partialFingerprints[FingerprintKey] is finding.Fingerprint of its
// finding. What each status becomes is in the package documentation.
//
// SARIF returns an error wrapping ErrInvalid for a Report that fails
// Check, and one naming Root when Root is neither absolute nor a file URI.
func SARIF(rep Report) (*sarif.Report, error) {
	if err := rep.Check(); err != nil {
		return nil, err
	}
	run := sarif.NewRun()
	run.Tool = sarif.NewTool()
	run.Tool.Driver = sarif.NewToolComponent().WithName(rep.Tool.Name)
	if rep.Tool.Version != "" {
		run.Tool.Driver.WithVersion(rep.Tool.Version)
	}
	if rep.Tool.InformationURI != "" {
		run.Tool.Driver.WithInformationURI(rep.Tool.InformationURI)
	}
	run.WithColumnKind("utf16CodeUnits")
	if rep.Root != "" {
		u, err := rootURI(rep.Root)
		if err != nil {
			return nil, err
		}
		run.OriginalUriBaseIds = map[string]sarif.ArtifactLocation{RootBaseID: {URI: &u, Index: -1}}
	}
	for _, ru := range rep.Rules {
		addRule(run, ru)
	}
	locs := locateAll(rep.Results)
	for i, r := range rep.Results {
		id := r.rule()
		if run.GetRuleIndex(id) < 0 {
			addRule(run, Rule{ID: id})
		}
		run.AddResult(sarifResult(run, rep, r, locs[i]))
	}
	log := sarif.NewReport()
	log.AddRun(run)
	return log, nil
}

// WriteSARIF writes the SARIF log of rep (see SARIF) to w as indented
// JSON with a final newline.
func WriteSARIF(w io.Writer, rep Report) error {
	log, err := SARIF(rep)
	if err != nil {
		return err
	}
	if err := log.PrettyWrite(w); err != nil {
		return fmt.Errorf("export: writing SARIF: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("export: writing SARIF: %w", err)
	}
	return nil
}

// addRule adds the reporting descriptor of ru, with a generic
// description and help when ru has none, and without a name that only
// repeats the id.
func addRule(run *sarif.Run, ru Rule) {
	d := run.AddRule(ru.ID)
	if ru.Name != "" && !strings.EqualFold(ru.Name, ru.ID) { // SARIF wants a name unlike the id, or none
		d.WithName(ru.Name)
	}
	desc := ru.Description
	if desc == "" {
		desc = fmt.Sprintf("Findings of the %q lens, raised by a reviewer of the run.", ru.ID)
	}
	d.WithShortDescription(sarif.NewMultiformatMessageString().WithText(desc))
	help := ru.Help
	if help == "" {
		help = "Read the finding's message; a result with a fix proposes the replacement text, which a person may apply or reject."
	}
	d.WithHelp(sarif.NewMultiformatMessageString().WithText(help).WithMarkdown(help))
}

// sarifResult builds the SARIF result of r.
func sarifResult(run *sarif.Run, rep Report, r Result, loc location) *sarif.Result {
	f := r.Finding
	id := r.rule()
	res := sarif.NewRuleResult(id).WithRuleIndex(run.GetRuleIndex(id))
	res.WithMessage(sarif.NewTextMessage(message(r)))
	res.WithLevel(level(f.Severity))
	res.PartialFingerprints = map[string]string{FingerprintKey: finding.Fingerprint(f)}
	phys := sarif.NewPhysicalLocation().WithArtifactLocation(artifact(rep, r.File))
	switch {
	case loc.cols || !loc.lines.IsZero():
		phys.WithRegion(region(loc, true))
	case len(r.Text) > 0: // about the whole file, whose lines are known
		phys.WithRegion(sarif.NewRegion().WithStartLine(1).WithEndLine(lineCount(r.Text)))
	} // else about the whole file, with no region
	res.AddLocation(sarif.NewLocationWithPhysicalLocation(phys))
	addRelated(res, rep, r)
	st := r.status()
	switch st {
	case finding.Applied:
		res.WithKind("informational").WithLevel(sarif.LevelNone)
	case finding.Rejected, finding.Ignored, finding.Duplicate, finding.Superseded:
		just := r.Reason
		if just == "" {
			just = string(st)
		}
		res.AddSuppression(sarif.NewSuppression().WithKind("external").WithStatus("accepted").WithJustification(just))
	}
	if loc.fixed && !suppressed(st) {
		desc := "Replace the quoted text with the reviewer's fix."
		if st == finding.Applied {
			desc = "The fix that was applied."
		}
		change := sarif.NewArtifactChange().WithArtifactLocation(artifact(rep, r.File)).
			AddReplacement(sarif.NewReplacement().
				WithDeletedRegion(region(loc, false)).
				WithInsertedContent(sarif.NewArtifactContent().WithText(loc.fix)))
		res.AddFixe(sarif.NewFix().WithDescription(sarif.NewTextMessage(desc)).AddArtifactChange(change))
	}
	props := sarif.NewPropertyBag().Add("status", string(st)).Add("severity", string(f.Severity)).Add("confidence", f.Confidence)
	for k, v := range map[string]string{"reviewer": r.Reviewer, "findingId": f.ID, "category": f.Category, "key": r.Key, "reason": r.Reason} {
		if v != "" {
			props.Add(k, v)
		}
	}
	if r.Round > 0 {
		props.Add("round", r.Round)
	}
	res.WithProperties(props)
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
		return sarif.LevelError
	case finding.Medium:
		return sarif.LevelWarning
	}
	return sarif.LevelNote
}

// artifact is the artifact location of file.
func artifact(rep Report, file string) *sarif.ArtifactLocation {
	a := sarif.NewSimpleArtifactLocation(escapePath(file))
	if rep.Root != "" {
		a.WithURIBaseID(RootBaseID)
	}
	return a
}

// region is the SARIF region of loc; snippet says whether to include the
// span's text (a deleted region carries none).
func region(loc location, snippet bool) *sarif.Region {
	if !loc.cols {
		return sarif.NewRegion().WithStartLine(loc.lines.Start).WithEndLine(loc.lines.End)
	}
	reg := sarif.NewRegion().
		WithStartLine(loc.start.line).WithStartColumn(loc.start.utf16Col).
		WithEndLine(loc.end.line).WithEndColumn(loc.end.utf16Col).
		WithCharOffset(loc.utf16Off).WithCharLength(loc.utf16Len)
	if snippet {
		reg.WithSnippet(sarif.NewArtifactContent().WithText(loc.snippet))
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
