package writing

import (
	"fmt"
	"slices"
	"strings"
)

// The accents' names, English and Japanese (the seed's), in the order
// the choice prefers among equals.
var (
	structuresEN = []string{"linear", "in medias res", "frame", "parallel threads", "countdown", "single scene"}
	structuresJA = []string{"時系列", "冒頭直入", "額縁", "並行", "カウントダウン", "一場面"}
	lensesEN     = []string{"sight", "sound", "touch", "smell", "taste"}
	lensesJA     = []string{"視覚", "聴覚", "触覚", "嗅覚", "味覚"}
	temposEN     = []string{"compressed", "expanded", "accelerating", "impact", "decelerating", "wave"}
	temposJA     = []string{"圧縮型", "展開型", "加速型", "衝撃型", "減速型", "波動型"}
	hooksEN      = []string{"explicit mystery", "seed of unease", "emotional echo", "sense of a coming choice"}
	hooksJA      = []string{"明示的謎", "不安の種", "感情の残響", "選択の予感"}

	// tempoFit is the tempo curve unless the writing guide has one: the
	// profiles (indexes into the tempo lists) that fit a role tag.
	tempoFit = []struct {
		roles    []string
		profiles []int
	}{
		{[]string{"climax", "頂点"}, []int{3, 2}},
		{[]string{"turn", "転換"}, []int{2, 3}},
		{[]string{"setup", "助走"}, []int{0, 5}},
		{[]string{"build", "蓄積"}, []int{5, 1}},
		{[]string{"afterglow", "余韻"}, []int{4, 1}},
	}

	guideCompat = []string{"Structure pattern × role", "Structure pattern x role", "構成パターン × 役割タグ", "構成パターン×役割タグ"}
	guideTempo  = []string{"Tempo curve", "テンポ強度カーブ"}
)

// Accents are the writing accents of step 2 (the seed's 4a), suggestions
// the brief ends with and the first-draft prompt repeats.
type Accents struct {
	Structure, StructureWhy, StructureFit string
	Lens, LensWhy                         string
	Tempo, TempoWhy                       string
	Hook, HookWhy                         string
	// Last2 names the tempo profile and hook type of the two episodes
	// before: "episode 1: wave / seed of unease".
	Last2 []string
	// Fallback is set when the writing guide has no compatibility table:
	// the least used structure pattern is taken as it is.
	Fallback bool
}

// hasCompatTable reports whether the writing guide has the table of
// structure patterns by role tag the accents are fitted with.
func hasCompatTable(guide string) bool {
	_, ok := section(guide, guideCompat...)
	return ok
}

// ChooseAccents returns the writing accents of episode n with role tag
// role and pull level pull, from the tracker's history tables (structure
// patterns and sensory lenses of the last 5 episodes, tempo profiles and
// hook types of the last 2): the structure pattern used least (the one
// used longest ago among equals) that fits the role in the writing guide's
// compatibility table, or the least used as it is without the table; the
// sensory lens used least; a tempo profile not used in the last two
// episodes, fitted to the role; a hook type of the four not used in the
// last two, an explicit mystery or a coming choice for pull A (that rule
// first). It returns nil for episode 1 and for a tracker without history.
func ChooseAccents(s *Story, n int, role, pull string) *Accents {
	structs := lastRows(sectionRows(s.Tracker, sectionStructure.names...), n, 5)
	lenses := lastRows(sectionRows(s.Tracker, sectionLens.names...), n, 5)
	tempos := lastRows(sectionRows(s.Tracker, sectionTempo.names...), n, 2)
	if n <= 1 || len(structs)+len(lenses)+len(tempos) == 0 {
		return nil
	}
	ja := japanese(s.Tracker + s.Arc)
	pick := func(en, jp []string) []string {
		if ja {
			return jp
		}
		return en
	}
	a := &Accents{Fallback: !hasCompatTable(s.Guide)}

	compat := tableRows(sectionText(s.Guide, guideCompat), true)
	catalog := pick(structuresEN, structuresJA)
	if !a.Fallback && len(compat) > 0 {
		catalog = nil
		for _, r := range compat {
			catalog = append(catalog, r[0])
		}
	}
	ranked, uses := leastUsed(catalog, structs)
	a.Structure = ranked[0]
	if !a.Fallback {
		a.StructureFit = fmt.Sprintf("no pattern fits the role tag %q in the writing guide's table: the least used is kept", role)
		for _, p := range ranked {
			if r := slices.IndexFunc(compat, func(r []string) bool { return strings.EqualFold(r[0], p) }); r >= 0 && fits(cell(compat[r], 1), role) {
				a.Structure, a.StructureFit = p, fmt.Sprintf("fits the role tag %q in the writing guide's table", role)
				break
			}
		}
	} else {
		a.StructureFit = "the writing guide has no compatibility table: the least used pattern as it is"
	}
	a.StructureWhy = fmt.Sprintf("used %d time(s) in the last %d episode(s)", uses[a.Structure], len(structs))

	ranked, uses = leastUsed(pick(lensesEN, lensesJA), lenses)
	a.Lens = ranked[0]
	a.LensWhy = fmt.Sprintf("used %d time(s) in the last %d episode(s), the least", uses[a.Lens], len(lenses))

	var lastTempo, lastHook []string
	for _, r := range tempos {
		lastTempo, lastHook = append(lastTempo, cell(r, 1)), append(lastHook, cell(r, 2))
		a.Last2 = append(a.Last2, fmt.Sprintf("episode %d: %s / %s", episodeNumber(r[0]), orNone(cell(r, 1)), orNone(cell(r, 2))))
	}
	profiles := pick(temposEN, temposJA)
	a.Tempo, a.TempoWhy = tempoFor(profiles, lastTempo, role, tableRows(sectionText(s.Guide, guideTempo), true))

	hooks := pick(hooksEN, hooksJA)
	allowed := hooks
	if pull == "A" {
		allowed = []string{hooks[0], hooks[3]}
	}
	if i := slices.IndexFunc(allowed, func(h string) bool { return !usedIn(h, lastHook) }); i >= 0 {
		a.Hook, a.HookWhy = allowed[i], "not used in the last two episodes"
	} else {
		a.Hook = allowed[0]
		if usedIn(allowed[0], lastHook[len(lastHook)-1:]) {
			a.Hook = allowed[1]
		}
		a.HookWhy = "used longer ago of the two pull A allows (that rule before avoiding the last two episodes' hooks)"
	}
	if pull == "A" {
		a.HookWhy += "; pull A takes an explicit mystery or a coming choice"
	}
	if pull == "C" && a.Hook == hooks[2] {
		a.HookWhy += "; pull C: embed one grain of mystery in the echo (the hook is never zero)"
	}
	return a
}

