package loop_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kaigi-dev/kaigi/loop"
)

// A driver opens its document through OpenDocument: the size check names
// the knob that raises the limit (a *TooLargeError, ErrTooLarge), and a
// file that is not text is refused (ErrNotText) before any model sees it.
func ExampleOpenDocument() {
	dir, _ := os.MkdirTemp("", "loop-document")
	defer os.RemoveAll(dir)
	post := filepath.Join(dir, "post.md")
	os.WriteFile(post, []byte("# Title\r\n本文です。"), 0o644) // CRLF, no final newline
	_, doc, err := loop.OpenDocument(post, loop.DefaultMaxSize, "-max-size", true)
	fmt.Printf("%q %v\n", doc, err)

	_, _, err = loop.OpenDocument(post, 8, "-max-size", false)
	var tl *loop.TooLargeError
	fmt.Println(errors.Is(err, loop.ErrTooLarge), errors.As(err, &tl) && tl.Knob == "-max-size", tl.Size, tl.Limit)
	fmt.Println(loop.CheckSize(post, 1<<10, "-max-size"))

	img := filepath.Join(dir, "logo.png")
	os.WriteFile(img, []byte("\x89PNG\r\n\x1a\n\x00\x00"), 0o644)
	_, _, err = loop.OpenDocument(img, loop.DefaultMaxSize, "", false)
	fmt.Println(errors.Is(err, loop.ErrNotText))
	// Output:
	// "# Title\r\n本文です。" <nil>
	// true true 24 8
	// <nil>
	// true
}

// A run replaces a document by renaming a new file over it, which the
// file's own permissions do not stop: CheckWritable refuses a read-only
// document first (ErrNotWritable), even for a user who could write it.
func ExampleCheckWritable() {
	dir, _ := os.MkdirTemp("", "loop-writable")
	defer os.RemoveAll(dir)
	post := filepath.Join(dir, "post.md")
	os.WriteFile(post, []byte("# Title\n"), 0o644)
	fmt.Println(loop.CheckWritable(post))
	os.Chmod(post, 0o444)
	fmt.Println(errors.Is(loop.CheckWritable(post), loop.ErrNotWritable))
	_, _, err := loop.OpenDocument(post, loop.DefaultMaxSize, "", true)
	fmt.Println(errors.Is(err, loop.ErrNotWritable))
	// Output:
	// <nil>
	// true
	// true
}

// A run over several documents names them relative to the deepest folder
// that holds them all, and its messages name a path relative to the
// working directory when it lies below it.
func ExampleCommonDir() {
	fmt.Println(filepath.ToSlash(loop.CommonDir([]string{"docs/guide/intro.md", "docs/guide/setup.md"})))
	fmt.Println(filepath.ToSlash(loop.CommonDir([]string{"docs/guide/intro.md", "docs/api/loop.md", "docs/index.md"})))
	fmt.Println(filepath.ToSlash(loop.CommonDir([]string{"README.md"})))

	wd, _ := os.Getwd()
	fmt.Println(filepath.ToSlash(loop.RelName(filepath.Join(wd, "docs", "index.md"))))
	outside := filepath.Join(filepath.Dir(wd), "index.md")
	fmt.Println(loop.RelName(outside) == outside)
	// Output:
	// docs/guide
	// docs
	// .
	// docs/index.md
	// true
}
