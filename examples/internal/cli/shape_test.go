package cli_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// theCommands are the five loops' commands, each with its driver package.
var theCommands = map[string]string{
	"editorial-swarm":   "github.com/kaigi-dev/kaigi/loop/editorial",
	"goldfish-loop":     "github.com/kaigi-dev/kaigi/loop/goldfish",
	"write-episode":     "github.com/kaigi-dev/kaigi/loop/writing",
	"discussion-review": "github.com/kaigi-dev/kaigi/loop/discussion",
	"multi-shot-review": "github.com/kaigi-dev/kaigi/loop/multishot",
}

// runMethods are the names of what runs a loop or acts on its run: a
// command leaves them to the shared main, which calls them through the
// loop.Driver its driver package's NewDriver returns.
var runMethods = map[string]bool{"Run": true, "Write": true, "Review": true, "Resume": true, "Advance": true, "Finish": true, "Undo": true}

// TestCommandsAreFlagsAndADriver: each command's own code states its
// flags and its driver, and the shared main does the rest. Each builds
// one cli.App (cli.New), hands the shared main its driver package's
// NewDriver, and neither runs a loop itself (no call of a method named in
// runMethods, but inside a function it hands the shared main: a
// cli.Command's Undo, a loop.DriverFunc of the demo's follow-ups) nor
// reads a run's result itself (no JSON decoding: cli.Decode does it).
func TestCommandsAreFlagsAndADriver(t *testing.T) {
	for name, driver := range theCommands {
		t.Run(name, func(t *testing.T) {
			fset := token.NewFileSet()
			files, err := filepath.Glob(filepath.Join("..", "..", name, "*.go"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no Go files for %s: %v", name, err)
			}
			news, drivers := 0, 0
			for _, path := range files {
				if strings.HasSuffix(path, "_test.go") {
					continue
				}
				f, err := parser.ParseFile(fset, path, nil, 0)
				if err != nil {
					t.Fatal(err)
				}
				names := importNames(f)
				handed := handedFuncs(f, names)
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := call.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					pkg := ""
					if id, ok := sel.X.(*ast.Ident); ok {
						pkg = names[id.Name]
					}
					switch {
					case pkg == "github.com/kaigi-dev/kaigi/examples/internal/cli" && sel.Sel.Name == "New":
						news++
					case pkg == driver && sel.Sel.Name == "NewDriver":
						drivers++
					case pkg == "encoding/json" && (sel.Sel.Name == "Unmarshal" || sel.Sel.Name == "NewDecoder"):
						t.Errorf("%s: %s decodes JSON itself; a run's result is cli.Decode's", fset.Position(call.Pos()), name)
					case pkg == "" && runMethods[sel.Sel.Name] && !within(handed, call.Pos()) && !isApp(sel.X):
						t.Errorf("%s: %s calls %s itself; the shared main runs the loop through its Driver", fset.Position(call.Pos()), name, sel.Sel.Name)
					}
					return true
				})
			}
			if news != 1 {
				t.Errorf("%s builds %d cli.App, want 1 (cli.New)", name, news)
			}
			if drivers == 0 {
				t.Errorf("%s never calls %s.NewDriver", name, filepath.Base(driver))
			}
		})
	}
}

// importNames maps the names f refers to its imports by to their paths.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = p
	}
	return m
}

// handedFuncs returns the spans of the function literals f hands the
// shared main to call: the ones assigned to a field named Undo and the
// ones loop.DriverFunc wraps.
func handedFuncs(f *ast.File, names map[string]string) [][2]token.Pos {
	var spans [][2]token.Pos
	add := func(e ast.Expr) {
		if lit, ok := e.(*ast.FuncLit); ok {
			spans = append(spans, [2]token.Pos{lit.Pos(), lit.End()})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Undo" && i < len(n.Rhs) {
					add(n.Rhs[i])
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Undo" {
				add(n.Value)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "DriverFunc" {
				if id, ok := sel.X.(*ast.Ident); ok && names[id.Name] == "github.com/kaigi-dev/kaigi/loop" {
					for _, a := range n.Args {
						add(a)
					}
				}
			}
		}
		return true
	})
	return spans
}

func within(spans [][2]token.Pos, p token.Pos) bool {
	for _, s := range spans {
		if s[0] <= p && p < s[1] {
			return true
		}
	}
	return false
}

// isApp reports a call on the command's options, whose Run is the shared
// main's (cli.App.Run: parse the flags, check them, run).
func isApp(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == "o"
}
