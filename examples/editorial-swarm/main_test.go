package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

// bin is the command, built once for all tests by TestMain.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "editorial-swarm-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "editorial-swarm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runBin runs the binary in dir with stdin not a terminal and returns its
// exit code, stdout and stderr.
func runBin(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	return runBinEnv(t, dir, nil, args...)
}

// runBinEnv is runBin with extra environment variables; no API key of the
// test's own environment reaches the command.
func runBinEnv(t *testing.T, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+dir, "OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "OPENROUTER_API_KEY=", "KAIGI_PROVIDER=")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader("")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errb.String()
}

// TestDemo runs the README's main command as a new user would: no
// arguments, no key, stdin not a terminal.
func TestDemo(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runBin(t, dir)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	m := regexp.MustCompile(`bundled sample-ja\.md in (\S+)`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr does not say where the demo works:\n%s", stderr)
	}
	work := m[1]
	art := filepath.Join(work, ".editorial")
	for _, f := range []string{"journal.jsonl", "summary.md", "round-1/findings.md", "round-1/skipped.md", "round-1/rejected.md",
		"round-1/pending.json", "round-1/pending.md", "round-1/applied.diff",
		"round-1/reviewer-anti-ai-slop.json", "round-1/reviewer-fact-checker.json",
		"round-1/reviewer-narrative-critic.json", "round-1/reviewer-reader-advocate.json"} {
		if _, err := os.Stat(filepath.Join(art, f)); err != nil {
			t.Errorf("artifact missing: %v", err)
		}
	}
	sample, _ := offline.Sample("sample-ja.md")
	got, err := os.ReadFile(filepath.Join(work, "sample-ja.md"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, sample) {
		t.Error("the demo applied nothing: the safe low findings should be applied")
	}
	if !strings.Contains(stdout, "applied (policy)") || !strings.Contains(stdout, "open") {
		t.Errorf("the final table lacks applied or open findings:\n%s", stdout)
	}
	if !strings.Contains(stdout, "-resume") {
		t.Errorf("stdout does not say how to resume after deciding:\n%s", stdout)
	}
}

// TestUndoAndJSON works on a user's own CRLF Japanese file: a run with
// -json, then -undo restores the file byte for byte.
func TestUndoAndJSON(t *testing.T) {
	dir := t.TempDir()
	sample, err := offline.Sample("sample-ja.md")
	if err != nil {
		t.Fatal(err)
	}
	crlf := bytes.ReplaceAll(bytes.ReplaceAll(sample, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	path := filepath.Join(dir, "記事.md")
	os.WriteFile(path, crlf, 0o644)

	code, stdout, stderr := runBin(t, dir, "-json", "-gate", "auto", "-reader", "Web engineers", "記事.md")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (high findings stay open with the auto gate)\n%s\n%s", code, stdout, stderr)
	}
	var sum struct {
		Reason         string            `json:"reason"`
		Applied        []json.RawMessage `json:"applied"`
		UnresolvedHigh int               `json:"unresolved_high"`
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("-json output is not JSON: %v\n%s", err, stdout)
	}
	if len(sum.Applied) == 0 || sum.UnresolvedHigh == 0 {
		t.Errorf("summary = %+v, want applied findings and open high ones", sum)
	}
	changed, _ := os.ReadFile(path)
	if bytes.Equal(changed, crlf) {
		t.Fatal("nothing was applied")
	}
	if bytes.Contains(bytes.ReplaceAll(changed, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("a fix brought a bare LF into a CRLF file")
	}
	code, stdout, stderr = runBin(t, dir, "-undo")
	if code != 0 {
		t.Fatalf("-undo: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if restored, _ := os.ReadFile(path); !bytes.Equal(restored, crlf) {
		t.Error("-undo did not restore the file byte for byte")
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "empty.md"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "photo.md"), []byte("\x89PNG\r\n\x1a\n\x00\x00"), 0o644)
	os.WriteFile(filepath.Join(dir, "wide.md"), []byte("\xff\xfe#\x00 \x00T\x00i\x00t\x00l\x00e\x00\n\x00"), 0o644)
	os.Mkdir(filepath.Join(dir, "nothing"), 0o755)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-reader", "x", "missing.md"}, "no such file"},
		{[]string{"-reader", "x", "nothing"}, "holds no *.md file"}, // a folder stands for its *.md files
		{[]string{"-reader", "x", "empty.md"}, "is empty"},
		{[]string{"-reader", "x", "photo.md"}, "binary"},
		{[]string{"-reader", "x", "wide.md"}, "UTF-16LE (UTF-16, little-endian); convert it to UTF-8"},
		{[]string{"wide.md", "-reader", "x"}, "UTF-16LE"}, // flags after the file
		{[]string{"empty.md"}, "-reader is required"},
		{[]string{"-rounds", "0"}, "at least 1"},
		{[]string{"-gate", "maybe", "-reader", "x", "empty.md"}, "-gate"},
		{[]string{"-undo"}, "journal"},
		{[]string{"-undo", "-resume"}, "cannot be combined"},
		{[]string{"-reader", "x", "a.md", "b.md"}, "a.md: no such file"}, // several articles are reviewed at once
	} {
		code, _, stderr := runBin(t, dir, tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 mentioning %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestFileGateResume decides the pending findings in the decisions file,
// as a CI job would, and resumes the run.
func TestFileGateResume(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.WriteFile(filepath.Join(dir, "post.md"), sample, 0o644)
	code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers", "-rounds", "1", "post.md")
	if code != 2 || !strings.Contains(stdout, "-resume") {
		t.Fatalf("first run: exit %d, want 2 and how to resume\n%s\n%s", code, stdout, stderr)
	}
	var pending []map[string]string
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(dir, ".editorial", "round-1", "pending.json"))), &pending); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending {
		p["action"], p["reason"] = "reject", "checked by hand"
	}
	os.WriteFile(filepath.Join(dir, ".editorial", "decisions.json"), must(json.Marshal(pending)), 0o644)
	code, stdout, stderr = runBin(t, dir, "-resume", "post.md")
	if code != 0 {
		t.Fatalf("resumed run: exit %d, want 0 (every finding decided)\n%s\n%s", code, stdout, stderr)
	}
	summary := string(must(os.ReadFile(filepath.Join(dir, ".editorial", "summary.md"))))
	if !strings.Contains(summary, "reason: checked by hand") {
		t.Errorf("summary.md lacks the rejections:\n%s", summary)
	}
}

func TestDryRunLeavesTheFile(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.WriteFile(filepath.Join(dir, "post.md"), sample, 0o644)
	code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers", "-dry-run", "post.md")
	if code != 0 || !strings.Contains(stdout, "would apply") {
		t.Fatalf("dry run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got := must(os.ReadFile(filepath.Join(dir, "post.md"))); !bytes.Equal(got, sample) {
		t.Error("-dry-run changed the file")
	}
	// The messages say what happened: the journal and artifacts were
	// written, the article was not; the totals speak as the table does.
	if !strings.Contains(stdout, "dry run: the article was not changed; the journal and artifacts are in .editorial") ||
		strings.Contains(stdout, "nothing was written") || !regexp.MustCompile(`\n\d+ would apply, `).MatchString(stdout) {
		t.Errorf("dry run messages:\n%s", stdout)
	}
	if summary := string(must(os.ReadFile(filepath.Join(dir, ".editorial", "summary.md")))); strings.Contains(summary, "nothing was written") {
		t.Errorf("summary.md says nothing was written:\n%s", summary)
	}
	if code, _, stderr := runBin(t, dir, "-undo", "other.md"); code != 1 || !strings.Contains(stderr, "not other.md") {
		t.Errorf("-undo of another file: exit %d, %s", code, stderr)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestDemoStaysOffline: a key in the environment does not make the demo
// call a model; only -provider does.
func TestDemoStaysOffline(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runBinEnv(t, dir, []string{"ANTHROPIC_API_KEY=sk-ant-not-a-key"}, "-sample", "sample-en.md", "-gate", "auto")
	if code != 0 || !strings.Contains(stderr, "offline reviewers") {
		t.Fatalf("exit %d; stderr:\n%s\nstdout:\n%s", code, stderr, stdout)
	}
	if strings.Contains(stdout+stderr, "sk-ant-not-a-key") {
		t.Error("the key was printed")
	}
}

// TestSeveralArticlesAndAFolder: three articles given at once, and a
// folder (its *.md files, sorted), are each reviewed in one process with
// one journal; each article gets its own fixes, and one -undo restores
// them all.
func TestSeveralArticlesAndAFolder(t *testing.T) {
	const text = "# 題名\n\nこの記事は、データをを送ります。\n" // a doubled particle, which the default rules fix
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"three files", []string{"docs/a.md", "docs/b.md", "docs/c.md"}},
		{"a folder", []string{"docs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "docs"), 0o755)
			for _, n := range []string{"a.md", "b.md", "c.md"} {
				os.WriteFile(filepath.Join(dir, "docs", n), []byte(text), 0o644)
			}
			os.WriteFile(filepath.Join(dir, "docs", "notes.txt"), []byte("not reviewed"), 0o644)
			args := append([]string{"-reader", "developers", "-gate", "auto", "-json"}, tc.args...)
			code, stdout, stderr := runBin(t, dir, args...)
			if code == 1 {
				t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
			}
			var out struct {
				Files   []string `json:"files"`
				Applied []struct {
					Item struct{ File string } `json:"item"`
				} `json:"applied"`
			}
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatalf("-json: %v\n%s", err, stdout)
			}
			if len(out.Files) != 3 || !strings.HasSuffix(out.Files[2], "c.md") {
				t.Errorf("files = %v, want a.md, b.md, c.md", out.Files)
			}
			per := map[string]int{}
			for _, a := range out.Applied {
				per[a.Item.File]++
			}
			for _, n := range []string{"a.md", "b.md", "c.md"} {
				got, _ := os.ReadFile(filepath.Join(dir, "docs", n))
				if per[n] == 0 || string(got) == text {
					t.Errorf("%s: %d fixes applied, text %q", n, per[n], got)
				}
			}
			if code, stdout, stderr := runBin(t, dir, "-undo"); code != 0 {
				t.Fatalf("-undo: exit %d\n%s\n%s", code, stdout, stderr)
			}
			for _, n := range []string{"a.md", "b.md", "c.md"} {
				if got, _ := os.ReadFile(filepath.Join(dir, "docs", n)); string(got) != text {
					t.Errorf("%s after -undo: %q", n, got)
				}
			}
		})
	}
}

// TestApproveAdviceIsSaid: approving every pending entry in the decisions
// file applies the ones with an edit; the console says which approved
// ones have none and stay open, and pending.json marked them.
func TestApproveAdviceIsSaid(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.WriteFile(filepath.Join(dir, "post.md"), sample, 0o644)
	if code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers", "-rounds", "1", "post.md"); code != 2 {
		t.Fatalf("first run: exit %d, want 2\n%s\n%s", code, stdout, stderr)
	}
	var pending []map[string]string
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(dir, ".editorial", "round-1", "pending.json"))), &pending); err != nil {
		t.Fatal(err)
	}
	advice := 0
	for _, p := range pending {
		p["action"] = "apply"
		if p["no_edit"] != "" {
			advice++
		}
	}
	if advice == 0 {
		t.Fatalf("pending.json marks no entry as having no edit to apply:\n%v", pending)
	}
	os.WriteFile(filepath.Join(dir, ".editorial", "decisions.json"), must(json.Marshal(pending)), 0o644)
	_, stdout, stderr := runBin(t, dir, "-resume", "post.md")
	if want := fmt.Sprintf("%d approved finding(s) have no edit to apply and stay open", advice); !strings.Contains(stdout, want) {
		t.Errorf("stdout does not say %q:\n%s\n%s", want, stdout, stderr)
	}
	if !strings.Contains(stdout, "open (approved, no edit)") {
		t.Errorf("the table does not mark the approved advice:\n%s", stdout)
	}
}

