package offline

import "testing"

// TestAgreementShapes: en-agreement fixes the verb after a plural head
// noun and its prepositional phrase, after a quantity that makes its noun
// plural, after "one of" and a plural noun, and after a subject pronoun,
// and advises on an article before a bare percentage; the same words in
// a reading that agrees, an object, a clause or code are left alone.
func TestAgreementShapes(t *testing.T) {
	const rule = agreementRule
	runRuleCases(t, []ruleCase{
		// a plural head noun, a prepositional phrase, a singular verb
		{rule: rule, text: "The costs of running the cluster was higher than planned.\n", want: 1, after: "The costs of running the cluster were higher than planned.\n"},
		{rule: rule, text: "The contents of the file is copied to the bucket.\r\n", want: 1, after: "The contents of the file are copied to the bucket.\r\n"},
		{rule: rule, text: "We moved the data, but the storage costs for cold data is still high.\n", want: 1, after: "We moved the data, but the storage costs for cold data are still high.\n"},
		{rule: rule, text: "\ufeffThe changes to the\nschema has been merged.", want: 1, after: "\ufeffThe changes to the\nschema have been merged."},
		{rule: rule, text: "It fails, since volume mounts from a nested container is not possible.\n", want: 1, after: "It fails, since volume mounts from a nested container are not possible.\n"},
		{rule: rule, text: "The archived WAL segments is kept for a week.\n", want: 1, after: "The archived WAL segments are kept for a week.\n"},
		{rule: rule, text: "The registered event listeners is invoked in order.\n", want: 1, after: "The registered event listeners are invoked in order.\n"},
		{rule: rule, text: "The costs associated with the replica was higher.\n", want: 1, after: "The costs associated with the replica were higher.\n"},
		{rule: rule, text: "The pods running the old image has to be restarted.\n", want: 1, after: "The pods running the old image have to be restarted.\n"},
		// a singular head noun, "of", a plural verb
		{rule: rule, text: "The behavior of some flags are platform-specific.\n", want: 1, after: "The behavior of some flags is platform-specific.\n"},
		{rule: rule, text: "The number of open requests have grown.\n", want: 1, after: "The number of open requests has grown.\n"},
		{rule: rule, text: "A list of supported platforms are in the table.\n", want: 1, after: "A list of supported platforms is in the table.\n"},
		// a quantity that makes its noun plural
		{rule: rule, text: "A number of issues was fixed in this release.\n", want: 1, after: "A number of issues were fixed in this release.\n"},
		{rule: rule, text: "Both servers is configured the same way.\n", want: 1, after: "Both servers are configured the same way.\n"},
		{rule: rule, text: "Both the base backup and the WAL archive is needed.\n", want: 1, after: "Both the base backup and the WAL archive are needed.\n"},
		{rule: rule, text: "For a restore, both the backup and its WAL has to be kept.\n", want: 1, after: "For a restore, both the backup and its WAL have to be kept.\n"},
		// "there is no", "here is", a relative clause
		{rule: rule, text: "There is no files left in the bucket.\n", want: 1, after: "There are no files left in the bucket.\n"},
		{rule: rule, text: "There's some differences between the two.\n", want: 1, after: "There are some differences between the two.\n"},
		{rule: rule, text: "Here's the steps to restore a backup.\n", want: 1, after: "Here are the steps to restore a backup.\n"},
		{rule: rule, text: "Here is your results.\n", want: 1, after: "Here are your results.\n"},
		{rule: rule, text: "It copies the files that is older than a day.\n", want: 1, after: "It copies the files that are older than a day.\n"},
		// "one of" and a plural noun, as a subject
		{rule: rule, text: "One of the replicas are lagging behind.\n", want: 1, after: "One of the replicas is lagging behind.\n"},
		{rule: rule, text: "If one of these conditions are met, the job stops.\n", want: 1, after: "If one of these conditions is met, the job stops.\n"},
		// a subject pronoun
		{rule: rule, text: "When the files arrive, they is copied to the archive.\n", want: 1, after: "When the files arrive, they are copied to the archive.\n"},
		{rule: rule, text: "We has tested the restore on every release.\n", want: 1, after: "We have tested the restore on every release.\n"},
		{rule: rule, text: "She don't need a key for the read replica.\n", want: 1, after: "She doesn't need a key for the read replica.\n"},
		// an article before a bare percentage
		{rule: rule, text: "Each request had a 10% of failing under load.\n", want: 1, advice: true, message: "a 10% of"},
		{rule: rule, text: "The test has a 5 percent of false alarms.\n", want: 1, advice: true},
		// agreeing, or a verb another subject owns
		{rule: rule, text: "The costs of running the cluster were higher than planned.\n", want: 0},
		{rule: rule, text: "The series of events is logged.\n", want: 0},
		{rule: rule, text: "The statistics of the run is a table.\n", want: 0},
		{rule: rule, text: "A couple of hours is enough for the backup.\n", want: 0},
		{rule: rule, text: "The client can export its spans in a format the collector has been configured to receive.\n", want: 0},
		{rule: rule, text: "The results of what it has is shown below.\n", want: 0},
		{rule: rule, text: "The Costs of Running Postgres is a talk.\n", want: 0},
		{rule: rule, text: "Setting limits on pods is a good practice.\n", want: 0},
		{rule: rule, text: "There is no users table yet. Here is the settings page. Here's a list of steps.\n", want: 0},
		{rule: rule, text: "It is one of the credentials that is verified. The number of files that is kept is small.\n", want: 0},
		{rule: rule, text: "It reads the files, which is slow.\n", want: 0},
		{rule: rule, text: "It reads both the backup and the WAL, which is slow. Keeping both is and was the plan.\n", want: 0},
		{rule: rule, text: "The first 100 requests is free. The jobs finished after the upgrade was applied.\n", want: 0},
		{rule: rule, text: "The benchmarks showed latency was lower. The users reported the bug was fixed.\n", want: 0},
		{rule: rule, text: "All Linkerd needs is a CRD. The guarantee that the cache makes is simple.\n", want: 0},
		{rule: rule, text: "A list of known conditions and their strict definitions is provided below.\n", want: 0},
		{rule: rule, text: "The set of containers in a Kubernetes pod is not mutable.\n", want: 0},
		{rule: rule, text: "Use macros to reduce code duplication is an old habit.\n", want: 0},
		{rule: rule, text: "Generated code that returns structures from thrift files is missing a clause.\n", want: 0},
		{rule: rule, text: "The omission of copyright and license comments in each file is deliberate.\n", want: 0},
		{rule: rule, text: "A number of open requests have grown. The rest of the files are small.\n", want: 0},
		{rule: rule, text: "A majority of users are happy, and a total of 5 files were copied.\n", want: 0},
		{rule: rule, text: "The best of the releases are listed. The people of the project are kind.\n", want: 0},
		{rule: rule, text: "Only packages matching one of the supplied names are removed.\n", want: 0},
		{rule: rule, text: "One of the reasons users are leaving is the latency.\n", want: 0},
		{rule: rule, text: "More than one of the files are open.\n", want: 0},
		{rule: rule, text: "The values you pass to it are copied.\n", want: 0},
		{rule: rule, text: "If he were the owner, the lock would be released.\n", want: 0},
		{rule: rule, text: "Use the word they is a test.\n", want: 0},
		{rule: rule, text: "The rate is a 10% increase over last year.\n", want: 0},
		{rule: rule, text: "Run `the costs of x is` in the shell.\n", want: 0},
		{rule: rule, text: "この関数は They is と出力します。\n", want: 0},
		{rule: rule, text: "# 設定\n\nこの章では設定を説明します。\n\nThey is here. The costs of the plan was high.\n", want: 0},
	})
}

