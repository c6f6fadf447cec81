package editorial_test

import (
	"os"
	"testing"
)

func TestScratchShots(t *testing.T) {
	small, _ := smallReport(t)
	many := manyFindings(t, 30)
	ctx, p := openPage(t, 1280, 900)
	for i, c := range []struct{ url, then string }{
		{"file://" + small, ""},
		{"file://" + many + "#status=applied", `document.querySelectorAll("#findings button.more")[1].click()`},
		{"file://" + many + "#severity=critical&colour=red", ""},
		{"file://" + many + "#page=30", `scrollTo(0, document.getElementById("changes-h").offsetTop - 400)`},
	} {
		p.Navigate(ctx, "about:blank")
		if err := p.Navigate(ctx, c.url); err != nil { t.Fatal(err) }
		eval(t, ctx, p, shownJS, nil)
		if c.then != "" { eval(t, ctx, p, c.then, nil) }
		png, _ := p.Screenshot(ctx)
		os.WriteFile("/tmp/shot"+string(rune('0'+i))+".png", png, 0o644)
	}
}
