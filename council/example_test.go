package council_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/apply"
	"github.com/kaigi-dev/kaigi/council"
	"github.com/kaigi-dev/kaigi/finding"
)

// exampleDoc is the document the examples review.
const exampleDoc = "We will recieve the parcel tomorow.\nIt is, needless to say, urgent.\n"

// spelling is an offline reviewer that flags two misspellings.
var spelling = agent.ReviewerFunc{ReviewerName: "spelling", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
	var fs []finding.Finding
	for i, w := range []struct{ bad, good string }{{"recieve", "receive"}, {"tomorow", "tomorrow"}} {
		fs = append(fs, finding.Finding{
			ID: fmt.Sprintf("F%03d", i+1), Category: "spelling", LineRange: finding.LineRange{Start: 1, End: 1},
			Issue: "misspelt " + w.good, Fix: w.good, Confidence: 95, Severity: finding.Low, Quotes: []string{w.bad},
		})
	}
	rep := finding.Report{Reviewer: "spelling", SchemaVersion: finding.SchemaVersion, Summary: "Two typos.", Findings: fs}
	return agent.Review{Report: rep}, nil
}}

// style is an offline reviewer that flags a filler phrase.
var style = agent.ReviewerFunc{ReviewerName: "style", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
	rep := finding.Report{Reviewer: "style", SchemaVersion: finding.SchemaVersion, Summary: "One filler.", Findings: []finding.Finding{{
		ID: "F001", Category: "ai-slop", LineRange: finding.LineRange{Start: 2, End: 2},
		Issue: "filler phrase", Fix: "", Confidence: 70, Severity: finding.Low, Quotes: []string{", needless to say,"},
	}}}
	return agent.Review{Report: rep, Usage: agent.Usage{InputTokens: 120, OutputTokens: 40, Calls: 1}}, nil
}}

// broken is a reviewer whose model never returns valid JSON.
var broken = agent.ReviewerFunc{ReviewerName: "broken", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
	return agent.Review{}, errors.New("schema violation after one repair")
}}

func ExampleCouncil_Run() {
	c := council.Council{
		Members: []council.Member{{Reviewer: spelling, Shots: 2}, {Reviewer: style}, {Reviewer: broken}},
		Limit:   4,
	}
	round, err := c.Run(context.Background(), agent.Target{Path: "note.txt", Text: []byte(exampleDoc)})
	if err != nil {
		fmt.Println("round failed:", err)
		return
	}
	for _, r := range round.Results {
		if r.Skipped() {
			fmt.Println("skipped:", r.Err)
			continue
		}
		fmt.Printf("%s shot %d: %d findings\n", r.Reviewer, r.Shot, len(r.Review.Report.Findings))
	}
	fmt.Println("tokens:", round.Usage.Total())
	// Output:
	// spelling shot 1: 2 findings
	// spelling shot 2: 2 findings
	// style shot 1: 1 findings
	// skipped: reviewer broken (shot 1): schema violation after one repair
	// tokens: 160
}

func ExampleCouncil_quorum() {
	c := council.Council{Members: council.Members(style, broken), Quorum: 2}
	round, err := c.Run(context.Background(), agent.Target{Text: []byte(exampleDoc)})
	fmt.Println(errors.Is(err, council.ErrQuorum), round.Partial, len(round.Reviews()))
	// Output:
	// true true 1
}

func ExampleObserver() {
	c := council.Council{
		Members: council.Members(style, broken),
		Limit:   1, // one call at a time, so the events print in a fixed order
		Observer: func(e council.Event) {
			fmt.Println(e.Kind, e.Reviewer, e.Findings, e.Err)
		},
	}
	_, _ = c.Run(context.Background(), agent.Target{Text: []byte(exampleDoc)})
	// Output:
	// started style 0 <nil>
	// finished style 1 <nil>
	// started broken 0 <nil>
	// skipped broken 0 reviewer broken (shot 1): schema violation after one repair
}

