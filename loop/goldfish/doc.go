// Package goldfish is the Goldfish review loop's driver and its pieces: a
// section of a spec or plan is audited each round by reviewers with no
// memory at all ("goldfish": a fresh context per call) against named
// standards; a resolver that remembers (the "elephant", the side that
// wrote the document) sorts every finding into CONTEST (argue back, with
// reasons) or PROPOSE_FIX; a gate decides, approved fixes are applied, and
// the loop goes on until the section is clean in two consecutive rounds;
// then the closing question asks for the next stage or a last check.
//
// The pieces, each usable alone:
//
//   - Intake: the original's first step, before any run exists: the
//     inputs a Plan lacks asked one at a time, reviewers recommended by the
//     document's kind (Recommended, GuessKind), the plan shown and
//     confirmed. JournaledPlan reads a started run's plan back.
//   - Setup: a run begun from a program's inputs, as a command, a test and
//     a worker begin one alike: the plan completed (by the Intake, or on
//     resume by the journaled run) and the Loop built for it, each
//     reviewer, the resolver and the synthesizer played as a loop.Cast
//     says (the built-in agent or a model). WriteNotStarted and
//     WriteWaiting say why a run did not start or where its answers go.
//   - Materials: personas and standards by short name (the bundled ones,
//     Bundled) or path (a name containing "/"), the reviewer -> standard
//     map (Cast), and context materials listed by name and SHA-256, so that
//     what every goldfish saw is on record.
//   - Goldfish: isolation by construction. A goldfish builds its own
//     request from the section, its standards and the context materials;
//     nothing of an earlier round can reach it.
//   - Resolver (LLMResolver on a model, OfflineResolver without one): the
//     typed CONTEST / PROPOSE_FIX resolution of every finding; its memory
//     is the conversation of the earlier rounds, handed in Brief.History.
//   - Memory: the contest memory in code. A finding that re-raises a
//     contested or rejected one (same fingerprint or quote) is dropped
//     unless it brings evidence the earlier one did not; then it reopens
//     it, and both are shown.
//   - Jaccard: a reviewer's self-agreement over two calls on the same text;
//     a clean answer from a reviewer below DefaultMinAgreement is weak
//     evidence.
//   - The comprehension probe (Probe, OfflineProbe): a goldfish restates the
//     section in a fixed shape (Restatement), the resolver compares it with
//     its intent (Comparer), each mismatch becomes a Major finding
//     (MismatchFindings).
//   - Severity on the Goldfish scale: Blocker, Major and Nit are high,
//     medium and low (Level).
//   - RenderReport: goldfish_review_report.md of each round.
package goldfish
