package tools_test

import (
	"fmt"

	"github.com/kaigi-dev/kaigi/providers/tools"
)

// Reading go vet's lines; SARIF, rdjson(l), textlint's and Vale's JSON are
// read alike, by their Format.
func ExampleParse() {
	out := []byte("# example.com/shop/cart\ncart/cart.go:17:3: fmt.Printf format %d has arg it.Name of wrong type string\n")
	ds, err := tools.Parse(tools.Lines, out, "/src/shop")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range ds {
		fmt.Println(d.Path, d.Line, d.Column, d.Severity, d.Message)
	}
	// Output:
	// cart/cart.go 17 3 warning fmt.Printf format %d has arg it.Name of wrong type string
}
