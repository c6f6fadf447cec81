package writing

import (
	"bytes"
	"fmt"
	"strings"
)

// trackerSection is one section of the series tracker (TrackerFile): its
// names in English and Japanese, and the heading and table a missing one
// is regenerated with, in each language.
type trackerSection struct {
	names            []string
	level            string
	en, ja           string // the heading text
	headerEN, header string // the table header
}

// The sections the tracker must have (step 1: the seed's list), in its
// order, then the sections the brief reads when they exist.
var (
	sectionAction    = trackerSection{[]string{"Action balance", "アクション配分"}, "##", "Action balance (last 3)", "アクション配分（直近3話）", "| episode | action | dialogue | interior |", "| 話数 | 行動 | 会話 | 内面 |"}
	sectionPresence  = trackerSection{[]string{"Character presence", "キャラクター登場密度"}, "##", "Character presence (last 5)", "キャラクター登場密度（直近5話）", "| episode | characters |", "| 話数 | 登場キャラクター |"}
	sectionThreads   = trackerSection{[]string{"Foreshadowing", "伏線・要素の進展追跡", "伏線"}, "##", "Foreshadowing progress", "伏線・要素の進展追跡", "| thread | planted | last advanced | status |", "| 要素 | 初出 | 最終進展 | 状態 |"}
	sectionExpress   = trackerSection{[]string{"Expression patterns", "表現パターン累積"}, "##", "Expression patterns (last 5)", "表現パターン累積（直近5話）", "| episode | recurring expressions |", "| 話数 | 反復表現 |"}
	sectionStructure = trackerSection{[]string{"Structure pattern history", "構成パターン履歴"}, "###", "Structure pattern history", "構成パターン履歴", "| episode | recommended | used | note |", "| 話数 | 推奨パターン | 実使用パターン | 変更メモ |"}
	sectionLens      = trackerSection{[]string{"Sensory lens history", "感覚レンズ履歴"}, "###", "Sensory lens history", "感覚レンズ履歴", "| episode | recommended | used | note |", "| 話数 | 推奨レンズ | 実使用レンズ | 変更メモ |"}
	sectionAgency    = trackerSection{[]string{"Protagonist agency", "主人公の能動性追跡"}, "##", "Protagonist agency (last 5)", "主人公の能動性追跡（直近5話）", "| episode | choice type | content | option not taken |", "| 話数 | 選択の型 | 内容 | 選ばなかった選択肢 |"}
	sectionTempo     = trackerSection{[]string{"Tempo profile history", "テンポプロファイル履歴"}, "##", "Tempo profile history (last 5)", "テンポプロファイル履歴（直近5話）", "| episode | profile | hook type |", "| 話数 | プロファイル | 引きの型 |"}

	requiredSections = []trackerSection{sectionAction, sectionPresence, sectionThreads, sectionExpress, sectionStructure, sectionLens, sectionAgency, sectionTempo}

	// Read by the brief when present; never regenerated.
	sectionEpisodes = []string{"Episodes", "エピソード"}
	sectionScenes   = []string{"Scene structure patterns", "シーン構造パターン"}
	sectionWarnings = []string{"Current warnings", "現在の警告"}
)

func (t trackerSection) heading(ja bool) string {
	if ja {
		return t.level + " " + t.ja
	}
	return t.level + " " + t.en
}

func (t trackerSection) tableHeader(ja bool) string {
	if ja {
		return t.header
	}
	return t.headerEN
}

// MissingTrackerSections returns the headings of the required tracker
// sections that tracker lacks (step 1), in the language of the story
// (Japanese when tracker or arc holds kana); all of them for an empty
// tracker.
func MissingTrackerSections(tracker, arc string) []string {
	ja := japanese(tracker + arc)
	var out []string
	for _, sec := range requiredSections {
		if _, ok := section(tracker, sec.names...); !ok {
			out = append(out, sec.heading(ja))
		}
	}
	return out
}

