package offline

import (
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
)

// TestLateAcronym: an acronym used in a paragraph before the one that
// spells it out is advised on at its first use, with the definition as a
// related location; a definition at the first use, in the same paragraph,
// a heading's use, a pointer on ("see below"), a link to the page's own
// definition and a reference in parentheses are left alone.
func TestLateAcronym(t *testing.T) {
	const rule = lateAcronymRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "Archive the WAL often.\n\nPostgreSQL writes a write-ahead log (WAL) before data files.\n", want: 1, advice: true,
			message: `"WAL" is used here before the document spells it out ("write-ahead log", line 3)`},
		{rule: rule, text: "Archive WALs often.\n\nThe WAL (write-ahead log) comes first.\n", want: 1, advice: true, message: `("write-ahead log", line 3)`},
		{rule: rule, text: "We keep data in the EEA.\n\nCountries of the European Economic Area (EEA) agree.\n", want: 1, message: `"European Economic Area"`},
		{rule: rule, text: "A write-ahead log (WAL) comes first.\n\nArchive the WAL often.\n", want: 0},
		{rule: rule, text: "BER, DER and PER are encodings. BER (Basic Encoding Rules) came first.\n", want: 0},
		{rule: rule, text: "# WAL archiving\n\nA write-ahead log (WAL) comes first.\n", want: 0},
		{rule: rule, text: "Use the RLS (see below) in your editor.\n\nThe Rust Language Server (RLS) runs it.\n", want: 0},
		{rule: rule, text: "Each name can list [SANs](#def-SAN).\n\n[Subject Alternative Names (SANs)](#def-SAN) are names.\n", want: 0},
		{rule: rule, text: "Write an RFC first.\n\nSee the RFC (rust-lang/rfcs#3716) for it.\n", want: 0},
		{rule: rule, text: "Stabilize GATs soon.\n\nWe stabilize `impl Trait` (ATPIT) later.\n\nAssociated Type Position Impl Trait (ATPIT) is next.\n", want: 0},
		{rule: rule, text: "Run it with S3.\n\nSimple Storage Service (S3) holds it.\n", want: 0},
		// Japanese text, CRLF line ends and a BOM
		{rule: rule, text: "\ufeffWAL を保存します。\r\n\r\nWAL（Write-Ahead Log）は先に書かれます。\r\n", want: 1, message: "略語「WAL」が、正式名称（Write-Ahead Log、3行目）より前に使われています"},
	})
}

// TestLateAcronymRelated: the definition is the finding's related
// location, so that SARIF and the other exports show where it stands.
func TestLateAcronymRelated(t *testing.T) {
	text := "Archive the WAL often.\n\nKeep it safe.\n\nPostgreSQL writes a write-ahead log (WAL) first.\n"
	fs := ofRule(reviewAll(t, editorial(), agent.Target{Path: "doc.md", Text: []byte(text)}), lateAcronymRule)
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1: %+v", len(fs), fs)
	}
	f := fs[0]
	if f.LineRange != (finding.LineRange{Start: 1, End: 1}) || len(f.Related) != 1 {
		t.Fatalf("finding %+v: want line 1 with one related location", f)
	}
	if r := f.Related[0]; r.LineRange != (finding.LineRange{Start: 5, End: 5}) || !strings.Contains(text, r.Quote) || !strings.Contains(r.Quote, "WAL") {
		t.Errorf("related %+v: want line 5 quoting the definition", r)
	}
}

// TestLateAcronymInName: an acronym in a name ("Argo CD") is no use to
// spell out; after a sentence's first word it is one.
func TestLateAcronymInName(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{rule: lateAcronymRule, text: "It combines Flux and Argo CD for teams.\n\nContinuous Delivery (CD) is the aim.\n", want: 0},
		{rule: lateAcronymRule, text: "Use OIDC tokens.\n\nOpenID Connect (OIDC) signs them.\n", want: 1},
	})
}
