package agent_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

func TestNumberLines(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"only BOM", "\uFEFF", ""},
		{"one line no newline", "a", "1| a\n"},
		{"final newline adds no line", "a\nb\n", "1| a\n2| b\n"},
		{"empty lines kept", "\n\n", "1| \n2| \n"},
		{"CRLF hidden, BOM hidden", "\uFEFFa\r\nb\r\n", "1| a\n2| b\n"},
		{"lone CR kept inside a line", "a\rb\n", "1| a\rb\n"},
		{"japanese", "吾輩は猫である。\n名前はまだ無い。", "1| 吾輩は猫である。\n2| 名前はまだ無い。\n"},
		{"width of the last number", strings.Repeat("x\n", 10), func() string {
			var b strings.Builder
			for i := 1; i <= 10; i++ {
				fmt.Fprintf(&b, "%2d| x\n", i)
			}
			return b.String()
		}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(agent.NumberLines([]byte(tt.in))); got != tt.want {
				t.Fatalf("NumberLines(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzNumberLines checks that the numbered view holds every line of the
// document, in order, numbered from 1, with "\r" and the BOM left out.
func FuzzNumberLines(f *testing.F) {
	for _, s := range []string{"", "a", "a\n", "a\r\nb", "\uFEFF一\r\n二\n\n三", strings.Repeat("line\n", 120)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		out := agent.NumberLines(doc)
		body := bytes.TrimPrefix(doc, []byte("\uFEFF"))
		if len(body) == 0 {
			if len(out) != 0 {
				t.Fatalf("NumberLines(%q) = %q, want nothing", doc, out)
			}
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
		got := strings.SplitAfter(string(out), "\n")
		if got[len(got)-1] != "" {
			t.Fatalf("output %q does not end in a newline", out)
		}
		got = got[:len(got)-1]
		if len(got) != len(lines) {
			t.Fatalf("%d numbered lines, want %d", len(got), len(lines))
		}
		width := len(fmt.Sprint(len(lines)))
		for i, g := range got {
			want := fmt.Sprintf("%*d| %s\n", width, i+1, strings.TrimSuffix(lines[i], "\r"))
			if g != want {
				t.Fatalf("line %d = %q, want %q", i+1, g, want)
			}
		}
	})
}

func TestBuildReviewRequestContents(t *testing.T) {
	target := agent.Target{
		Path:          "post.md",
		Text:          []byte("Title\r\nIt is worth noting that Go is fast.\r\n"),
		Lines:         finding.LineRange{Start: 2, End: 2},
		Focus:         "the second paragraph",
		ReaderProfile: "Web engineers new to Go",
		References:    []agent.Reference{{Name: "style", Text: "Short sentences."}, {Name: "a-sources", Text: "Cite."}},
		Rejected: []agent.Rejection{{
			Finding: finding.Finding{Quotes: []string{"Go is fast"}, Fix: "Go compiles quickly"},
			Reason:  "too\nvague",
		}},
	}
	p := agent.Persona{Name: "fact-checker", Category: "fact", Lens: "Unverified claims",
		Instructions: "Check figures.", Standards: []string{"a-sources"}, SeverityScale: "Blocker/Major/Nit"}

	for _, schemaInPrompt := range []bool{false, true} {
		req := agent.BuildReviewRequest(target, p, schemaInPrompt)
		if req.System != agent.CouncilSystemPrompt {
			t.Errorf("System is not CouncilSystemPrompt")
		}
		if !bytes.Equal(req.Schema, finding.Schema()) || req.SchemaName == "" {
			t.Errorf("Schema/SchemaName not set")
		}
		if len(req.Messages) != 1 || req.Messages[0].Role != agent.User {
			t.Fatalf("want one user message, got %+v", req.Messages)
		}
		parts := req.Messages[0].Parts
		var marked []int
		for i, part := range parts {
			if part.CacheBreak {
				marked = append(marked, i)
			}
		}
		// The references (part 0), which change least between rounds, and
		// the last shared part; at most three marks, leaving room for the
		// system prompt's within the API's four.
		if want := []int{0, len(parts) - 2}; !slices.Equal(marked, want) || len(marked) > 3 {
			t.Errorf("CacheBreak on parts %v of %d, want %v (the references and the last shared part)", marked, len(parts), want)
		}
		if !strings.HasPrefix(parts[0].Text, "# Reference material") {
			t.Errorf("part 0 is not the references: %q", parts[0].Text)
		}
		shared := agent.Message{Parts: parts[:len(parts)-1]}.Text()
		own := parts[len(parts)-1].Text
		for _, want := range []string{
			"## a-sources\n\nCite.\n\n## style\n\nShort sentences.", // sorted by name
			"Web engineers new to Go",
			"# Document: post.md",
			"1| Title\n2| It is worth noting that Go is fast.\n",
			"Review only lines 2 of the document",
			"Focus: the second paragraph",
			`- quote: "Go is fast"` + "\n" + `  fix: "Go compiles quickly"` + "\n  reason: too vague\n",
		} {
			if !strings.Contains(shared, want) {
				t.Errorf("shared parts lack %q:\n%s", want, shared)
			}
		}
		if strings.Contains(shared, "\r") || strings.Contains(shared, "fact-checker") {
			t.Errorf("shared parts hold a CR or the reviewer's name:\n%s", shared)
		}
		for _, want := range []string{
			"# Your role: fact-checker", "Lens: Unverified claims", "Check figures.", "standards from the reference material: a-sources",
			`"reviewer": "fact-checker"`, `"category": "fact"`, "Blocker/Major/Nit", "verbatim", "advice only",
		} {
			if !strings.Contains(own, want) {
				t.Errorf("reviewer part lacks %q:\n%s", want, own)
			}
		}
		if got := strings.Contains(own, `"schema_version"`) && strings.Contains(own, "```json"); got != schemaInPrompt {
			t.Errorf("schemaInPrompt=%v but schema spelled out = %v", schemaInPrompt, got)
		}
	}
}

func TestBuildReviewRequestMarksWithoutReferences(t *testing.T) {
	req := agent.BuildReviewRequest(agent.Target{Text: []byte("x\n"), ReaderProfile: "SREs"}, slop, false)
	parts := req.Messages[0].Parts
	for i, part := range parts {
		if want := i == len(parts)-2; part.CacheBreak != want {
			t.Errorf("part %d CacheBreak = %v, want %v (only the last shared part)", i, part.CacheBreak, want)
		}
	}
}

func TestBuildReviewRequestReferenceOrder(t *testing.T) {
	refs := []agent.Reference{{Name: "b", Text: "2"}, {Name: "a", Text: "y"}, {Name: "a", Text: "x"}}
	shared := func(refs []agent.Reference) string {
		req := agent.BuildReviewRequest(agent.Target{Text: []byte("x\n"), References: refs}, slop, false)
		parts := req.Messages[0].Parts
		return agent.Message{Parts: parts[:len(parts)-1]}.Text()
	}
	want := shared(refs)
	reversed := []agent.Reference{refs[2], refs[1], refs[0]}
	if got := shared(reversed); got != want {
		t.Fatalf("reference order changes the shared prefix:\n%s\nvs\n%s", got, want)
	}
	if !strings.Contains(want, "## a\n\nx\n\n## a\n\ny\n\n## b\n\n2\n") {
		t.Fatalf("references not sorted by name, then text:\n%s", want)
	}
	if refs[0].Name != "b" {
		t.Fatal("BuildReviewRequest reordered the caller's slice")
	}
}
