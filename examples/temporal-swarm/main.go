package main

import (
	"context"
	"os"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
)

func main() {
	cli.Main(func(ctx context.Context) int { return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) })
}