// tone is an offline reviewer unsure of a deadline: a high-severity,
// low-confidence fix that no policy applies unasked.
var tone = agent.ReviewerFunc{ReviewerName: "tone", Fn: func(ctx context.Context, t agent.Target) (agent.Review, error) {
	rep := finding.Report{Reviewer: "tone", SchemaVersion: finding.SchemaVersion, Summary: "A vague deadline.", Findings: []finding.Finding{{
		ID: "F001", Category: "clarity", LineRange: finding.LineRange{Start: 2, End: 2},
		Issue: "deadline unclear", Fix: "due by noon", Confidence: 40, Severity: finding.High, Quotes: []string{"urgent"},
	}}}
	return agent.Review{Report: rep}, nil
}}

func ExampleAggregate() {
	doc := []byte(exampleDoc)
	c := council.Council{Members: []council.Member{{Reviewer: spelling, Shots: 2}, {Reviewer: style}, {Reviewer: tone}}}
	round, err := c.Run(context.Background(), agent.Target{Path: "note.txt", Text: doc})
	if err != nil {
		fmt.Println(err)
		return
	}
	table := council.Aggregate(doc, round, council.Options{Reviewed: true})
	for _, r := range table.Rows {
		fmt.Printf("%-18s %-10s %-10s %s\n", r.Key, r.State.Current(), cmp.Or(string(r.Placement), "-"), r.Finding.Issue)
	}

	// Apply what the default policy allows; the rest needs a human.
	changes, held := table.Safe()
	for _, r := range held {
		fmt.Printf("for a human: %s [%s/%d]\n", r.Key, r.Finding.Severity, r.Finding.Confidence)
	}
	p, err := apply.NewPatch(doc, changes)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := p.Apply(doc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(strings.TrimSpace(string(out)))
	// Output:
	// spelling/F001      open       ready      misspelt receive
	// spelling/F002      open       ready      misspelt tomorrow
	// spelling#2/F001    duplicate  -          misspelt receive
	// spelling#2/F002    duplicate  -          misspelt tomorrow
	// style/F001         open       advisory   filler phrase
	// tone/F001          open       ready      deadline unclear
	// for a human: tone/F001 [high/40]
	// We will receive the parcel tomorrow.
	// It is, needless to say, urgent.
}

// Dispatch runs calls of any kind under one limit; here two reviewers and
// an agent share two slots, and the outcomes come back in plan order.
func ExampleDispatch() {
	type answer struct {
		review agent.Review
		text   string
	}
	target := agent.Target{Path: "note.txt", Text: []byte(exampleDoc)}
	reviewer := func(r agent.Reviewer) council.Call[answer] {
		return council.Call[answer]{Name: r.Name(), Do: func(ctx context.Context) (answer, agent.Usage, error) {
			rev, err := r.Review(ctx, target)
			return answer{review: rev}, rev.Usage, err
		}}
	}
	calls := []council.Call[answer]{
		reviewer(spelling),
		reviewer(broken),
		{Name: "summariser", Do: func(ctx context.Context) (answer, agent.Usage, error) {
			return answer{text: "A parcel arrives tomorrow."}, agent.Usage{OutputTokens: 6, Calls: 1}, nil
		}},
	}
	outs, err := council.Dispatch(context.Background(), calls, council.DispatchOptions[answer]{Limit: 2, Timeout: time.Minute})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, o := range outs {
		switch {
		case o.Skipped():
			fmt.Println("skipped:", o.Err)
		case o.Value.text != "":
			fmt.Printf("%s: %s\n", o.Name, o.Value.text)
		default:
			fmt.Printf("%s: %d findings\n", o.Name, len(o.Value.review.Report.Findings))
		}
	}
	// Output:
	// spelling: 2 findings
	// skipped: call broken (shot 1): schema violation after one repair
	// summariser: A parcel arrives tomorrow.
}
