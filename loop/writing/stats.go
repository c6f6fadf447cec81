package writing

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// StuckAfter is how many episodes a reader must have rated, all alike,
// before it is flagged as a reader whose score never moves.
const StuckAfter = 3

// ReaderStat is one persona's stars over the episodes of the quality log
// and this one.
type ReaderStat struct {
	Persona string `json:"persona"`
	// Stars are the persona's ratings, oldest first.
	Stars []int `json:"stars"`
	// Mean and Variance (the population variance) of Stars.
	Mean     float64 `json:"mean"`
	Variance float64 `json:"variance"`
	// Stuck is set when the persona rated at least StuckAfter episodes
	// and gave every one the same stars: its rating tells nothing.
	Stuck bool `json:"stuck"`
}

// starsCell formats ratings as the quality log keeps them: "yuki:3 mei:4".
func starsCell(personas []Persona, fb []Feedback) string {
	parts := make([]string, len(personas))
	for i, p := range personas {
		parts[i] = fmt.Sprintf("%s:%d", p.ID, fb[i].Stars)
	}
	return strings.Join(parts, " ")
}

// parseStars reads a stars cell; pairs that do not parse are skipped.
func parseStars(s string) map[string]int {
	out := map[string]int{}
	for _, f := range strings.Fields(s) {
		id, n, ok := strings.Cut(f, ":")
		if v, err := strconv.Atoi(strings.TrimPrefix(n, "★")); ok && err == nil {
			out[strings.ToLower(id)] = v
		}
	}
	return out
}

// ReaderStats returns each persona's ratings over the quality log's rows
// for episodes before n (column 6, "id:stars" pairs) and this episode's
// feedback, with their variance, flagging the personas whose score never
// moves (Stuck).
func ReaderStats(qualityLog string, n int, personas []Persona, fb []Feedback) []ReaderStat {
	hist := map[string][]int{}
	for _, r := range tableRows(qualityLog, false) {
		if episodeNumber(r[0]) >= n {
			continue
		}
		for id, v := range parseStars(cell(r, 5)) {
			hist[id] = append(hist[id], v)
		}
	}
	out := make([]ReaderStat, len(personas))
	for i, p := range personas {
		st := ReaderStat{Persona: p.ID, Stars: append(slices.Clone(hist[p.ID]), fb[i].Stars)}
		sum := 0
		for _, s := range st.Stars {
			sum += s
		}
		st.Mean = float64(sum) / float64(len(st.Stars))
		for _, s := range st.Stars {
			d := float64(s) - st.Mean
			st.Variance += d * d
		}
		st.Variance /= float64(len(st.Stars))
		st.Stuck = len(st.Stars) >= StuckAfter && st.Variance == 0
		out[i] = st
	}
	return out
}