// TestArticle: en-article fixes "a" before a vowel sound and "an" before
// a consonant sound where the spelling settles the sound, advises where
// "an" stands before a word no article precedes, and leaves alone
// letters, variables, spellings read either way, other languages and
// Japanese documents.
func TestArticle(t *testing.T) {
	const rule = articleRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "Add a example to the guide.\n", want: 1, after: "Add an example to the guide.\n"},
		{rule: rule, text: "A update is pending.\r\n", want: 1, after: "An update is pending.\r\n"},
		{rule: rule, text: "Create a unpublished page.\n", want: 1, after: "Create an unpublished page.\n"},
		{rule: rule, text: "Send it to an user of the group.\n", want: 1, after: "Send it to a user of the group.\n"},
		{rule: rule, text: "It is an unique key.\n", want: 1, after: "It is a unique key.\n"},
		{rule: rule, text: "Call a API that returns a list.\n", want: 1, after: "Call an API that returns a list.\n"},
		{rule: rule, text: "Open an URL in the browser.\n", want: 1, after: "Open a URL in the browser.\n"},
		{rule: rule, text: "Store an hash of the key.\n", want: 1, after: "Store a hash of the key.\n"},
		{rule: rule, text: "Wait a hour before the retry.\n", want: 1, after: "Wait an hour before the retry.\n"},
		{rule: rule, text: "It runs on a 8-core machine.\n", want: 1, after: "It runs on an 8-core machine.\n"},
		{rule: rule, text: "It added an new\nproperty.\n", want: 1, after: "It added a new\nproperty.\n"},
		{rule: rule, text: "\ufeffIt is a open format.", want: 1, after: "\ufeffIt is an open format."},
		{rule: rule, text: "Only `a` an no other value is allowed.\n", want: 1, advice: true},
		// right as written, or not settled by the spelling
		{rule: rule, text: "A user, a unique key, a one-time token, a European server, an hour, a URL and a UUID.\n", want: 0},
		{rule: rule, text: "An SQL query or a SQL query, an HTTP call, an FAQ, a historic and an historic change.\n", want: 0},
		{rule: rule, text: "An nginx server, an lvalue, an f-string and an x-axis.\n", want: 0},
		{rule: rule, text: "If a is 3 and b is 4, then a and b are set; where a equals b, stop.\n", want: 0},
		{rule: rule, text: "Plan A is the default. Option a or b.\n", want: 0},
		{rule: rule, text: "A oneof field, a oneway call and an UPDATE statement.\n", want: 0},
		{rule: rule, text: "Use iOS or an eBPF program.\n", want: 0},
		{rule: rule, text: "Run `a example` in the shell.\n", want: 0},
		{rule: rule, text: "De exemplu, pentru a instala Node.js, rulează comanda de mai jos.\n", want: 0},
		{rule: rule, text: "この関数は a example と出力します。\n", want: 0},
	})
}

