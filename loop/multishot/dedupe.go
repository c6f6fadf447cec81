package multishot

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kaigi-dev/kaigi/council"
)

// DuplicateOverlap is the title token overlap (council.IssueOverlap) at or
// above which two sibling findings on overlapping lines of one file are
// one finding.
const DuplicateOverlap = 0.6

// Mark is one duplicate decision with the features it was made on, as the
// journal keeps it: automatic (a sibling shot's finding) or manual (the
// triage gate's). Precision and recall of the automatic rule are computed
// from these.
type Mark struct {
	// ID is the duplicate's id, Canonical the id of the finding it
	// repeats.
	ID        string `json:"id"`
	Canonical string `json:"canonical"`
	// Auto: a sibling shot's duplicate, marked by the rule; otherwise a
	// person marked it at the gate (a duplicate the rule missed).
	Auto bool `json:"auto"`
	// Overturned: a person said an automatic mark was wrong (see
	// Loop.ConfirmDuplicates); the finding stayed open.
	Overturned bool `json:"overturned,omitempty"`
	// Path is the duplicate's file.
	Path string `json:"path"`
	// LineOverlap is the number of lines both findings cover (0 when they
	// do not overlap or lie in different files).
	LineOverlap int `json:"line_overlap"`
	// TokenOverlap is council.IssueOverlap of the two titles.
	TokenOverlap float64 `json:"token_overlap"`
	// Shot, Pass and Wave are the duplicate's.
	Shot int `json:"shot"`
	Pass int `json:"pass"`
	Wave int `json:"wave"`
}

// features measures two findings: the lines both cover in one file and the
// token overlap of their titles.
func features(a, b ShotFinding) (lines int, tokens float64) {
	if a.Location.Path == b.Location.Path {
		ra, rb := a.Location.Lines(), b.Location.Lines()
		lines = max(0, min(ra.End, rb.End)-max(ra.Start, rb.Start)+1)
	}
	return lines, council.IssueOverlap(a.Title, b.Title)
}

// Same reports whether two findings report one problem: the same file,
// overlapping lines, a title token overlap of at least DuplicateOverlap,
// and no conflict in what they name: when each names a figure ("40%"), an
// identifier (os.Open, GDPR, max_size, parseURL) or a quoted text (in its
// title or its Quote) that the other does not, they are two problems on
// one line, however alike their words.
func Same(a, b ShotFinding) bool {
	lines, tokens := features(a, b)
	return lines > 0 && tokens >= DuplicateOverlap && !namesConflict(names(a), names(b))
}

// namedRE finds what a title names: a quoted text, a figure, or a word
// that may be an identifier (filtered by identifier).
var namedRE = regexp.MustCompile("\"[^\"]+\"|“[^”]+”|‘[^’]+’|「[^」]+」|『[^』]+』|`[^`]+`|(?:^|\\s)'[^']+'|\\d+(?:[.,]\\d+)*%?|[\\pL_][\\pL\\pN_]*(?:\\.[\\pL_][\\pL\\pN_]*)*")

// names returns what f names, lower-cased: quoted texts, figures and
// identifiers of its title, and its quote.
func names(f ShotFinding) map[string]bool {
	out := map[string]bool{}
	for _, m := range namedRE.FindAllString(f.Title, -1) {
		m = strings.TrimSpace(m)
		if first, _ := utf8.DecodeRuneInString(m); unicode.IsLetter(first) || first == '_' {
			if !identifier(m) {
				continue
			}
		}
		out[strings.ToLower(m)] = true
	}
	if f.Quote != "" {
		out["\x00"+strings.ToLower(f.Quote)] = true
	}
	return out
}

// identifier reports whether a word reads as a name in code or an acronym
// rather than a word of prose: it has a dot or an underscore, an upper
// case letter after its first, or is all upper case (two letters or more).
func identifier(w string) bool {
	if strings.ContainsAny(w, "._") {
		return true
	}
	upper, letters := 0, 0
	for i, r := range w {
		if unicode.IsLetter(r) {
			letters++
		}
		if unicode.IsUpper(r) {
			upper++
			if i > 0 {
				return true
			}
		}
	}
	return letters >= 2 && upper == letters
}

// namesConflict reports whether each of a and b holds a name the other
// does not.
func namesConflict(a, b map[string]bool) bool {
	only := func(x, y map[string]bool) bool {
		for n := range x {
			if !y[n] {
				return true
			}
		}
		return false
	}
	return only(a, b) && only(b, a)
}

// shotFinding is a finding of one shot in a wave's plan order.
type shotFinding struct {
	Shot  int
	Index int // position among the slice's findings of the wave, plan order
	ShotFinding
}

// siblings decides which findings of one slice's wave repeat a sibling
// shot's: taken from the most severe down (then the earlier shot, then
// plan order), each finding is kept unless a kept finding of another shot
// reports the same problem (Same), in which case it duplicates the most
// severe such one. So the kept finding of a group is its most severe,
// whatever order the shots finished in. It returns, per finding index, the
// index of its canonical finding, or -1 for a kept finding.
func siblings(fs []shotFinding) []int {
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(fs[a].Severity.rank(), fs[b].Severity.rank()),
			cmp.Compare(fs[a].Shot, fs[b].Shot), cmp.Compare(fs[a].Index, fs[b].Index))
	})
	canon := make([]int, len(fs))
	var kept []int // in rank order
	for _, i := range order {
		canon[i] = -1
		for _, k := range kept {
			if fs[k].Shot != fs[i].Shot && Same(fs[k].ShotFinding, fs[i].ShotFinding) {
				canon[i] = k
				break
			}
		}
		if canon[i] < 0 {
			kept = append(kept, i)
		}
	}
	return canon
}

// DedupeStats measures the automatic duplicate rule on a run's marks.
type DedupeStats struct {
	Auto       int `json:"auto"`       // automatic marks made
	Overturned int `json:"overturned"` // automatic marks a person overturned (false positives)
	Manual     int `json:"manual"`     // duplicates only a person marked (misses)
	// Precision is (Auto-Overturned)/Auto, Recall
	// (Auto-Overturned)/(Auto-Overturned+Manual); each is -1 when its
	// denominator is zero (nothing to measure).
	Precision float64 `json:"precision"`
	// Recall: see Precision.
	Recall float64 `json:"recall"`
}

// Stats computes DedupeStats from marks.
func Stats(marks []Mark) DedupeStats {
	var s DedupeStats
	for _, m := range marks {
		switch {
		case m.Auto && m.Overturned:
			s.Auto++
			s.Overturned++
		case m.Auto:
			s.Auto++
		default:
			s.Manual++
		}
	}
	right := s.Auto - s.Overturned
	s.Precision, s.Recall = ratio(right, s.Auto), ratio(right, right+s.Manual)
	return s
}

func ratio(a, b int) float64 {
	if b == 0 {
		return -1
	}
	return float64(a) / float64(b)
}
