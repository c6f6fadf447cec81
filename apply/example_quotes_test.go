package apply_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/apply"
)

// ExamplePatchQuotes turns a model's quote/fix pairs into a patch: the
// first fix of two that overlap wins, a quote found twice is skipped,
// and the patch takes itself back.
func ExamplePatchQuotes() {
	doc := []byte("\ufeff吾輩は猫である。\r\n猫の名前はまだ無い")
	fixes := []apply.QuoteFix{
		{Key: "P1", Quote: "名前はまだ無い", Fix: "名前はタマ"},
		{Key: "P2", Quote: "まだ無い", Fix: "もう有る"}, // overlaps P1
		{Key: "P3", Quote: "猫", Fix: "犬"},       // twice in the document
		{Key: "P4", Quote: "吾輩は", Fix: "私は"},
	}
	qp, err := apply.PatchQuotes(doc, fixes, apply.QuoteOptions{Overlap: apply.FirstWins})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := qp.Patch.Apply(doc)
	fmt.Printf("%q\n", out)
	for _, s := range qp.Skips {
		fmt.Println(s.Err)
	}
	back, _ := qp.Patch.Inverse().Apply(out)
	fmt.Println(string(back) == string(doc))
	// Output:
	// "\ufeff私は猫である。\r\n猫の名前はタマ"
	// apply: P2: edit overlaps another fix kept before it ("名前はまだ無い")
	// apply: P3: quote is ambiguous: "猫" occurs more than once in the document
	// true
}