// TestUndoEndsARunStoppedAtTheGate: with -auto none and the file gate, the
// run waits having written nothing; -undo ends it and a new run starts.
func TestUndoEndsARunStoppedAtTheGate(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.WriteFile(filepath.Join(dir, "post.md"), sample, 0o644)
	args := []string{"-reader", "Web engineers", "-rounds", "1", "-auto", "none", "-gate", "file", "post.md"}
	if code, stdout, stderr := runBin(t, dir, args...); code != 2 || !strings.Contains(stdout, "-resume") {
		t.Fatalf("first run: exit %d, want 2 waiting at the gate\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr := runBin(t, dir, "-undo")
	if code != 0 || !strings.Contains(stdout, "had written nothing") {
		t.Fatalf("-undo: exit %d, want 0 saying the run wrote nothing\n%s\n%s", code, stdout, stderr)
	}
	if got := must(os.ReadFile(filepath.Join(dir, "post.md"))); !bytes.Equal(got, sample) {
		t.Error("the undo changed the article")
	}
	if code, stdout, stderr := runBin(t, dir, args...); code != 2 || strings.Contains(stderr, "unfinished run") {
		t.Errorf("a new run after -undo: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestSameArticlesInAnotherOrder: after "a.md docs", "-resume docs a.md"
// and "-undo docs a.md" name the same run.
func TestSameArticlesInAnotherOrder(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.Mkdir(filepath.Join(dir, "docs"), 0o755)
	for _, p := range []string{"a.md", "docs/b.md", "docs/c.md"} {
		os.WriteFile(filepath.Join(dir, p), sample, 0o644)
	}
	if code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers", "-rounds", "1", "-gate", "file", "a.md", "docs"); code != 2 {
		t.Fatalf("first run: exit %d, want 2 waiting at the gate\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runBin(t, dir, "-resume", "docs", "a.md"); code != 2 || strings.Contains(stderr, "another file") {
		t.Errorf("-resume docs a.md: exit %d, want 2 (still waiting)\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runBin(t, dir, "-undo", "docs", "a.md"); code != 0 {
		t.Errorf("-undo docs a.md: exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	for _, p := range []string{"a.md", "docs/b.md", "docs/c.md"} {
		if got := must(os.ReadFile(filepath.Join(dir, p))); !bytes.Equal(got, sample) {
			t.Errorf("%s is not as before the run after -undo", p)
		}
	}
}

// TestResumeHeaderNamesTheReader: the header of a resumed run names the
// reader profile the run started with.
func TestResumeHeaderNamesTheReader(t *testing.T) {
	dir := t.TempDir()
	sample, _ := offline.Sample("sample-en.md")
	os.WriteFile(filepath.Join(dir, "post.md"), sample, 0o644)
	if code, stdout, stderr := runBin(t, dir, "-reader", "Web engineers new to Go", "-rounds", "1", "-gate", "file", "post.md"); code != 2 {
		t.Fatalf("first run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	_, stdout, stderr := runBin(t, dir, "-resume", "post.md")
	if !strings.Contains(stderr, "reader: Web engineers new to Go)") {
		t.Errorf("the resumed run's header does not name its reader:\n%s\n%s", stderr, stdout)
	}
}
