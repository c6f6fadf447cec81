package writing

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/loop"
)

// The story folder's files, relative to Episode.Dir. Only the first three
// are required. Tables are Markdown tables; a row's first cell is an
// episode number ("3", "ep. 3" and "第3話" alike), and a BOM, CRLF and a
// missing final newline are fine.
//
//   - ArcFile: the role map, | episode | role | intensity | pull | notes |
//     (pull A, B or C); the last row is the finale.
//   - CharacterFile: one "## Name" section per character with "Stage
//     now:" and "Next trigger:" lines; a line "[HOLD until M] what" keeps
//     "what" out of every episode before M; the run keeps an "Arc
//     progress" table in it, one row per saved episode.
//   - PersonasFile: | id | name | focus |; the id (lower-case letters,
//     digits, '-' and '_') names the memory file.
//   - TrackerFile: sections (English or Japanese headings, see
//     MissingTrackerSections); its "Episodes" table (or a tracker that is
//     one table) | episode | role | opening | revisions | judgment | gets
//     the run's row (replacing one of the same episode), as do the
//     structure pattern, sensory lens and tempo profile histories the
//     accents read; "Scene structure patterns" | episode | main structure
//     | opening | recurring scenes | and "Current warnings" feed the brief.
//   - HandoverFile: lines "- [TAG] text"; [MUST-THIS], [PERSONA-ALERT] and
//     [TRY-NEXT] go into the brief, the last two become [RESOLVED] once the
//     episode is saved, and the retro adds its approved Try as [TRY-NEXT].
//   - SummariesFile: one "## Episode N" section per episode.
//   - QualityLogFile: | episode | date | revisions | verdict | judgment |
//     stars | mean | revision test |, stars as "id:N" pairs.
//   - MemoryFile(id): one "## Episode N" section per episode.
//   - PremiseFile: free text; a line "planned episodes: 24" (or
//     "想定話数: 24", "全24話") gives the planned length.
//   - PlotOutlineFile: one "## Episode N" (or "## 第N話") section per
//     episode: the events and characters planned; a line "One line: ..."
//     (or "一文: ...") is a climax episode's line.
//   - WritingGuideFile: the writing guide; its sections "Structure pattern
//     × role" (構成パターン × 役割タグ 推奨相性) and "Tempo curve" (テンポ
//     強度カーブ), tables | name | roles |, fit the accents to the role.
//   - SettingFile and CharacterSheetFile: free text for the consistency
//     reader.
//   - AuthorReflectionsFile and OrchestratorReflectionsFile: one "## Episode
//     N" section per episode, written by the run (see Episode.Write).
const (
	ArcFile                     = "story/scenario-arc.md"
	CharacterFile               = "story/character-arcs.md"
	PersonasFile                = "story/reader-personas.md"
	TrackerFile                 = "story/series-tracker.md"
	HandoverFile                = "story/handover-notes.md"
	SummariesFile               = "story/episode-summaries.md"
	QualityLogFile              = "story/quality-log.md"
	PremiseFile                 = "story/premise.md"
	PlotOutlineFile             = "story/plot-outline.md"
	WritingGuideFile            = "story/writing-guide.md"
	SettingFile                 = "story/setting.md"
	CharacterSheetFile          = "story/characters.md"
	AuthorReflectionsFile       = "story/author-reflections.md"
	OrchestratorReflectionsFile = "story/orchestrator-reflections.md"
	EpisodesDir                 = "episodes"
	WorkspaceDir                = "workspace"
	ArchiveDir                  = "archive"
)

// ErrNoArc reports a story folder without its arc design (ArcFile and
// CharacterFile) or without reader personas: design the arc first.
var ErrNoArc = errors.New("writing: the story folder has no arc design")

// MemoryFile is the memory file of the persona id.
func MemoryFile(id string) string { return "story/reader-memory-" + id + ".md" }

// Story is the story material as step 0 read it (and journaled it): every
// role reads it, and the brief is made from it.
type Story struct {
	Arc        string `json:"arc"`
	Characters string `json:"characters"`
	Personas   string `json:"personas"`
	Tracker    string `json:"tracker,omitempty"`
	Handover   string `json:"handover,omitempty"`
	Summaries  string `json:"summaries,omitempty"`
	QualityLog string `json:"quality_log,omitempty"`
	Premise    string `json:"premise,omitempty"`
	Plot       string `json:"plot,omitempty"`
	Guide      string `json:"guide,omitempty"`
	Setting    string `json:"setting,omitempty"`
	// CharacterSheet is CharacterSheetFile (who the characters are);
	// Characters is CharacterFile (their arcs).
	CharacterSheet string `json:"character_sheet,omitempty"`
	// AuthorReflections is AuthorReflectionsFile, the author's own notes.
	// The orchestrator's reflections are never read into the Story: no
	// role sees them.
	AuthorReflections string `json:"author_reflections,omitempty"`
	// Memories are the personas' memory files by persona id.
	Memories map[string]string `json:"memories,omitempty"`
	// Previous is the previous episode's text and PreviousName its file
	// name under episodes/; empty for the first episode.
	Previous     string `json:"previous,omitempty"`
	PreviousName string `json:"previous_name,omitempty"`
}

