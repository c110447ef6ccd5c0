package archcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/ferzchess/ferz/"

// layer ranks the module's packages, from the rules up to the program: a
// package may import only packages of a lower rank. Test files are not
// read: tests may import anything of the module (internal/testkit is
// imported by tests only).
var layer = map[string]int{
	"chess":                0,
	"book":                 1,
	"syzygy":               1,
	"internal/perfcompare": 1,
	"engine":               2,
	"analysis":             3,
	"match":                3,
	"internal/testkit":     3,
	"uci":                  4,
	"tune":                 4, // its SPSA plays games through match
	"cli":                  5,
	"web":                  5,
	"cmd/ferz":             6,
	"internal/archcheck":   6,
}

// stdlibOnly lists the packages that may import nothing from outside the
// module but the standard library.
var stdlibOnly = map[string]bool{"chess": true, "engine": true, "syzygy": true, "book": true}

// sourceFile is one parsed non-test Go file of the module.
type sourceFile struct {
	pkg  string // directory relative to the module root, e.g. "engine"
	path string
	file *ast.File
}

// moduleFiles parses every non-test Go file under the module root.
func moduleFiles(t *testing.T) ([]sourceFile, *token.FileSet) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []sourceFile
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "bin" || name == "docs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		files = append(files, sourceFile{pkg: filepath.ToSlash(rel), path: path, file: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d Go files under %s", len(files), root)
	}
	return files, fset
}

func TestImportsPointDown(t *testing.T) {
	files, _ := moduleFiles(t)
	seen := map[string]bool{}
	for _, f := range files {
		rank, known := layer[f.pkg]
		if !known {
			t.Errorf("package %s has no layer: add it to the table in this test", f.pkg)
			continue
		}
		seen[f.pkg] = true
		for _, imp := range f.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(path, module); ok {
				if depRank, known := layer[dep]; !known || depRank >= rank {
					t.Errorf("%s imports %s: a package may import only the layers below it", f.path, path)
				}
				continue
			}
			if stdlibOnly[f.pkg] && strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
				t.Errorf("%s imports %s: %s uses the standard library only", f.path, path, f.pkg)
			}
		}
	}
	for pkg := range layer {
		if !seen[pkg] {
			t.Errorf("the layer table names %s, which has no Go files", pkg)
		}
	}
}

func TestExportedNamesHaveDocComments(t *testing.T) {
	files, fset := moduleFiles(t)
	packageDoc := map[string]bool{}
	var missing []string
	for _, f := range files {
		if f.file.Doc != nil {
			packageDoc[f.pkg] = true
		} else if _, ok := packageDoc[f.pkg]; !ok {
			packageDoc[f.pkg] = false
		}
		for _, decl := range f.file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && d.Doc == nil {
					missing = append(missing, fset.Position(d.Pos()).String()+" "+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					var names []*ast.Ident
					var doc *ast.CommentGroup
					switch s := spec.(type) {
					case *ast.TypeSpec:
						names, doc = []*ast.Ident{s.Name}, s.Doc
					case *ast.ValueSpec:
						names, doc = s.Names, s.Doc
					}
					// A group of constants or variables may share the
					// group's comment.
					if doc == nil && (d.Lparen == token.NoPos || d.Doc != nil) {
						doc = d.Doc
					}
					for _, n := range names {
						if n.IsExported() && doc == nil && !commentedInline(spec) {
							missing = append(missing, fset.Position(n.Pos()).String()+" "+n.Name)
						}
					}
				}
			}
		}
	}
	for pkg, ok := range packageDoc {
		if !ok {
			missing = append(missing, "package "+pkg)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no doc comment: %s", m)
	}
}

// commentedInline reports whether a value in a group carries a comment on
// its own line, as enumerations in Go commonly do.
func commentedInline(spec ast.Spec) bool {
	s, ok := spec.(*ast.ValueSpec)
	return ok && s.Comment != nil
}
