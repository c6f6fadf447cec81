package loop

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// driverDirs are the driver packages, relative to this folder.
var driverDirs = []string{
	"editorial", "goldfish", "writing", "discussion", "multishot", "internal/sixthloop",
}

// TestExportedNamesHaveUsers holds package loop and package loop/rounds to
// issue 24's rule for what they export: each name is used by two or more
// driver packages (outside their tests) or by an Example that has an output to
// check. Methods and fields count as their type; the constants of one block
// count as their type, or as the block's first name when the type is not one
// of the package's own.
func TestExportedNamesHaveUsers(t *testing.T) {
	t.Run("loop", func(t *testing.T) {
		checkUsers(t, ".", "github.com/kaigi-dev/kaigi/loop", append(slices.Clone(driverDirs), "rounds"))
	})
	t.Run("rounds", func(t *testing.T) {
		checkUsers(t, "rounds", "github.com/kaigi-dev/kaigi/loop/rounds", driverDirs)
	})
}

func checkUsers(t *testing.T, dir, importPath string, drivers []string) {
	t.Helper()
	code, tests := parseDir(t, dir)
	keys := exportedKeys(code)
	users := map[string][]string{} // key -> driver packages using it
	for _, d := range drivers {
		files, _ := parseDir(t, d)
		for name := range selected(files, importPath) {
			if k, ok := keys[name]; ok && !slices.Contains(users[k], d) {
				users[k] = append(users[k], d)
			}
		}
	}
	inExample := map[string]bool{}
	for _, ex := range doc.Examples(tests...) {
		if ex.Output == "" && !ex.EmptyOutput {
			continue // compiled, never run: it checks nothing
		}
		ast.Inspect(ex.Code, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr: // package loop_test: loop.X
				if x, ok := n.X.(*ast.Ident); ok && x.Name == filepath.Base(importPath) {
					inExample[keys[n.Sel.Name]] = true
				}
			case *ast.Ident: // package loop: X
				inExample[keys[n.Name]] = true
			}
			return true
		})
	}
	var missing []string
	for _, k := range keys {
		if k != "" && len(users[k]) < 2 && !inExample[k] && !slices.Contains(missing, k) {
			missing = append(missing, k)
		}
	}
	slices.Sort(missing)
	for _, k := range missing {
		t.Errorf("%s.%s is used by %d driver package(s) %v and by no Example with an output",
			filepath.Base(importPath), k, len(users[k]), users[k])
	}
}

// parseDir parses the Go files of dir, split into non-test and test files.
func parseDir(t *testing.T, dir string) (code, tests []*ast.File) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, f)
		} else {
			code = append(code, f)
		}
	}
	return code, tests
}

// exportedKeys maps each exported top-level name of files to the name it is
// counted as: itself, or for a constant its block's type or first name.
func exportedKeys(files []*ast.File) map[string]string {
	keys := map[string]string{}
	types := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					keys[d.Name.Name] = d.Name.Name
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						types[s.Name.Name] = true
						if s.Name.IsExported() {
							keys[s.Name.Name] = s.Name.Name
						}
					case *ast.ValueSpec:
						if d.Tok == token.VAR {
							for _, n := range s.Names {
								if n.IsExported() {
									keys[n.Name] = n.Name
								}
							}
						}
					}
				}
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				key := ""
				for _, s := range g.Specs {
					v := s.(*ast.ValueSpec)
					if id, ok := v.Type.(*ast.Ident); ok && types[id.Name] && id.IsExported() {
						key = id.Name
						break
					}
					if key == "" && v.Names[0].IsExported() {
						key = v.Names[0].Name
					}
				}
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if n.IsExported() {
							keys[n.Name] = key
						}
					}
				}
			}
		}
	}
	return keys
}

// selected returns the names files select from the package at importPath.
func selected(files []*ast.File, importPath string) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == importPath {
				local := filepath.Base(importPath)
				if imp.Name != nil {
					local = imp.Name.Name
				}
				ast.Inspect(f, func(n ast.Node) bool {
					if s, ok := n.(*ast.SelectorExpr); ok {
						if x, ok := s.X.(*ast.Ident); ok && x.Name == local {
							names[s.Sel.Name] = true
						}
					}
					return true
				})
			}
		}
	}
	return names
}
