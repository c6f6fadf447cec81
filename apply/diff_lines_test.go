package apply

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestUnifiedDiffHunkHeaders checks every hunk header against the lines
// it holds: the old and new start lines must point at the hunk's first
// line in each file, also after earlier hunks added or removed lines.
func TestUnifiedDiffHunkHeaders(t *testing.T) {
	var old, new strings.Builder
	for i := 1; i <= 80; i++ {
		line := fmt.Sprintf("行 %d\r\n", i)
		old.WriteString(line)
		switch {
		case i == 5: // two edits close together: one joined hunk
			new.WriteString("changed 5\r\n")
		case i == 9:
			new.WriteString("changed 9\r\nadded after 9\r\n")
		case i == 30: // removed
		case i == 31:
			new.WriteString("changed 31\r\n")
		case i == 60:
			new.WriteString(line + "added after 60\r\n")
		default:
			new.WriteString(line)
		}
	}
	oldLines := strings.SplitAfter(old.String(), "\n")
	newLines := strings.SplitAfter(new.String(), "\n")
	d := UnifiedDiff("a/x", "b/x", []byte(old.String()), []byte(new.String()))
	header := regexp.MustCompile(`^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$`)
	var hunks int
	var oi, ni int // next line of the current hunk, 0-based
	for _, l := range strings.Split(strings.TrimSuffix(d, "\n"), "\n") {
		if m := header.FindStringSubmatch(l); m != nil {
			hunks++
			oi, _ = strconv.Atoi(m[1])
			ni, _ = strconv.Atoi(m[3])
			oi--
			ni--
			continue
		}
		if strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++") || l == "" {
			continue
		}
		body := l[1:] + "\n"
		switch l[0] {
		case ' ':
			if oldLines[oi] != body || newLines[ni] != body {
				t.Fatalf("context line %q is not at old line %d / new line %d:\n%s", l, oi+1, ni+1, d)
			}
			oi++
			ni++
		case '-':
			if oldLines[oi] != body {
				t.Fatalf("deleted line %q is not at old line %d:\n%s", l, oi+1, d)
			}
			oi++
		case '+':
			if newLines[ni] != body {
				t.Fatalf("added line %q is not at new line %d:\n%s", l, ni+1, d)
			}
			ni++
		}
	}
	if hunks != 3 {
		t.Errorf("%d hunks, want 3:\n%s", hunks, d)
	}
}