// readStory reads the story material of episode n from root; a file
// larger than limit bytes is refused (loop.ErrTooLarge).
func readStory(root *apply.Dir, n int, limit int64) (*Story, error) {
	read := func(name string, required bool) (string, error) {
		if err := loop.CheckSize(filepath.Join(root.Name(), filepath.FromSlash(name)), limit, sizeKnob); err != nil {
			return "", err
		}
		b, err := root.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) && !required {
			return "", nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%w: %s is missing (design the arc first)", ErrNoArc, name)
		}
		return string(b), err
	}
	s := &Story{Memories: map[string]string{}}
	var err error
	for _, f := range []struct {
		name     string
		dst      *string
		required bool
	}{{ArcFile, &s.Arc, true}, {CharacterFile, &s.Characters, true}, {PersonasFile, &s.Personas, true},
		{TrackerFile, &s.Tracker, false}, {HandoverFile, &s.Handover, false}, {SummariesFile, &s.Summaries, false},
		{QualityLogFile, &s.QualityLog, false}, {PremiseFile, &s.Premise, false}, {PlotOutlineFile, &s.Plot, false},
		{WritingGuideFile, &s.Guide, false}, {SettingFile, &s.Setting, false}, {CharacterSheetFile, &s.CharacterSheet, false},
		{AuthorReflectionsFile, &s.AuthorReflections, false}} {
		if *f.dst, err = read(f.name, f.required); err != nil {
			return nil, err
		}
	}
	ps := s.PersonaList()
	if len(ps) == 0 {
		return nil, fmt.Errorf("%w: %s names no persona (a table: | id | name | focus |)", ErrNoArc, PersonasFile)
	}
	for _, p := range ps {
		if s.Memories[p.ID], err = read(MemoryFile(p.ID), false); err != nil {
			return nil, err
		}
	}
	if n > 1 {
		s.PreviousName, err = episodeFile(root, n-1)
		if err != nil {
			return nil, err
		}
		if s.PreviousName != "" {
			if s.Previous, err = read(path.Join(EpisodesDir, s.PreviousName), false); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// episodeFile returns the name under episodes/ of episode n's saved file
// ("03_title.txt"), or "".
func episodeFile(root *apply.Dir, n int) (string, error) {
	d, err := fs.ReadDir(os.DirFS(root.Name()), EpisodesDir)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	prefix := fmt.Sprintf("%02d_", n)
	for _, e := range d {
		if strings.HasPrefix(e.Name(), prefix) && strings.HasSuffix(e.Name(), ".txt") {
			return e.Name(), nil
		}
	}
	return "", nil
}

// tableRows returns the body rows of every Markdown table in md whose
// first cell is an episode number or, when anyFirst is set, anything
// but a header: the cells trimmed, header and separator rows left out.
func tableRows(md string, anyFirst bool) [][]string {
	var rows [][]string
	header := true
	for line := range strings.Lines(strings.TrimPrefix(md, "\uFEFF")) {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") {
			header = true
			continue
		}
		cells := strings.Split(strings.Trim(t, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
			continue // the separator
		}
		if header {
			header = false
			continue
		}
		if anyFirst || episodeNumber(cells[0]) > 0 {
			rows = append(rows, cells)
		}
	}
	return rows
}

var numberRE = regexp.MustCompile(`\d+`)

// episodeNumber reads "3", "ep. 3" or "第3話" as 3; 0 when there is none.
func episodeNumber(s string) int {
	n, _ := strconv.Atoi(numberRE.FindString(s))
	return n
}

// cell returns row[i], or "".
func cell(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// PersonaList parses the personas table of PersonasFile:
// | id | name | focus |. IDs are lower-cased; a row whose id is not a
// short name (letters, digits, '-', '_') is left out.
func (s *Story) PersonaList() []Persona {
	var out []Persona
	for _, r := range tableRows(s.Personas, true) {
		id := strings.ToLower(cell(r, 0))
		if !idRE.MatchString(id) || slices.ContainsFunc(out, func(p Persona) bool { return p.ID == id }) {
			continue
		}
		out = append(out, Persona{ID: id, Name: cmp.Or(cell(r, 1), id), Focus: cell(r, 2)})
	}
	return out
}

var idRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)

// ArcRow is episode n's row of the arc's role map (ArcFile):
// | episode | role | intensity | pull | notes |.
type ArcRow struct {
	Role, Intensity, Pull, Notes string
	// Finale is set when no later episode is in the map.
	Finale bool
}

// ArcRow returns episode n's row of the role map, and false when it has
// none.
func (s *Story) ArcRow(n int) (ArcRow, bool) {
	var out ArcRow
	found, last := false, 0
	for _, r := range tableRows(s.Arc, false) {
		e := episodeNumber(r[0])
		last = max(last, e)
		if e == n && !found {
			out, found = ArcRow{Role: cell(r, 1), Intensity: cell(r, 2), Pull: strings.ToUpper(cell(r, 3)), Notes: cell(r, 4)}, true
		}
	}
	out.Finale = found && last == n
	return out, found
}

// ArcEpisodes returns the episode numbers of the role map's rows, in
// ascending order, each once; empty when the arc has no role map.
func (s *Story) ArcEpisodes() []int {
	var out []int
	for _, r := range tableRows(s.Arc, false) {
		out = append(out, episodeNumber(r[0]))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Thread is one line of the handover notes with its tag:
// "- [MUST-THIS] Mina returns the key".
type Thread struct {
	Tag, Text string
}

var tagRE = regexp.MustCompile(`^\s*[-*]\s*\[([A-Z][A-Z-]+)\]\s*(.+?)\s*$`)

// Threads returns the tagged threads of the handover notes, in order.
func (s *Story) Threads() []Thread {
	var out []Thread
	for line := range strings.Lines(s.Handover) {
		if m := tagRE.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			out = append(out, Thread{Tag: m[1], Text: m[2]})
		}
	}
	return out
}
