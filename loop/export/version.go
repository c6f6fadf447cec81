package export

import (
	"runtime/debug"
	"strings"
)

// ModuleVersion is the main module's version the command was built from without its
// "v" (SARIF viewers compare versions that start with a number), or
// "0.0.0-devel" for a build without one.
func ModuleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && strings.HasPrefix(bi.Main.Version, "v") {
		return strings.TrimPrefix(bi.Main.Version, "v")
	}
	return "0.0.0-devel"
}
