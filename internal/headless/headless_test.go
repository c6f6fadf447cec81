package headless_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/internal/headless"
)

// TestPage: a page loads a file (a Japanese name), evaluates expressions
// (a promise's value, a thrown error named), sees its viewport's size,
// goes to another fragment of it and takes a PNG.
func TestPage(t *testing.T) {
	exe := headless.Find()
	if exe == "" {
		t.Skip("no headless Chromium here (.ci/run installs Debian's chromium)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := headless.Start(ctx, exe, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p, err := b.NewPage(ctx, 800, 600)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "報告 p.html")
	os.WriteFile(file, []byte("<!DOCTYPE html><title>t</title><p id=x>こんにちは</p>"), 0o644)
	if err := p.Navigate(ctx, "file://"+file+"#a=1"); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Text  string
		Width int
		Hash  string
	}
	if err := p.Eval(ctx, `new Promise(r => setTimeout(() => r({text: x.textContent, width: innerWidth, hash: location.hash}), 10))`, &got); err != nil {
		t.Fatal(err)
	}
	if got.Text != "こんにちは" || got.Width != 800 || got.Hash != "#a=1" {
		t.Errorf("page: %+v", got)
	}
	if err := p.Navigate(ctx, "file://"+file+"#b=2"); err != nil {
		t.Fatal(err)
	}
	if err := p.Eval(ctx, `location.hash`, &got.Hash); err != nil || got.Hash != "#b=2" {
		t.Errorf("another fragment: %q, %v", got.Hash, err)
	}
	if err := p.Eval(ctx, `(() => { throw new Error("no such thing") })()`, nil); err == nil || !strings.Contains(err.Error(), "no such thing") {
		t.Errorf("a thrown error: %v", err)
	}
	png, err := p.Screenshot(ctx)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("screenshot: %d bytes, %v", len(png), err)
	}
}
