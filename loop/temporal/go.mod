module github.com/kaigi-dev/kaigi/loop/temporal

go 1.26.0

require github.com/kaigi-dev/kaigi v0.0.0

require go.temporal.io/sdk v1.51.0 // indirect

replace github.com/kaigi-dev/kaigi => ../..
