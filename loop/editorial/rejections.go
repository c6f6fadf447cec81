package editorial

import (
	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// rejections lists every finding the rounds rejected, in the order decided.
func rejections(rounds []*rounds.Round) []loop.Rejection {
	var out []loop.Rejection
	for _, rd := range rounds {
		out = append(out, rd.Decisions.Rejected(rd.N, rd.Items())...)
	}
	return out
}

// targets turns rejections into what agent.Target.Rejected holds.
func targets(rejected []loop.Rejection) []agent.Rejection {
	var out []agent.Rejection
	for _, rj := range rejected {
		out = append(out, agent.Rejection{Finding: rj.Item.Finding, Reason: rj.Reason})
	}
	return out
}
