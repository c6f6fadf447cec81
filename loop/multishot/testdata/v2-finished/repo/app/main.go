package main

import "os"

func main() {
	f, _ := os.Open("x")
	f.Close()
}
