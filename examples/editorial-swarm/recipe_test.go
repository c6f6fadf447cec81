package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// recipeVersionOf is the version the recipe test publishes the checkout
// as, on a module proxy of its own, so that `go install ...@version` runs
// as it will for a user once kaigi is tagged: v0.99.0 with a prerelease
// naming a hash of the files git tracks, as they are in the work tree, so
// that the module cache (shared by every checkout on the machine) never
// serves another checkout's files under the same version.
func recipeVersionOf(t *testing.T, root string) string {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	h := sha256.New()
	for f := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
		b, _ := os.ReadFile(filepath.Join(root, f)) // a file deleted in the work tree hashes as empty
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(b))
		h.Write(b)
	}
	return fmt.Sprintf("v0.99.0-h%x", h.Sum(nil)[:6])
}

// TestCIRecipeOutsideTheCheckout runs the README's CI recipe as a user's
// workflow does, in a git repository of its own outside this checkout:
// the five commands installed with `go install module/path@version` (the
// library and the examples served, as a release serves them, by a file
// module proxy built from the checkout's tracked files), reviewdog
// installed with `go install` as its users do, a docs folder whose
// Markdown files are nested (docs/en/..., docs/ja/...) reviewed
// recursively, and -format github and -format rdjsonl read by their
// consumers' rules (annotations per nested file; reviewdog's local
// reporter prints every diagnostic).
func TestCIRecipeOutsideTheCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: installs two commands")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Minute)
	defer cancel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	proxy := t.TempDir()
	recipeVersion := recipeVersionOf(t, root)
	publish(t, proxy, root, "github.com/kaigi-dev/kaigi", ".", recipeVersion)
	publish(t, proxy, root, "github.com/kaigi-dev/kaigi/examples", "examples", recipeVersion)

	gobin := t.TempDir()
	upstream := strings.TrimSpace(goOutput(t, ctx, "", nil, "env", "GOPROXY"))
	env := []string{
		"GOBIN=" + gobin, "GOWORK=off", "GOFLAGS=",
		"GOPROXY=file://" + filepath.ToSlash(proxy) + "," + upstream,
		"GONOSUMDB=github.com/kaigi-dev", "GONOSUMCHECK=github.com/kaigi-dev",
	}
	user := t.TempDir()
	// Every loop's command installs the same way; the recipe runs one.
	install := []string{"install"}
	for _, cmd := range []string{"editorial-swarm", "goldfish-loop", "discussion-review", "write-episode", "multi-shot-review"} {
		install = append(install, "github.com/kaigi-dev/kaigi/examples/"+cmd+"@"+recipeVersion)
	}
	goOutput(t, ctx, user, env, install...)
	for _, cmd := range []string{"goldfish-loop", "discussion-review", "write-episode", "multi-shot-review"} {
		if out := runTool(t, ctx, user, filepath.Join(gobin, cmd), nil, "-h"); strings.Contains(out, "panic") {
			t.Errorf("%s -h: %s", cmd, out)
		}
	}
	goOutput(t, ctx, user, env, "install", "github.com/reviewdog/reviewdog/cmd/reviewdog@"+reviewdogRecipeVersion)

	for name, text := range map[string]string{
		"docs/en/guide.md":       "# Guide\n\nThis is is a short guide.\n\nIt is very very useful for everybody.\n",
		"docs/ja/intro/index.md": "# はじめに\n\nこれはは説明です。\n\n設定を行う前に、ファイルをを確認します。\n",
		"docs/README.txt":        "not Markdown, not reviewed\n",
	} {
		p := filepath.Join(user, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "docs"}} {
		if out, err := exec.CommandContext(ctx, "git", append([]string{"-C", user}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}

	swarm := filepath.Join(gobin, "editorial-swarm")
	recipe := []string{"-dry-run", "-gate", "auto", "-reader", "Web engineers"}
	gh := runTool(t, ctx, user, swarm, nil, append(recipe, "-format", "github", "docs")...)
	for _, f := range []string{"docs/en/guide.md", "docs/ja/intro/index.md"} {
		if !regexp.MustCompile(`(?m)^::(error|warning|notice) file=` + regexp.QuoteMeta(f) + `,line=\d+`).MatchString(gh) {
			t.Errorf("-format github shows no annotation on the nested %s:\n%s", f, gh)
		}
	}
	t.Logf("-format github: %d lines; first: %.200s", strings.Count(gh, "\n"), gh)
	if strings.Contains(gh, "README.txt") {
		t.Errorf("-format github reviewed a file that is not Markdown:\n%s", gh)
	}

	rd := runTool(t, ctx, user, swarm, nil, append(recipe, "-format", "rdjsonl", "docs")...)
	lines := strings.Split(strings.TrimSpace(rd), "\n")
	got := runTool(t, ctx, user, filepath.Join(gobin, "reviewdog"), strings.NewReader(rd),
		"-f=rdjsonl", "-name=editorial-swarm", "-reporter=local", "-filter-mode=nofilter")
	if n := len(strings.Split(strings.TrimSpace(got), "\n")); strings.TrimSpace(got) == "" || n != len(lines) {
		t.Errorf("reviewdog printed %d diagnostics of the %d kaigi wrote:\n%s", n, len(lines), got)
	}
	t.Logf("reviewdog read %d diagnostics from the rdjsonl", len(lines))
	for _, l := range lines {
		var d struct {
			Location struct{ Path string } `json:"location"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil || !strings.HasPrefix(d.Location.Path, "docs/") {
			t.Errorf("rdjsonl line %q: path %q, want one under docs/ relative to the repository (%v)", l, d.Location.Path, err)
		}
	}
}

// reviewdogRecipeVersion is the reviewdog the README's recipe installs.
const reviewdogRecipeVersion = "v0.21.0"

// publish writes module path's zip, go.mod and info at recipeVersion into
// the file proxy, from the files git tracks under dir of the checkout at
// root. A go.mod's requirements of kaigi's own modules are set to
// recipeVersion and its replace directives dropped, as a release does.
func publish(t *testing.T, proxy, root, path, dir, recipeVersion string) {
	t.Helper()
	src := t.TempDir()
	out, err := exec.Command("git", "-C", filepath.Join(root, dir), "ls-files", "-z", "--", ".").Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v", dir, err)
	}
	for f := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
		b, err := os.ReadFile(filepath.Join(root, dir, f))
		if err != nil {
			continue // deleted in the work tree
		}
		p := filepath.Join(src, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = regexp.MustCompile(`(?m)^replace .*\n`).ReplaceAll(gomod, nil)
	gomod = regexp.MustCompile(`(?m)^(\s*(require )?github\.com/kaigi-dev/kaigi\S*) v0\.0\.0$`).ReplaceAll(gomod, []byte("$1 "+recipeVersion))
	if err := os.WriteFile(filepath.Join(src, "go.mod"), gomod, 0o644); err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, filepath.FromSlash(path), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	if err := modzip.CreateFromDir(&z, module.Version{Path: path, Version: recipeVersion}, src); err != nil {
		t.Fatalf("zipping %s: %v", path, err)
	}
	if _, err := zip.NewReader(bytes.NewReader(z.Bytes()), int64(z.Len())); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		recipeVersion + ".zip":  z.Bytes(),
		recipeVersion + ".mod":  gomod,
		recipeVersion + ".info": []byte(`{"Version":"` + recipeVersion + `","Time":"2026-12-01T00:00:00Z"}`),
		"list":                  []byte(recipeVersion + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(at, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goOutput runs the go command in dir with env added and returns stdout.
func goOutput(t *testing.T, ctx context.Context, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return string(out)
}

// runTool runs an installed command in dir and returns its stdout; exit
// code 2 (stopped before converging, as a dry run with findings is) is
// not a failure.
func runTool(t *testing.T, ctx context.Context, dir, bin string, stdin *strings.Reader, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "OPENROUTER_API_KEY=", "KAIGI_PROVIDER=")
	if stdin != nil {
		cmd.Stdin = stdin
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, stderr.Bytes())
		}
	}
	return stdout.String()
}