// TestConfusableThanEffect: en-confusable fixes "then" after a
// comparative and "affect" and "effect" where the words around them
// settle the part of speech, and leaves alone a "then" that may open a
// clause and "effect" meaning to bring about.
func TestConfusableThanEffect(t *testing.T) {
	const rule = confusableRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "The index is larger then the table.\n", want: 1, after: "The index is larger than the table.\n"},
		{rule: rule, text: "Use a pool rather then a new connection.\r\n", want: 1, after: "Use a pool rather than a new connection.\r\n"},
		{rule: rule, text: "If the file has less then 64 KiB, it is read at once.\n", want: 1, after: "If the file has less than 64 KiB, it is read at once.\n"},
		{rule: rule, text: "The flag has no side affects.\n", want: 1, after: "The flag has no side effects.\n"},
		{rule: rule, text: "The change takes affect after a restart.\n", want: 1, after: "The change takes effect after a restart.\n"},
		{rule: rule, text: "The setting has an affect on the latency.\n", want: 1, after: "The setting has an effect on the latency.\n"},
		{rule: rule, text: "The flag does not effect the output.\n", want: 1, after: "The flag does not affect the output.\n"},
		{rule: rule, text: "It effects the cache too.\n", want: 1, after: "It affects the cache too.\n"},
		// right as written
		{rule: rule, text: "If the file is larger then the reader splits it.\n", want: 0},
		{rule: rule, text: "Run the tests, then the linter.\n", want: 0},
		{rule: rule, text: "Restart the server. The change takes effect then.\n", want: 0},
		{rule: rule, text: "The board will effect the change next year.\n", want: 0},
		{rule: rule, text: "The flag does not affect the output, and its effect on the cache is small.\n", want: 0},
		{rule: rule, text: "この関数は larger then と出力します。\n", want: 0},
	})
}

