package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/examples/internal/sarifcheck"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// crlfArticle writes the Japanese sample with CRLF line endings and a BOM
// into a fresh folder and returns the folder.
func crlfArticle(t *testing.T) (dir string, text []byte) {
	t.Helper()
	dir = t.TempDir()
	sample, err := offline.Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}
	lf := bytes.ReplaceAll(sample, []byte("\r\n"), []byte("\n"))
	text = append([]byte("\uFEFF"), bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))...)
	if err := os.WriteFile(filepath.Join(dir, "記事.md"), text, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, text
}

// TestFormatSARIF runs the command with -format sarif, once as a dry run
// and once applying what the policy allows, and validates each log
// against the SARIF 2.1.0 schema and with Microsoft's validator, default
// and GitHub rules (sarifcheck), allowing no diagnostic.
func TestFormatSARIF(t *testing.T) {
	for _, mode := range [][]string{{"-dry-run"}, {}} {
		dir, _ := crlfArticle(t)
		args := append([]string{"-format", "sarif", "-gate", "auto", "-reader", "Web engineers"}, mode...)
		code, stdout, stderr := runBin(t, dir, append(args, "記事.md")...)
		if code == 1 {
			t.Fatalf("%v: exit 1\n%s", mode, stderr)
		}
		sarifcheck.Check(t, []byte(stdout))
		var log struct {
			Runs []struct {
				ColumnKind string
				Results    []struct {
					Kind      string
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
			t.Fatalf("%v: want one run with results: %v\n%s", mode, err, stdout)
		}
		informational := 0
		for _, r := range log.Runs[0].Results {
			loc := r.Locations[0].PhysicalLocation
			if loc.ArtifactLocation.URI != "%E8%A8%98%E4%BA%8B.md" || loc.Region.StartLine < 1 {
				t.Errorf("%v: result at %+v", mode, loc)
			}
			if r.Kind == "informational" {
				informational++
			}
		}
		if dry := len(mode) > 0; dry != (informational == 0) {
			t.Errorf("%v: %d applied (informational) results", mode, informational)
		}
	}
}

// TestFormatRDJSONL checks that a dry run's rdjsonl names the file, and
// that every suggestion's range lies on the file's lines and characters
// (columns are UTF-8 bytes, after the BOM on line 1).
func TestFormatRDJSONL(t *testing.T) {
	dir, text := crlfArticle(t)
	code, stdout, stderr := runBin(t, dir, "-format", "rdjsonl", "-dry-run", "-gate", "auto", "-reader", "Web engineers", "記事.md")
	if code == 1 {
		t.Fatalf("exit 1\n%s", stderr)
	}
	lines := strings.Split(string(text), "\n")
	suggestions := 0
	for l := range strings.SplitSeq(strings.TrimSpace(stdout), "\n") {
		var d struct {
			Location    struct{ Path string }
			Suggestions []struct {
				Range struct{ Start, End struct{ Line, Column int } }
			}
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if d.Location.Path != "記事.md" {
			t.Errorf("path %q", d.Location.Path)
		}
		for _, s := range d.Suggestions {
			suggestions++
			st, en := s.Range.Start, s.Range.End
			if st.Line < 1 || en.Line > len(lines) || st.Column < 1 || en.Column < 1 || st.Line > en.Line {
				t.Errorf("suggestion range %+v", s.Range)
				continue
			}
			if a, b := lines[st.Line-1], lines[en.Line-1]; st.Column-1 > len(a) || en.Column-1 > len(b) ||
				!utf8.ValidString(a[st.Column-1:]) || !utf8.ValidString(b[:en.Column-1]) {
				t.Errorf("suggestion range %+v splits a character or leaves its line", s.Range)
			}
		}
	}
	if suggestions == 0 {
		t.Errorf("a dry run gave no suggestion:\n%s", stdout)
	}
}

// TestFormatGitHub checks that every line of -format github is a workflow
// command naming the file, but for the one warning that says how many
// findings GitHub's per-step caps leave out.
func TestFormatGitHub(t *testing.T) {
	dir, _ := crlfArticle(t)
	code, stdout, stderr := runBin(t, dir, "-format", "github", "-dry-run", "-gate", "auto", "-reader", "Web engineers", "記事.md")
	if code == 1 {
		t.Fatalf("exit 1\n%s", stderr)
	}
	if stdout == "" {
		t.Fatal("no workflow command printed")
	}
	for l := range strings.SplitSeq(strings.TrimSuffix(stdout, "\n"), "\n") {
		if strings.HasPrefix(l, "::warning title=kaigi%3A annotations not shown::") {
			continue
		}
		if !strings.HasPrefix(l, "::") || !strings.Contains(l, " file=記事.md,line=") {
			t.Errorf("not a workflow command for 記事.md: %q", l)
		}
	}
}

// TestFormatFlag checks that an unknown -format and -json with another
// format are refused before anything runs.
func TestFormatFlag(t *testing.T) {
	dir, text := crlfArticle(t)
	for _, args := range [][]string{{"-format", "xml"}, {"-json", "-format", "sarif"}} {
		code, _, stderr := runBin(t, dir, append(args, "-reader", "x", "記事.md")...)
		if code != 1 || !strings.Contains(stderr, "-format") && !strings.Contains(stderr, "-json") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "記事.md")); !bytes.Equal(now, text) {
		t.Error("a refused command changed the article")
	}
}
