package sarifcheck_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/loop/export"
	"github.com/kaigi-dev/kaigi/loop/export/multitool"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// commands are the examples whose -format sarif the test checks.
var commands = []string{"discussion-review", "editorial-swarm", "goldfish-loop", "multi-shot-review", "write-episode"}

// TestCommandsSARIF builds the five commands and checks the SARIF each
// prints: its demo, offline, and a review of 24 English and Japanese
// files (CRLF, BOMs) in two folders of a repository, run from one of
// them. Each log must pass the SARIF schema and Microsoft's validator
// with the default rules and GitHub's, with no diagnostic; its ROOT must
// be the folder the paths live in (the repository for the 24 files),
// every result's file must exist there, and every result with a region
// must carry the primaryLocationLineHash GitHub's upload-sarif computes
// from that file. The demos that copy their sample into a temporary
// folder run once more with that folder inside a repository, whose top
// ROOT must then be.
func TestCommandsSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the commands and runs the SARIF validator")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	tool, err := multitool.Find(ctx)
	if err != nil {
		t.Skipf("the SARIF validator cannot run: %v", err)
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot build the commands")
	}
	bin := t.TempDir()
	args := []string{"build", "-o", bin + string(filepath.Separator)}
	for _, c := range commands {
		args = append(args, "github.com/kaigi-dev/kaigi/examples/"+c)
	}
	if out, err := exec.CommandContext(ctx, gobin, args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, gitErr := exec.LookPath("git")
	for _, c := range commands {
		t.Run(c+" demo", func(t *testing.T) {
			if c == "multi-shot-review" && gitErr != nil {
				t.Skip("git is not installed: the multi-shot demo makes a repository")
			}
			work := t.TempDir()
			args := []string{"-format", "sarif"}
			if c == "multi-shot-review" {
				args = append(args, "-keep") // so that its repository is still there to resolve the paths in
			}
			log := run(ctx, t, filepath.Join(bin, c), work, work, args...)
			check(ctx, t, &tool, c, log, "")
		})
	}
	// A demo's copy in a repository (its temporary folder there) is named
	// from the repository's top, as a user's files are.
	for _, c := range []string{"discussion-review", "editorial-swarm", "goldfish-loop", "write-episode"} {
		t.Run(c+" demo in a repository", func(t *testing.T) {
			if gitErr != nil {
				t.Skip("git is not installed")
			}
			repo := filepath.Join(t.TempDir(), "repo")
			if out, err := exec.CommandContext(ctx, "git", "init", "-q", repo).CombinedOutput(); err != nil {
				t.Fatalf("git init: %v\n%s", err, out)
			}
			tmp := filepath.Join(repo, "tmp")
			if err := os.Mkdir(tmp, 0o755); err != nil {
				t.Fatal(err)
			}
			log := run(ctx, t, filepath.Join(bin, c), repo, tmp, "-format", "sarif")
			check(ctx, t, nil, c, log, repo)
		})
	}
	t.Run("editorial-swarm 24 files", func(t *testing.T) {
		if gitErr != nil {
			t.Skip("git is not installed")
		}
		repo := filepath.Join(t.TempDir(), "site")
		files := manyFiles(t, repo, 24)
		if out, err := exec.CommandContext(ctx, "git", "init", "-q", repo).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		args := append([]string{"-format", "sarif", "-dry-run", "-gate", "auto", "-reader", "Web engineers"}, files...)
		log := run(ctx, t, filepath.Join(bin, "editorial-swarm"), filepath.Join(repo, "docs"), t.TempDir(), args...)
		check(ctx, t, &tool, "editorial-swarm-24", log, repo)
	})
}

