package cli

import (
	"flag"
	"strings"

	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Rules is the value of a -rules flag: the offline rule sets and rule IDs
// to turn on beside the default rules (offline.Config.Enabled),
// comma-separated. Set fails on a name offline.CheckRules rejects.
type Rules []string

// String returns the names, comma-separated.
func (r *Rules) String() string { return strings.Join(*r, ",") }

// Set adds the comma-separated names of v.
func (r *Rules) Set(v string) error {
	var names []string
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if err := offline.CheckRules(names); err != nil {
		return err
	}
	*r = append(*r, names...)
	return nil
}

// RulesFlag registers -rules on fs and returns its value; demo is what
// the command's demo turns on when -rules is not given (nil: the
// defaults), named in the usage text.
func RulesFlag(fs *flag.FlagSet, demo []string) *Rules {
	r := new(Rules)
	usage := "offline rules to turn on beside the defaults, comma-separated: sets (" +
		strings.Join([]string{offline.SetStrict, offline.SetPedantic, offline.SetFacts, offline.SetAll}, ", ") + ") or rule IDs"
	if len(demo) > 0 {
		usage += " (the demo: " + strings.Join(demo, ",") + ")"
	}
	fs.Var(r, "rules", usage)
	return r
}

// Enabled returns what to put in offline.Config.Enabled: the flag's names
// when given, else demo's when running the demo, else nil (the defaults).
func (r *Rules) Enabled(isDemo bool, demo []string) []string {
	switch {
	case len(*r) > 0:
		return *r
	case isDemo:
		return demo
	}
	return nil
}
