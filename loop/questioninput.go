package loop

// Input is a question answered with free text, in Answer.Text (Choice is
// empty); Question.Default is the text an automatic asker gives, and an
// Input question without one has no automatic answer. An answer of blank
// text is refused. Example: the Goldfish intake's "Which file is to be
// reviewed?".
const Input QuestionKind = "input"

// defaultAnswer returns the answer an automatic asker gives to q.
func (q Question) defaultAnswer() Answer {
	if q.Kind == Input {
		return Answer{Key: q.Key, Text: q.Default}
	}
	return Answer{Key: q.Key, Choice: q.defaultChoice()}
}
