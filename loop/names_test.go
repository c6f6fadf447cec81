package loop

import (
	"cmp"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestExportedNamesHaveUsers holds package loop and package loop/rounds to
// issue 24's rule for what they export: each name is used by two or more
// driver packages (outside their tests) or by an Example that has an output
// to check. Methods and fields count as their type; the constants of one
// block count as their type, or as the block's first name when the type is
// not one of the package's own. For loop, loop/rounds counts as a driver.
func TestExportedNamesHaveUsers(t *testing.T) {
	drivers := []string{"editorial", "goldfish", "writing", "discussion", "multishot", "internal/sixthloop"}
	t.Run("loop", func(t *testing.T) {
		checkUsers(t, ".", "github.com/kaigi-dev/kaigi/loop", append(slices.Clone(drivers), "rounds"))
	})
	t.Run("rounds", func(t *testing.T) {
		checkUsers(t, "rounds", "github.com/kaigi-dev/kaigi/loop/rounds", drivers)
	})
}

func checkUsers(t *testing.T, dir, importPath string, drivers []string) {
	t.Helper()
	fset, code, tests := parseDir(t, dir)
	keys := exportedKeys(t, fset, code, importPath)
	users := map[string][]string{} // key -> driver packages using it
	for _, d := range drivers {
		_, files, _ := parseDir(t, d)
		for _, f := range files {
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p != importPath {
					continue
				}
				local := filepath.Base(importPath)
				if imp.Name != nil {
					local = imp.Name.Name
				}
				for _, name := range namesIn(f, local, false) {
					if k := keys[name]; k != "" && !slices.Contains(users[k], d) {
						users[k] = append(users[k], d)
					}
				}
			}
		}
	}
	pkg := filepath.Base(importPath)
	inExample := map[string]bool{}
	for _, f := range tests {
		for _, ex := range doc.Examples(f) {
			if ex.Output == "" && !ex.EmptyOutput {
				continue // compiled, never run: it checks nothing
			}
			for _, name := range namesIn(ex.Code, pkg, f.Name.Name == pkg) {
				inExample[keys[name]] = true
			}
		}
	}
	for _, k := range slices.Compact(slices.Sorted(maps.Values(keys))) {
		if len(users[k]) >= 2 || inExample[k] {
			continue
		}
		t.Errorf("%s.%s is used by %d driver package(s) %v and by no Example with an output", pkg, k, len(users[k]), users[k])
	}
}

// namesIn lists the names n selects from the package imported as local
// (local.X) and, when bare is set (code inside that package), the
// identifiers it names that are not a field or method (x.X).
func namesIn(n ast.Node, local string, bare bool) []string {
	var names []string
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == local {
				names = append(names, n.Sel.Name)
			}
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			if bare {
				names = append(names, n.Name)
			}
		}
		return true
	}
	ast.Inspect(n, visit)
	return names
}

// parseDir parses the Go files of dir, split into non-test and test files.
func parseDir(t *testing.T, dir string) (fset *token.FileSet, code, tests []*ast.File) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fset = token.NewFileSet()
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
	return fset, code, tests
}

// exportedKeys maps each exported top-level name of the package to the name
// it is counted as, grouped as go doc groups them: a constant counts as its
// type, or as its block's first name; any other name as itself.
func exportedKeys(t *testing.T, fset *token.FileSet, files []*ast.File, importPath string) map[string]string {
	t.Helper()
	p, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	add := func(key string, vs []*doc.Value) { // key "": each name its own
		for _, v := range vs {
			for _, n := range v.Names {
				keys[n] = cmp.Or(key, n)
			}
		}
	}
	for _, c := range p.Consts {
		add(c.Names[0], []*doc.Value{c})
	}
	add("", p.Vars)
	for _, f := range p.Funcs {
		keys[f.Name] = f.Name
	}
	for _, ty := range p.Types {
		keys[ty.Name] = ty.Name
		add(ty.Name, ty.Consts)
		add("", ty.Vars)
		for _, f := range ty.Funcs {
			keys[f.Name] = f.Name
		}
	}
	return keys
}
