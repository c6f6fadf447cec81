package kaigi_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// importerPackages are the packages a typical program imports: the
// review core and the HTTP provider most people start with.
var importerPackages = []string{
	"finding", "apply", "council", "loop", "loop/editorial", "providers/openai",
}

// maxImporterModules bounds the modules, the importer's own aside, that
// go list -m all shows a program importing importerPackages.
const maxImporterModules = 40

// forbiddenModules are module path parts that must not reach an importer:
// the tools of this repository's tests and CI, the examples' terminal UI,
// gRPC, and the cloud SDKs the official model SDKs bring along.
var forbiddenModules = []string{
	"reviewdog", "code.gitea.io", "gitlab", "go-github", "golang.org/x/build",
	"charmbracelet", "google.golang.org/grpc",
	"openai-go", "anthropic-sdk-go", "Azure", "aws-sdk-go", "cloud.google.com",
}

// TestImporterModuleGraph writes a throw-away program importing
// importerPackages, with this module replaced by this checkout, runs go
// mod tidy and go list -m all there (no workspace), and fails when the
// importer would see more than maxImporterModules modules or any of
// forbiddenModules. It needs the go command and the module proxy or a
// filled module cache; -short skips it.
func TestImporterModuleGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy in a throw-away module")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	goVersion, err := goDirective(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var imports strings.Builder
	for _, p := range importerPackages {
		fmt.Fprintf(&imports, "\t_ %q\n", "github.com/kaigi-dev/kaigi/"+p)
	}
	files := map[string]string{
		"go.mod": "module example.com/importer\n\ngo " + goVersion + "\n\n" +
			"require github.com/kaigi-dev/kaigi v0.0.0\n\n" +
			"replace github.com/kaigi-dev/kaigi => " + strconv.Quote(root) + "\n",
		"main.go": "package main\n\nimport (\n" + imports.String() + ")\n\nfunc main() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) []byte {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
		}
		return out
	}
	run("mod", "tidy")
	var modules []string
	for i, line := range strings.Split(strings.TrimSpace(string(run("list", "-m", "all"))), "\n") {
		if i > 0 { // the first line is the importer itself
			modules = append(modules, line)
		}
	}
	if len(modules) > maxImporterModules {
		t.Errorf("an importer of %v sees %d modules, want at most %d:\n%s",
			importerPackages, len(modules), maxImporterModules, strings.Join(modules, "\n"))
	}
	for _, m := range modules {
		for _, bad := range forbiddenModules {
			if strings.Contains(m, bad) {
				t.Errorf("an importer sees %s (%s)", m, bad)
			}
		}
	}
	t.Logf("an importer of %v sees %d modules", importerPackages, len(modules))
}

// goDirective reads the go version of a go.mod file.
func goDirective(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "go "); ok {
			return strings.TrimSpace(v), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s: no go directive", path)
}