// manyFiles writes n review samples under repo/docs/en and repo/docs/ja,
// every third with CRLF line endings and every fourth with a BOM, and
// returns their paths relative to repo/docs.
func manyFiles(t *testing.T, repo string, n int) []string {
	t.Helper()
	var files []string
	for i := range n {
		lang, name := "en", fmt.Sprintf("page-%02d.md", i)
		sample := []string{"sample-en.md", "clean-en.md"}[i%2]
		if i%4 >= 2 {
			lang, name = "ja", fmt.Sprintf("記事-%02d.md", i)
			sample = []string{"sample-ja.md", "clean-ja.md"}[i%2]
		}
		text, err := offline.Sample(sample)
		if err != nil {
			t.Fatal(err)
		}
		text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
		if i%3 == 0 {
			text = bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n"))
		}
		if i%4 == 1 {
			text = append([]byte("\uFEFF"), text...)
		}
		rel := filepath.Join(lang, name)
		p := filepath.Join(repo, "docs", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, rel)
	}
	return files
}

// run runs the command offline in dir, its temporary folders in tmp, and
// returns its stdout; an exit status of 1 (an error) fails t.
func run(ctx context.Context, t *testing.T, cmdPath, dir, tmp string, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(ctx, cmdPath, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "KAIGI_PROVIDER=", "OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "OPENROUTER_API_KEY=")
	cmd.Stdin = strings.NewReader("")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	var exit *exec.ExitError
	if err := cmd.Run(); err != nil && (!errors.As(err, &exit) || exit.ExitCode() == 1) {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(cmdPath), strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

// sarifDoc is the part of a SARIF log check reads.
type sarifDoc struct {
	Runs []struct {
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Results            []struct {
			PartialFingerprints map[string]string
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region *struct{ StartLine int }
				}
			}
		}
	}
}

// check validates data (see TestCommandsSARIF), with the validator
// when tool is not nil; root, when not empty, is the folder ROOT must
// name.
func check(ctx context.Context, t *testing.T, tool *multitool.Tool, name string, data []byte, root string) {
	t.Helper()
	if err := export.ValidateSARIF(data); err != nil {
		t.Errorf("SARIF schema: %v", err)
	}
	if tool != nil {
		file := filepath.Join(t.TempDir(), name+".sarif")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		diags, err := tool.Validate(ctx, file)
		if err != nil {
			t.Error(err)
		}
		for _, d := range diags {
			t.Errorf("sarif-multitool: %s", d)
		}
	}
	var l sarifDoc
	if err := json.Unmarshal(data, &l); err != nil || len(l.Runs) != 1 {
		t.Fatalf("want one run: %v", err)
	}
	r := l.Runs[0]
	base, err := url.Parse(r.OriginalURIBaseIDs[export.RootBaseID].URI)
	if err != nil || base.Scheme != "file" {
		t.Fatalf("ROOT %q is not a file URI (%v)", r.OriginalURIBaseIDs[export.RootBaseID].URI, err)
	}
	dir := filepath.FromSlash(base.Path)
	if root != "" && filepath.Clean(dir) != filepath.Clean(root) {
		t.Errorf("ROOT is %s, want the repository %s", dir, root)
	}
	if len(r.Results) == 0 {
		t.Fatal("no results")
	}
	hashes := map[string][]string{}
	for i, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		p, err := url.PathUnescape(loc.ArtifactLocation.URI)
		if err != nil || loc.ArtifactLocation.URIBaseID != export.RootBaseID {
			t.Errorf("result %d: uri %q, uriBaseId %q", i, loc.ArtifactLocation.URI, loc.ArtifactLocation.URIBaseID)
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(p))
		h, ok := hashes[path]
		if !ok {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("result %d: %s does not resolve to a file under ROOT: %v", i, p, err)
				continue
			}
			h = export.LineHashes(text)
			hashes[path] = h
		}
		if loc.Region == nil {
			continue
		}
		if n := loc.Region.StartLine; n < 1 || n > len(h) || res.PartialFingerprints[export.LineHashKey] != h[n-1] {
			t.Errorf("result %d (%s:%d): %s %q, want the hash of that line of the file", i, p, n, export.LineHashKey, res.PartialFingerprints[export.LineHashKey])
		}
	}
}
