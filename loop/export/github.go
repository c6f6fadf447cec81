package export

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/finding"
)

// WriteGitHub writes rep as GitHub Actions workflow commands, one line a
// result that is not suppressed (see the package documentation), which a
// workflow step prints to show the findings as annotations, errors first,
// then warnings, then notices, each kind in the order of rep.Results.
// GitHub shows GitHubAnnotationLimit of each kind a step; when a kind has
// more, a warning before the first warning says how many are not shown:
//
//	::warning file=docs/guide.md,line=3,col=8,endColumn=16,title=ai-slop F001::anti-ai-slop: Stock phrase
//
// The command is error, warning or notice from the finding's severity
// (high, medium, low; notice for an applied finding). Properties are
// file, line, endLine, col and endColumn (1-based, columns in UTF-16 code
// units and only for a result on one line) and title (the rule id and the
// finding's id); a result that names no line has none but file. The
// message is the reviewer's name and the finding's issue, with the proposed fix on a line of its
// own when the finding is open and has one.
//
// Escaping is GitHub's (the actions toolkit's escapeData and
// escapeProperty): in the message '%', '\r' and '\n' become %25, %0D and
// %0A; in property values ':' and ',' also become %3A and %2C. So a
// message or file name can neither end the command early nor inject
// another one.
func WriteGitHub(w io.Writer, rep Report) error {
	if err := rep.Check(); err != nil {
		return err
	}
	type line struct {
		cmd, text string
	}
	var lines []line
	locs := locateAll(rep.Results)
	for i, r := range rep.Results {
		st := r.status()
		if suppressed(st) {
			continue
		}
		loc := locs[i]
		cmd, msg := ghCommand(r.Finding.Severity), message(r)
		switch {
		case st == finding.Applied:
			cmd, msg = "notice", "applied: "+msg
		case loc.fixed:
			msg += "\nSuggested fix: " + loc.fix
		}
		props := [][2]string{{"file", r.File}}
		switch {
		case loc.cols && loc.start.line == loc.end.line:
			props = append(props, [2]string{"line", strconv.Itoa(loc.start.line)},
				[2]string{"col", strconv.Itoa(loc.start.utf16Col)},
				[2]string{"endColumn", strconv.Itoa(loc.end.utf16Col)})
		case !loc.lines.IsZero():
			props = append(props, [2]string{"line", strconv.Itoa(loc.lines.Start)},
				[2]string{"endLine", strconv.Itoa(loc.lines.End)})
		}
		title := r.rule()
		if r.Finding.ID != "" {
			title += " " + r.Finding.ID
		}
		props = append(props, [2]string{"title", title})
		var b strings.Builder
		b.WriteString("::" + cmd + " ")
		for i, p := range props {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(p[0] + "=" + EscapeGitHubProperty(p[1]))
		}
		b.WriteString("::" + EscapeGitHubData(msg) + "\n")
		lines = append(lines, line{cmd, b.String()})
	}
	slices.SortStableFunc(lines, func(a, b line) int { return cmp.Compare(ghRank(a.cmd), ghRank(b.cmd)) })
	count := map[string]int{}
	for _, l := range lines {
		count[l.cmd]++
	}
	note := ghCutNote(count)
	bw := bufio.NewWriter(w)
	for i, l := range lines {
		if note != "" && l.cmd != "error" && (i == 0 || lines[i-1].cmd == "error") {
			bw.WriteString(note)
			note = ""
		}
		bw.WriteString(l.text)
	}
	bw.WriteString(note) // every line an error
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("export: writing GitHub workflow commands: %w", err)
	}
	return nil
}

// GitHubAnnotationLimit is how many annotations of each kind (error,
// warning, notice) GitHub shows for one step of a workflow; it drops the
// rest.
const GitHubAnnotationLimit = 10

// ghRank orders the commands most severe first, so that the annotations
// GitHub shows are the most severe.
func ghRank(cmd string) int {
	switch cmd {
	case "error":
		return 0
	case "warning":
		return 1
	}
	return 2
}

// ghCutNote is the warning WriteGitHub writes before the first warning
// when GitHub will not show every annotation (more than
// GitHubAnnotationLimit of a kind): how many are not shown of how many,
// and where they all are. It takes a warning's place, and is "" when
// every annotation is shown.
func ghCutNote(count map[string]int) string {
	if count["error"] <= GitHubAnnotationLimit && count["warning"] <= GitHubAnnotationLimit && count["notice"] <= GitHubAnnotationLimit {
		return ""
	}
	total := count["error"] + count["warning"] + count["notice"]
	shown := min(count["error"], GitHubAnnotationLimit) + min(count["warning"], GitHubAnnotationLimit-1) + min(count["notice"], GitHubAnnotationLimit)
	msg := fmt.Sprintf("%d of %d findings are not shown as annotations: GitHub shows %d errors, %d warnings and %d notices a step, and these are %d, %d and %d, most severe first. Every finding is in the run's SARIF, rdjson and summary.md.",
		total-shown, total, GitHubAnnotationLimit, GitHubAnnotationLimit, GitHubAnnotationLimit, count["error"], count["warning"], count["notice"])
	return "::warning title=" + EscapeGitHubProperty("kaigi: annotations not shown") + "::" + EscapeGitHubData(msg) + "\n"
}

// ghCommand maps a severity onto a workflow command.
func ghCommand(s finding.Severity) string {
	switch s {
	case finding.High:
		return "error"
	case finding.Medium:
		return "warning"
	}
	return "notice"
}

// EscapeGitHubData escapes s as the message of a GitHub workflow command:
// '%', '\r' and '\n' become %25, %0D and %0A.
func EscapeGitHubData(s string) string { return ghEscape(s, false) }

// EscapeGitHubProperty escapes s as a property value of a GitHub workflow
// command: as EscapeGitHubData, and ':' and ',' become %3A and %2C.
func EscapeGitHubProperty(s string) string { return ghEscape(s, true) }

// ghEscape is the toolkit's escapeData, or escapeProperty when property.
// Each byte is escaped once, so an escape is never escaped again.
func ghEscape(s string, property bool) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%', c == '\r', c == '\n', property && (c == ':' || c == ','):
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
