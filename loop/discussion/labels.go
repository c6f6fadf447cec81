package discussion

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/kaigi-dev/kaigi/loop/discussion/board"
)

// OwnLetter labels a participant's own posts in its view.
const OwnLetter = "Y"

// view is the board as one participant sees it in one round: labelled
// posts, and the labels' ids.
type view struct {
	seen    []Seen
	idOf    map[string]string // label -> post id
	labelOf map[string]string // post id -> label
}

// letters are the labels of the other participants, in shuffled order.
var letters = []string{"A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Z"}

// makeView labels b's participant posts for participant me: the other
// participants get letters in an order shuffled by seed (so two
// participants, or two rounds, see different labels), their posts are
// numbered per author in board order ("B2"), me's own posts are "Y1",
// "Y2", ..., and the posts are listed by label, so their order tells
// nothing of who posted first. No author name or model appears. The
// lead's and the runner's posts are not shown.
func makeView(b *board.Board, me string, seed uint64) view {
	others := slices.DeleteFunc(slices.Clone(b.Meta().Participants), func(n string) bool { return n == me })
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	r.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	letter := map[string]string{me: OwnLetter}
	for i, n := range others {
		letter[n] = letters[i] // Spec.Validate allows at most len(letters)+1 participants
	}
	v := view{idOf: map[string]string{}, labelOf: map[string]string{}}
	count := map[string]int{}
	var posts []board.Post
	for _, p := range b.Posts() {
		if _, ok := letter[p.Author]; !ok {
			continue
		}
		count[p.Author]++
		l := fmt.Sprintf("%s%d", letter[p.Author], count[p.Author])
		v.idOf[l], v.labelOf[p.ID] = p.ID, l
		posts = append(posts, p)
	}
	for _, p := range posts {
		s := Seen{Label: v.labelOf[p.ID], Kind: p.Kind, Round: p.Round, Body: p.Body, Finding: p.Finding, Own: p.Author == me}
		for _, r := range p.Refs {
			if l, ok := v.labelOf[r]; ok {
				s.Refs = append(s.Refs, l)
			}
		}
		v.seen = append(v.seen, s)
	}
	slices.SortStableFunc(v.seen, func(a, b Seen) int { return compareLabels(a.Label, b.Label) })
	return v
}

// compareLabels orders labels by letter, then number ("B2" before "B10").
func compareLabels(a, b string) int {
	la, na := splitLabel(a)
	lb, nb := splitLabel(b)
	if la != lb {
		if la < lb {
			return -1
		}
		return 1
	}
	return na - nb
}

func splitLabel(l string) (string, int) {
	i := 0
	for i < len(l) && (l[i] < '0' || l[i] > '9') {
		i++
	}
	n := 0
	fmt.Sscanf(l[i:], "%d", &n)
	return l[:i], n
}