// TestClicheAside: en-cliche reports a stock phrase set off by commas or
// leading a clause, the marks of its figurative use, and leaves the
// literal phrase alone.
func TestClicheAside(t *testing.T) {
	const rule = "en-cliche"
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "A backup is, at the end of the day, a copy you have tested.\n", want: 1, advice: true},
		{rule: rule, text: "Tools help, but at the end of the day you need a tested restore.\r\n", want: 1, advice: true},
		{rule: rule, text: "It is slow because at the end of the day it reads every row.\n", want: 1, advice: true},
		{rule: rule, text: "Restores are rare, and at the end of the day, nobody tests them.\n", want: 1, advice: true},
		{rule: rule, text: "The service is, for all intents and purposes, read-only.\n", want: 1, advice: true},
		{rule: rule, text: "At the end of the day, the cache helps.\n", want: 1, after: "The cache helps.\n"},
		// literal, or not set off
		{rule: rule, text: "The job runs at the end of the day and rotates the logs.\n", want: 0},
		{rule: rule, text: "Backups are taken at the end of the day.\n", want: 0},
		{rule: rule, text: "The report is sent daily and at the end of the day the log is rotated.\n", want: 0},
		{rule: rule, text: "Make sure that at the end of the day all jobs have finished.\n", want: 0},
		{rule: rule, text: "That is the protocol in a nutshell.\n", want: 0},
	})
}

// TestProductName: en-product-name fixes a listed name written in other
// letter case, each place apart, and leaves alone the name as its owners
// write it, lower case (a command or a package), capitals, code, paths,
// the places en-name-variant reports and Japanese documents.
func TestProductName(t *testing.T) {
	const rule = productNameRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "Push the tag to Github first.\n", want: 1, after: "Push the tag to GitHub first.\n"},
		{rule: rule, text: "\ufeffIt runs on MacOS and Linux.\r\n", want: 1, after: "\ufeffIt runs on macOS and Linux.\r\n"},
		{rule: rule, text: "- [ElasticSearch exporter](https://example.com/x)\n", want: 1, after: "- [Elasticsearch exporter](https://example.com/x)\n"},
		{rule: rule, text: "Javascript runs here. Javascript runs there. Javascript runs everywhere.\n", want: 3},
		// as written, or not a name in prose
		{rule: rule, text: "GitHub, JavaScript and macOS; install typescript and run mysql.\n", want: 0},
		{rule: rule, text: "# GITHUB ACTIONS\n\nSee `Github` and the Github/foo path.\n", want: 0},
		{rule: rule, text: "Use \"JavaScript\" instead of \"Javascript\" and “GitHub”, not “Github”.\n", want: 0},
		{rule: rule, text: "GitHub hosts it. GitHub Actions run. Read GitHub docs.\n\nPush to Github now.\n", want: 0},
		{rule: rule, text: "Github に置きます。Javascript を使います。\n", want: 0},
	})
}

// TestMissingWord: en-missing-word advises on "allow to" and a verb, which
// lacks its object, and on "be able" and a word other than "to", and
// leaves alone the object moved before a pronoun, "allowed to", a
// preposition's object, code and Japanese documents.
func TestMissingWord(t *testing.T) {
	const rule = missingWordRule
	runRuleCases(t, []ruleCase{
		{rule: rule, text: "The flag allows to configure the timeout.\n", want: 1, advice: true, message: "allows to configure"},
		{rule: rule, text: "A new option, allowing to\nskip the check.\r\n", want: 1, advice: true},
		{rule: rule, text: "\ufeffThis enables to organize the files.", want: 1, advice: true},
		{rule: rule, text: "An attacker may be able create this file.\n", want: 1, advice: true, message: "able create"},
		// complete as written
		{rule: rule, text: "The flag allows you to configure the timeout, and allows configuring it later.\n", want: 0},
		{rule: rule, text: "You are allowed to restart it. Pick the hosts that you allow to connect.\n", want: 0},
		{rule: rule, text: "The rule will allow to the admin group only. It is an able engineer.\n", want: 0},
		{rule: rule, text: "We are able to restart it, and it is able, to some degree, to recover.\n", want: 0},
		{rule: rule, text: "Run `allow to build` in the shell.\n", want: 0},
		{rule: rule, text: "この関数は allows to configure と出力します。\n", want: 0},
	})
}