// sectionText returns the section of md named by names, or "".
func sectionText(md string, names []string) string {
	text, _ := section(md, names...)
	return text
}

// leastUsed orders names by how often rows use them (column 2, the used
// one, or column 1, the recommended one, when it is empty), then by the
// episode of their last use (never used first), then as given; names the
// rows use that are not in names come after.
func leastUsed(names []string, rows [][]string) ([]string, map[string]int) {
	names = slices.Clone(names)
	uses, last := map[string]int{}, map[string]int{}
	for _, r := range rows {
		used := cell(r, 2)
		if strings.Trim(used, "-— ") == "" {
			used = cell(r, 1)
		}
		if used = strings.TrimSpace(used); used == "" {
			continue
		}
		i := slices.IndexFunc(names, func(n string) bool { return usedIn(n, []string{used}) })
		if i < 0 {
			names = append(names, used)
			i = len(names) - 1
		}
		uses[names[i]]++
		last[names[i]] = max(last[names[i]], episodeNumber(r[0]))
	}
	order := slices.Clone(names)
	slices.SortStableFunc(order, func(a, b string) int {
		if uses[a] != uses[b] {
			return uses[a] - uses[b]
		}
		return last[a] - last[b]
	})
	return order, uses
}

// usedIn reports whether name is one of the cells (case aside, or a cell
// that holds it).
func usedIn(name string, cells []string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	return name != "" && slices.ContainsFunc(cells, func(c string) bool {
		return strings.Contains(strings.ToLower(c), name)
	})
}

// fits reports whether a roles cell ("turn, climax", "頂点・転換") names
// role.
func fits(roles, role string) bool {
	role = strings.ToLower(strings.TrimSpace(role))
	return role != "" && slices.ContainsFunc(strings.FieldsFunc(strings.ToLower(roles), func(r rune) bool { return strings.ContainsRune(",、・/;； ", r) }),
		func(f string) bool { return f == role || strings.Contains(role, f) })
}

// tempoFor returns the tempo profile for role that the last episodes did
// not use, and why: the first that fits role in the guide's tempo curve
// (rows | profile | roles |) or, without one, in tempoFit.
func tempoFor(profiles, last []string, role string, curve [][]string) (string, string) {
	var free []string
	for _, p := range profiles {
		if !usedIn(p, last) {
			free = append(free, p)
		}
	}
	var fit []string
	for _, r := range curve {
		if fits(cell(r, 1), role) {
			fit = append(fit, r[0])
		}
	}
	if len(curve) == 0 {
		for _, tf := range tempoFit {
			if slices.ContainsFunc(tf.roles, func(r string) bool { return strings.Contains(strings.ToLower(role), r) }) {
				for _, i := range tf.profiles {
					fit = append(fit, profiles[i])
				}
			}
		}
	}
	for _, f := range fit {
		if slices.ContainsFunc(free, func(p string) bool { return strings.EqualFold(p, f) }) {
			return f, fmt.Sprintf("fits the role tag %q and differs from the last two episodes", role)
		}
	}
	return free[0], "differs from the last two episodes"
}

// render returns the brief's accents section.
func (a *Accents) render() string {
	var b strings.Builder
	b.WriteString("\n## Writing accents (suggestions)\n\n")
	fmt.Fprintf(&b, "### Structure pattern\n\n- Recommended: %s\n- Why: %s\n- Fit: %s\n\n", a.Structure, a.StructureWhy, a.StructureFit)
	fmt.Fprintf(&b, "### Sensory lens\n\n- Recommended: %s\n- Why: %s\n\n", a.Lens, a.LensWhy)
	last := orNone(strings.Join(a.Last2, ", "))
	fmt.Fprintf(&b, "### Tempo profile\n\n- Profile: %s — %s\n- Last two episodes: %s\n\n", a.Tempo, a.TempoWhy, last)
	fmt.Fprintf(&b, "### Hook type\n\n- Type: %s — %s\n- Last two episodes: %s\n\n", a.Hook, a.HookWhy, last)
	b.WriteString("Change them when the story needs it, and say why (accent-note.md).\n")
	return b.String()
}

// points are the accents' key points for the first-draft prompt.
func (a *Accents) points() []string {
	return []string{"Tempo profile: " + a.Tempo, "Structure pattern: " + a.Structure, "Sensory lens: " + a.Lens, "Hook type: " + a.Hook}
}