// regenerateTracker appends to tracker every required section it lacks,
// from its template (the heading and an empty table), in tracker's line
// ends; a tracker with every section comes back unchanged.
func regenerateTracker(tracker []byte, arc string) []byte {
	ja := japanese(string(tracker) + arc)
	out := bytes.Clone(tracker)
	nl := eol(tracker)
	for _, sec := range requiredSections {
		if _, ok := section(string(out), sec.names...); ok {
			continue
		}
		h := sec.tableHeader(ja)
		sep := "|" + strings.Repeat("---|", strings.Count(h, "|")-1)
		out = bytes.TrimRight(out, "\r\n")
		if len(out) > 0 {
			out = append(out, (nl + nl)...)
		}
		out = append(out, (sec.heading(ja) + nl + nl + h + nl + sep + nl)...)
	}
	return out
}

// episodeRows returns the rows of the tracker's own episodes table: its
// "Episodes" section, or else its first table under no other section
// heading (the tracker of old, one table).
func episodeRows(tracker string) [][]string {
	if rows := sectionRows(tracker, sectionEpisodes...); rows != nil {
		return rows
	}
	lines := splitLines(tracker)
	if s, e, ok := bareTable(lines); ok {
		return tableRows(strings.Join(lines[s:e], ""), false)
	}
	return nil
}

// bareTable returns the line span of the first table of lines that is
// under no heading of a known tracker section.
func bareTable(lines []string) (start, end int, ok bool) {
	known := false
	for i, l := range lines {
		if lv, h := headingOf(l); lv > 0 {
			if ok {
				return start, i, true
			}
			known = isKnownSection(h)
			continue
		}
		table := strings.HasPrefix(strings.TrimSpace(l), "|")
		switch {
		case !ok && table && !known:
			start, ok = i, true
		case ok && !table:
			return start, i, true
		}
	}
	return start, len(lines), ok
}

// isKnownSection reports a heading of a tracker section other than the
// episodes table.
func isKnownSection(h string) bool {
	for _, sec := range requiredSections {
		if nameMatches(h, sec.names) {
			return true
		}
	}
	return nameMatches(h, sectionScenes) || nameMatches(h, sectionWarnings)
}

// upsertEpisodeRow puts the tracker's episodes-table row of episode n:
// into its "Episodes" section, else into its first table under no other
// section (upsertRow within it), else into a new "## Episodes" section at
// its end.
func upsertEpisodeRow(tracker []byte, n int, header, row string) []byte {
	if _, ok := section(string(tracker), sectionEpisodes...); !ok {
		lines := splitLines(string(tracker))
		if s, e, ok := bareTable(lines); ok {
			head, body, tail := strings.Join(lines[:s], ""), strings.Join(lines[s:e], ""), strings.Join(lines[e:], "")
			return []byte(head + string(upsertRow([]byte(body), n, header, row)) + tail)
		}
	}
	return upsertSectionRow(tracker, sectionEpisodes, "## Episodes", n, header, row)
}

// lastRows returns the rows of rows whose episode is before n, the last
// k of them (by their order in the table).
func lastRows(rows [][]string, n, k int) [][]string {
	var out [][]string
	for _, r := range rows {
		if episodeNumber(r[0]) < n {
			out = append(out, r)
		}
	}
	return out[max(0, len(out)-k):]
}

// warnings returns the lines of the tracker's current warnings.
func warnings(tracker string) []string {
	text, _ := section(tracker, sectionWarnings...)
	var out []string
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*")); t != "" && !strings.HasPrefix(t, "|") {
			out = append(out, t)
		}
	}
	return out
}

// trackerNote is the discussion-log note of a regenerated tracker.
func trackerNote(missing []string) string {
	return fmt.Sprintf("The series tracker lacked %d required section(s), regenerated from the templates (written with the save): %s.", len(missing), strings.Join(missing, ", "))
}
