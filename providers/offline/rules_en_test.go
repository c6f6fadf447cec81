package offline

import (
	"strings"
	"testing"
)

func TestEnglishRules(t *testing.T) {
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }
	runRuleCases(t, []ruleCase{
		{rule: "en-stock-phrase", text: "It's worth noting that the cache is cold.\n", want: 1, fix: "The cache is cold."},
		{rule: "en-stock-phrase", text: "It’s worth noting that the cache is cold.\n", want: 1, fix: "The cache is cold."},
		{rule: "en-stock-phrase", text: "In today's fast-paced world, users expect speed.\n", want: 1, fix: "Users expect speed."},
		{rule: "en-stock-phrase", text: "We delve into the code.\n", want: 1, fix: "We explore the code."},
		{rule: "en-stock-phrase", text: "Testing plays a crucial role in reliability.\n", want: 1, fix: "Testing matters for reliability."},
		{rule: "en-stock-phrase", text: "That is all. Let's dive in!\n", want: 1, fix: "That is all.\n"},
		{rule: "en-stock-phrase", text: "The cache is cold. We read the code.\n", want: 0},
		{rule: "en-stock-phrase", text: "Call `delve into` from the shell.\n", want: 0}, // inline code

		{rule: "en-redundant", text: "Wait in order to drain.\n", want: 1, fix: "Wait to drain."},
		{rule: "en-redundant", text: "We utilize caches.\n", want: 1, fix: "We use caches."},
		{rule: "en-redundant", text: "Wait to drain.\n", want: 0},

		{rule: "en-weasel", text: "This is a very important point.\n", want: 1, fix: "This is an important point."},
		{rule: "en-weasel", text: "Really slow builds hurt.\n", want: 1, fix: "Slow builds hurt."},
		{rule: "en-weasel", text: "Thank you very much.\n", want: 0},
		{rule: "en-weasel", text: "This is an important point.\n", want: 0},

		{rule: "en-cliche", text: "That is low-hanging fruit.\n", want: 1},
		{rule: "en-cliche", text: "That is an easy win.\n", want: 0},

		{rule: "en-there-is", text: "There are three problems with this code.\n", want: 1},
		{rule: "en-there-is", text: "This code has three problems.\n", want: 0},
		{rule: "en-there-is", text: "## There are three problems\n", want: 0}, // heading

		{rule: "em-dash", text: "One — two — three — four.\n", want: 1},
		{rule: "em-dash", text: "One — two — three.\n", want: 0},

		{rule: "en-doubled-word", text: "Then the the server stops.\n", want: 1, fix: "Then the server"},
		{rule: "en-doubled-word", text: "He said that that was fine.\n", want: 0},
		{rule: "en-doubled-word", text: "The server stops.\n", want: 0},
		{rule: "en-doubled-word", text: "It is not compatible with with the old one.\n", want: 1, fix: "with the"},
		{rule: "en-doubled-word", text: "Bindings exist for C C++ and Go.\n", want: 0},                 // C++ is not C again
		{rule: "en-doubled-word", text: "T-870   Java            Java constants lack docs\n", want: 0}, // aligned columns
		{rule: "en-doubled-word", text: "A mono-repo is much much bigger.\n", want: 0},

		{rule: "en-passive", text: "The code was written by the platform team.\n", want: 1},
		{rule: "en-passive", text: "The platform team wrote the code.\n", want: 0},

		{rule: "en-sentence-length", text: words(36) + ".\n", want: 1},
		{rule: "en-sentence-length", text: words(35) + ".\n", want: 0},
		{rule: "en-sentence-length", text: words(30) + ".\n", want: 1, profile: "beginners"},
		{rule: "en-sentence-length", text: "- " + words(50) + "\n", want: 0}, // list item

		{rule: "same-opening", text: "The server stops. The server drops requests. The server never closes its pool.\n", want: 1},
		{rule: "same-opening", text: "The server stops. It drops requests. The server never closes its pool.\n", want: 0},

		{rule: "no-doubled-conjunction", text: "However, it is slow. However, it works.\n", want: 1},
		{rule: "no-doubled-conjunction", text: "However, it is slow. Still, it works.\n", want: 0},

		{rule: "repeated-word", text: "The cache keeps each response until the cache expires. The cache then refills itself from the cache warmer.\n", want: 1},
		{rule: "repeated-word", text: "The cache keeps each response until it expires. Then it refills itself.\n", want: 0},

		{rule: "undefined-acronym", text: "We keep the service inside its SLO.\n", want: 1},
		{rule: "undefined-acronym", text: "We keep the service level objective (SLO). The SLO is tight.\n", want: 0},
		{rule: "undefined-acronym", text: "We speak HTTP and JSON.\n", want: 0},

		{rule: "undefined-jargon", text: "The latency is high.\n", want: 1, profile: "beginners"},
		{rule: "undefined-jargon", text: "The latency (the time a request takes) is high.\n", want: 0, profile: "beginners"},

		{rule: "unsourced-figure", text: "Our service handles 12 million users a day.\n", want: 1},
		{rule: "unsourced-figure", text: "It is the fastest gateway on the market.\n", want: 1},
		{rule: "unsourced-figure", text: "Our service handles 12 million users a day, according to [our dashboard](https://example.com).\n", want: 0},
		{rule: "unsourced-figure", text: "Run the command 3 times.\n", want: 0},

		{rule: "unsourced-claim", text: "Studies show that restarts hurt.\n", want: 1},
		{rule: "unsourced-claim", text: "Restarts hurt.\n", want: 0},

		{rule: "inconsistent-quantity", text: "Error rates fell by 40% during deploys.\n\nError rates during deploys fell by 25%.\n", want: 1},
		{rule: "inconsistent-quantity", text: "Error rates fell by 40% during deploys.\n\nMemory use fell by 25%.\n", want: 0},
		{rule: "inconsistent-quantity", text: "Set the banner width to 50% and the banner height to 100% of the banner area.\n", want: 0},

		{rule: "no-zero-width-spaces", text: "The balancer\u200b stops.\n", want: 1, fix: "balancer stops"},
		{rule: "no-unmatched-pair", text: "See https://en.wikipedia.org/wiki/Go_(programming_language) for the history.\n", want: 0},
		{rule: "en-sentence-length", text: "<div>\n" + words(50) + ".\n</div>\n", want: 0}, // HTML block
		{rule: "no-nfd", text: "A cafe\u0301 opens.\n", want: 1, fix: "café"},
	})
}
