package export_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/loop/export"
)

// report is the report every example writes: one open finding with a fix
// and one rejected finding, on a Japanese document with CRLF line endings.
func report() export.Report {
	text := []byte("# 案内\r\n本書は非常にとても役に立つ。\r\n")
	return export.Report{
		Tool: export.Tool{Name: "kaigi", Version: "0.1.0", InformationURI: "https://github.com/kaigi-dev/kaigi"},
		Results: []export.Result{
			{File: "docs/guide.md", Text: text, Reviewer: "editor", Finding: finding.Finding{
				ID: "F001", Category: "style", Severity: finding.Medium, LineRange: finding.LineRange{Start: 2, End: 2},
				Issue: "「非常に」と「とても」が重複", Quotes: []string{"非常にとても"}, Fix: "とても",
			}},
			{File: "docs/guide.md", Text: text, Reviewer: "critic", Status: finding.Rejected, Reason: "house style",
				Finding: finding.Finding{ID: "F002", Category: "tone", Severity: finding.Low, LineRange: finding.LineRange{Start: 1, End: 1},
					Issue: "title too short", Quotes: []string{"案内"}, Fix: "ご案内"}},
		},
	}
}

// ExampleWriteSARIF writes a SARIF 2.1.0 log and reads back where its
// results point: columns are UTF-16 code units, and the rejected finding
// is a suppressed result.
func ExampleWriteSARIF() {
	var b bytes.Buffer
	if err := export.WriteSARIF(&b, report()); err != nil {
		fmt.Println(err)
		return
	}
	var log struct {
		Runs []struct {
			ColumnKind string
			Results    []struct {
				RuleID, Level string
				Locations     []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn, EndColumn int }
					}
				}
				Suppressions []struct{ Justification string }
				Fixes        []json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("columnKind:", log.Runs[0].ColumnKind)
	for _, r := range log.Runs[0].Results {
		reg := r.Locations[0].PhysicalLocation.Region
		fmt.Printf("%s %s line %d columns %d-%d, %d fix(es), suppressions %v\n",
			r.RuleID, r.Level, reg.StartLine, reg.StartColumn, reg.EndColumn, len(r.Fixes), r.Suppressions)
	}
	// Output:
	// columnKind: utf16CodeUnits
	// style warning line 2 columns 4-10, 1 fix(es), suppressions []
	// tone note line 1 columns 3-5, 0 fix(es), suppressions [{house style}]
}

// ExampleWriteRDJSONL writes reviewdog's rdjsonl, for
// `reviewdog -f=rdjsonl`: columns are UTF-8 bytes, the fix is a
// suggestion, and the rejected finding is left out.
func ExampleWriteRDJSONL() {
	if err := export.WriteRDJSONL(os.Stdout, report()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"message":"editor: 「非常に」と「とても」が重複","location":{"path":"docs/guide.md","range":{"start":{"line":2,"column":10},"end":{"line":2,"column":28}}},"severity":"WARNING","source":{"name":"kaigi","url":"https://github.com/kaigi-dev/kaigi"},"code":{"value":"style"},"suggestions":[{"range":{"start":{"line":2,"column":10},"end":{"line":2,"column":28}},"text":"とても"}]}
}

// ExampleWriteRDJSON writes reviewdog's rdjson, for `reviewdog -f=rdjson`.
func ExampleWriteRDJSON() {
	rep := report()
	rep.Results = rep.Results[1:] // only the rejected finding: no diagnostics
	if err := export.WriteRDJSON(os.Stdout, rep); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "source": {
	//     "name": "kaigi",
	//     "url": "https://github.com/kaigi-dev/kaigi"
	//   },
	//   "diagnostics": []
	// }
}

// ExampleWriteGitHub writes GitHub Actions workflow commands: a step
// that prints them shows the findings as annotations on the pull
// request. The message's line break is escaped as %0A.
func ExampleWriteGitHub() {
	if err := export.WriteGitHub(os.Stdout, report()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ::warning file=docs/guide.md,line=2,col=4,endColumn=10,title=style F001::editor: 「非常に」と「とても」が重複%0ASuggested fix: とても
}

// ExampleWrite picks the format from a flag's value.
func ExampleWrite() {
	f, err := export.ParseFormat("GitHub")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := report()
	rep.Results = rep.Results[:1]
	rep.Results[0].Text = nil // no text: the hinted lines, no columns, no fix
	if err := export.Write(os.Stdout, f, rep); err != nil {
		fmt.Println(err)
	}
	_, err = export.ParseFormat("xml")
	fmt.Println(err)
	// Output:
	// ::warning file=docs/guide.md,line=2,endLine=2,title=style F001::editor: 「非常に」と「とても」が重複
	// export: unknown format "xml" (want one of sarif, rdjson, rdjsonl, github)
}
