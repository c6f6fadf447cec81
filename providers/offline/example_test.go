package offline_test

import (
	"context"
	"fmt"
	"testing/fstest"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// The four Editorial Swarm reviewers review an English draft: by default
// only the doubled word (the rules on by default are those measured
// right on real documentation); the strict and facts sets add the stock
// phrase and the advisory fact checks.
func ExampleEditorial() {
	text := []byte("# Notes\n\nIt's worth noting that the the cache is cold.\nStudies show that 73% of outages start in deploys.\n")
	for _, cfg := range []offline.Config{{}, {Enabled: []string{offline.SetStrict, offline.SetFacts}}} {
		fmt.Println("enabled:", cfg.Enabled)
		for _, r := range offline.Editorial(cfg) {
			rev, err := r.Review(context.Background(), agent.Target{Path: "notes.md", Text: text})
			if err != nil {
				fmt.Println(err)
				return
			}
			for _, f := range rev.Report.Findings {
				fmt.Printf("%s line %s [%s/%d] %q -> %q\n", r.Name(), f.LineRange, f.Severity, f.Confidence, f.Quote(), f.Fix)
			}
		}
	}
	// Output:
	// enabled: []
	// anti-ai-slop line 3 [low/85] "It's worth noting that the" -> "The"
	// narrative-critic line 3 [low/90] "the the" -> "the"
	// enabled: [strict facts]
	// anti-ai-slop line 3 [low/85] "It's worth noting that the" -> "The"
	// fact-checker line 4 [medium/60] "Studies show" -> ""
	// fact-checker line 4 [medium/65] "73% of outages" -> ""
	// narrative-critic line 3 [low/90] "the the" -> "the"
}

// A Japanese draft gets textlint-style findings; the reader profile
// tightens the limits for a non-engineer.
func ExampleReaderAdvocate() {
	text := []byte("ﾃﾞｰﾀを送ります\n")
	rev, err := offline.ReaderAdvocate(offline.Config{}).Review(context.Background(),
		agent.Target{Text: text, ReaderProfile: "非エンジニア"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rev.Report.Findings {
		fmt.Printf("%s %q -> %q\n", f.Issue, f.Quote(), f.Fix)
	}
	// Output:
	// no-hankaku-kana: 半角カナ「ﾃﾞｰﾀ」は全角にしてください "ﾃﾞｰﾀを送" -> "データを送"
	// ja-no-mixed-period: 文末に句点「。」がありません "ﾃﾞｰﾀを送ります" -> ""
}

// Sample returns the bundled demo articles.
func ExampleSample() {
	b, err := offline.Sample("sample-ja.md")
	fmt.Println(len(b) > 0, err)
	// Output:
	// true <nil>
}

// The fact-checker checks relative links against a file system the caller
// hands in (here an in-memory one; os.DirFS(workDir) in a program).
func ExampleFactChecker() {
	docs := fstest.MapFS{"docs/setup.md": {}}
	text := []byte("See [setup](setup.md) and [deploy](deploy.md).\n")
	rev, err := offline.FactChecker(offline.Config{LinkFS: docs}).Review(context.Background(),
		agent.Target{Path: "docs/guide.md", Text: text})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rev.Report.Findings {
		fmt.Printf("[%s] %s\n", f.Severity, f.Issue)
	}
	// Output:
	// [high] broken-link: link target "deploy.md" does not exist (looked for docs/deploy.md)
}
